// Errors from image decoding and encoding. Every bad input becomes one of these; none aborts.
import WidgetModel

/// Why an image could not be read or written.
public enum CodecError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The bytes are not in a format we read (the first bytes say what they look like).
    case unsupportedFormat(String)
    /// The codec library rejected the data; `reason` is its own message.
    case corrupt(codec: String, reason: String)
    /// The image is larger than the configured limit; nothing was allocated for it.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The encoder failed (out of memory, invalid parameters).
    case encodeFailed(codec: String, reason: String)

    public var description: String {
        switch self {
        case .unsupportedFormat(let what): return "unsupported image format: \(what)"
        case .corrupt(let codec, let reason): return "corrupt \(codec) data: \(reason)"
        case .tooLarge(let w, let h, let limit):
            // A hostile header can claim any size: the product must not overflow here.
            let (area, overflow) = w.multipliedReportingOverflow(by: h)
            return "image is \(w)×\(h) = \(overflow ? "more than \(Int.max)" : "\(area)") pixels, over the limit of \(limit) pixels"
        case .encodeFailed(let codec, let reason): return "cannot encode \(codec): \(reason)"
        }
    }
}

/// Decoding limits.
public enum ImageLimits {
    /// The default cap on decoded pixels: 64 Mpx (256 MiB of RGBA).
    public static let defaultMaxPixels = 64 * 1024 * 1024
}

/// The signature both C decode shims share (cpng_decode_rgba, cjpeg_decode_rgba): data, size, pixel
/// limit, malloc'd RGBA out, width, height, message buffer. 0: decoded; 2: over the limit.
typealias ShimDecode = (
    UnsafePointer<UInt8>?, Int, UInt64, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
    UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<CChar>?, Int
) -> Int32

/// Decodes through a C shim: the limit, the error mapping, the size checks and the copy into a
/// Pixmap, the same for every codec. `headerSize` reads the claimed size for the too-large message.
func decodeThroughShim(
    _ data: [UInt8], maxPixels: Int, codec: String, decode: ShimDecode,
    free: (UnsafeMutableRawPointer?) -> Void, headerSize: ([UInt8]) -> (width: Int, height: Int)?
) throws -> Pixmap {
    var out: UnsafeMutablePointer<UInt8>? = nil
    var w: UInt32 = 0
    var h: UInt32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let limit = min(max(0, maxPixels), Pixmap.maxPixels)
    let rc = data.withUnsafeBufferPointer { bytes in
        message.withUnsafeMutableBufferPointer { m in
            decode(bytes.baseAddress, bytes.count, UInt64(limit), &out, &w, &h, m.baseAddress, m.count)
        }
    }
    if rc == 2 {
        let size = headerSize(data)
        throw CodecError.tooLarge(width: size?.width ?? 0, height: size?.height ?? 0, limit: limit)
    }
    guard rc == 0, let out else { throw CodecError.corrupt(codec: codec, reason: cString(message)) }
    defer { free(out) }
    guard w > 0, h > 0, Int(w) <= Pixmap.maxDimension, Int(h) <= Pixmap.maxDimension, Int(w) * Int(h) <= limit else {
        throw CodecError.tooLarge(width: Int(w), height: Int(h), limit: limit)
    }
    return Pixmap(width: Int(w), height: Int(h), straightRGBA: UnsafeBufferPointer(start: out, count: Int(w) * Int(h) * 4))
}

/// The signature both C size readers share (cpng_read_size, cjpeg_read_size).
typealias ShimReadSize = (
    UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?,
    UnsafeMutablePointer<CChar>?, Int
) -> Int32

/// The pixel size a header claims, read through a C shim without decoding.
func sizeThroughShim(_ data: [UInt8], codec: String, read: ShimReadSize) throws -> (width: Int, height: Int) {
    var w: UInt32 = 0
    var h: UInt32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let rc = data.withUnsafeBufferPointer { bytes in
        message.withUnsafeMutableBufferPointer { m in read(bytes.baseAddress, bytes.count, &w, &h, m.baseAddress, m.count) }
    }
    guard rc == 0 else { throw CodecError.corrupt(codec: codec, reason: cString(message)) }
    return (Int(w), Int(h))
}

/// Reads a C message buffer up to its first NUL.
func cString(_ buffer: [CChar]) -> String {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}
