import Foundation
import WidgetModel
import WidgetRaster
import WidgetTooling

enum CheckCommand {
    static let help = """
        OVERVIEW: Check widget specs for what breaks when the system removes or replaces their background.

        USAGE: widgetctl check SPEC… [options]

        Reads each spec and renders every supported family and entry — in full colour, and in the Clear
        and Tinted looks over bright, dark and busy wallpapers — then reports, per finding, what breaks
        in which family/appearance/entry, where in the spec (JSON path, line and column), and how to fix it.

        OPTIONS:
          --format text|json|sarif  Output format (default: text; sarif is SARIF 2.1.0 for code scanning).
          --output FILE             Write the report to FILE instead of standard output.
          --wallpaper FILE|STYLE    Wallpapers for the legibility rule (repeatable; default: bright,
                                    dark, busy).
          --strict                  Warnings count as failures (exit 1).
          --require-removable       containerBackgroundRemovable(false) is an error.
          --disable WR00x[,…]       Skip rules (repeatable).
          --device NAME             Default: iPhone 17 Pro.
          --jobs N                  Families and entries checked at once (default: the number of
                                    cores; the report is the same for any N).
          --dynamic-type S,…, --locale L,…, --accessibility A,…
                                    Check under these text sizes, locales and accessibility settings
                                    too (as for 'widgetctl render'); their findings end with the
                                    setting, e.g. [accessibility2+ar]. Without them the rules run at
                                    the standard settings, and WR016 tries every larger text size.
          --rules                   List the rules and exit.
          -h, --help                Show this help.

        EXIT CODES: 0 no errors (with --strict: no warnings either); 1 findings that fail; 2 bad
        usage or a spec that cannot be read or resolved.
        """

    static func run(_ argv: [String], widgets swiftWidgets: [WidgetDefinition] = []) throws -> Int32 {
        var args = Arguments(argv, command: "check")
        if args.flag("--help") || args.flag("-h") {
            print(help)
            return 0
        }
        if args.flag("--rules") {
            for r in Rules.all {
                print("\(r.id)  \(r.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(r.name)\n       \(r.summary)")
            }
            return 0
        }
        let format = try args.value("--format") ?? "text"
        guard ["text", "json", "sarif"].contains(format) else { throw UsageError("--format must be text, json or sarif") }
        let output = try args.value("--output")
        var options = CheckOptions()
        for w in try args.values("--wallpaper") { options.wallpapers.append((w, try loadWallpaper(w))) }
        let strict = args.flag("--strict")
        options.requireRemovable = args.flag("--require-removable")
        for d in try args.values("--disable") {
            for id in d.split(separator: ",").map({ $0.trimmingWhitespace().uppercased() }) {
                guard Rules.rule(id) != nil else {
                    throw UsageError(
                        "--disable: unknown rule \(id)\(DidYouMeanCLI.hint(id, among: Rules.all.map(\.id))); see 'widgetctl check --rules'")
                }
                options.disabled.insert(id)
            }
        }
        if let d = try args.value("--device") {
            guard let dev = DeviceCatalog.device(named: d) else { throw UsageError("unknown device \"\(d)\"; see 'widgetctl devices'") }
            options.device = dev
        }
        if let j = try args.value("--jobs") {
            guard let v = Int(j), v >= 1, v <= 256 else { throw UsageError("--jobs needs a number from 1 to 256") }
            options.jobs = v
        }
        options.settings = try RenderCommand.viewerSettings(&args)
        let files = try args.finish(
            known: [
                "--format", "--output", "--wallpaper", "--strict", "--require-removable", "--disable", "--device", "--rules", "--help",
                "--jobs",
            ] + RenderCommand.settingsOptions)
        guard !files.isEmpty || !swiftWidgets.isEmpty else {
            throw UsageError("check needs at least one spec file. Run 'widgetctl check --help'.")
        }
        let start = Date()
        let checker = Checker(options: options)
        var widgets: [CheckReport.Widget] = []
        var unreadable = 0
        for file in files {
            let spec: WidgetSpec
            do { spec = try WidgetSpec.load(contentsOf: URL(fileURLWithPath: file)) } catch let e as SpecError where format != "text" {
                // A machine-readable report still says why: one WR000 finding where the spec broke
                // (and the message goes to stderr as for any bad input).
                CLI.reportError("\(e)")
                let finding = Finding(
                    rule: Rules.invalidSpec, message: e.message, file: file, source: SourceRef(path: e.path, line: e.line, column: e.column)
                )
                widgets.append(CheckReport.Widget(kind: URL(fileURLWithPath: file).lastPathComponent, path: file, findings: [finding]))
                unreadable += 1
                continue
            }
            widgets.append(CheckReport.Widget(kind: spec.kind, path: file, findings: try checker.check(spec)))
        }
        for widget in swiftWidgets {
            let path = widget.source.isSwift ? CheckReport.relative(widget.source.file) : widget.kind
            widgets.append(CheckReport.Widget(kind: widget.kind, path: path, findings: try checker.check(widget)))
        }
        let seconds = Date().timeIntervalSince(start)
        let report: String
        switch format {
        case "json": report = CheckReport.json(widgets)
        case "sarif": report = CheckReport.sarif(widgets)
        default: report = CheckReport.text(widgets, color: output == nil && isatty(STDOUT_FILENO) != 0, seconds: seconds)
        }
        if let output { try writeAtomically(Array(report.utf8), to: URL(fileURLWithPath: output)) } else { print(report, terminator: "") }
        let all = widgets.flatMap(\.findings)
        let failing = all.contains { $0.severity == .error } || (strict && all.contains { $0.severity == .warning })
        return unreadable > 0 ? 2 : failing ? 1 : 0
    }
}
