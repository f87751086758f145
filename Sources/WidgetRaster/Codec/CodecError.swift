// Errors from image decoding and encoding. Every bad input becomes one of these; none aborts.

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
        case .tooLarge(let w, let h, let limit): return "image is \(w)×\(h) = \(w * h) pixels, over the limit of \(limit) pixels"
        case .encodeFailed(let codec, let reason): return "cannot encode \(codec): \(reason)"
        }
    }
}

/// Decoding limits.
public enum ImageLimits {
    /// The default cap on decoded pixels: 64 Mpx (256 MiB of RGBA).
    public static let defaultMaxPixels = 64 * 1024 * 1024
}

/// Reads a C message buffer up to its first NUL.
func cString(_ buffer: [CChar]) -> String {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}
