import Foundation
import WidgetModel
import WidgetRaster
import WidgetTooling

/// `widgetctl diff` and `widgetctl merge`, and the verify options `render` shares.
enum DiffCommand {
    static let help = """
        OVERVIEW: Compare two render folders variant by variant.

        USAGE: widgetctl diff EXPECTED_DIR ACTUAL_DIR [options]

        Writes diff images (differences in red over a faded copy), report.html (side by side, overlay
        and slider views; missing and extra variants listed) and junit.xml.

        OPTIONS:
          --out DIR          Where to write the report (default: ACTUAL_DIR/verify).
          --tolerance N      Largest per-channel difference that counts as equal (default: 0).
          --max-diff F       Largest share of differing pixels that still passes, 0…1 (default: 0).
          -h, --help         Show this help.

        EXIT CODES: 0 all variants match; 1 a variant differs, is missing or is extra; 2 bad usage.
        """

    static func verifyOptions(_ args: inout Arguments) throws -> VerifyOptions {
        var o = VerifyOptions()
        if let t = try args.value("--tolerance") {
            guard let v = Int(t), (0...255).contains(v) else { throw UsageError("--tolerance needs a number from 0 to 255") }
            o.channelTolerance = v
        }
        if let m = try args.value("--max-diff") {
            guard let v = Double(m), (0...1).contains(v) else { throw UsageError("--max-diff needs a share from 0 to 1 (e.g. 0.001)") }
            o.maxDifferingFraction = v
        }
        return o
    }

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv, command: "diff")
        if args.flag("--help") || args.flag("-h") {
            print(help)
            return 0
        }
        let out = try args.value("--out")
        let options = try verifyOptions(&args)
        let dirs = try args.finish(known: ["--out", "--tolerance", "--max-diff", "--help"])
        guard dirs.count == 2 else { throw UsageError("diff takes two render folders. Run 'widgetctl diff --help'.") }
        let expected = URL(fileURLWithPath: dirs[0])
        let actual = URL(fileURLWithPath: dirs[1])
        let report = try Verifier.compare(
            expected: expected, actual: actual,
            reportDir: out.map { URL(fileURLWithPath: $0) } ?? actual.appendingPathComponent("verify"), options: options)
        printSummary(report)
        return report.failed ? 1 : 0
    }

    static func printSummary(_ r: VerifyReport) {
        let bad = r.comparisons.filter { $0.status != .same }
        print(
            "verify: \(r.comparisons.count - bad.count) of \(r.comparisons.count) variants match" + String(format: " (%.2f s)", r.seconds))
        for c in bad { print("  \(c.status.rawValue): \(c.kind) \(c.key)\(c.diff.map { " → \($0)" } ?? "")") }
        if let h = r.reportHTML { print("report: \(h.path)") }
        if let j = r.junit { print("junit: \(j.path)") }
    }
}

enum MergeCommand {
    static let help = """
        OVERVIEW: Combine the outputs of 'render --shard I/N' runs into one render folder.

        USAGE: widgetctl merge DIR… --out DIR [--verify GOLDEN_DIR]

        Writes one manifest, contact sheet and gallery per widget. Refuses shards rendered from different
        specs or with different options (device, scale, format, shard count).

        OPTIONS:
          --out DIR             The merged folder (required).
          --verify GOLDEN_DIR   Also compare the merged render with goldens (as 'render --verify').
          --fsync               Flush each file to the disk before renaming it into place (as 'render
                                --fsync').
          -h, --help            Show this help.
        """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv, command: "merge")
        if args.flag("--help") || args.flag("-h") {
            print(help)
            return 0
        }
        guard let out = try args.value("--out") else { throw UsageError("merge needs --out DIR") }
        let golden = try args.value("--verify")
        let options = try DiffCommand.verifyOptions(&args)
        let flush = args.flag("--fsync")
        let dirs = try args.finish(known: ["--out", "--verify", "--tolerance", "--max-diff", "--fsync", "--help"])
        guard !dirs.isEmpty else { throw UsageError("merge needs the shard folders. Run 'widgetctl merge --help'.") }
        let outURL = URL(fileURLWithPath: out)
        let result = try Merger.merge(dirs.map { URL(fileURLWithPath: $0) }, into: outURL, flush: flush)
        print("merged \(result.variants) variants of \(result.kinds.joined(separator: ", ")) into \(out)")
        if let golden {
            let report = try Verifier.compare(
                expected: URL(fileURLWithPath: golden), actual: outURL,
                reportDir: outURL.appendingPathComponent("verify"), options: options)
            DiffCommand.printSummary(report)
            return report.failed ? 1 : 0
        }
        return 0
    }
}
