// SHA-256 (FIPS 180-4) for the manifest's file hashes. Foundation on Linux has no CryptoKit and
// outside packages are not available, so it is written here, in C (`ckernels_sha256`): with the
// processor's SHA extensions where it has them (the Swift loop it replaced was 3% of a batch),
// portable C otherwise; tested against the standard vectors, both ways.
import CKernels

public enum SHA256 {
    /// The digest as 64 lowercase hex digits.
    public static func hex(_ data: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for b in digest(data) {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The 32-byte digest. `portable`: without the SHA extensions (for tests).
    public static func digest(_ data: [UInt8], portable: Bool = false) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        data.withUnsafeBufferPointer { d in
            out.withUnsafeMutableBufferPointer { o in ckernels_sha256(d.baseAddress, d.count, portable ? 1 : 0, o.baseAddress!) }
        }
        return out
    }
}
