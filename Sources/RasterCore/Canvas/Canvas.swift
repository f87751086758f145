// The drawing surface: fills, strokes and images through the coverage rasterizer and span
// blending, with nested clips (rectangles stay rectangles; other shapes become masks) and
// isolated layers composited with an opacity and a blend mode.
//
// A Canvas is a value owned by one worker; it keeps its rasterizer's buffers between draws, so a
// render does not allocate per shape beyond the flattened path.
import WidgetModel

/// A pixmap plus the state needed to draw into it.
public struct Canvas {
    /// The image being drawn (the current layer's pixels while a layer is open).
    public private(set) var pixmap: Pixmap
    /// Device-space flattening tolerance, in pixels.
    public var tolerance: Double = defaultFlatteningTolerance
    /// Whether shapes are anti-aliased. Off snaps coverage to 0 or 255 (for hit masks and tests).
    public var antiAlias = true
    /// Where fills with many path elements keep their coverage for later canvases (nil: none).
    /// The pixels are the same with or without it.
    public var coverageCache: CoverageCache? = nil

    private let rasterizer = CoverageRasterizer()
    private var state = ClipState()
    private var clipStack: [ClipState] = []
    private var layerStack: [SavedLayer] = []
    private var scratch: [UInt32] = []
    private var coverageScratch: [UInt8] = []

    struct ClipState {
        var rect: IntRect?
        var mask: Mask?
    }
    struct SavedLayer {
        var parent: Pixmap
        var opacity: Double
        var blendMode: BlendMode
        var clip: ClipState
        var clipDepth: Int
    }

    public init(_ pixmap: Pixmap) { self.pixmap = pixmap }

    /// A transparent canvas, or nil for a size the Pixmap refuses.
    public init?(width: Int, height: Int) {
        guard let p = Pixmap(width: width, height: height) else { return nil }
        self.init(p)
    }

    public var width: Int { pixmap.width }
    public var height: Int { pixmap.height }

    /// The area drawing may touch: the pixmap, narrowed by the current clip.
    public var clipBounds: IntRect {
        var r = state.rect ?? pixmap.bounds
        if let m = state.mask { r = r.intersection(m.bounds) }
        return r.intersection(pixmap.bounds)
    }

    // MARK: Drawing

    /// Fills `path` (transformed by `transform`) with `paint`.
    public mutating func fill(
        _ path: Path, with paint: Paint, rule: FillRule = .nonZero,
        transform: Transform = .identity, opacity: Double = 1,
        blendMode: BlendMode = .sourceOver
    ) {
        let shader = Shader(paint, transform: transform, opacity: opacity)
        if let cache = coverageCache, path.elements.count >= CoverageCache.minimumElements {
            let clip = clipBounds
            guard !clip.isEmpty else { return }
            let key = CoverageCache.Key(path: path, transform: transform, tolerance: tolerance, rule: rule, clip: clip)
            if let entry = cache.entry(key) {
                withPaintSink(shader: shader, blendMode: blendMode) { entry.replay(into: &$0) }
                return
            }
            let polys = path.flattened(transform: transform, tolerance: tolerance)
            guard !polys.isEmpty else { return }
            let rasterizer = self.rasterizer
            let limit = cache.maxEntryBytes
            var recorded: CoverageCache.Entry? = nil
            withPaintSink(shader: shader, blendMode: blendMode) { sink in
                var recorder = RecordingSink(sink, limit: limit)
                rasterizer.rasterize(polys, rule: rule, clip: clip, into: &recorder)
                sink = recorder.inner
                if recorder.complete { recorded = CoverageCache.Entry(runs: recorder.runs, bytes: recorder.bytes) }
            }
            if let recorded { cache.insert(key, recorded) }
            return
        }
        let polys = path.flattened(transform: transform, tolerance: tolerance)
        fillPolygons(polys, rule: rule, shader: shader, blendMode: blendMode)
    }

    /// Runs `body` with the sink that blends coverage into the pixels with `shader` through the
    /// clip mask (what `fillPolygons` hands the rasterizer).
    private mutating func withPaintSink(shader: Shader, blendMode: BlendMode, _ body: (inout PaintSink) -> Void) {
        let w = pixmap.width
        if scratch.count < w { scratch = [UInt32](repeating: 0, count: w) }
        if coverageScratch.count < w { coverageScratch = [UInt8](repeating: 0, count: w) }
        let mask = state.mask
        let aa = antiAlias
        scratch.withUnsafeMutableBufferPointer { src in
            coverageScratch.withUnsafeMutableBufferPointer { cov in
                pixmap.pixels.withUnsafeMutableBufferPointer { pixels in
                    func run(_ maskValues: UnsafePointer<UInt8>?) {
                        var sink = PaintSink(
                            pixels: pixels.baseAddress!, width: w, shader: shader, solid: shader.solidColor,
                            mode: blendMode, source: src.baseAddress!, coverage: cov.baseAddress!,
                            mask: maskValues, antiAlias: aa)
                        body(&sink)
                    }
                    if let mask {
                        mask.values.withUnsafeBufferPointer { run($0.baseAddress!) }
                    } else {
                        run(nil)
                    }
                }
            }
        }
    }

    /// Strokes `path` with `style` and fills the outline with `paint`.
    public mutating func stroke(
        _ path: Path, style: StrokeStyle, with paint: Paint,
        transform: Transform = .identity, opacity: Double = 1,
        blendMode: BlendMode = .sourceOver
    ) {
        let outline = path.strokeOutline(style, transform: transform, tolerance: tolerance)
        fillPolygons(outline, rule: .nonZero, shader: Shader(paint, transform: transform, opacity: opacity), blendMode: blendMode)
    }

    /// Draws `image` into `rect`, placed by `mode`; the part outside `rect` is clipped.
    public mutating func drawImage(
        _ image: Pixmap, in rect: Rect, mode: ContentMode = .stretch,
        filter: ImageFilter = .bilinear, transform: Transform = .identity,
        opacity: Double = 1, blendMode: BlendMode = .sourceOver
    ) {
        let placement = Paint.imageTransform(imageWidth: image.width, imageHeight: image.height, in: rect, mode: mode)
        var target = rect
        if mode == .fit {
            let s = placement.a
            target = Rect(x: placement.tx, y: placement.ty, width: Double(image.width) * s, height: Double(image.height) * s)
        }
        fill(
            Path(rect: target), with: .image(image, transform: placement, filter: filter),
            transform: transform, opacity: opacity, blendMode: blendMode)
    }

    /// Fills device-space polygons with a resolved shader.
    mutating func fillPolygons(_ polys: [Polyline], rule: FillRule, shader: Shader, blendMode: BlendMode) {
        let clip = clipBounds
        guard !clip.isEmpty, !polys.isEmpty else { return }
        let rasterizer = self.rasterizer
        withPaintSink(shader: shader, blendMode: blendMode) { rasterizer.rasterize(polys, rule: rule, clip: clip, into: &$0) }
    }

    /// Replaces every pixel inside the clip with `color` blended by `blendMode` (a full-canvas paint).
    public mutating func paint(_ paint: Paint, opacity: Double = 1, blendMode: BlendMode = .sourceOver) {
        fill(
            Path(rect: Rect(x: 0, y: 0, width: Double(width), height: Double(height))), with: paint,
            opacity: opacity, blendMode: blendMode)
    }

    // MARK: Clipping

    /// Narrows the clip to `path`. Pixel-aligned axis-aligned rectangles narrow a rectangle;
    /// anything else builds a coverage mask (anti-aliased edges, nested clips multiply).
    public mutating func clip(to path: Path, rule: FillRule = .nonZero, transform: Transform = .identity) {
        clipStack.append(state)
        if let r = pixelAlignedRect(path, transform) {
            state.rect = (state.rect ?? pixmap.bounds).intersection(r)
            return
        }
        let polys = path.flattened(transform: transform, tolerance: tolerance)
        state.mask = Mask(
            polys, rule: rule, width: pixmap.width, height: pixmap.height,
            clip: clipBounds, previous: state.mask, rasterizer: rasterizer)
    }

    /// The clip's coverage mask, when the clip is not a pixel-aligned rectangle: a caller that
    /// clips many canvases of one size to one path keeps it and clips later canvases with
    /// `clip(toMask:)`, without rasterizing the path again.
    public var clipMask: Mask? { state.mask }

    /// Clips a canvas that has no clip yet to a mask of its size (`clipMask` of a canvas of the
    /// same size clipped to a path: then exactly what `clip(to:)` with that path gives).
    public mutating func clip(toMask mask: Mask) {
        precondition(mask.width == width && mask.height == height, "mask size differs from canvas")
        precondition(state.mask == nil && state.rect == nil, "clip(toMask:) on a canvas that already has a clip")
        clipStack.append(state)
        state.mask = mask
    }

    /// Restores the clip in force before the matching `clip(to:)`.
    public mutating func restoreClip() {
        if let last = clipStack.popLast() { state = last }
    }

    /// The number of clips currently pushed.
    public var clipDepth: Int { clipStack.count }

    private func pixelAlignedRect(_ path: Path, _ t: Transform) -> IntRect? {
        guard t.isAxisAligned else { return nil }
        let e = path.elements
        guard e.count == 6 || e.count == 5, case .move = e[0] else { return nil }
        var pts: [Point] = []
        for el in e {
            switch el {
            case .move(let p), .line(let p): pts.append(t.apply(p))
            case .close: break
            default: return nil
            }
        }
        guard pts.count == 4 || (pts.count == 5 && pts[4] == pts[0]) else { return nil }
        let xs = Set(pts.prefix(4).map(\.x))
        let ys = Set(pts.prefix(4).map(\.y))
        guard xs.count == 2, ys.count == 2, xs.allSatisfy({ $0 == $0.rounded() }), ys.allSatisfy({ $0 == $0.rounded() }) else { return nil }
        // Each consecutive pair must differ in exactly one coordinate to be a rectangle.
        for i in 0..<4 {
            let a = pts[i]
            let b = pts[(i + 1) % 4]
            if (a.x != b.x) == (a.y != b.y) { return nil }
        }
        let r = Rect(corners: Point(xs.min()!, ys.min()!), Point(xs.max()!, ys.max()!))
        return IntRect(enclosing: r)
    }

    // MARK: Layers

    /// Starts an isolated layer: drawing goes to a transparent pixmap until `endLayer()`, which
    /// composites it onto what was below with `opacity` and `blendMode`, through the clip in force now.
    public mutating func beginLayer(opacity: Double = 1, blendMode: BlendMode = .sourceOver) {
        let layer = Pixmap(width: pixmap.width, height: pixmap.height)!
        layerStack.append(
            SavedLayer(
                parent: pixmap, opacity: opacity, blendMode: blendMode,
                clip: state, clipDepth: clipStack.count))
        pixmap = layer
    }

    /// Ends the innermost layer and composites it. Clips pushed inside the layer are popped.
    public mutating func endLayer() {
        guard let (layer, saved) = popLayer() else { return }
        composite(layer, opacity: saved.opacity, blendMode: saved.blendMode)
    }

    /// Pops the innermost layer: its clips are popped and the parent is the canvas again. The
    /// parent is moved back, not shared: while the popped record still held its pixels, the
    /// composite that follows copied the whole frame on write (a test checks the frame's buffer
    /// is the same one after a layer; it was not).
    private mutating func popLayer() -> (layer: Pixmap, saved: SavedLayer)? {
        guard var saved = layerStack.popLast() else { return nil }
        while clipStack.count > saved.clipDepth { restoreClip() }
        state = saved.clip
        let layer = pixmap
        pixmap = saved.parent
        saved.parent = Canvas.placeholder
        return (layer, saved)
    }

    /// What a popped layer record holds instead of its parent's pixels.
    private static let placeholder = Pixmap(width: 1, height: 1)!

    /// Ends the innermost layer like `endLayer()`, first applying `effects` to its pixels:
    /// luminance to alpha, and a drop shadow made from the layer's own alpha (tinted, blurred,
    /// offset) composited beneath it.
    public mutating func endLayer(effects: LayerEffects) {
        guard case (var layer, let saved)? = popLayer() else { return }
        if effects.luminanceToAlpha { ColorMatrix.luminanceToAlpha.apply(to: &layer) }
        for matrix in effects.colorMatrices { matrix.apply(to: &layer) }
        if effects.blurSigma > 0 {
            GaussianBlur.apply(to: &layer, sigma: effects.blurSigma, edge: effects.blurOpaque ? .clamp : .transparent)
        }
        if let shadow = effects.shadow {
            var shade = layer
            ColorMatrix.tint(
                red: shadow.color.red, green: shadow.color.green, blue: shadow.color.blue,
                alpha: shadow.color.alpha
            ).apply(to: &shade)
            GaussianBlur.apply(to: &shade, sigma: shadow.sigma, edge: .transparent)
            shade = shade.shifted(dx: clampedInt(shadow.dx), dy: clampedInt(shadow.dy))
            composite(shade, opacity: saved.opacity, blendMode: saved.blendMode)
        }
        composite(layer, opacity: saved.opacity, blendMode: saved.blendMode)
    }

    /// Ends the innermost layer without compositing it and returns its pixels (a mask being drawn).
    public mutating func takeLayer() -> Pixmap? {
        popLayer()?.layer
    }

    /// Multiplies the current layer by `mask`'s alpha (a pixmap of the canvas's size): SwiftUI's `mask`.
    public mutating func applyMask(_ mask: Pixmap) {
        guard mask.width == width, mask.height == height else { return }
        let n = width * height
        pixmap.pixels.withUnsafeMutableBufferPointer { dst in
            mask.pixels.withUnsafeBufferPointer { m in
                for i in 0..<n {
                    let a = m[i] >> 24
                    if a == 255 { continue }
                    if a == 0 {
                        dst[i] = 0
                        continue
                    }
                    let p = dst[i]
                    let r = div255((p & 0xFF) * a)
                    let g = div255(((p >> 8) & 0xFF) * a)
                    let b = div255(((p >> 16) & 0xFF) * a)
                    let al = div255((p >> 24) * a)
                    dst[i] = r | (g << 8) | (b << 16) | (al << 24)
                }
            }
        }
    }

    /// The number of open layers.
    public var layerDepth: Int { layerStack.count }

    /// Draws `image` source-over with its top-left corner at whole pixel (`x`, `y`): a row blit,
    /// the same pixels as `drawImage` at 1:1 with nearest sampling, without its per-pixel
    /// sampling. Parts outside the canvas are dropped; the clip is not applied.
    public mutating func blend(_ image: Pixmap, x: Int, y: Int) {
        let area = IntRect(x: x, y: y, width: image.width, height: image.height).intersection(pixmap.bounds)
        guard !area.isEmpty else { return }
        let w = width
        let iw = image.width
        pixmap.pixels.withUnsafeMutableBufferPointer { dst in
            image.pixels.withUnsafeBufferPointer { src in
                for row in area.y..<area.maxY {
                    Blit.row(
                        src.baseAddress! + (row - y) * iw + (area.x - x), count: area.width, alpha: 255,
                        into: dst.baseAddress! + row * w + area.x, mode: .sourceOver)
                }
            }
        }
    }

    /// Composites a pixmap of the canvas's size onto it through the current clip.
    public mutating func composite(_ layer: Pixmap, opacity: Double = 1, blendMode: BlendMode = .sourceOver) {
        precondition(layer.width == width && layer.height == height, "layer size differs from canvas")
        let area = blendMode.affectsTransparentSource ? (state.rect ?? pixmap.bounds).intersection(pixmap.bounds) : clipBounds
        guard !area.isEmpty else { return }
        let alpha = UInt32((clamp01(opacity) * 255).rounded())
        let w = width
        let mask = state.mask
        if coverageScratch.count < w { coverageScratch = [UInt8](repeating: 0, count: w) }
        pixmap.pixels.withUnsafeMutableBufferPointer { dst in
            layer.pixels.withUnsafeBufferPointer { src in
                if let mask {
                    mask.values.withUnsafeBufferPointer { m in
                        coverageScratch.withUnsafeMutableBufferPointer { cov in
                            for y in area.y..<area.maxY {
                                let off = y * w + area.x
                                for i in 0..<area.width { cov[i] = UInt8(div255(UInt32(m[off + i]) * alpha)) }
                                Blit.shaded(
                                    src.baseAddress! + off, coverage: cov.baseAddress!, count: area.width,
                                    into: dst.baseAddress! + off, mode: blendMode)
                            }
                        }
                    }
                } else {
                    for y in area.y..<area.maxY {
                        let off = y * w + area.x
                        Blit.row(
                            src.baseAddress! + off, count: area.width, alpha: alpha,
                            into: dst.baseAddress! + off, mode: blendMode)
                    }
                }
            }
        }
    }
}

/// Effects applied to a layer when it ends.
public struct LayerEffects {
    public var shadow: (color: RGBA, sigma: Double, dx: Double, dy: Double)?
    public var luminanceToAlpha = false
    /// Colour matrices, applied in order after luminance to alpha.
    public var colorMatrices: [ColorMatrix] = []
    /// A Gaussian blur of the layer (standard deviation in pixels; 0 for none); opaque repeats the
    /// edge pixels outwards instead of fading to transparent.
    public var blurSigma: Double = 0
    public var blurOpaque = false
    public init(
        shadow: (color: RGBA, sigma: Double, dx: Double, dy: Double)? = nil, luminanceToAlpha: Bool = false,
        colorMatrices: [ColorMatrix] = [], blurSigma: Double = 0, blurOpaque: Bool = false
    ) {
        self.shadow = shadow
        self.luminanceToAlpha = luminanceToAlpha
        self.colorMatrices = colorMatrices
        self.blurSigma = blurSigma
        self.blurOpaque = blurOpaque
    }
}

extension Pixmap {
    /// A copy moved by whole pixels; uncovered pixels become transparent.
    public func shifted(dx: Int, dy: Int) -> Pixmap {
        if dx == 0 && dy == 0 { return self }
        var out = Pixmap(width: width, height: height)!
        for y in 0..<height {
            let sy = y - dy
            guard sy >= 0 && sy < height else { continue }
            for x in 0..<width {
                let sx = x - dx
                guard sx >= 0 && sx < width else { continue }
                out.pixels[y * width + x] = pixels[sy * width + sx]
            }
        }
        return out
    }
}

/// Paints coverage from the rasterizer: the blitter of one fill.
struct PaintSink: CoverageSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let shader: Shader
    let solid: UInt32?
    let mode: BlendMode
    /// Scratch for one row of shaded source pixels and one of coverage.
    let source: UnsafeMutablePointer<UInt32>
    let coverage: UnsafeMutablePointer<UInt8>
    /// The clip mask, canvas-sized, when the clip is not a rectangle.
    let mask: UnsafePointer<UInt8>?
    let antiAlias: Bool

    @inline(__always)
    mutating func blend(y: Int, x: Int, coverage cov: UnsafeBufferPointer<UInt8>) {
        var c = cov.baseAddress!
        let n = cov.count
        if mask != nil || !antiAlias {
            if !antiAlias { for i in 0..<n { coverage[i] = c[i] >= 128 ? 255 : 0 } } else { coverage.update(from: c, count: n) }
            if let mask {
                let m = mask + y * width + x
                for i in 0..<n { coverage[i] = UInt8(div255(UInt32(coverage[i]) * UInt32(m[i]))) }
            }
            c = UnsafePointer(coverage)
        }
        let dst = pixels + y * width + x
        if let solid {
            Blit.solid(solid, coverage: c, count: n, into: dst, mode: mode)
        } else {
            shader.shade(x: x, y: y, count: n, into: source)
            Blit.shaded(source, coverage: c, count: n, into: dst, mode: mode)
        }
    }

    @inline(__always)
    mutating func blend(y: Int, x: Int, count: Int, coverage c: UInt8) {
        if mask != nil || (!antiAlias && c != 255) {
            if !antiAlias && c < 128 { return }
            coverage.update(repeating: antiAlias ? c : 255, count: count)
            blend(y: y, x: x, coverage: UnsafeBufferPointer(start: coverage, count: count))
            return
        }
        let dst = pixels + y * width + x
        if let solid {
            Blit.solidRun(solid, coverage: UInt32(c), count: count, into: dst, mode: mode)
        } else {
            shader.shade(x: x, y: y, count: count, into: source)
            Blit.shadedRun(source, coverage: UInt32(c), count: count, into: dst, mode: mode)
        }
    }
}
