import CPNG
import Foundation
// The default PNG writer: Paeth-filtered rows compressed by the run-and-literal deflate encoder
// in Deflate.swift, wrapped in PNG chunks here. About 3× faster than libpng at zlib level 1
// on widget frames, with files between zlib level 1 and level 6 in size (see `make bench`).
// libpng (PNGOptions.zlib) stays available for the smallest files.
import WidgetModel

enum FastPNGEncoder {
    /// `threads` > 1 filters rows and deflates blocks concurrently; the bytes are the same for
    /// any thread count.
    ///
    /// The filtered stream is never held whole: it is made and compressed a segment at a time
    /// (`threads` deflate blocks), so a 16-Mpx contact sheet needs about a megabyte of scratch,
    /// not 48. Block boundaries sit at the same offsets of the filtered stream as if it were one
    /// buffer, and each block sees the byte before it, so the output is the one-buffer encoding.
    static func encode(_ pixmap: Pixmap, dropAlpha: Bool, threads: Int = 1) -> [UInt8] {
        let w = pixmap.width
        let h = pixmap.height
        let bpp = dropAlpha ? 3 : 4
        let rowBytes = w * bpp
        let stride = rowBytes + 1
        let total = h * stride
        let blockSize = Deflate.blockSize
        let blocks = max(1, (total + blockSize - 1) / blockSize)
        let t = max(1, threads)
        var stream = Deflate.Stream(expectedBytes: total)
        var scratch: [UInt8] = []
        var segment = 0
        while segment * t < blocks {
            let firstBlock = segment * t
            let lastBlock = min(blocks, firstBlock + t)
            let start = firstBlock * blockSize
            let end = min(total, lastBlock * blockSize)
            // Whole rows from the one holding the byte before `start` to the one holding end − 1.
            let r0 = max(0, start - 1) / stride
            let r1 = min(h, (end - 1) / stride + 1)
            let count = (r1 - r0) * stride
            if scratch.count < count { scratch = [UInt8](repeating: 0, count: count) }
            scratch.withUnsafeMutableBufferPointer { buf in
                filterRows(pixmap, from: r0, to: r1, dropAlpha: dropAlpha, threads: t, into: buf.baseAddress!)
                let local = UnsafeBufferPointer(start: buf.baseAddress!, count: count)
                let offset = r0 * stride
                stream.append(local, start - offset, end - offset, firstBlockLast: end == total, blockSize: blockSize, threads: t)
            }
            segment += 1
        }
        let idat = stream.finish()

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

    /// Un-premultiplies and Paeth-filters rows r0..<r1 (each with its filter-type byte) into `out`;
    /// the row above r0 is un-premultiplied first as their "previous" row. In C
    /// (cpng_filter_row: 16 bytes at a time); with `threads` > 1, bands of rows concurrently.
    static func filterRows(
        _ pixmap: Pixmap, from r0: Int, to r1: Int, dropAlpha: Bool, threads: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        let w = pixmap.width
        let bpp = dropAlpha ? 3 : 4
        let rowBytes = w * bpp
        let rows = r1 - r0
        let bands = threads > 1 ? min(threads, max(1, rows / 32)) : 1
        pixmap.pixels.withUnsafeBufferPointer { px in
            func band(_ b: Int) {
                let y0 = r0 + rows * b / bands
                let y1 = r0 + rows * (b + 1) / bands
                var prev = [UInt8](repeating: 0, count: rowBytes + bpp)  // bpp leading zeros: "left of x = 0"
                var cur = [UInt8](repeating: 0, count: rowBytes + bpp)
                if y0 > 0 {
                    var scratch = [UInt8](repeating: 0, count: rowBytes)
                    cur.withUnsafeMutableBufferPointer { c in
                        prev.withUnsafeBufferPointer { p in
                            scratch.withUnsafeMutableBufferPointer { o in
                                cpng_filter_row(
                                    px.baseAddress! + (y0 - 1) * w, w, dropAlpha ? 1 : 0, p.baseAddress!, c.baseAddress!, o.baseAddress!)
                            }
                        }
                    }
                    swap(&cur, &prev)
                }
                for y in y0..<y1 {
                    let line = out + (y - r0) * (rowBytes + 1)
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
