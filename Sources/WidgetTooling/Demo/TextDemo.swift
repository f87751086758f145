// The text sheet `widgetctl demo` writes (FeatureGoldenTests pins the text features one by one):
// every text style, the nine weights, a wrapped and truncated paragraph, mixed scripts, tabular
// figures and italics.
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

extension RasterDemo {
    /// Every text style, the nine weights, a wrapped and truncated paragraph, mixed scripts, at 2x.
    public static func textSheet(library: FontLibrary = .shared) throws -> Pixmap {
        let engine = TextLayoutEngine(library: library)
        var c = Canvas(width: 1000, height: 820)!
        c.paint(.solid(.white))
        let s = Transform.scale(2)
        var y = 8.0
        for style in TextStyle.allCases {
            let l = try engine.layout("\(style) · Cupertino 72° Sunny", options: TextOptions(font: .style(style), displayScale: 2))
            c.draw(l, at: Point(8, y), with: .solid(.black), transform: s)
            y += l.size.height + 2
        }
        for weight in FontWeight.allCases {
            let l = try engine.layout("\(weight) 1234", options: TextOptions(font: FontSpec(size: 15, weight: weight), displayScale: 2))
            c.draw(l, at: Point(8 + Double(FontWeight.allCases.firstIndex(of: weight)! % 3) * 160, y), with: .solid(.black), transform: s)
            if FontWeight.allCases.firstIndex(of: weight)! % 3 == 2 { y += l.size.height + 2 }
        }
        let wrapped = try engine.layout(
            "The quick brown fox jumps over the lazy dog near the riverbank, twice.",
            options: TextOptions(font: .body, lineLimit: 3, alignment: .center, displayScale: 2), maxWidth: 180)
        c.fill(Path(rect: Rect(x: 8, y: y, width: 180, height: wrapped.size.height)), with: .solid(RGBA(hex: "#E8F0FF")!), transform: s)
        c.draw(wrapped, at: Point(8 + (180 - wrapped.size.width) / 2, y), with: .solid(RGBA(hex: "#0A60FF")!), transform: s)
        let mixed = try engine.layout("Hello مرحبا 123 שלום world ->", options: TextOptions(font: .style(.title3), displayScale: 2))
        c.draw(mixed, at: Point(210, y), with: .solid(.black), transform: s)
        let mono = try engine.layout(
            "tabular 10:09 · italic", options: TextOptions(font: FontSpec(size: 15, italic: true, monospacedDigit: true), displayScale: 2))
        c.draw(mono, at: Point(210, y + 34), with: .solid(.black), transform: s)
        return c.pixmap
    }

}
