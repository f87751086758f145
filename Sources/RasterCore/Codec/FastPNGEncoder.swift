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
    /// (one deflate block, or four per thread), so a 16-Mpx contact sheet needs a few megabytes
    /// of scratch, not 48. Block boundaries sit at the same offsets of the filtered stream as if it were one
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
        // With threads, four blocks a thread per segment: fewer waits for the slowest block.
        let perSegment = t == 1 ? 1 : 4 * t
        var segment = 0
        while segment * perSegment < blocks {
            let firstBlock = segment * perSegment
            let lastBlock = min(blocks, firstBlock + perSegment)
            let start = firstBlock * blockSize
            let end = min(total, lastBlock * blockSize)
            // Whole rows from the one holding the byte before `start` to the one holding end − 1.
            let r0 = max(0, start - 1) / stride
            let r1 = min(h, (end - 1) / stride + 1)
            let count = (r1 - r0) * stride
            // filterRows writes every byte of it.
            if scratch.count < count { scratch = [UInt8](unsafeUninitializedCapacity: count) { _, n in n = count } }
            scratch.withUnsafeMutableBufferPointer { buf in
                filterRows(pixmap, from: r0, to: r1, dropAlpha: dropAlpha, threads: t, into: buf.baseAddress!)
                let local = UnsafeBufferPointer(start: buf.baseAddress!, count: count)
                let offset = r0 * stride
                stream.append(local, start - offset, end - offset, firstBlockLast: end == total, blockSize: blockSize, threads: t)
            }
            segment += 1
        }
        var ihdr = bigEndian(UInt32(w)) + bigEndian(UInt32(h))
        ihdr += [8, dropAlpha ? 2 : 6, 0, 0, 0]  // 8-bit, RGB or RGBA, deflate, adaptive filters, no interlace
        // The file is assembled once, at its final size: signature, IHDR, sRGB, the stream in
        // IDAT chunks of at most 1 GiB, IEND.
        return stream.finish { idat in
            let maxChunk = 1 << 30
            let chunks = max(1, (idat.count + maxChunk - 1) / maxChunk)
            let size = 8 + (12 + ihdr.count) + (12 + 1) + 12 * chunks + idat.count + 12
            return [UInt8](unsafeUninitializedCapacity: size) { buf, written in
                var at = 0
                func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                    if bytes.count > 0 { (buf.baseAddress! + at).update(from: bytes.baseAddress!, count: bytes.count) }
                    at += bytes.count
                }
                func put32(_ v: UInt32) { bigEndian(v).withUnsafeBufferPointer { put($0) } }
                func chunk(_ type: StaticString, _ data: UnsafeBufferPointer<UInt8>) {
                    put32(UInt32(data.count))
                    let typeStart = at
                    put(UnsafeBufferPointer(start: type.utf8Start, count: 4))
                    put(data)
                    put32(cpng_crc32(0, buf.baseAddress! + typeStart, at - typeStart))
                }
                let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                signature.withUnsafeBufferPointer { put($0) }
                ihdr.withUnsafeBufferPointer { chunk("IHDR", $0) }
                [UInt8(0)].withUnsafeBufferPointer { chunk("sRGB", $0) }  // perceptual intent, as libpng writes it
                var offset = 0
                repeat {
                    let n = min(maxChunk, idat.count - offset)
                    chunk("IDAT", UnsafeBufferPointer(rebasing: idat[offset..<(offset + n)]))
                    offset += n
                } while offset < idat.count
                chunk("IEND", UnsafeBufferPointer(start: nil, count: 0))
                precondition(at == size, "PNG size mismatch")
                written = at
            }
        }
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
}
