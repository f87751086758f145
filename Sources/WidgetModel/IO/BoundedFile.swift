// Reading files from outside (specs, images, wallpapers, goldens, manifests) safely: only regular
// files are opened (a FIFO or a device would block or never end), without following the read past
// a size limit checked before reading (a 3 GB sparse file is refused, not read), and the read
// itself stops at the limit if the file grows meanwhile.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file could not be read.
public enum FileReadError: Error, CustomStringConvertible, Sendable, Equatable {
    case missing(path: String)
    case notRegular(path: String, kind: String)
    case tooLarge(path: String, bytes: Int, limit: Int)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let p): return "\(p): no such file"
        case .notRegular(let p, let kind): return "\(p): is \(kind), not a regular file"
        case .tooLarge(let p, let n, let limit): return "\(p): file is \(n) bytes, over the limit of \(limit)"
        case .unreadable(let p, let reason): return "\(p): cannot read the file (\(reason))"
        }
    }
}

/// The C library's read(2) (the enum's own `read` would shadow it).
@inline(__always)
private func sysRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
    #else
        return Darwin.read(fd, buffer, count)
    #endif
}

public enum BoundedFile {
    /// Limits by kind of file, in bytes.
    public static let maxSpecBytes = 8 << 20
    public static let maxImageBytes = 64 << 20
    public static let maxManifestBytes = 64 << 20

    /// The kind of a non-regular file, for messages (nil: a regular file).
    static func kind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Whether `path` is a regular file (following symbolic links), without opening it.
    public static func isRegularFile(_ path: String) -> Bool { regularFileSize(path) != nil }

    /// The size of the regular file at `path` (following symbolic links); nil for anything else.
    public static func regularFileSize(_ path: String) -> Int? {
        var st = stat()
        guard stat(path, &st) == 0, kind(st.st_mode) == nil else { return nil }
        return Int(st.st_size)
    }

    /// The bytes of the regular file at `url`, at most `maxBytes`.
    public static func read(_ url: URL, maxBytes: Int) throws -> [UInt8] {
        let path = url.path
        // O_NONBLOCK: opening a FIFO for reading must not wait for a writer; fstat then refuses it.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            if e == ENOENT { throw FileReadError.missing(path: path) }
            throw FileReadError.unreadable(path: path, reason: String(cString: strerror(e)))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FileReadError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        if let k = kind(st.st_mode) { throw FileReadError.notRegular(path: path, kind: k) }
        let size = Int(st.st_size)
        guard size <= maxBytes else { throw FileReadError.tooLarge(path: path, bytes: size, limit: maxBytes) }
        var out = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let n = out.withUnsafeMutableBytes { sysRead(fd, $0.baseAddress! + filled, size - filled) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw FileReadError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }  // shrank meanwhile
            filled += n
        }
        if filled < size { out.removeLast(size - filled) }
        return out
    }
}
