import Foundation
import WidgetRaster
import WidgetTooling

enum DemoCommand {
    static let help = """
        OVERVIEW: Render the raster-core demo sheet.

        USAGE: widgetctl demo [--out DIR] [--scale S] [--quiet]

        OPTIONS:
          --out DIR     Folder to write raster-demo.png and text-demo.png into (default: renders/demo).
          --scale S     Pixel scale of the raster sheet, 0.25...4 (default: 1, 960×640 px).
        """

    static func run(_ args: [String]) throws -> Int32 {
        var out = "renders/demo"
        var scale = 1.0
        var quiet = false
        var i = 0
        while i < args.count {
            switch args[i] {
            case "-h", "--help":
                print(help)
                return 0
            case "--quiet": quiet = true
            case "--out":
                guard i + 1 < args.count else { throw UsageError("--out needs a folder") }
                out = args[i + 1]
                i += 1
            case "--scale":
                guard i + 1 < args.count, let v = Double(args[i + 1]), v >= 0.25, v <= 4 else {
                    throw UsageError("--scale needs a number from 0.25 to 4")
                }
                scale = v
                i += 1
            default: throw UsageError("demo: unknown option '\(args[i])'")
            }
            i += 1
        }
        let sheets: [(String, () throws -> Pixmap)] = [
            ("raster-demo.png", { RasterDemo.sheet(scale: scale) }),
            ("text-demo.png", { try RasterDemo.textSheet() }),
        ]
        for (name, draw) in sheets {
            let start = Date()
            let sheet = try draw()
            let url = URL(fileURLWithPath: out).appendingPathComponent(name)
            try writeAtomically(try PNGCodec.encode(sheet), to: url)
            let ms = Int(Date().timeIntervalSince(start) * 1000)
            if !quiet { print("wrote \(url.path) (\(sheet.width)×\(sheet.height) px, \(ms) ms)") }
        }
        return 0
    }
}
