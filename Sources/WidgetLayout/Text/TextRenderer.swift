// Drawing laid-out text: every glyph outline (cached in font units) is placed into one path and
// filled once, through the same coverage rasterizer as every other shape, so text and shapes are
// anti-aliased identically and deterministically.
import RasterCore
import WidgetModel

extension TextLayout {
    /// All glyph outlines of the layout as one path, in points, with the layout's top-left corner
    /// at `origin`.
    public func path(at origin: Point = .zero) -> Path {
        var path = Path()
        for line in lines {
            for g in line.glyphs {
                let k = g.size / g.face.unitsPerEm
                let outline = g.face.outline(glyph: g.glyph)
                if outline.isEmpty { continue }
                path.addPath(outline, transform: Transform(a: k, b: 0, c: 0, d: -k, tx: origin.x + g.x, ty: origin.y + g.baseline))
            }
        }
        return path
    }
}

extension Canvas {
    /// Draws `layout` with its top-left corner at `origin` (user space, mapped by `transform`).
    public mutating func draw(
        _ layout: TextLayout, at origin: Point, with paint: Paint, transform: Transform = .identity,
        opacity: Double = 1, blendMode: BlendMode = .sourceOver
    ) {
        let path = layout.path(at: origin)
        guard !path.isEmpty else { return }
        fill(path, with: paint, rule: .nonZero, transform: transform, opacity: opacity, blendMode: blendMode)
    }
}
