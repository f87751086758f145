import CPNG
// The default PNG writer: Paeth-filtered rows compressed by the run-and-literal deflate encoder
// in Deflate.swift, wrapped in PNG chunks here. About 3× faster than libpng at zlib level 1
// on widget frames, with files between zlib level 1 and level 6 in size (see `make bench`).
// libpng (PNGOptions.zlib) stays available for the smallest files.
import WidgetModel

enum FastPNGEncoder {
    static func encode(_ pixmap: Pixmap, dropAlpha: Bool) -> [UInt8] {
        let w = pixmap.width
        let h = pixmap.height
        let bpp = dropAlpha ? 3 : 4
        let rowBytes = w * bpp
        var filtered = [UInt8](repeating: 0, count: h * (rowBytes + 1))
        var prev = [UInt8](repeating: 0, count: rowBytes + bpp)  // bpp leading zeros: "left of x = 0"
        var cur = [UInt8](repeating: 0, count: rowBytes + bpp)
        pixmap.pixels.withUnsafeBufferPointer { px in
            filtered.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    cur.withUnsafeMutableBufferPointer { c in
                        let row = px.baseAddress! + y * w
                        var o = bpp
                        if dropAlpha {
                            for x in 0..<w {
                                let v = PremultipliedPixel.unpremultiply(row[x])
                                c[o] = UInt8(truncatingIfNeeded: v)
                                c[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
                                c[o + 2] = UInt8(truncatingIfNeeded: v >> 16)
                                o += 3
                            }
                        } else {
                            let dst = UnsafeMutableRawPointer(c.baseAddress! + bpp)
                            for x in 0..<w {
                                dst.storeBytes(of: PremultipliedPixel.unpremultiply(row[x]), toByteOffset: x * 4, as: UInt32.self)
                            }
                        }
                    }
                    let line = out.baseAddress! + y * (rowBytes + 1)
                    line[0] = 4  // Paeth
                    cur.withUnsafeBufferPointer { c in
                        prev.withUnsafeBufferPointer { p in
                            paeth(c.baseAddress! + bpp, p.baseAddress! + bpp, bpp: bpp, count: rowBytes, into: line + 1)
                        }
                    }
                    swap(&cur, &prev)
                }
            }
        }
        let idat = filtered.withUnsafeBufferPointer { Deflate.zlibCompress($0) }

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(idat.count + 64)
        var ihdr = bigEndian(UInt32(w)) + bigEndian(UInt32(h))
        ihdr += [8, dropAlpha ? 2 : 6, 0, 0, 0]  // 8-bit, RGB or RGBA, deflate, adaptive filters, no interlace
        appendChunk("IHDR", ihdr, to: &png)
        appendChunk("sRGB", [0], to: &png)  // perceptual intent, as libpng writes it
        var offset = 0
        let maxChunk = 1 << 30
        repeat {
            let n = min(maxChunk, idat.count - offset)
            appendChunk("IDAT", Array(idat[offset..<(offset + n)]), to: &png)
            offset += n
        } while offset < idat.count
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// Paeth filter (PNG §9.4) of one row: `cur` and `prev` may be read at index −bpp (zeros).
    /// (A SIMD16<Int16> version measured 2.5× slower here: Swift's generic lane conversions
    /// between UInt8 and Int16 vectors do not compile to packed instructions.)
    @inline(__always)
    static func paeth(
        _ cur: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>, bpp: Int, count: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        for i in 0..<count {
            let a = Int32(cur[i - bpp])
            let b = Int32(prev[i])
            let c = Int32(prev[i - bpp])
            let pa = abs(b - c)
            let pb = abs(a - c)
            let pc = abs(a + b - 2 * c)
            let predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
            out[i] = cur[i] &- UInt8(truncatingIfNeeded: predictor)
        }
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        png += bigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        var crc = typeBytes.withUnsafeBufferPointer { cpng_crc32(0, $0.baseAddress, 4) }
        crc = data.withUnsafeBufferPointer { cpng_crc32(crc, $0.baseAddress, $0.count) }
        png += typeBytes
        png += data
        png += bigEndian(crc)
    }
}
