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
    static func encode(_ pixmap: Pixmap, dropAlpha: Bool, threads: Int = 1) -> [UInt8] {
        var encoder = PNGRowEncoder(width: pixmap.width, height: pixmap.height, opaque: dropAlpha)
        encoder.append(pixmap, threads: threads)
        return encoder.finish()
    }

    /// Un-premultiplies and Paeth-filters rows y0..<y1 of the image at `pixels` (each with its
    /// filter-type byte) into `out`. `above` is the row before y0 as stored (premultiplied), nil
    /// at the top of the image; it is un-premultiplied first as the "previous" row. In C
    /// (cpng_filter_row: 16 bytes at a time); with `threads` > 1, bands of rows concurrently.
    static func filterRows(
        _ pixels: UnsafePointer<UInt32>, width w: Int, from y0: Int, to y1: Int, above: UnsafePointer<UInt32>?, dropAlpha: Bool,
        threads: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        let bpp = dropAlpha ? 3 : 4
        let rowBytes = w * bpp
        let rows = y1 - y0
        guard rows > 0 else { return }
        let bands = threads > 1 ? min(threads, max(1, rows / 32)) : 1
        func band(_ b: Int) {
            let b0 = y0 + rows * b / bands
            let b1 = y0 + rows * (b + 1) / bands
            var prev = [UInt8](repeating: 0, count: rowBytes + bpp)  // bpp leading zeros: "left of x = 0"
            var cur = [UInt8](repeating: 0, count: rowBytes + bpp)
            if let upper = b == 0 ? above : pixels + (b0 - 1) * w {
                var scratch = [UInt8](repeating: 0, count: rowBytes)
                cur.withUnsafeMutableBufferPointer { c in
                    prev.withUnsafeBufferPointer { p in
                        scratch.withUnsafeMutableBufferPointer { o in
                            cpng_filter_row(upper, w, dropAlpha ? 1 : 0, p.baseAddress!, c.baseAddress!, o.baseAddress!)
                        }
                    }
                }
                swap(&cur, &prev)
            }
            for y in b0..<b1 {
                let line = out + (y - y0) * (rowBytes + 1)
                line[0] = 4  // Paeth
                cur.withUnsafeMutableBufferPointer { c in
                    prev.withUnsafeBufferPointer { p in
                        cpng_filter_row(pixels + y * w, w, dropAlpha ? 1 : 0, p.baseAddress!, c.baseAddress!, line + 1)
                    }
                }
                swap(&cur, &prev)
            }
        }
        if bands > 1 {
            Parallel.forEach(iterations: bands, threads: bands) { band($0) }
        } else {
            band(0)
        }
    }

    /// The PNG file around a finished zlib stream: signature, IHDR, sRGB, the stream in IDAT
    /// chunks of at most 1 GiB, IEND — assembled once, at its final size.
    static func file(width w: Int, height h: Int, dropAlpha: Bool, idat: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var ihdr = bigEndian(UInt32(w)) + bigEndian(UInt32(h))
        ihdr += [8, dropAlpha ? 2 : 6, 0, 0, 0]  // 8-bit, RGB or RGBA, deflate, adaptive filters, no interlace
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

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
}

/// The default PNG encoder fed rows from the top, a band at a time: a caller that makes an image
/// in horizontal bands (the contact sheet) encodes each band as soon as it is finished and keeps
/// none of them. The bytes are the same as encoding the whole image at once with any thread
/// count: deflate blocks sit at fixed offsets of the filtered stream (`Deflate.blockSize`), each
/// sees the byte before it, and a band's first row is filtered against the last row of the band
/// before (kept here).
///
/// The filtered stream is never held whole: rows are filtered a chunk at a time (one deflate block,
/// or four per thread) and every complete block is compressed at once, so a 16-Mpx image needs a
/// few megabytes of scratch, not 48.
public struct PNGRowEncoder {
    public let width: Int
    public let height: Int
    /// RGB without alpha: the caller promises every pixel is opaque.
    public let opaque: Bool
    /// Rows appended so far.
    public private(set) var rowsAppended = 0
    private let stride: Int
    private let total: Int
    private var stream: Deflate.Stream
    /// Filtered bytes not yet compressed, after the one byte before them (once a block is out).
    private var pending: [UInt8] = []
    private var pendingCount = 0
    /// Offset of the filtered stream compressed so far (a block boundary, or the end).
    private var compressed = 0
    /// The last row appended, as stored: the next band's first row is filtered against it.
    private var lastRow: [UInt32] = []

    /// An encoder for a `width`×`height` image (each side 1…`Pixmap.maxDimension`).
    public init(width: Int, height: Int, opaque: Bool) {
        precondition(
            width > 0 && height > 0 && width <= Pixmap.maxDimension && height <= Pixmap.maxDimension, "PNG size out of range")
        self.width = width
        self.height = height
        self.opaque = opaque
        stride = width * (opaque ? 3 : 4) + 1
        total = height * stride
        stream = Deflate.Stream(expectedBytes: total)
    }

    /// Appends `rows` of `band` (every row when nil) below the rows appended so far. The band's
    /// width is the image's. `threads` > 1 filters and deflates concurrently (same bytes).
    public mutating func append(_ band: Pixmap, rows: Range<Int>? = nil, threads: Int = 1) {
        let r = rows ?? 0..<band.height
        precondition(band.width == width && r.lowerBound >= 0 && r.upperBound <= band.height, "band does not fit the image")
        precondition(rowsAppended + r.count <= height, "more rows than the image has")
        guard !r.isEmpty else { return }
        let t = max(1, min(64, threads))
        let blockSize = Deflate.blockSize
        // Four blocks a thread per chunk: fewer waits for the slowest block.
        let chunkRows = max(1, (t == 1 ? 1 : 4 * t) * blockSize / stride)
        band.pixels.withUnsafeBufferPointer { px in
            let base = px.baseAddress!
            var y = r.lowerBound
            while y < r.upperBound {
                let y1 = min(r.upperBound, y + chunkRows)
                let bytes = (y1 - y) * stride
                if pending.count < pendingCount + bytes {
                    let grown = pendingCount + bytes
                    var bigger = [UInt8](unsafeUninitializedCapacity: grown) { _, n in n = grown }
                    if pendingCount > 0 {
                        bigger.withUnsafeMutableBufferPointer { d in
                            pending.withUnsafeBufferPointer { s in d.baseAddress!.update(from: s.baseAddress!, count: pendingCount) }
                        }
                    }
                    pending = bigger
                }
                let above: UnsafePointer<UInt32>? = y > r.lowerBound ? base + (y - 1) * width : nil
                let count = pendingCount
                let isFirst = rowsAppended == 0
                pending.withUnsafeMutableBufferPointer { buf in
                    if let above {
                        FastPNGEncoder.filterRows(
                            base, width: width, from: y, to: y1, above: above, dropAlpha: opaque, threads: t,
                            into: buf.baseAddress! + count)
                    } else {
                        lastRow.withUnsafeBufferPointer { last in
                            FastPNGEncoder.filterRows(
                                base, width: width, from: y, to: y1, above: isFirst ? nil : last.baseAddress!, dropAlpha: opaque,
                                threads: t, into: buf.baseAddress! + count)
                        }
                    }
                }
                pendingCount += bytes
                rowsAppended += y1 - y
                compressBlocks(threads: t)
                y = y1
            }
            lastRow = Array(UnsafeBufferPointer(start: base + (r.upperBound - 1) * width, count: width))
        }
    }

    /// Compresses every complete block filtered so far (and the last, short one at the end).
    private mutating func compressBlocks(threads: Int) {
        let blockSize = Deflate.blockSize
        let filtered = rowsAppended * stride
        let last = rowsAppended == height
        let target = last ? total : filtered / blockSize * blockSize
        guard target > compressed else { return }
        // pending[0] is the byte at `compressed − lead` of the filtered stream.
        let lead = compressed > 0 ? 1 : 0
        let end = target - compressed + lead
        pending.withUnsafeBufferPointer { buf in
            stream.append(
                UnsafeBufferPointer(rebasing: buf[0..<pendingCount]), lead, end, firstBlockLast: last, blockSize: blockSize,
                threads: threads)
        }
        // Keep the byte before the next block and what follows it.
        let keep = pendingCount - (end - 1)
        pending.withUnsafeMutableBufferPointer { buf in
            _ = memmove(buf.baseAddress!, buf.baseAddress! + (end - 1), keep)
        }
        pendingCount = keep
        compressed = target
    }

    /// The PNG file; every row must have been appended.
    public mutating func finish() -> [UInt8] {
        precondition(rowsAppended == height, "finish() before every row was appended")
        let (w, h, opaque) = (width, height, self.opaque)
        return stream.finish { idat in FastPNGEncoder.file(width: w, height: h, dropAlpha: opaque, idat: idat) }
    }
}

/// A PNG made of horizontal bands that may be encoded in any order, on any threads (a contact
/// sheet whose rows complete as a batch renders them, in whatever order it renders them).
///
/// A band is filtered once its pixels and the row above it are final; each deflate block is
/// compressed once every byte of it, and the byte before it, is filtered — at once when those
/// lie in one band, otherwise gathered from the bands as they come. The blocks sit at the fixed
/// offsets `PNGRowEncoder` uses, so the file is byte for byte the one it (or `PNGCodec.encode`)
/// makes of the whole image, whatever the order and the threads. What is kept between bands:
/// the compressed blocks, and the bytes of blocks that straddle a band not encoded yet (at most
/// two blocks, 512 KiB, per band).
public final class PNGBandEncoder: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// RGB without alpha: the caller promises every pixel is opaque.
    public let opaque: Bool
    /// The bands' rows, top to bottom, together every row of the image.
    public let bands: [Range<Int>]
    private let stride: Int
    private let total: Int
    private let blockSize = Deflate.blockSize
    private let blockCount: Int
    private let lock = NSLock()
    /// Guarded by `lock`: which bands are encoded, the blocks compressed, and the bytes gathered
    /// so far of blocks that straddle bands (from the byte before the block to its end).
    private var done: [Bool]
    private var blocks: [Deflate.CompressedBlock?]
    private var gathering: [Int: (bytes: [UInt8], filled: Int)] = [:]

    /// An encoder for a `width`×`height` image cut into `bands` (each side 1…`Pixmap.maxDimension`;
    /// the bands contiguous from row 0 to the last row, none empty).
    public init(width: Int, height: Int, opaque: Bool, bands: [Range<Int>]) {
        precondition(
            width > 0 && height > 0 && width <= Pixmap.maxDimension && height <= Pixmap.maxDimension, "PNG size out of range")
        precondition(bands.first?.lowerBound == 0 && bands.last?.upperBound == height, "bands do not cover the image")
        precondition(zip(bands, bands.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound } && bands.allSatisfy { !$0.isEmpty })
        self.width = width
        self.height = height
        self.opaque = opaque
        self.bands = bands
        stride = width * (opaque ? 3 : 4) + 1
        total = height * stride
        blockCount = (total + Deflate.blockSize - 1) / Deflate.blockSize
        done = [Bool](repeating: false, count: bands.count)
        blocks = [Deflate.CompressedBlock?](repeating: nil, count: blockCount)
    }

    /// The bytes of the filtered stream block `k` is compressed from: the byte before it (its
    /// lead, which runs may continue from) to its end.
    private func span(ofBlock k: Int) -> Range<Int> {
        (k == 0 ? 0 : k * blockSize - 1)..<min(total, (k + 1) * blockSize)
    }

    /// Whether band `i` was encoded.
    public func isEncoded(_ i: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return done[i]
    }

    /// Whether every band was encoded (`finish` may be called).
    public var isComplete: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !done.contains(false)
    }

    /// Encodes band `i`: `pixels` holds its rows as stored (premultiplied, `width` a row, at least
    /// the band's row count), `above` the row before the band as it is in the image (nil only for
    /// the first band). `threads` filter and compress concurrently (same bytes). A band is encoded
    /// once; a second call does nothing.
    public func encode(band i: Int, pixels: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>?, threads: Int = 1) {
        precondition(bands.indices.contains(i), "no band \(i)")
        precondition((i == 0) == (above == nil), "the row above is needed for every band but the first")
        lock.lock()
        if done[i] {
            lock.unlock()
            return
        }
        done[i] = true
        lock.unlock()
        let rows = bands[i]
        let s = rows.lowerBound * stride
        let e = rows.upperBound * stride
        let t = max(1, min(64, threads))
        // Rows are filtered a chunk at a time (four blocks a thread, one block alone) into a
        // buffer that keeps only what the next chunk's blocks still need: the band is never
        // filtered whole (a large contact-sheet band is 10 MB filtered), and each block is
        // compressed while its bytes are still in cache.
        let chunkRows = max(1, (t == 1 ? 1 : 4 * t) * blockSize / stride)
        let capacity = min(e - s, chunkRows * stride) + blockSize + 1
        var buffer = [UInt8](unsafeUninitializedCapacity: capacity) { _, n in n = capacity }
        var bufferStart = s  // the band's byte at buffer[0]
        var count = 0
        // Blocks wholly inside the band (lead byte included) are compressed from the buffer in
        // order; `nextInner` is the first not compressed yet. The others straddle a band edge
        // and are gathered.
        func isInner(_ k: Int) -> Bool {
            let block = span(ofBlock: k)
            return block.lowerBound >= s && block.upperBound <= e
        }
        let firstBlock = s / blockSize
        let lastBlock = min(blockCount - 1, e / blockSize)
        var nextInner = (firstBlock...lastBlock).first(where: isInner) ?? blockCount
        var y = 0
        while y < rows.count {
            let y1 = min(rows.count, y + chunkRows)
            let fresh = bufferStart + count  // the band's first byte this chunk adds
            buffer.withUnsafeMutableBufferPointer { out in
                FastPNGEncoder.filterRows(
                    pixels, width: width, from: y, to: y1, above: y == 0 ? above : pixels + (y - 1) * width, dropAlpha: opaque,
                    threads: t, into: out.baseAddress! + count)
            }
            count += (y1 - y) * stride
            let end = bufferStart + count
            y = y1
            // The new bytes' share of straddling blocks, gathered; blocks this completes are
            // compressed below with the inner ones.
            var completed: [(Int, [UInt8])] = []
            lock.lock()
            for k in (fresh / blockSize)...min(blockCount - 1, end / blockSize) where !isInner(k) {
                let block = span(ofBlock: k)
                let (lo, hi) = (block.lowerBound, block.upperBound)
                let from = max(lo, fresh)
                let to = min(hi, end)
                guard from < to else { continue }
                var g = gathering[k] ?? ([UInt8](repeating: 0, count: hi - lo), 0)
                g.bytes.withUnsafeMutableBufferPointer { dst in
                    buffer.withUnsafeBufferPointer { src in
                        (dst.baseAddress! + (from - lo)).update(from: src.baseAddress! + (from - bufferStart), count: to - from)
                    }
                }
                g.filled += to - from
                if g.filled == hi - lo {
                    gathering[k] = nil
                    completed.append((k, g.bytes))
                } else {
                    gathering[k] = g
                }
            }
            lock.unlock()
            var inner: [Int] = []
            while nextInner < blockCount, isInner(nextInner), min(total, (nextInner + 1) * blockSize) <= end {
                inner.append(nextInner)
                nextInner += 1
            }
            let jobs = inner.count + completed.count
            if jobs > 0 {
                var made = [Deflate.CompressedBlock?](repeating: nil, count: jobs)
                made.withUnsafeMutableBufferPointer { made in
                    let out = made
                    buffer.withUnsafeBufferPointer { f in
                        Parallel.forEach(iterations: jobs, threads: min(t, jobs)) { j in
                            if j < inner.count {
                                let k = inner[j]
                                let block = self.span(ofBlock: k)
                                let (lo, hi) = (block.lowerBound, block.upperBound)
                                let data = UnsafeBufferPointer(rebasing: f[(lo - bufferStart)..<(hi - bufferStart)])
                                out[j] = Deflate.compressBlock(data, k == 0 ? 0 : 1, hi - lo, last: hi == self.total)
                            } else {
                                let (k, bytes) = completed[j - inner.count]
                                out[j] = bytes.withUnsafeBufferPointer {
                                    Deflate.compressBlock(
                                        $0, k == 0 ? 0 : 1, $0.count, last: self.span(ofBlock: k).upperBound == self.total)
                                }
                            }
                        }
                    }
                }
                lock.lock()
                for (j, k) in (inner + completed.map(\.0)).enumerated() { blocks[k] = made[j] }
                lock.unlock()
            }
            // Keep what the next inner block needs (from its lead byte on, when filtered yet),
            // nothing else.
            let keepFrom =
                nextInner < blockCount && isInner(nextInner) ? min(end, max(bufferStart, span(ofBlock: nextInner).lowerBound)) : end
            let keep = end - keepFrom
            if keep > 0 && keepFrom > bufferStart {
                buffer.withUnsafeMutableBufferPointer { b in
                    _ = memmove(b.baseAddress!, b.baseAddress! + (keepFrom - bufferStart), keep)
                }
            }
            bufferStart = keepFrom
            count = keep
        }
    }

    /// The PNG file; every band must have been encoded.
    public func finish() -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        precondition(!done.contains(false) && blocks.allSatisfy { $0 != nil }, "finish() before every band was encoded")
        var stream = Deflate.Stream(expectedBytes: blocks.reduce(0) { $0 + $1!.bytes.count })
        for b in blocks { stream.append(b!) }
        let (w, h, opaque) = (width, height, self.opaque)
        return stream.finish { idat in FastPNGEncoder.file(width: w, height: h, dropAlpha: opaque, idat: idat) }
    }
}
