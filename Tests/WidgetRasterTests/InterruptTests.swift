import Foundation
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

/// SIGINT in the middle of a batch, against the real `widgetctl` executable: exit 130, a summary
/// on stderr, every image that exists is complete, no temporary file left, no manifest.
final class InterruptTests: XCTestCase {
    /// The `widgetctl` that `swift test` built beside the test bundle.
    static var executable: URL? {
        let dir = Bundle(for: InterruptTests.self).bundleURL.deletingLastPathComponent()
        let candidates = [
            dir.appendingPathComponent("widgetctl"),
            Bundle.main.bundleURL.appendingPathComponent("widgetctl"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    func testSIGINTLeavesOnlyCompleteFiles() throws {
        guard let exe = Self.executable else { return XCTFail("widgetctl was not built beside the tests") }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-interrupt-\(getpid())")
        try? FileManager.default.removeItem(at: out)
        defer { try? FileManager.default.removeItem(at: out) }
        let samples = try FileManager.default.contentsOfDirectory(atPath: RenderTests.samples.path)
            .filter { $0.hasSuffix(".widget.json") }.sorted().map { RenderTests.samples.appendingPathComponent($0).path }
        let p = Process()
        p.executableURL = exe
        p.arguments = ["render"] + samples + ["--appearances", "all", "--jobs", "1", "--out", out.path]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()

        // Wait for the first finished image, then interrupt.
        func images() -> [URL] {
            guard let e = FileManager.default.enumerator(at: out, includingPropertiesForKeys: nil) else { return [] }
            return e.compactMap { $0 as? URL }.filter { $0.pathExtension == "png" || $0.pathExtension == "tmp" }
        }
        let deadline = Date().addingTimeInterval(120)
        while p.isRunning && !images().contains(where: { $0.pathExtension == "png" }) && Date() < deadline { usleep(20_000) }
        XCTAssertTrue(p.isRunning, "the batch finished before it could be interrupted")
        kill(p.processIdentifier, SIGINT)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()

        XCTAssertEqual(p.terminationStatus, 130, stderr)
        XCTAssertTrue(stderr.contains("interrupted:") && stderr.contains("variants written"), stderr)
        let left = images()
        XCTAssertFalse(left.isEmpty)
        XCTAssertFalse(left.contains { $0.pathExtension == "tmp" || $0.lastPathComponent.hasPrefix(".") }, "temporary files left: \(left)")
        for png in left {
            XCTAssertNoThrow(try PNGCodec.decode([UInt8](try Data(contentsOf: png))), "\(png.path) is not a complete PNG")
        }
        let manifests =
            FileManager.default.enumerator(atPath: out.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix("manifest.json") } ?? []
        XCTAssertEqual(manifests, [], "an interrupted run writes no manifest")
    }
}
