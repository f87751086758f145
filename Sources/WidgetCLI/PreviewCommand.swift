import Foundation
import WidgetModel
import WidgetRaster
import WidgetTooling

enum PreviewCommand {
    static let help = """
        OVERVIEW: Show a widget on a home-screen mock in several appearances, side by side.

        USAGE: widgetctl preview SPEC [options]

        Renders each chosen appearance over the wallpaper at the widget's home-screen position, labelled
        as iOS 26's customisation sheet names them (Default, Dark, Clear, Tinted), one row per family.

        OPTIONS:
          --out FILE.png          Where to write the sheet (default: <kind>-preview.png).
          --appearances A,…       Default: light,dark,clearLight,tintedLight ("all" for every one).
          --families F,…          Default: the spec's supported families.
          --entry N               Timeline entry (default: 0).
          --wallpaper FILE|STYLE  A PNG/JPEG, or aurora (default), bright, dark, busy.
          --tint COLOR            Tint of the Tinted appearances (#RRGGBB or a colour name).
          --device NAME           Default: iPhone 17 Pro.
        \(RenderCommand.settingsHelp)
                                  One row per family and setting.
          -h, --help              Show this help.
        """

    static func run(_ argv: [String], widgets: [WidgetDefinition] = []) throws -> Int32 {
        var args = Arguments(argv, command: "preview")
        if args.flag("--help") || args.flag("-h") {
            print(help)
            return 0
        }
        let out = try args.value("--out")
        var appearances = Preview.defaultAppearances
        let appearanceList = try args.value("--appearances")
        var families: [WidgetFamily]? = nil
        if let f = try args.value("--families") {
            families = try RenderCommand.parseList(f, "family", WidgetFamily.init(rawValue:), WidgetFamily.allCases.map(\.rawValue))
        }
        var entry = 0
        if let e = try args.value("--entry") {
            guard let v = Int(e), v >= 0 else { throw UsageError("--entry needs an entry index") }
            entry = v
        }
        var device = DeviceCatalog.default
        if let d = try args.value("--device") {
            guard let dev = DeviceCatalog.device(named: d) else { throw UsageError("unknown device \"\(d)\"; see 'widgetctl devices'") }
            device = dev
        }
        if let a = appearanceList { appearances = try RenderCommand.parseAppearances(a, device: device) }
        let wallpaper = try args.value("--wallpaper").map(loadWallpaper)
        let tint = try args.value("--tint").map { try parseColor($0, "--tint") }
        let settings = try RenderCommand.viewerSettings(&args)
        let files = try args.finish(
            known: [
                "--out", "--appearances", "--families", "--entry", "--wallpaper", "--tint", "--device", "--help",
            ] + RenderCommand.settingsOptions)
        if files.isEmpty && !widgets.isEmpty {
            // Swift widgets: one sheet each; with several, --out is a folder.
            for widget in widgets {
                let renderer = SpecRenderer(widget: widget, device: device)
                renderer.wallpaper = wallpaper
                if let tint { renderer.tint = tint }
                let sheet = try Preview.render(renderer, families: families, appearances: appearances, entry: entry, settings: settings)
                let name = "\(BatchRenderer.safeName(widget.kind))-preview.png"
                let url: URL
                if widgets.count == 1, let out {
                    url = URL(fileURLWithPath: out)
                } else {
                    let dir = URL(fileURLWithPath: out ?? ".")
                    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                    url = dir.appendingPathComponent(name)
                }
                try writeAtomically(try PNGCodec.encode(sheet), to: url)
                print("wrote \(url.path) (\(sheet.width)×\(sheet.height) px)")
            }
            return 0
        }
        guard files.count == 1 else { throw UsageError("preview takes one spec file. Run 'widgetctl preview --help'.") }
        let spec = try WidgetSpec.load(contentsOf: URL(fileURLWithPath: files[0]))
        guard spec.timeline.entries.indices.contains(entry) else {
            throw UsageError("--entry \(entry): \(spec.file) has \(spec.timeline.entries.count) entries")
        }
        let renderer = SpecRenderer(spec: spec, device: device)
        renderer.wallpaper = wallpaper
        if let tint { renderer.tint = tint }
        let sheet = try Preview.render(renderer, families: families, appearances: appearances, entry: entry, settings: settings)
        let url = URL(fileURLWithPath: out ?? "\(BatchRenderer.safeName(spec.kind))-preview.png")
        try writeAtomically(try PNGCodec.encode(sheet), to: url)
        print("wrote \(url.path) (\(sheet.width)×\(sheet.height) px)")
        return 0
    }
}
