import Foundation
import WidgetModel
import WidgetRaster
import WidgetTooling

/// The signal that asked the run to stop (SIGINT, SIGTERM, SIGQUIT), or 0: the files in flight are
/// finished, nothing new is written, and the exit status is 128 + the signal (130, 143, 131).
nonisolated(unsafe) var interrupted: sig_atomic_t = 0

enum RenderCommand {
    static let help = """
        OVERVIEW: Render every entry × family × appearance of widget specs to PNG or JPEG.

        USAGE: widgetctl render SPEC… [options]

        Writes <out>/<kind>/<family>/<appearance>/e<N>.png (…/<appearance>/<settings>/e<N>.png for a
        non-standard text size, locale or accessibility setting), a manifest.json, an index.html gallery
        and, for a widget of two or more variants, a contact-sheet.png per widget. Files are written under a temporary name and renamed, so an interrupted run
        leaves no half-written image.

        OPTIONS:
          --out DIR               Output folder (default: renders).
          --families F,…          Families to render (default: the spec's supportedFamilies).
          --appearances A,…       light, dark, clearLight, clearDark, tintedLight, tintedDark,
                                  lockScreen, standBy, standByNight, carPlay (iPhone); desktopDimmed
                                  (Mac); smartStack, watchFace, watchFaceTinted (Apple Watch);
                                  visionElevated, visionRecessed (Vision Pro); or "all" for every
                                  look of the device ('widgetctl appearances'; default: light,dark).
          --entries 0,2           Timeline entries by index (default: all).
        \(settingsHelp)
          --device NAME           A device from 'widgetctl devices' (default: iPhone 17 Pro).
          --scale S               Pixels per point (default: the device's).
          --format png|jpeg       Image format (default: png).
          --quality Q             JPEG quality 1…100 (default: 90).
          --png-compression fast|standard|best
                                  PNG encoder: the built-in fast one, or zlib 6 / 9 (default: fast).
          --jobs N                Parallel workers (default: the number of cores).
          --shard I/N             Render only the I-th of N deterministic parts (for CI matrices);
                                  'widgetctl merge' joins them into what one run writes, byte for
                                  byte. --shard auto/N takes I from JOB_COMPLETION_INDEX (0-based,
                                  as Kubernetes Indexed Jobs set it).
          --wallpaper FILE|STYLE  The wallpaper behind glass and Lock Screen vibrancy: a PNG or JPEG,
                                  or a generated one: aurora (default), bright, dark, busy.
          --tint COLOR            Tint of the Tinted appearances (#RRGGBB or a colour name).
          --verify GOLDEN_DIR     Compare the render with goldens: diff images, report.html and
                                  junit.xml in <out>/verify; exit 1 on any difference.
          --record                With --verify: write or refresh the goldens instead.
          --tolerance N           Per-channel tolerance for --verify (default: 0).
          --max-diff F            Share of differing pixels --verify allows (default: 0).
          --font-dir DIR          Add a folder of fonts (repeatable).
          --intent NAME=VALUE     Set a parameter of the App Intents widgets' intent (repeatable; Swift
                                  widgets only; the others keep their defaults), e.g. --intent city=Paris.
          --no-contact-sheet      Skip the contact sheet.
          --allow-absolute-assets Let asset paths leave the spec's folder.
          --fsync                 Flush each file to the disk before renaming it into place (survives
                                  a power cut; ~5 ms a file). Without it files are still written
                                  whole under a temporary name and renamed, never seen half-written.
          --quiet                 Print nothing but errors.
          -h, --help              Show this help.

        EXIT CODES: 0 rendered (and verified); 1 --verify found differences; 2 bad usage or bad input
        (the message names the file and the place); 130 interrupted.

        EXAMPLE:
          widgetctl render Samples/weather.widget.json --families systemSmall --appearances all
        """

    /// The widgets with `--intent NAME=VALUE` applied to every widget whose intent has the parameter.
    static func configuringIntents(_ widgets: [WidgetDefinition], _ settings: [String]) throws -> [WidgetDefinition] {
        guard !settings.isEmpty else { return widgets }
        var values: [String: String] = [:]
        for setting in settings {
            guard let eq = setting.firstIndex(of: "="), eq != setting.startIndex else {
                throw UsageError("--intent needs NAME=VALUE, e.g. --intent city=Paris (got \"\(setting)\")")
            }
            let name = String(setting[..<eq])
            guard values[name] == nil else { throw UsageError("--intent: parameter \"\(name)\" is set twice") }
            values[name] = String(setting[setting.index(after: eq)...])
        }
        let configurable = widgets.filter { !$0.intentParameters.isEmpty }
        guard !configurable.isEmpty else {
            throw UsageError("--intent: no widget in this run has App Intents parameters (spec files and static widgets have none)")
        }
        let known = Set(configurable.flatMap { $0.intentParameters.map(\.name) })
        for name in values.keys.sorted() where !known.contains(name) {
            throw UsageError(
                "--intent: no widget has a parameter \"\(name)\"\(DidYouMeanCLI.hint(name, among: Array(known)));"
                    + " parameters: \(known.sorted().joined(separator: ", "))")
        }
        return try widgets.map { widget in
            let own = values.filter { name, _ in widget.intentParameters.contains { $0.name == name } }
            guard !own.isEmpty else { return widget }
            do {
                return try widget.configuringIntent(own)
            } catch let error as IntentParameterError {
                throw UsageError("--intent: widget \"\(widget.kind)\": \(error.description)")
            }
        }
    }

    static let options =
        [
            "--out", "--families", "--appearances", "--entries", "--device", "--scale", "--format", "--quality",
            "--png-compression", "--jobs", "--shard", "--font-dir", "--no-contact-sheet", "--allow-absolute-assets",
            "--fsync", "--quiet", "--help", "--tint", "--wallpaper", "--verify", "--record", "--tolerance", "--max-diff", "--intent",
        ] + settingsOptions

    static func run(_ argv: [String], widgets given: [WidgetDefinition] = []) throws -> Int32 {
        var args = Arguments(argv, command: "render")
        if args.flag("--help") || args.flag("-h") {
            print(help)
            return 0
        }
        let out = try args.value("--out") ?? "renders"
        var options = try batchOptions(&args, out: URL(fileURLWithPath: out))
        if let s = try args.value("--shard") {
            do { options.shard = try BatchOptions.parseShard(s, environment: ProcessInfo.processInfo.environment) } catch let e
                as BatchError
            {
                throw UsageError(e.description)
            }
        }
        for dir in try args.values("--font-dir") { FontLibrary.shared.addDirectory(dir) }
        let widgets = try configuringIntents(given, try args.values("--intent"))
        let golden = try args.value("--verify")
        let record = args.flag("--record")
        let verifyOptions = try DiffCommand.verifyOptions(&args)
        options.contactSheet = !args.flag("--no-contact-sheet")
        options.allowAbsoluteAssets = args.flag("--allow-absolute-assets")
        options.flushToDisk = args.flag("--fsync")
        let quiet = args.flag("--quiet")
        let files = try args.finish(known: RenderCommand.options)
        guard !files.isEmpty || !widgets.isEmpty else {
            throw UsageError("render needs at least one spec file. Run 'widgetctl render --help'.")
        }

        // The font folders are scanned and the text face loaded on another core while the specs
        // are read (the first layout waits for the scan, under the library's lock, if it is not
        // done): a few milliseconds of every process's start that ran before anything else.
        DispatchQueue.global().async { _ = try? FontLibrary.shared.face(for: FontSpec(size: 17)) }
        // So is the wallpaper behind glass (when the looks have any).
        let batch = BatchRenderer(options: options)
        batch.prewarm()
        let specs = try files.map { try WidgetSpec.load(contentsOf: URL(fileURLWithPath: $0)) }
        let progress = ProgressReporter(quiet: quiet)
        batch.isCancelled = { interrupted != 0 }
        installInterruptHandlers()
        do {
            let report = try batch.run(specs, widgets: widgets) { progress.update($0) }
            progress.finish()
            if !quiet { printSummary(report, options) }
            guard let golden else { return 0 }
            let goldenURL = URL(fileURLWithPath: golden)
            if record {
                // Refresh the goldens from this render (whole widget folders, atomically per file).
                for kind in ManifestFile.kinds(in: options.outputDirectory) {
                    let e = FileManager.default.enumerator(at: kind, includingPropertiesForKeys: nil)!
                    for case let file as URL in e where !file.hasDirectoryPath && !file.path.contains("/verify/") {
                        let rel = Verifier.relativePath(file, from: options.outputDirectory)
                        try writeAtomically(
                            try BoundedFile.read(file, maxBytes: BoundedFile.maxImageBytes), to: goldenURL.appendingPathComponent(rel))
                    }
                }
                print("recorded goldens in \(golden)")
                return 0
            }
            let verify = try Verifier.compare(
                expected: goldenURL, actual: options.outputDirectory,
                reportDir: options.outputDirectory.appendingPathComponent("verify"), options: verifyOptions)
            DiffCommand.printSummary(verify)
            return verify.failed ? 1 : 0
        } catch let e as BatchError {
            progress.finish()
            if case .cancelled(let done, let total) = e {
                FileHandle.standardError.write(
                    Data("interrupted: \(done) of \(total) variants written (complete files only); no manifest\n".utf8))
                return 128 + Int32(interrupted == 0 ? SIGINT : interrupted)
            }
            throw e
        }
    }

    /// The options `render` and `serve` share: what to render, on which device, how to encode.
    static func batchOptions(_ args: inout Arguments, out: URL) throws -> BatchOptions {
        var options = BatchOptions(outputDirectory: out)
        if let f = try args.value("--families") {
            options.families = try parseList(f, "family", WidgetFamily.init(rawValue:), WidgetFamily.allCases.map(\.rawValue))
        }
        let appearances = try args.value("--appearances")
        if let e = try args.value("--entries") {
            options.entries = try e.split(separator: ",", omittingEmptySubsequences: false).map { s in
                guard let i = Int(s.trimmingWhitespace()), (0...1_000_000).contains(i) else {
                    throw UsageError("--entries: \"\(s)\" is not an entry index (0, 1, …)")
                }
                return i
            }
        }
        if let d = try args.value("--device") {
            guard let device = DeviceCatalog.device(named: d) else {
                let names = DeviceCatalog.all.map(\.name)
                throw UsageError("unknown device \"\(d)\"\(DidYouMeanCLI.hint(d, among: names)); see 'widgetctl devices'")
            }
            options.device = device
        }
        // "all": every look the device has (an iPhone's are not a watch's).
        if let a = appearances { options.appearances = try parseAppearances(a, device: options.device) }
        if let s = try args.value("--scale") {
            guard let v = Double(s), v >= 0.25, v <= 8 else { throw UsageError("--scale needs a number from 0.25 to 8") }
            options.scale = v
        }
        if let f = try args.value("--format") {
            guard let fmt = ImageFormat(rawValue: f == "jpg" ? "jpeg" : f) else { throw UsageError("--format must be png or jpeg") }
            options.format = fmt
        }
        if let q = try args.value("--quality") {
            guard let v = Int(q), (1...100).contains(v) else { throw UsageError("--quality needs a number from 1 to 100") }
            options.jpegQuality = v
        }
        if let c = try args.value("--png-compression") {
            switch c {
            case "fast": options.png = .fast
            case "standard": options.png = .standard
            case "best": options.png = .best
            default: throw UsageError("--png-compression must be fast, standard or best")
            }
        }
        if let j = try args.value("--jobs") {
            guard let v = Int(j), v >= 1, v <= 256 else { throw UsageError("--jobs needs a number from 1 to 256") }
            options.jobs = v
        }
        if let t = try args.value("--tint") { options.tint = try parseColor(t, "--tint") }
        if let w = try args.value("--wallpaper") { options.wallpaper = try loadWallpaper(w) }
        options.settings = try viewerSettings(&args)
        return options
    }

    /// The flags that choose viewer settings, shared by render, serve, check and preview.
    static let settingsOptions = ["--dynamic-type", "--locale", "--accessibility"]

    static let settingsHelp = """
          --dynamic-type S,…      Text sizes: xSmall, small, medium, large (default), xLarge, xxLarge,
                                  xxxLarge, accessibility1 … accessibility5, or "all".
          --locale L,…            Locales such as ar, he, de_DE, ja_JP ("default": the widget's own).
                                  Arabic, Hebrew, Persian and Urdu lay out right to left.
          --accessibility A,…     none (default), reduceTransparency, increaseContrast, or both joined
                                  with "+"; "all" for every combination. Changes glass (estimated).
        """

    /// `--dynamic-type`, `--locale` and `--accessibility`, crossed (nil values: the standard settings).
    static func viewerSettings(_ args: inout Arguments) throws -> [ViewerSettings] {
        var sizes: [DynamicTypeSize] = [.large]
        var locales: [String?] = [nil]
        var accessibility: [(Bool, Bool)] = [(false, false)]
        if let d = try args.value("--dynamic-type") {
            sizes =
                d == "all"
                ? DynamicTypeSize.allCases
                : try parseList(d, "Dynamic Type size", DynamicTypeSize.init(rawValue:), DynamicTypeSize.allCases.map(\.rawValue))
        }
        if let l = try args.value("--locale") {
            locales = try l.split(separator: ",", omittingEmptySubsequences: false).map { part -> String? in
                let id = part.trimmingWhitespace()
                if id == "default" { return nil }
                guard ViewerSettings.isLocaleIdentifier(id) else {
                    throw UsageError(
                        "--locale: \"\(id.prefix(40))\" is not a locale identifier (a language code, then optional region or script: ar, de_DE, zh-Hant-TW)"
                    )
                }
                return id
            }
        }
        if let a = try args.value("--accessibility") {
            if a == "all" {
                accessibility = [(false, false), (true, false), (false, true), (true, true)]
            } else {
                accessibility = try a.split(separator: ",", omittingEmptySubsequences: false).map { item in
                    var rt = false
                    var ic = false
                    for part in item.split(separator: "+", omittingEmptySubsequences: false) {
                        switch part.trimmingWhitespace() {
                        case "none": break
                        case "reduceTransparency": rt = true
                        case "increaseContrast": ic = true
                        default:
                            let name = part.trimmingWhitespace()
                            let all = ["none", "reduceTransparency", "increaseContrast"]
                            throw UsageError(
                                "--accessibility: unknown setting \"\(name.prefix(40))\"\(DidYouMeanCLI.hint(name, among: all)); expected \(all.joined(separator: ", ")) or all"
                            )
                        }
                    }
                    return (rt, ic)
                }
            }
        }
        let out = ViewerSettings.matrix(dynamicTypeSizes: sizes, locales: locales, accessibility: accessibility.map { ($0.0, $0.1) })
        guard out.count <= 256 else { throw UsageError("\(out.count) combinations of viewer settings, over the limit of 256") }
        return out
    }

    /// `--appearances`: names, or "all" for the device's own looks.
    static func parseAppearances(_ a: String, device: Device) throws -> [Appearance] {
        a == "all"
            ? Appearance.all(on: device)
            : try parseList(a, "appearance", Appearance.init(rawValue:), Appearance.allCases.map(\.rawValue))
    }

    static func parseList<T>(_ s: String, _ what: String, _ make: (String) -> T?, _ all: [String]) throws -> [T] {
        try s.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let name = part.trimmingWhitespace()
            if name.isEmpty {
                throw UsageError("an empty \(what) name in \"\(s.prefix(80))\"; expected one of \(all.joined(separator: ", "))")
            }
            guard let v = make(name) else {
                throw UsageError(
                    "unknown \(what) \"\(name)\"\(DidYouMeanCLI.hint(name, among: all)); expected one of \(all.joined(separator: ", "))")
            }
            return v
        }
    }

    static func printSummary(_ r: BatchReport, _ options: BatchOptions) {
        let rate = r.seconds > 0 ? Double(r.files.count) / r.seconds : 0
        print(
            String(
                format: "rendered %d variants in %.2f s (%.1f/s) on %@, %d jobs", r.files.count, r.seconds, rate, options.device.name,
                options.jobs))
        print("  " + r.phases.map { String(format: "%@ %.2f s", $0.name, $0.seconds) }.joined(separator: ", "))
        let excluded = r.skipped.filter(\.skipped.excluded)
        let other = r.skipped.count - excluded.count
        if other > 0 { print("skipped \(other) variants that do not exist in their context (listed in the manifest)") }
        for e in excluded { print("excluded \(e.kind) \(e.skipped.variant): \(e.skipped.reason)") }
        for m in r.manifests { print("manifest: \(m.path)") }
        for c in r.contactSheets { print("contact sheet: \(c.path)") }
        for g in r.galleries { print("gallery: \(g.path)") }
    }

    static func installInterruptHandlers() {
        signal(SIGINT) { s in interrupted = s }
        signal(SIGTERM) { s in interrupted = s }
        signal(SIGQUIT) { s in interrupted = s }
        // A closed pipe (`widgetctl render … | head`) is an error on the write, not a silent death
        // that could leave a temporary file behind.
        signal(SIGPIPE, SIG_IGN)
    }
}

/// A progress bar on a terminal (count, rate, time left); plain lines otherwise; nothing when quiet.
final class ProgressReporter: @unchecked Sendable {
    let quiet: Bool
    let tty = isatty(STDERR_FILENO) != 0
    let start = Date()
    var lastDraw = Date.distantPast
    var drew = false

    init(quiet: Bool) { self.quiet = quiet }

    func update(_ p: BatchProgress) {
        guard !quiet else { return }
        let elapsed = Date().timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(p.done) / elapsed : 0
        let left = rate > 0 ? Double(p.total - p.done) / rate : 0
        if tty {
            guard p.done == p.total || Date().timeIntervalSince(lastDraw) > 0.1 else { return }
            lastDraw = Date()
            let width = 28
            let filled = p.total > 0 ? width * p.done / p.total : width
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let line = String(format: "\r%@ %d/%d  %.1f/s  %.0fs left ", bar, p.done, p.total, rate, left)
            FileHandle.standardError.write(Data(line.utf8))
            drew = true
        } else {
            FileHandle.standardError.write(Data("[\(p.done)/\(p.total)] \(p.last)\n".utf8))
        }
    }

    func finish() {
        if drew { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

/// A colour from the command line: #RRGGBB(AA) or a SwiftUI colour name.
func parseColor(_ s: String, _ flag: String) throws -> RGBA {
    if let c = RGBA(hex: s), s.hasPrefix("#") { return c }
    if let c = SystemColors.color(s, scheme: .light) { return c }
    throw UsageError("\(flag): \"\(s)\" is not a colour (use #RRGGBB or a name such as blue)")
}

/// A wallpaper file, or the name of a generated one.
func loadWallpaper(_ s: String) throws -> Pixmap {
    if let style = Wallpaper.Style(rawValue: s) { return Wallpaper.generate(style, width: 1206, height: 2622) }
    let url = URL(fileURLWithPath: s)
    let data: [UInt8]
    do { data = try BoundedFile.read(url, maxBytes: BoundedFile.maxImageBytes) } catch {
        throw UsageError(
            "--wallpaper: \(error) (a PNG or JPEG, or one of \(Wallpaper.Style.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    do { return try ImageCodec.decode(data) } catch { throw UsageError("--wallpaper \(s): \(error)") }
}
