import Foundation
import WidgetModel
import WidgetRaster
import WidgetTooling

enum ServeCommand {
    static let help = """
        OVERVIEW: Live preview: serve the galleries of widget specs on localhost and re-render a spec
        each time it is saved; open pages reload themselves.

        USAGE: widgetctl serve SPEC… [options]

        Renders every spec (as 'widgetctl render' does, light and dark by default), then serves
        http://127.0.0.1:PORT/ — one gallery per widget. Saving a spec re-renders its variants and
        every open page showing them reloads. A spec that fails to load shows its error (file, line,
        column) at the top of the page while the last good render stays; fix and save again.
        Stop with Ctrl-C.

        OPTIONS:
          --port N                Port to listen on (default: 8040; 0 picks a free one, printed).
          --host ADDR             IPv4 address to listen on (default: 127.0.0.1, this machine only).
          --out DIR               Render folder (default: a temporary folder, removed at exit).
          --families, --appearances, --entries, --dynamic-type, --locale, --accessibility,
          --device, --scale, --format, --quality,
          --png-compression, --jobs, --wallpaper, --tint, --font-dir
                                  As for 'widgetctl render' (see 'widgetctl render --help').
          --quiet                 Print only the address and errors.
          -h, --help              Show this help.

        EXIT CODES: 130 (or 143) when stopped by Ctrl-C (or SIGTERM); 2 bad usage, a missing spec
        file, or a port that cannot be used.

        EXAMPLE:
          widgetctl serve Samples/weather.widget.json --appearances all
          # then open http://127.0.0.1:8040/ and edit Samples/weather.widget.json
        """

    static let options =
        [
            "--port", "--host", "--out", "--families", "--appearances", "--entries", "--device", "--scale", "--format",
            "--quality", "--png-compression", "--jobs", "--wallpaper", "--tint", "--font-dir", "--quiet", "--help",
        ] + RenderCommand.settingsOptions

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv, command: "serve")
        if args.flag("--help") || args.flag("-h") {
            print(help)
            return 0
        }
        var configuration = LiveServer.Configuration()
        if let p = try args.value("--port") {
            guard let v = Int(p), (0...65535).contains(v) else { throw UsageError("--port needs a number from 0 to 65535") }
            configuration.port = v
        }
        if let h = try args.value("--host") { configuration.host = h }
        let given = try args.value("--out")
        let out =
            given.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-serve-\(getpid())")
        var options = try RenderCommand.batchOptions(&args, out: out)
        options.contactSheet = false
        for dir in try args.values("--font-dir") { FontLibrary.shared.addDirectory(dir) }
        let quiet = args.flag("--quiet")
        let files = try args.finish(known: ServeCommand.options)
        guard !files.isEmpty else { throw UsageError("serve needs at least one spec file. Run 'widgetctl serve --help'.") }
        // A missing file is a usage error now; a file that does not parse is shown on the page.
        for f in files where !BoundedFile.isRegularFile(f) {
            throw UsageError("\(f): no such file (serve watches spec files that exist)")
        }
        let server = LiveServer(specs: files.map { URL(fileURLWithPath: $0) }, options: options, configuration: configuration)
        server.log = { line in
            if !quiet || line.contains(": ") && !line.hasPrefix("rendered") { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
        let port: Int
        do { port = try server.start() } catch let e as LiveServerError { throw UsageError(e.description) }
        RenderCommand.installInterruptHandlers()
        server.renderAll()
        print("serving http://\(configuration.host):\(port)/ — watching \(files.count) spec\(files.count == 1 ? "" : "s"); Ctrl-C to stop")
        fflush(stdout)
        server.watch { interrupted != 0 }
        server.stop()
        if given == nil { try? FileManager.default.removeItem(at: out) }
        return 128 + Int32(interrupted)
    }
}
