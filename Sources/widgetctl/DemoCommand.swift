import Foundation
import WidgetRaster

enum DemoCommand {
    static let help = """
    OVERVIEW: Render the raster-core demo sheet.

    USAGE: widgetctl demo [--out DIR] [--scale S]

    OPTIONS:
      --out DIR     Folder to write raster-demo.png into (default: renders/demo).
      --scale S     Pixel scale, 0.25...4 (default: 1, 960×640 px).
    """

    static func run(_ args: [String]) throws -> Int32 {
        var out = "renders/demo"
        var scale = 1.0
        var i = 0
        while i < args.count {
            switch args[i] {
            case "-h", "--help": print(help); return 0
            case "--out":
                guard i + 1 < args.count else { throw UsageError("--out needs a folder") }
                out = args[i + 1]; i += 1
            case "--scale":
                guard i + 1 < args.count, let v = Double(args[i + 1]), v >= 0.25, v <= 4 else {
                    throw UsageError("--scale needs a number from 0.25 to 4")
                }
                scale = v; i += 1
            default: throw UsageError("demo: unknown option '\(args[i])'")
            }
            i += 1
        }
        let start = Date()
        let sheet = RasterDemo.sheet(scale: scale)
        let url = URL(fileURLWithPath: out).appendingPathComponent("raster-demo.png")
        try writeAtomically(try PNGCodec.encode(sheet), to: url)
        let ms = Int(Date().timeIntervalSince(start) * 1000)
        print("wrote \(url.path) (\(sheet.width)×\(sheet.height) px, \(ms) ms)")
        return 0
    }
}
