// JPEG through libjpeg-turbo (see Sources/CJPEG). The only Swift that touches libjpeg's pointers.
import CJPEG
import WidgetModel

/// JPEG encoding settings.
public struct JPEGOptions: Sendable, Hashable {
    /// 1...100.
    public var quality: Int
    /// Full-resolution chroma (4:4:4): sharper coloured edges and text, somewhat larger files.
    public var chroma444: Bool
    /// JPEG has no alpha: transparent pixels are composited over this colour first.
    public var background: RGBA

    public init(quality: Int = 90, chroma444: Bool = true, background: RGBA = .white) {
        self.quality = quality
        self.chroma444 = chroma444
        self.background = background
    }
}

public enum JPEGCodec {
    /// Encodes a pixmap, flattened over `options.background`.
    public static func encode(_ pixmap: Pixmap, options: JPEGOptions = JPEGOptions()) throws -> [UInt8] {
        var flat = pixmap
        let bg = PremultipliedPixel(
            RGBA(
                red: options.background.red, green: options.background.green,
                blue: options.background.blue, alpha: 1)
        ).packed
        flat.pixels.withUnsafeMutableBufferPointer { p in
            for i in 0..<p.count where p[i] >> 24 != 255 { p[i] = sourceOver(p[i], bg) }
        }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let rc = flat.pixels.withUnsafeBytes { p in
            cjpeg_encode_rgba(
                p.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt32(pixmap.width), UInt32(pixmap.height),
                pixmap.width * 4, Int32(max(1, min(100, options.quality))), options.chroma444 ? 1 : 0,
                &out, &size, &message, message.count)
        }
        guard rc == 0, let out else { throw CodecError.encodeFailed(codec: "JPEG", reason: cString(message)) }
        defer { cjpeg_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// The pixel size stored in a JPEG header, without decoding.
    public static func size(of data: [UInt8]) throws -> (width: Int, height: Int) {
        try sizeThroughShim(data, codec: "JPEG", read: cjpeg_read_size)
    }

    /// Decodes a baseline or progressive JPEG into an opaque pixmap.
    public static func decode(_ data: [UInt8], maxPixels: Int = ImageLimits.defaultMaxPixels) throws -> Pixmap {
        try decodeThroughShim(data, maxPixels: maxPixels, codec: "JPEG", decode: cjpeg_decode_rgba, free: cjpeg_free) { d in
            (try? size(of: d)).map { ($0.width, $0.height) }
        }
    }
}

/// Format sniffing and file-level helpers.
public enum ImageCodec {
    public enum Format: String, Sendable { case png, jpeg }

    /// Recognises a format by its signature bytes.
    public static func format(of data: [UInt8]) -> Format? {
        if data.count >= 8, data[0] == 0x89, data[1] == 0x50, data[2] == 0x4E, data[3] == 0x47 { return .png }
        if data.count >= 3, data[0] == 0xFF, data[1] == 0xD8, data[2] == 0xFF { return .jpeg }
        return nil
    }

    /// Decodes PNG or JPEG by signature.
    public static func decode(_ data: [UInt8], maxPixels: Int = ImageLimits.defaultMaxPixels) throws -> Pixmap {
        switch format(of: data) {
        case .png: return try PNGCodec.decode(data, maxPixels: maxPixels)
        case .jpeg: return try JPEGCodec.decode(data, maxPixels: maxPixels)
        case nil:
            if data.isEmpty { throw CodecError.unsupportedFormat("empty file") }
            let head = data.prefix(4).map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            throw CodecError.unsupportedFormat("not PNG or JPEG (starts with \(head))")
        }
    }
}
