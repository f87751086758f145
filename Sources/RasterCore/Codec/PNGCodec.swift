import CPNG
// PNG through libpng (see Sources/CPNG). The only Swift that touches libpng's pointers.
import WidgetModel

/// PNG encoding settings.
public struct PNGOptions: Sendable, Hashable {
    /// Which compressor writes the pixel data.
    public var compressor: Compressor
    /// Write RGB without alpha when every pixel is opaque (smaller, same picture).
    public var dropOpaqueAlpha: Bool

    public enum Compressor: Sendable, Hashable {
        /// The built-in run-and-literal deflate encoder with Paeth filtering: the fast default.
        case fast
        /// libpng and zlib at `level` 0...9, with the given row filters and zlib strategy.
        case zlib(level: Int, filters: Filters, strategy: Strategy)
    }
    public enum Filters: String, Sendable, Hashable, CaseIterable { case none, sub, up, paeth, all, adaptive }
    public enum Strategy: String, Sendable, Hashable, CaseIterable { case `default`, filtered, rle }

    public init(_ compressor: Compressor, dropOpaqueAlpha: Bool = true) {
        self.compressor = compressor
        self.dropOpaqueAlpha = dropOpaqueAlpha
    }
    public init(level: Int, filters: Filters, strategy: Strategy, dropOpaqueAlpha: Bool = true) {
        self.init(.zlib(level: level, filters: filters, strategy: strategy), dropOpaqueAlpha: dropOpaqueAlpha)
    }

    /// The default: the built-in encoder (see docs/ARCHITECTURE.md for the measurements).
    public static let fast = PNGOptions(.fast)
    /// zlib's level 6 with every filter: what most tools write.
    public static let standard = PNGOptions(level: 6, filters: .all, strategy: .default)
    /// Smallest files: zlib 9 and every filter (for archives; slow).
    public static let best = PNGOptions(level: 9, filters: .all, strategy: .default)

    static func filterMask(_ filters: Filters) -> Int32 {
        switch filters {
        case .none: return Int32(CPNG_FILTER_NONE)
        case .sub: return Int32(CPNG_FILTER_SUB)
        case .up: return Int32(CPNG_FILTER_UP)
        case .paeth: return Int32(CPNG_FILTER_PAETH)
        case .all: return Int32(CPNG_FILTER_NONE | CPNG_FILTER_SUB | CPNG_FILTER_UP | CPNG_FILTER_AVG | CPNG_FILTER_PAETH)
        case .adaptive: return 0
        }
    }
    static func zlibStrategy(_ strategy: Strategy) -> Int32 {
        switch strategy {
        case .default: return 0
        case .filtered: return 1
        case .rle: return 3
        }
    }
}

public enum PNGCodec {
    /// Encodes a pixmap as an 8-bit sRGB PNG.
    /// `threads` > 1 spreads the fast encoder's filtering and deflate over that many threads
    /// (the bytes do not change); libpng is always one thread.
    public static func encode(_ pixmap: Pixmap, options: PNGOptions = .fast, threads: Int = 1) throws -> [UInt8] {
        let opaque =
            options.dropOpaqueAlpha && pixmap.pixels.withUnsafeBufferPointer { cpng_all_opaque($0.baseAddress!, $0.count) != 0 }
        guard case .zlib(let level, let filters, let strategy) = options.compressor else {
            return FastPNGEncoder.encode(pixmap, dropAlpha: opaque, threads: max(1, min(64, threads)))
        }
        let rgba = pixmap.straightRGBA()
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let rc = rgba.withUnsafeBufferPointer { p in
            cpng_encode_rgba(
                p.baseAddress, UInt32(pixmap.width), UInt32(pixmap.height), pixmap.width * 4,
                Int32(max(0, min(9, level))), PNGOptions.filterMask(filters), PNGOptions.zlibStrategy(strategy),
                opaque ? 1 : 0, &out, &size, &message, message.count)
        }
        guard rc == 0, let out else { throw CodecError.encodeFailed(codec: "PNG", reason: cString(message)) }
        defer { cpng_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// The pixel size stored in a PNG header, without decoding.
    public static func size(of data: [UInt8]) throws -> (width: Int, height: Int) {
        try sizeThroughShim(data, codec: "PNG", read: cpng_read_size)
    }

    /// Decodes any PNG (palette, grey, 16-bit, interlaced) into a premultiplied pixmap.
    /// - Throws: `CodecError.tooLarge` before allocating when the image exceeds `maxPixels`;
    ///   `CodecError.corrupt` with libpng's reason for anything else.
    public static func decode(_ data: [UInt8], maxPixels: Int = ImageLimits.defaultMaxPixels) throws -> Pixmap {
        try decodeThroughShim(data, maxPixels: maxPixels, codec: "PNG", decode: cpng_decode_rgba, free: cpng_free) { d in
            // The size IHDR claims (big-endian at bytes 16…23), even where libpng would refuse it.
            guard d.count >= 24 else { return nil }
            let be = { (i: Int) in Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3]) }
            return (be(16), be(20))
        }
    }
}
