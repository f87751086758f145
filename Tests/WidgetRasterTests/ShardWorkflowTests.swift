import Foundation
import XCTest

@testable import WidgetTooling

/// The path a team takes when one machine is not enough (issue 19), run locally as CI would:
/// N `widgetctl render --shard` processes (one taking its index from JOB_COMPLETION_INDEX, as a
/// Kubernetes Indexed Job sets it), `widgetctl merge`, and the same render in one process. The
/// merged folder must equal the single render byte for byte: every image, the manifest, the
/// gallery and the contact sheet. (docs/ci/github-actions.yml runs these steps on GitHub.)
final class ShardWorkflowTests: XCTestCase {
    func run(_ exe: URL, _ args: [String], environment: [String: String] = [:]) throws -> Process {
        let p = Process()
        p.executableURL = exe
        p.arguments = args
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    /// Every file under `dir`, by relative path.
    func files(_ dir: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)
        while let u = e?.nextObject() as? URL {
            guard !u.hasDirectoryPath, let d = try? Data(contentsOf: u) else { continue }
            out[String(u.standardizedFileURL.path.dropFirst(dir.standardizedFileURL.path.count + 1))] = d
        }
        return out
    }

    func testShardProcessesMergedEqualOneProcessByteForByte() throws {
        guard let exe = InterruptTests.executable else { return XCTFail("widgetctl was not built beside the tests") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-shards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let spec = RenderTests.samples.appendingPathComponent("fitness.widget.json").path
        let common = [
            "render", spec, "--appearances", "light,dark,clearDark,tintedLight,standBy", "--dynamic-type", "large,xxLarge",
            "--scale", "1", "--quiet",
        ]
        // Three shards at once, one core each; the first gets its index from the environment.
        let shards = [
            try run(
                exe, common + ["--shard", "auto/3", "--jobs", "1", "--out", root.appendingPathComponent("s1").path],
                environment: ["JOB_COMPLETION_INDEX": "0"]),
            try run(exe, common + ["--shard", "2/3", "--jobs", "1", "--out", root.appendingPathComponent("s2").path]),
            try run(exe, common + ["--shard", "3/3", "--jobs", "1", "--out", root.appendingPathComponent("s3").path]),
        ]
        let whole = try run(exe, common + ["--jobs", "2", "--out", root.appendingPathComponent("whole").path])
        for p in shards + [whole] { p.waitUntilExit() }
        for p in shards + [whole] { XCTAssertEqual(p.terminationStatus, 0) }
        let merge = try run(
            exe,
            ["merge"] + (1...3).map { root.appendingPathComponent("s\($0)").path } + ["--out", root.appendingPathComponent("merged").path])
        merge.waitUntilExit()
        XCTAssertEqual(merge.terminationStatus, 0)

        let a = files(root.appendingPathComponent("whole"))
        let b = files(root.appendingPathComponent("merged"))
        // 2 entries × 2 text sizes × 2 families (small, medium) in 4 home-screen looks, StandBy's
        // small ones and the contact sheet.
        XCTAssertEqual(a.keys.filter { $0.hasSuffix(".png") }.count, 2 * 2 * 2 * 4 + 2 * 2 + 1)
        XCTAssertEqual(Set(a.keys), Set(b.keys), "the same files")
        for (path, bytes) in a.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(bytes, b[path], "\(path) differs between the merged shards and one run")
        }
        // Each shard holds about a third, and their manifests say which part they are.
        let s2 = try ManifestFile.read(root.appendingPathComponent("s2/ActivityRingsWidget"))
        XCTAssertEqual(s2.shard, "2/3")
        let all = try ManifestFile.read(root.appendingPathComponent("whole/ActivityRingsWidget")).variants.count
        XCTAssertLessThanOrEqual(abs(s2.variants.count * 3 - all), 3)
    }

    func testShardIndexFromTheEnvironment() throws {
        XCTAssertTrue(try BatchOptions.parseShard("auto/4", environment: ["JOB_COMPLETION_INDEX": "0"]) == (1, 4))
        XCTAssertTrue(try BatchOptions.parseShard("auto/4", environment: ["JOB_COMPLETION_INDEX": "3"]) == (4, 4))
        XCTAssertTrue(try BatchOptions.parseShard("2/4", environment: [:]) == (2, 4))
        for (s, env, expected) in [
            ("auto/4", [String: String](), "JOB_COMPLETION_INDEX is not set"),
            ("auto/4", ["JOB_COMPLETION_INDEX": "4"], "from 0 to 3"),
            ("auto/4", ["JOB_COMPLETION_INDEX": "-1"], "from 0 to 3"),
            ("auto/4", ["JOB_COMPLETION_INDEX": "two"], "from 0 to 3"),
            ("5/4", [:], "1 ≤ I ≤ N"),
            ("1/0", [:], "1 ≤ I ≤ N"),
            ("1/999999999999999999999", [:], "1 ≤ I ≤ N"),
            ("auto", [:], "1 ≤ I ≤ N"),
        ] {
            XCTAssertThrowsError(try BatchOptions.parseShard(s, environment: env), s) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(s): \(error)")
            }
        }
    }
}

extension ShardWorkflowTests {
    /// The example workflow only uses commands and options widgetctl has: each `widgetctl CMD
    /// --option` in docs/ci/github-actions.yml must appear in that command's --help.
    func testExampleWorkflowUsesRealOptions() throws {
        guard let exe = InterruptTests.executable else { return XCTFail("widgetctl was not built beside the tests") }
        let workflow = RenderTests.samples.deletingLastPathComponent().appendingPathComponent("docs/ci/github-actions.yml")
        let text = try String(contentsOf: workflow, encoding: .utf8)
        var checked = 0
        for whole in text.split(separator: "\n") {
            // Commands only, not comments.
            let line = whole.components(separatedBy: " #")[0]
            guard let r = line.range(of: "widgetctl ", options: .backwards), !line.trimmingCharacters(in: .whitespaces).hasPrefix("#")
            else { continue }
            let words = line[r.upperBound...].split(separator: " ").map(String.init)
            guard let command = words.first, ["render", "merge", "diff", "check"].contains(command) else { continue }
            let p = Process()
            p.executableURL = exe
            p.arguments = [command, "--help"]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let help = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            for flag in words.dropFirst() where flag.hasPrefix("--") {
                XCTAssertTrue(help.contains(flag), "\(command) \(flag) in the example workflow is not in 'widgetctl \(command) --help'")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 8, "the workflow's widgetctl lines were found")
    }
}
