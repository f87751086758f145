// The one golden-image comparison behind the package's own tests (WidgetTestSupport's
// assertGolden) and the snapshot assertions users write (WidgetSnapshotTesting): the record mode,
// the package root, the comparison by decoded pixels, and the failure artefacts, named the same
// everywhere: actual.png, expected.png, diff.png. Framework-free; the callers turn an outcome into
// an XCTest or Swift Testing failure.
import Foundation
import RasterCore
import WidgetModel

/// When goldens are written, from WIDGETCTL_RECORD:
///   1 or all   rewrite every golden (the test still fails, so a recorded run never passes)
///   failed     rewrite only goldens that do not match
///   missing    write goldens that do not exist yet (the default on a developer's machine)
///   never      write nothing; a missing golden fails (the default when CI is set)
public enum RecordMode: String, Sendable {
    case all, failed, missing, never

    public static var current: RecordMode { from(ProcessInfo.processInfo.environment) }

    public static func from(_ env: [String: String]) -> RecordMode {
        switch env["WIDGETCTL_RECORD"]?.lowercased() {
        case "1", "all", "true", "yes": return .all
        case "failed": return .failed
        case "missing": return .missing
        case "0", "never", "false", "no": return .never
        default: return env["CI"] != nil ? .never : .missing
        }
    }
}

/// What a golden comparison found (and wrote).
public enum GoldenOutcome: Sendable, Equatable {
    case matched
    /// No golden existed; the actual image was written as the golden.
    case recorded
    /// Matched, but re-recorded because the mode is `.all`.
    case rerecorded
    /// No golden, and the mode writes nothing.
    case missing
    /// Different; `rerecorded` when the mode rewrote the golden.
    case mismatch(description: String, rerecorded: Bool)
    /// The golden could not be read or an image not written.
    case failed(String)

    public var passed: Bool { self == .matched }
}

public struct GoldenComparison {
    public var golden: URL
    /// The folder for actual.png, expected.png and diff.png on a mismatch.
    public var artifacts: URL
    public var channelTolerance = 1
    public var maxDifferingPixels = 0
    public var mode = RecordMode.current
    public var encoding = PNGOptions.best

    public init(golden: URL, artifacts: URL) {
        self.golden = golden
        self.artifacts = artifacts
    }

    /// The package folder above `url` (the nearest folder with a Package.swift).
    public static func packageRoot(containing url: URL) -> URL {
        var root = url
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root = root.deletingLastPathComponent()
        }
        return root
    }

    /// The artefacts folder: WIDGETCTL_ARTIFACTS, else `fallback` under the package's .build.
    public static func artifactsBase(testFile: URL, fallback: String) -> URL {
        if let dir = ProcessInfo.processInfo.environment["WIDGETCTL_ARTIFACTS"] { return URL(fileURLWithPath: dir) }
        return packageRoot(containing: testFile.deletingLastPathComponent()).appendingPathComponent(".build").appendingPathComponent(
            fallback)
    }

    /// Compares `actual` with the golden, recording according to the mode.
    public func check(_ actual: Pixmap) -> GoldenOutcome {
        let data: [UInt8]
        do { data = try BoundedFile.read(golden, maxBytes: BoundedFile.maxImageBytes) } catch FileReadError.missing {
            if mode == .never { return .missing }
            do { try write(actual, golden) } catch { return .failed("cannot write \(golden.path): \(error)") }
            return .recorded
        } catch { return .failed("golden \(error)") }
        let expected: Pixmap
        do { expected = try PNGCodec.decode(data) } catch { return .failed("golden \(golden.path) is unreadable: \(error)") }
        let diff = ImageDiff(expected: expected, actual: actual, channelTolerance: channelTolerance)
        if diff.sameSize && diff.differingPixels <= maxDifferingPixels {
            guard mode == .all else { return .matched }
            do { try write(actual, golden) } catch { return .failed("cannot write \(golden.path): \(error)") }
            return .rerecorded
        }
        do {
            try write(actual, artifacts.appendingPathComponent("actual.png"))
            try write(expected, artifacts.appendingPathComponent("expected.png"))
            try write(diff.visualization(of: expected), artifacts.appendingPathComponent("diff.png"))
        } catch { return .failed("cannot write the failure images to \(artifacts.path): \(error)") }
        let what =
            diff.sameSize
            ? "\(diff.differingPixels) pixels differ by more than \(channelTolerance) (largest channel difference \(diff.maxChannelDelta), allowed \(maxDifferingPixels) pixels)"
            : "size \(actual.width)×\(actual.height) differs from the golden's \(expected.width)×\(expected.height)"
        let rewrite = mode == .failed || mode == .all
        if rewrite {
            do { try write(actual, golden) } catch { return .failed("cannot write \(golden.path): \(error)") }
        }
        return .mismatch(description: what, rerecorded: rewrite)
    }

    func write(_ p: Pixmap, _ url: URL) throws {
        try writeAtomically(try PNGCodec.encode(p, options: encoding), to: url)
    }
}
