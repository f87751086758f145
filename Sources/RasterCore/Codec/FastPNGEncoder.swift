import CPNG
import Foundation
// The default PNG writer: Paeth-filtered rows compressed by the run-and-literal deflate encoder
// in Deflate.swift, wrapped in PNG chunks here. About 3× faster than libpng at zlib level 1
// on widget frames, with files between zlib level 1 and level 6 in size (see `make bench`).
// libpng (PNGOptions.zlib) stays available for the smallest files.
import WidgetModel

enum FastPNGEncoder {
    /// `threads` > 1 filters bands of rows and deflates blocks concurrently; the bytes are the
    /// same for any thread count.
    static func encode(_ pixmap: Pixmap, dropAlpha: Bool, threads: Int = 1) -> [UInt8] {
        let w = pixmap.width
        let h = pixmap.height
        let bpp = dropAlpha ? 3 : 4
        let rowBytes = w * bpp
        // Every byte is written below (a filter-type byte and the row).
        var filtered = [UInt8](unsafeUninitializedCapacity: h * (rowBytes + 1)) { _, n in n = h * (rowBytes + 1) }
        // Un-premultiply and Paeth-filter each row in C (cpng_filter_row: 16 bytes at a time).
        // A band of rows starts by un-premultiplying the row above it (its "previous" row).
        let bands = threads > 1 ? min(threads * 2, max(1, h / 64)) : 1
        pixmap.pixels.withUnsafeBufferPointer { px in
            filtered.withUnsafeMutableBufferPointer { outBuffer in
                let out = outBuffer
                func band(_ b: Int) {
                    let y0 = h * b / bands
                    let y1 = h * (b + 1) / bands
                    var prev = [UInt8](repeating: 0, count: rowBytes + bpp)  // bpp leading zeros: "left of x = 0"
                    var cur = [UInt8](repeating: 0, count: rowBytes + bpp)
                    if y0 > 0 {
                        var scratch = [UInt8](repeating: 0, count: rowBytes)
                        cur.withUnsafeMutableBufferPointer { c in
                            prev.withUnsafeBufferPointer { p in
                                scratch.withUnsafeMutableBufferPointer { o in
                                    cpng_filter_row(px.baseAddress! + (y0 - 1) * w, w, dropAlpha ? 1 : 0, p.baseAddress!, c.baseAddress!, o.baseAddress!)
                                }
                            }
                        }
                        swap(&cur, &prev)
                    }
                    for y in y0..<y1 {
                        let line = out.baseAddress! + y * (rowBytes + 1)
                        line[0] = 4  // Paeth
                        cur.withUnsafeMutableBufferPointer { c in
                            prev.withUnsafeBufferPointer { p in
                                cpng_filter_row(px.baseAddress! + y * w, w, dropAlpha ? 1 : 0, p.baseAddress!, c.baseAddress!, line + 1)
                            }
                        }
                        swap(&cur, &prev)
                    }
                }
                if bands > 1 {
                    DispatchQueue.concurrentPerform(iterations: bands) { band($0) }
                } else {
                    band(0)
                }
            }
        }
        let idat = filtered.withUnsafeBufferPointer { Deflate.zlibCompress($0, threads: threads) }

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
