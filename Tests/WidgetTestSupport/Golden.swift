// Golden-image assertions shared by the test targets.
//
// Goldens live in `Tests/<Target>/Goldens/<suite>/<name>.png` next to the test file that uses
// them and are compared by decoded pixels with a per-channel tolerance (default 1) and a maximum
// number of differing pixels (default 0). The record mode comes from WIDGETCTL_RECORD:
//   1 or all   rewrite every golden (the test still fails, so a recorded run never passes)
//   failed     rewrite only goldens that do not match
//   missing    write goldens that do not exist yet (the default on a developer's machine)
//   never      write nothing; a missing golden fails (the default when CI is set)
// On a mismatch, actual, expected and diff images go to WIDGETCTL_ARTIFACTS or
// .build/golden-failures/.
import Foundation
import WidgetRaster
import XCTest

public enum RecordMode: String, Sendable {
    case all, failed, missing, never

    public static var current: RecordMode {
        let env = ProcessInfo.processInfo.environment
        switch env["WIDGETCTL_RECORD"]?.lowercased() {
        case "1", "all", "true", "yes": return .all
        case "failed": return .failed
        case "missing": return .missing
        case "0", "never", "false", "no": return .never
        default: return env["CI"] != nil ? .never : .missing
        }
    }
}

/// Where goldens and failure artefacts go, found from the calling test file.
public struct GoldenLocation {
    public let golden: URL
    public let artifacts: URL

    public init(name: String, suite: String, testFile: StaticString) {
        let testDir = URL(fileURLWithPath: "\(testFile)").deletingLastPathComponent()
        golden = testDir.appendingPathComponent("Goldens").appendingPathComponent(suite).appendingPathComponent(name + ".png")
        let env = ProcessInfo.processInfo.environment
        var root = testDir
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root = root.deletingLastPathComponent()
        }
        let base = env["WIDGETCTL_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
            ?? root.appendingPathComponent(".build/golden-failures")
        artifacts = base.appendingPathComponent("\(suite)-\(name)")
    }
}

/// Compares `actual` with the golden `suite/name.png` and records according to WIDGETCTL_RECORD.
public func assertGolden(_ actual: Pixmap, named name: String, suite: String,
                         channelTolerance: Int = 1, maxDifferingPixels: Int = 0,
                         file: StaticString = #filePath, line: UInt = #line) {
    let place = GoldenLocation(name: name, suite: suite, testFile: file)
    let mode = RecordMode.current
    let fm = FileManager.default
    func write(_ p: Pixmap, _ url: URL) {
        do {
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(PNGCodec.encode(p, options: .best)).write(to: url, options: .atomic)
        } catch {
            XCTFail("cannot write \(url.path): \(error)", file: file, line: line)
        }
    }
    guard let data = fm.contents(atPath: place.golden.path) else {
        if mode == .never {
            XCTFail("no golden at \(place.golden.path) (record with WIDGETCTL_RECORD=missing or 1)", file: file, line: line)
        } else {
            write(actual, place.golden)
            XCTFail("recorded new golden \(place.golden.path); look at it, then re-run to verify", file: file, line: line)
        }
        return
    }
    let expected: Pixmap
    do { expected = try PNGCodec.decode([UInt8](data)) } catch {
        XCTFail("golden \(place.golden.path) is unreadable: \(error)", file: file, line: line); return
    }
    let diff = ImageDiff(expected: expected, actual: actual, channelTolerance: channelTolerance)
    if diff.sameSize && diff.differingPixels <= maxDifferingPixels {
        if mode == .all {
            write(actual, place.golden)
            XCTFail("re-recorded \(place.golden.path) (WIDGETCTL_RECORD=all); re-run without it to verify", file: file, line: line)
        }
        return
    }
    try? fm.createDirectory(at: place.artifacts, withIntermediateDirectories: true)
    write(actual, place.artifacts.appendingPathComponent("actual.png"))
    write(expected, place.artifacts.appendingPathComponent("expected.png"))
    write(diff.visualization(of: expected), place.artifacts.appendingPathComponent("diff.png"))
    let what = diff.sameSize
        ? "\(diff.differingPixels) px differ by more than \(channelTolerance) (max Δ \(diff.maxChannelDelta), allowed \(maxDifferingPixels) px)"
        : "size \(actual.width)×\(actual.height) differs from golden \(expected.width)×\(expected.height)"
    if mode == .failed || mode == .all {
        write(actual, place.golden)
        XCTFail("\(suite)/\(name): \(what); re-recorded, see \(place.artifacts.path)", file: file, line: line)
    } else {
        XCTFail("\(suite)/\(name): \(what); see \(place.artifacts.path)", file: file, line: line)
    }
}
