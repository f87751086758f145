// The pixel buffer every drawing operation writes into.
//
// Layout: premultiplied RGBA, 8 bits a channel, one UInt32 per pixel holding the bytes R, G, B, A
// in memory order (so on the little-endian machines Swift targets, R is the low byte), rows
// packed with no padding. Premultiplied storage makes source-over one multiply-add per channel
// and keeps blur and resampling free of dark fringes; straight alpha exists only at the codec edge.
import CKernels
import WidgetModel

/// A premultiplied RGBA8 image.
public struct Pixmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Premultiplied pixels, row-major, `width` per row. See `PremultipliedPixel` for the packing.
    public var pixels: [UInt32]

    /// The largest pixmap the library creates: 2¹⁶ a side and 64 Mpx in all.
    public static let maxDimension = 1 << 16
    public static let maxPixels = 64 * 1024 * 1024

    /// A transparent pixmap, or nil when a side is not positive or the size is over the limits.
    public init?(width: Int, height: Int, fill: UInt32 = 0) {
        guard width > 0, height > 0, width <= Pixmap.maxDimension, height <= Pixmap.maxDimension,
            width * height <= Pixmap.maxPixels
        else { return nil }
        self.width = width
        self.height = height
        let n = width * height
        guard n >= Pixmap.hugePagePixels else {
            pixels = [UInt32](repeating: fill, count: n)
            return
        }
        // A large buffer (a contact sheet is 66 MB) asks for huge pages before it is touched:
        // on a VM a 4-KiB page fault cost about 4 µs, so filling it was mostly faults.
        pixels = [UInt32](unsafeUninitializedCapacity: n) { buffer, count in
            ckernels_advise_huge(buffer.baseAddress, n * 4)
            buffer.initialize(repeating: fill)
            count = n
        }
    }

    /// `count` pixels set to `fill` in a buffer with room for `capacity` (for a caller that reuses
    /// one buffer for images of several sizes, such as a contact sheet's bands); a large buffer
    /// asks for huge pages before it is touched, as `init(width:height:fill:)` does.
    public static func pixelBuffer(count n: Int, fill: UInt32, capacity: Int) -> [UInt32] {
        let room = max(n, capacity)
        return [UInt32](unsafeUninitializedCapacity: room) { buffer, count in
            if room >= Pixmap.hugePagePixels { ckernels_advise_huge(buffer.baseAddress, room * 4) }
            buffer.baseAddress!.initialize(repeating: fill, count: n)
            count = n
        }
    }

    /// Pixmaps of this many pixels and more (4 MiB: a large widget at 3x, a screen wallpaper, a
    /// contact sheet) ask for huge pages.
    static let hugePagePixels = 1 << 20

    /// A pixmap whose pixels are not set: for a caller that writes every one of them next (a
    /// blur's upsample, a resize, a wallpaper's bands), so the buffer is not zero-filled first.
    public static func unfilled(width: Int, height: Int) -> Pixmap? {
        guard width > 0, height > 0, width <= Pixmap.maxDimension, height <= Pixmap.maxDimension,
            width * height <= Pixmap.maxPixels
        else { return nil }
        let n = width * height
        return Pixmap(
            width: width, height: height,
            premultiplied: [UInt32](unsafeUninitializedCapacity: n) { buffer, count in
                // Huge pages for a large one, asked for before the caller first touches it.
                if n >= Pixmap.hugePagePixels { ckernels_advise_huge(buffer.baseAddress, n * 4) }
                count = n
            })
    }

    /// A pixmap filled with one colour.
    public init?(width: Int, height: Int, color: RGBA) {
        self.init(width: width, height: height, fill: PremultipliedPixel(color).packed)
    }

    /// Wraps existing premultiplied pixels; `pixels.count` must be `width * height`.
    public init(width: Int, height: Int, premultiplied pixels: [UInt32]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height, "pixel count does not match size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixmap's bounds in pixels.
    public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    /// The premultiplied pixel at (x, y).
    public func pixel(atX x: Int, y: Int) -> PremultipliedPixel {
        PremultipliedPixel(packed: pixels[y * width + x])
    }
    /// The straight-alpha colour at (x, y), components rounded to 8 bits.
    public func color(atX x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        pixel(atX: x, y: y).unpremultiplied
    }
    public mutating func setPixel(atX x: Int, y: Int, _ p: PremultipliedPixel) { pixels[y * width + x] = p.packed }

    /// Fills every pixel with `color` (replacing, not blending).
    public mutating func fill(_ color: RGBA) {
        let v = PremultipliedPixel(color).packed
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: v) }
    }

    /// A mutable view of the whole pixmap for the duration of `body`.
    @inlinable
    public mutating func withBuffer<R>(_ body: (PixelBuffer) throws -> R) rethrows -> R {
        let w = width
        let h = height
        return try pixels.withUnsafeMutableBufferPointer { p in
            try body(PixelBuffer(base: p.baseAddress!, width: w, height: h, stride: w))
        }
    }

    /// A mutable view of the sub-rectangle `rect` (clamped to the bounds) for the duration of `body`.
    public mutating func withRegion<R>(_ rect: IntRect, _ body: (PixelBuffer) throws -> R) rethrows -> R? {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return nil }
        let w = width
        return try pixels.withUnsafeMutableBufferPointer { p in
            try body(PixelBuffer(base: p.baseAddress! + r.y * w + r.x, width: r.width, height: r.height, stride: w))
        }
    }

    /// A copy of the sub-rectangle `rect` (clamped to the bounds), or nil when it is empty.
    public func cropped(to rect: IntRect) -> Pixmap? {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return nil }
        var out = [UInt32](repeating: 0, count: r.width * r.height)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for row in 0..<r.height {
                    let s = src.baseAddress! + (r.y + row) * width + r.x
                    (dst.baseAddress! + row * r.width).update(from: s, count: r.width)
                }
            }
        }
        return Pixmap(width: r.width, height: r.height, premultiplied: out)
    }

    /// Straight-alpha RGBA bytes, row-major, 4 per pixel: what PNG and JPEG encoders take.
    public func straightRGBA() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let d = UnsafeMutableRawPointer(dst.baseAddress!).assumingMemoryBound(to: UInt32.self)
                for i in 0..<src.count { d[i] = PremultipliedPixel.unpremultiply(src[i]) }
            }
        }
        return out
    }

    /// Builds a pixmap from straight-alpha RGBA bytes (4 per pixel, row-major).
    public init(width: Int, height: Int, straightRGBA bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count >= width * height * 4, "too few bytes for the size")
        var px = [UInt32](repeating: 0, count: width * height)
        let n = width * height
        px.withUnsafeMutableBufferPointer { dst in
            let s = UnsafeRawPointer(bytes.baseAddress!)
            for i in 0..<n {
                dst[i] = PremultipliedPixel.premultiply(s.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
            }
        }
        self.init(width: width, height: height, premultiplied: px)
    }
}

/// A mutable window onto pixels owned by a `Pixmap`, valid only inside the closure that made it.
/// Rows are `stride` pixels apart, so a sub-rectangle is a view without a copy.
public struct PixelBuffer {
    public let base: UnsafeMutablePointer<UInt32>
    public let width: Int
    public let height: Int
    public let stride: Int

    @inlinable public init(base: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int) {
        self.base = base
        self.width = width
        self.height = height
        self.stride = stride
    }
    /// The first pixel of row `y`.
    @inlinable public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { base + y * stride }
}

/// An integer rectangle of pixels.
public struct IntRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public func intersection(_ o: IntRect) -> IntRect {
        let x0 = max(x, o.x)
        let y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX)
        let y1 = min(maxY, o.maxY)
        return IntRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
    /// The pixels touched by a rectangle of real coordinates.
    public init(enclosing r: Rect) {
        // Clamped so that infinite or absurd coordinates cannot trap the Int conversion.
        func c(_ v: Double) -> Int { Int(Swift.max(-1e9, Swift.min(1e9, v.isNaN ? 0 : v))) }
        let x0 = c(r.minX.rounded(.down))
        let y0 = c(r.minY.rounded(.down))
        let x1 = c(r.maxX.rounded(.up))
        let y1 = c(r.maxY.rounded(.up))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
