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

    func testSIGINTLeavesOnlyCompleteFiles() throws { try interrupt(with: SIGINT, expecting: 130) }

    /// SIGTERM exits 128 + 15, as a shell expects of a terminated program (it used to exit 130).
    func testSIGTERMExits143() throws { try interrupt(with: SIGTERM, expecting: 143) }

    /// A temporary file a killed run left behind (its process is gone) is removed by the next run
    /// into the same folder; one of a live process is kept.
    func testStaleTemporaryFilesAreRemoved() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-stale-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("systemSmall/light"), withIntermediateDirectories: true)
        // pid 2^22 + 7 is above Linux's pid_max default: no such process.
        let stale = dir.appendingPathComponent("systemSmall/light/.e0.png.4194311.123.tmp")
        let live = dir.appendingPathComponent("systemSmall/light/.e1.png.\(getppid()).456.tmp")
        for f in [stale, live] { try Data([1, 2, 3]).write(to: f) }
        removeStaleTemporaryFiles(in: dir)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live.path))
    }

    func interrupt(with signal: Int32, expecting status: Int32) throws {
        guard let exe = Self.executable else { return XCTFail("widgetctl was not built beside the tests") }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-interrupt-\(getpid())-\(signal)")
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
        kill(p.processIdentifier, signal)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()

        XCTAssertEqual(p.terminationStatus, status, stderr)
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
