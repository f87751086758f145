import CAllocator
// `make bench`: median times of the raster core's hot paths, release build, one core.
// Usage: widgetbench [runs] [name filter]. Figures are medians over repeated runs with min and
// max, since the machines are noisy; compare ratios, not single numbers.
import Foundation
import WidgetModel
import WidgetRaster
import WidgetTooling

callocator_keep_large_blocks()  // as widgetctl does
let args = CommandLine.arguments
// Runs: 1…1000 (0 or junk would leave no sample to take a median of).
let runs = args.count > 1 ? max(1, min(1000, Int(args[1]) ?? 15)) : 15
let only = args.count > 2 ? args[2] : ""

/// Runs `body` `runs` times after one warm-up and prints median, min, max and throughput.
func bench(_ name: String, pixels: Int? = nil, extra: () -> String = { "" }, _ body: () -> Void) {
    guard only.isEmpty || name.contains(only) else { return }
    body()
    var samples: [Double] = []
    for _ in 0..<runs {
        let t0 = DispatchTime.now().uptimeNanoseconds
        body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
    }
    samples.sort()
    let median = samples[samples.count / 2]
    var line = name.padding(toLength: 46, withPad: " ", startingAt: 0)
    line += String(format: "median %8.2f ms  (min %7.2f, max %7.2f)", median * 1000, samples[0] * 1000, samples[samples.count - 1] * 1000)
    if let pixels { line += String(format: "  %6.1f Mpx/s", Double(pixels) / median / 1e6) }
    let e = extra()
    print(line + (e.isEmpty ? "" : "  " + e))
}

// The whole-process targets first (`widgetbench RUNS targets` alone; `scale` adds the large run).
if only.isEmpty || only == "targets" || only == "scale" {
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
    targetsSection(runs: runs, samples: samples, scale: only == "scale")
    if !only.isEmpty { exit(0) }
}

// `widgetbench RUNS encode DIR`: the default PNG encoder (and the contact-sheet thumbnail
// resize) on every PNG under DIR (a render folder), in process, one core: the encoder's share of
// a render measured without the process around it.
if only == "encode", args.count > 3 {
    let dir = URL(fileURLWithPath: args[3])
    var images: [Pixmap] = []
    let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)
    while let u = e?.nextObject() as? URL, images.count < 1000 {
        guard u.pathExtension == "png", let data = try? Data(contentsOf: u), let p = try? PNGCodec.decode([UInt8](data)) else { continue }
        images.append(p)
    }
    let px = images.reduce(0) { $0 + $1.width * $1.height }
    print(String(format: "%d images, %.1f Mpx", images.count, Double(px) / 1e6))
    var bytes = 0
    bench("encode: PNG fast, every image", pixels: px, extra: { "\(bytes / 1024) KiB" }) {
        bytes = images.reduce(0) { $0 + ((try? PNGCodec.encode($1).count) ?? 0) }
    }
    bench("encode: sheet thumbnails (3x → 2 px/pt)", pixels: px) {
        for p in images { _ = ContactSheet.thumbnail(p, scale: 3) }
    }
    exit(0)
}

let W = 1049
let H = 1095  // systemLarge on iPhone 17 Pro at 3x
print("widgetbench: raster core on a \(W)×\(H) canvas (systemLarge @3x), \(runs) runs each, one core")

// 1,000 anti-aliased rounded rectangles with continuous corners, random sizes and translucent colours.
struct LCG {
    var s: UInt64
    mutating func next() -> Double {
        s = s &* 6364136223846793005 &+ 1442695040888963407
        return Double(s >> 11) / Double(1 << 53)
    }
}
var lcg = LCG(s: 12345)
let rects: [(Path, RGBA)] = (0..<1000).map { _ in
    let w = 20 + lcg.next() * 180
    let h = 20 + lcg.next() * 180
    let x = lcg.next() * (Double(W) - w)
    let y = lcg.next() * (Double(H) - h)
    let path = Path(roundedRect: Rect(x: x, y: y, width: w, height: h), cornerRadius: 4 + lcg.next() * 30, style: .continuous)
    return (path, RGBA(red: lcg.next(), green: lcg.next(), blue: lcg.next(), alpha: 0.3 + 0.7 * lcg.next()))
}
func drawRects() -> Pixmap {
    var canvas = Canvas(width: W, height: H)!
    for (p, c) in rects { canvas.fill(p, with: .solid(c)) }
    return canvas.pixmap
}
var scene = drawRects()

// `widgetbench 0 dump-rects FILE` writes the 1,000 paths as JSON for skia_compare.py.
if only == "dump-rects", args.count > 3 {
    var items: [String] = []
    for (path, c) in rects {
        var ops: [String] = []
        for e in path.elements {
            switch e {
            case .move(let p): ops.append("[\"M\",\(p.x),\(p.y)]")
            case .line(let p): ops.append("[\"L\",\(p.x),\(p.y)]")
            case .quad(let c1, let p): ops.append("[\"Q\",\(c1.x),\(c1.y),\(p.x),\(p.y)]")
            case .cubic(let c1, let c2, let p): ops.append("[\"C\",\(c1.x),\(c1.y),\(c2.x),\(c2.y),\(p.x),\(p.y)]")
            case .close: ops.append("[\"Z\"]")
            }
        }
        items.append("{\"rgba\":[\(c.red),\(c.green),\(c.blue),\(c.alpha)],\"path\":[\(ops.joined(separator: ","))]}")
    }
    try! ("{\"width\":\(W),\"height\":\(H),\"shapes\":[" + items.joined(separator: ",\n") + "]}").write(
        toFile: args[3], atomically: true, encoding: .utf8)
    exit(0)
}
bench("1,000 rounded rects (continuous, AA)", extra: { "" }) { scene = drawRects() }

for sigma in [30.0, 8, 3] {
    bench("Gaussian blur σ = \(Int(sigma)) px", pixels: W * H) {
        var p = scene
        GaussianBlur.apply(to: &p, sigma: sigma)
    }
}

// The encoders get a glass-like frame (the blurred scene) and the sharp rect scene.
var frame = scene
GaussianBlur.apply(to: &frame, sigma: 30)
for (label, image) in [("blurred frame", frame), ("rect scene", scene)] {
    for (name, options) in [
        ("PNG fast (default)", PNGOptions.fast), ("PNG zlib 1 paeth rle", PNGOptions(level: 1, filters: .paeth, strategy: .rle)),
        ("PNG zlib 6", PNGOptions.standard),
    ] {
        var bytes = 0
        bench("\(name), \(label)", pixels: W * H, extra: { "\(bytes / 1024) KiB" }) {
            bytes = (try? PNGCodec.encode(image, options: options).count) ?? 0
        }
    }
}
var jpegBytes = 0
bench("JPEG q90 4:4:4, blurred frame", pixels: W * H, extra: { "\(jpegBytes / 1024) KiB" }) {
    jpegBytes = (try? JPEGCodec.encode(frame, options: JPEGOptions(quality: 90)).count) ?? 0
}

// The PNG settings matrix behind `PNGOptions.fast` (run `widgetbench 9 png-matrix`).
if only == "png-matrix" {
    for (label, image) in [("blurred", frame), ("rects", scene)] {
        for level in [1, 2, 3] {
            for filters in PNGOptions.Filters.allCases {
                for strategy in PNGOptions.Strategy.allCases {
                    let o = PNGOptions(level: level, filters: filters, strategy: strategy)
                    var bytes = 0
                    var t: [Double] = []
                    for _ in 0..<5 {
                        let t0 = DispatchTime.now().uptimeNanoseconds
                        bytes = (try? PNGCodec.encode(image, options: o).count) ?? 0
                        t.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
                    }
                    t.sort()
                    print(
                        String(
                            format: "%@ level %d %@ %@: %.1f ms %d KiB", label, level, filters.rawValue, strategy.rawValue, t[2],
                            bytes / 1024))
                }
            }
        }
    }
}

// Text: shaping and drawing 1,000 short labels (a widget's worth of text is 5–20).
do {
    let engine = TextLayoutEngine()
    let words = [
        "72°", "Cupertino", "Mostly Sunny", "H:78° L:61°", "9:41", "Up Next", "Team Sync", "3:30 PM",
        "AAPL", "+1.24%", "Move", "320/500 CAL", "Exercise", "Stand", "Battery 82%", "Messages",
    ]
    let styles: [FontSpec] = [.style(.largeTitle), .style(.headline), .style(.body), .style(.caption), FontSpec(size: 44, weight: .light)]
    let labels = (0..<1000).map { (words[$0 % words.count] + ($0 % 7 == 0 ? " \($0)" : ""), styles[$0 % styles.count]) }
    var layouts: [TextLayout] = []
    bench("shape 1,000 short labels", extra: { "" }) {
        layouts = labels.map { try! engine.layout($0.0, options: TextOptions(font: $0.1, displayScale: 3)) }
    }
    layouts = labels.map { try! engine.layout($0.0, options: TextOptions(font: $0.1, displayScale: 3)) }
    bench("draw 1,000 short labels (3x)", extra: { "" }) {
        var c = Canvas(width: W, height: H)!
        for (i, l) in layouts.enumerated() {
            c.draw(l, at: Point(Double(i % 5) * 70, Double(i / 5 % 60) * 6), with: .solid(.black), transform: .scale(3))
        }
    }
}

// Time per variant by appearance: systemLarge of the weather Sample on the default device,
// resolve + layout + composite (encode excluded).
do {
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
    if let spec = try? WidgetSpec.load(contentsOf: samples.appendingPathComponent("weather.widget.json")) {
        let renderer = SpecRenderer(spec: spec)
        var medians: [Appearance: Double] = [:]
        for a in [Appearance.light, .dark, .clearLight, .clearDark, .tintedLight, .tintedDark] {
            let v = Variant(entry: 0, family: .systemLarge, appearance: a)
            var samplesMs: [Double] = []
            _ = try? renderer.render(v)
            for _ in 0..<max(3, runs) {
                let t0 = DispatchTime.now().uptimeNanoseconds
                _ = try? renderer.render(v)
                samplesMs.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            }
            samplesMs.sort()
            medians[a] = samplesMs[samplesMs.count / 2]
            if only.isEmpty || "variant".contains(only) || only == "modes" {
                print(
                    String(
                        format: "systemLarge variant, %-12@ median %7.2f ms  (min %6.2f, max %6.2f)", a.rawValue,
                        samplesMs[samplesMs.count / 2], samplesMs[0], samplesMs[samplesMs.count - 1]))
            }
        }
        if only.isEmpty || only == "modes", let light = medians[.light], let glass = medians[.clearLight] {
            print(String(format: "glass / full colour: %.2f× (clearLight %.1f ms vs light %.1f ms)", glass / light, glass, light))
        }
    }
}

// Time per variant, per family, light and tintedDark, split by stage: resolve, layout (incl.
// text shaping and recording), composite (backdrop, raster, glass), PNG encode (fast). The weather
// Sample for system families, the Lock Screen Sample for accessory ones; default device.
if only.isEmpty || only == "stages" {
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
    print("per variant by stage (medians of \(runs), ms)      resolve  layout composite  encode   total   KiB")
    for (file, families) in [
        ("weather", [WidgetFamily.systemSmall, .systemMedium, .systemLarge]),
        ("lockscreen", [WidgetFamily.accessoryCircular, .accessoryRectangular, .accessoryInline]),
    ] {
        guard let spec = try? WidgetSpec.load(contentsOf: samples.appendingPathComponent("\(file).widget.json")) else { continue }
        let renderer = SpecRenderer(spec: spec)
        for family in families {
            let appearances: [Appearance] = family.isSystem ? [.light, .tintedDark] : [.lockScreen]
            for a in appearances {
                let v = Variant(entry: 0, family: family, appearance: a)
                var r: [Double] = []
                var l: [Double] = []
                var c: [Double] = []
                var e: [Double] = []
                var t: [Double] = []
                var bytes = 0
                _ = try? renderer.render(v)
                for _ in 0..<runs {
                    guard let out = try? renderer.render(v) else { break }
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    let png = try! PNGCodec.encode(out.pixmap)
                    let enc = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
                    bytes = png.count
                    r.append(out.timings.resolve * 1000)
                    l.append(out.timings.layout * 1000)
                    c.append(out.timings.composite * 1000)
                    e.append(enc)
                    t.append((out.timings.resolve + out.timings.layout + out.timings.composite) * 1000 + enc)
                }
                func med(_ x: [Double]) -> Double { x.isEmpty ? .nan : x.sorted()[x.count / 2] }
                let name =
                    "  " + family.rawValue.padding(toLength: 21, withPad: " ", startingAt: 0)
                    + a.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
                print(name + String(format: "%7.2f %7.2f %9.2f %7.2f %7.2f %5d", med(r), med(l), med(c), med(e), med(t), bytes / 1024))
            }
        }
    }
}

// The generated home-screen wallpaper a glass variant needs (once per renderer).
if only.isEmpty || only == "wallpaper" {
    let device = DeviceCatalog.default
    let size = HomeScreen.screen(of: device)
    bench("aurora wallpaper + home screen (\(Int(size.width * 3))×\(Int(size.height * 3)))") {
        let base = Wallpaper.generate(.aurora, width: Int((size.width * 3).rounded()), height: Int((size.height * 3).rounded()))
        _ = HomeScreen.screenWallpaper(base, device: device, scale: 3)
    }
}

// Whole batches, as `widgetctl render` runs them: each Sample's matrix (all entries × its families
// × the six home-screen appearances, or the Lock Screen one for accessory widgets) with --jobs 1
// and --jobs 2, written as PNG to a temporary folder (contact sheet off). Medians of a few runs.
if only.isEmpty || only == "batch" {
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
    let home: [Appearance] = [.light, .dark, .clearLight, .clearDark, .tintedLight, .tintedDark]
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("widgetbench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: out) }
    let batchRuns = max(3, runs / 3)
    print("batch (\(batchRuns) runs each, PNG fast, files written):")
    for name in ["weather", "calendar", "fitness", "stocks", "lockscreen"] {
        guard let spec = try? WidgetSpec.load(contentsOf: samples.appendingPathComponent("\(name).widget.json")) else { continue }
        var medians: [Int: Double] = [:]
        var variants = 0
        var pixels = 0
        var bytes = 0
        for jobs in [1, 2] {
            var options = BatchOptions(outputDirectory: out)
            options.appearances = spec.supportedFamilies.allSatisfy { $0.rawValue.hasPrefix("accessory") } ? [.lockScreen] : home
            options.jobs = jobs
            options.contactSheet = false
            var times: [Double] = []
            for _ in 0..<batchRuns {
                let report = try! BatchRenderer(options: options).run([spec])
                times.append(report.seconds)
                variants = report.files.count
                pixels = report.files.reduce(0) { $0 + $1.pixelWidth * $1.pixelHeight }
                bytes = report.files.reduce(0) { $0 + $1.bytes }
            }
            times.sort()
            medians[jobs] = times[times.count / 2]
        }
        let one = medians[1]!
        let two = medians[2]!
        print(
            String(
                format:
                    "  %-10@ %3d variants %5.1f Mpx  jobs 1: %6.0f ms (%5.1f img/s, %5.1f ms/Mpx)  jobs 2: %6.0f ms (%5.1f img/s)  ×%.2f  PNG %4.0f KiB/variant",
                name, variants, Double(pixels) / 1e6, one * 1000, Double(variants) / one, one * 1000 / (Double(pixels) / 1e6),
                two * 1000, Double(variants) / two, one / two, Double(bytes) / Double(max(1, variants)) / 1024))
    }
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    print(String(format: "peak resident memory of this process: %.0f MB", Double(usage.ru_maxrss) / 1024))
}
