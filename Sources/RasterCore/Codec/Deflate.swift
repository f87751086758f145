import CPNG
import Foundation
// A fast deflate (RFC 1951) encoder specialised for filtered image rows.
//
// zlib at level 1 spends most of its time searching for matches that image data rarely has;
// on a 1049×1095 frame it takes ~30 ms, the largest single cost of a widget render. Filtered
// PNG rows are mostly small values with long runs of zeros in flat areas, so this encoder does
// only two things, in the manner of fpnge and QOI-style encoders:
//   • runs of a repeated byte become matches at distance 1 (and the run itself as one literal),
//   • everything else is a literal, coded with a dynamic Huffman table built per block from
//     that block's own histogram (so a smooth gradient's ±1 values cost 2–3 bits).
// Output is a standard zlib stream that any inflater reads; the tests decode it with libpng.
// Encoding is a pure function of the input bytes, so the same image gives the same file
// everywhere.
import WidgetModel

/// A writer's buffer, freed when the last copy of the writer is gone, finished or not: an
/// encoder dropped half way (a cancelled batch's streamed contact sheet) leaks nothing.
private final class BitBuffer {
    let base: UnsafeMutablePointer<UInt8>
    init(capacity: Int) { base = .allocate(capacity: capacity) }
    deinit { base.deallocate() }
}

/// Appends bits LSB-first to a byte buffer, as deflate requires. The buffer is allocated once
/// with room for the worst case, so writing is a shift, an or and an occasional 4-byte store.
struct BitWriter {
    private let buffer: BitBuffer
    private let base: UnsafeMutablePointer<UInt8>
    private var position = 0
    private let capacity: Int
    private var acc: UInt64 = 0
    private var count: UInt64 = 0

    init(capacity: Int) {
        self.capacity = capacity + 16
        buffer = BitBuffer(capacity: self.capacity)
        base = buffer.base
    }

    /// Writes the low `n` bits of `value` (n ≤ 32).
    @inline(__always)
    mutating func write(_ value: UInt32, _ n: UInt32) {
        acc |= UInt64(value) &<< count
        count &+= UInt64(n)
        if count >= 32 {
            assert(position + 4 <= capacity, "deflate output overflow")
            UnsafeMutableRawPointer(base + position).storeBytes(of: UInt32(truncatingIfNeeded: acc).littleEndian, as: UInt32.self)
            position &+= 4
            acc &>>= 32
            count &-= 32
        }
    }

    /// Writes `count` symbols, each as a table entry `code | length << 32`: `literals[s]` for a
    /// symbol below 256, `runs[s - 256]` otherwise (length ≤ 24 bits). A block's hot loop: each
    /// symbol is or-ed into the accumulator and the whole bytes are stored eight at a time without
    /// a branch (the buffer's 16 spare bytes take the overhang), so the byte stream is the one
    /// `write` makes. `bytes`: the input the symbols stand for (a literal is at most 15 bits for
    /// one byte, a run at most 21 for three or more), which bounds the output.
    mutating func writeSymbols(
        _ symbols: UnsafePointer<UInt16>, count n: Int, bytes: Int, literals: UnsafePointer<UInt64>, runs: UnsafePointer<UInt64>
    ) {
        var acc = self.acc
        var bits = self.count  // < 32
        var pos = position
        let out = UnsafeMutableRawPointer(base)
        precondition(n >= 0 && n <= bytes && pos + (bytes * 15 + 7) / 8 + 8 <= capacity, "deflate output overflow")
        for k in 0..<n {
            let s = Int(symbols[k])
            let e = s < 256 ? literals[s] : runs[s &- 256]
            acc |= (e & 0xFFFF_FFFF) &<< bits
            bits &+= e &>> 32
            // bits < 8 + 24 here, then < 8: whole bytes leave the accumulator.
            (out + pos).storeBytes(of: acc.littleEndian, as: UInt64.self)
            let whole = bits &>> 3
            pos &+= Int(truncatingIfNeeded: whole)
            acc = whole == 0 ? acc : acc &>> (whole &<< 3)
            bits &= 7
        }
        self.acc = acc
        self.count = bits
        position = pos
    }

    /// Appends `bits` bits from another writer's output (LSB-first bytes, as `finishBits` gives).
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, bits: Int) {
        guard bits > 0, let p = bytes.baseAddress else { return }
        let words = bits / 32
        let raw = UnsafeRawPointer(p)
        for i in 0..<words { write(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)), 32) }
        var rest = bits - words * 32
        var i = words * 4
        while rest > 0 {
            let n = min(8, rest)
            write(UInt32(p[i]) & ((1 << UInt32(n)) - 1), UInt32(n))
            rest -= n
            i += 1
        }
    }

    /// Like `finish`, with the number of bits written (before the padding).
    mutating func finishBits() -> (bytes: [UInt8], bits: Int) {
        let bits = position * 8 + Int(count)
        return (finish(), bits)
    }

    /// Pads with zero bits to a byte boundary and returns the bytes.
    mutating func finish() -> [UInt8] {
        finish { Array($0) }
    }

    /// Pads with zero bits to a byte boundary, then `trailer` bytes; hands the bytes to `body`
    /// (no copy; the buffer is freed with the writer).
    mutating func finish<R>(trailer: [UInt8] = [], _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        while count > 0 {
            base[position] = UInt8(truncatingIfNeeded: acc)
            position += 1
            acc >>= 8
            count = count >= 8 ? count - 8 : 0
        }
        precondition(position + trailer.count <= capacity, "deflate output overflow")
        for b in trailer {
            base[position] = b
            position += 1
        }
        return withExtendedLifetime(buffer) { body(UnsafeBufferPointer(start: base, count: position)) }
    }
}

/// A canonical Huffman code: a length and a bit-reversed code for each symbol.
struct HuffmanCode {
    var lengths: [UInt8]
    var codes: [UInt32]

    /// Builds a length-limited code from symbol frequencies. Symbols with a zero count get no code.
    init(frequencies freq: [Int], maxLength: Int) {
        let n = freq.count
        lengths = HuffmanCode.codeLengths(freq, maxLength: maxLength)
        codes = [UInt32](repeating: 0, count: n)
        // Canonical assignment (RFC 1951 §3.2.2), then bit reversal for LSB-first output.
        var blCount = [Int](repeating: 0, count: maxLength + 1)
        for l in lengths where l > 0 { blCount[Int(l)] += 1 }
        var next = [Int](repeating: 0, count: maxLength + 2)
        var code = 0
        for bits in 1...maxLength {
            code = (code + blCount[bits - 1]) << 1
            next[bits] = code
        }
        for s in 0..<n where lengths[s] > 0 {
            let l = Int(lengths[s])
            codes[s] = HuffmanCode.reverse(UInt32(next[l]), l)
            next[l] += 1
        }
    }

    static func reverse(_ v: UInt32, _ n: Int) -> UInt32 {
        var r: UInt32 = 0
        var x = v
        for _ in 0..<n {
            r = (r << 1) | (x & 1)
            x >>= 1
        }
        return r
    }

    /// Huffman code lengths limited to `maxLength`: an optimal tree first, then the counts per
    /// length are adjusted as JPEG's Annex K.3 does (move two symbols up, one down) until no
    /// code is longer than the limit; symbols are then given lengths by falling frequency.
    static func codeLengths(_ freq: [Int], maxLength: Int) -> [UInt8] {
        var used = freq.indices.filter { freq[$0] > 0 }
        var out = [UInt8](repeating: 0, count: freq.count)
        if used.isEmpty { return out }
        if used.count == 1 {
            out[used[0]] = 1
            return out
        }
        // Optimal code lengths with the two-queue method over frequency-sorted leaves.
        // (by frequency, then symbol: one packed integer each, sorted without a closure — the
        // closure sort was 1.3% of a batch)
        if freq.count <= 1 << 16, used.allSatisfy({ freq[$0] < 1 << 46 }) {
            var keys = used.map { freq[$0] << 16 | $0 }
            keys.sort()
            used = keys.map { $0 & 0xFFFF }
        } else {
            used.sort { freq[$0] != freq[$1] ? freq[$0] < freq[$1] : $0 < $1 }
        }
        let leaves = used.count
        var weight = used.map { freq[$0] }
        var parent = [Int](repeating: -1, count: 2 * leaves - 1)
        weight.reserveCapacity(2 * leaves - 1)
        var leaf = 0
        var node = leaves
        var nextNode = leaves
        func takeSmallest() -> Int {
            if leaf < leaves && (node >= nextNode || weight[leaf] <= weight[node]) {
                leaf += 1
                return leaf - 1
            }
            node += 1
            return node - 1
        }
        while nextNode < 2 * leaves - 1 {
            let a = takeSmallest()
            let b = takeSmallest()
            weight.append(weight[a] + weight[b])
            parent[a] = nextNode
            parent[b] = nextNode
            nextNode += 1
        }
        var depth = [Int](repeating: 0, count: 2 * leaves - 1)
        for i in stride(from: 2 * leaves - 3, through: 0, by: -1) { depth[i] = depth[parent[i]] + 1 }
        var countPerLength = [Int](repeating: 0, count: max(maxLength, depth.max()!) + 1)
        for i in 0..<leaves { countPerLength[depth[i]] += 1 }
        // Limit the lengths, keeping the Kraft sum exactly 1.
        var i = countPerLength.count - 1
        while i > maxLength {
            while countPerLength[i] > 0 {
                var j = i - 2
                while j > 0 && countPerLength[j] == 0 { j -= 1 }
                countPerLength[i] -= 2
                countPerLength[i - 1] += 1
                countPerLength[j + 1] += 2
                countPerLength[j] -= 1
            }
            i -= 1
        }
        // Most frequent symbols get the shortest codes.
        var l = 1
        for s in used.reversed() {
            while countPerLength[l] == 0 { l += 1 }
            out[s] = UInt8(l)
            countPerLength[l] -= 1
        }
        return out
    }
}

enum Deflate {
    /// Length symbols 257...285: base lengths and extra bits (RFC 1951 §3.2.5).
    static let lengthBase: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
        67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    static let lengthExtra: [UInt32] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
        4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// For each match length 3...258: its symbol index (0...28).
    static let lengthSymbol: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 259)
        for s in 0..<29 {
            let end = s == 28 ? 259 : lengthBase[s + 1]
            for len in lengthBase[s]..<end where len <= 258 { t[len] = UInt8(s) }
        }
        t[258] = 28
        return t
    }()
    /// Order in which code-length code lengths are stored.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Bytes per deflate block: each block gets its own Huffman table.
    static let blockSize = 1 << 18

    /// A zlib stream (RFC 1950) of `data`.
    /// A zlib stream written a segment at a time (FastPNGEncoder): blocks of `blockSize` bytes at
    /// fixed offsets of the whole input, so the output does not depend on how it was segmented.
    struct Stream {
        private var w: BitWriter
        private var adler: UInt32 = 1

        init(expectedBytes: Int) {
            // Worst case: every byte a 15-bit literal, plus block headers.
            w = BitWriter(capacity: expectedBytes * 2 + 1024 * (expectedBytes / blockSize + 1))
            w.write(0x78, 8)
            w.write(0x01, 8)  // deflate, 32K window, fastest; (0x7801) % 31 == 0
        }

        /// Compresses data[start..<end] (the byte before `start`, when start > 0, is the previous
        /// one); `start` is a block boundary of the whole input. `last`: the input ends at `end`.
        mutating func append(
            _ data: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, firstBlockLast last: Bool, blockSize: Int, threads: Int
        ) {
            let blocks = max(1, (end - start + blockSize - 1) / blockSize)
            if threads > 1 && blocks > 1 {
                // Each block deflated and checksummed on its own; the checksums are combined in
                // order (the same Adler-32 as one pass).
                var segments = [CompressedBlock?](repeating: nil, count: blocks)
                segments.withUnsafeMutableBufferPointer { seg in
                    let out = seg
                    Parallel.forEach(iterations: blocks, threads: threads) { b in
                        let s = start + b * blockSize
                        let e = min(end, s + blockSize)
                        out[b] = compressBlock(data, s, e, last: last && e == end)
                    }
                }
                for seg in segments { append(seg!) }
            } else {
                adler = cpng_adler32(adler, data.baseAddress! + start, end - start)
                var s = start
                repeat {
                    let e = min(end, s + blockSize)
                    encodeBlock(data, s, e, last: last && e == end, &w)
                    s = e
                } while s < end
            }
        }

        /// A block compressed on its own (`compressBlock`), after the blocks appended so far.
        mutating func append(_ segment: CompressedBlock) {
            segment.bytes.withUnsafeBufferPointer { w.append($0, bits: segment.bits) }
            adler = cpng_adler32_combine(adler, segment.adler, segment.length)
        }

        /// The finished stream (Adler-32 last), handed to `body` without a copy.
        mutating func finish<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            let trailer = [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
            return w.finish(trailer: trailer, body)
        }
    }

    /// A deflate block as bits, with the Adler-32 and length of the bytes it holds.
    struct CompressedBlock {
        let bytes: [UInt8]
        let bits: Int
        let adler: UInt32
        let length: Int
    }

    /// data[start..<end] as one block of its own (the byte before `start`, when start > 0, is
    /// the previous one), to be appended to a `Stream` in order.
    static func compressBlock(_ data: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, last: Bool) -> CompressedBlock {
        var bw = BitWriter(capacity: (end - start) * 2 + 1024)
        encodeBlock(data, start, end, last: last, &bw)
        let done = bw.finishBits()
        return CompressedBlock(
            bytes: done.bytes, bits: done.bits, adler: cpng_adler32(1, data.baseAddress! + start, end - start), length: end - start)
    }

    /// One dynamic-Huffman block of data[start..<end]. Matches reach back into earlier blocks,
    /// which deflate allows (the window spans blocks).
    static func encodeBlock(_ data: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, last: Bool, _ w: inout BitWriter) {
        // Pass 1: symbols, a literal for a byte and 256 + length for a run (cpng_deflate_symbols:
        // eight bytes tested at once for a run's start, runs measured 32 bytes at a time).
        // Every slot used is written before it is read: no zero-fill.
        var symbols = [UInt16](unsafeUninitializedCapacity: end - start + 1) { _, n in n = end - start + 1 }
        var counts = [UInt32](repeating: 0, count: 4 * 286)
        var count = 0
        symbols.withUnsafeMutableBufferPointer { sym in
            counts.withUnsafeMutableBufferPointer { f in
                Deflate.lengthSymbol.withUnsafeBufferPointer { lsym in
                    count = cpng_deflate_symbols(data.baseAddress!, start, end, lsym.baseAddress!, sym.baseAddress!, f.baseAddress!)
                }
            }
        }
        var freq = [Int](repeating: 0, count: 286)
        for s in 0..<286 { freq[s] = Int(counts[s]) + Int(counts[286 + s]) + Int(counts[572 + s]) + Int(counts[858 + s]) }
        freq[256] = 1
        let litCode = HuffmanCode(frequencies: freq, maxLength: 15)
        // Distances: only distance 1 (code 0) is used; two codes of length 1 keep the code complete.
        let distLengths: [UInt8] = [1, 1]
        writeHeader(litCode.lengths, distLengths, last: last, &w)
        let distCode0 = HuffmanCode.reverse(0, 1)
        let lengthExtra = Deflate.lengthExtra
        let lengthBase = Deflate.lengthBase
        // Pass 2: bits. Each symbol's code and length are packed in one table entry.
        var table = [UInt64](repeating: 0, count: 286)
        for sIndex in 0..<286 { table[sIndex] = UInt64(litCode.codes[sIndex]) | UInt64(litCode.lengths[sIndex]) << 32 }
        var runTable = [UInt64](repeating: 0, count: 259)  // for each run length: code+extra bits, total length
        for run in 3...258 {
            let li = Int(Deflate.lengthSymbol[run])
            let code = UInt64(litCode.codes[257 + li])
            let len = UInt64(litCode.lengths[257 + li])
            let extraBits = UInt64(lengthExtra[li])
            let bits = code | UInt64(run - lengthBase[li]) << len | UInt64(distCode0) << (len + extraBits)
            runTable[run] = bits | (len + extraBits + 1) << 32
        }
        table.withUnsafeBufferPointer { tBuf in
            runTable.withUnsafeBufferPointer { rBuf in
                symbols.withUnsafeBufferPointer { symBuf in
                    w.writeSymbols(
                        symBuf.baseAddress!, count: count, bytes: end - start, literals: tBuf.baseAddress!, runs: rBuf.baseAddress!)
                }
            }
        }
        w.write(litCode.codes[256], UInt32(litCode.lengths[256]))
    }

    /// The dynamic block header: HLIT, HDIST, HCLEN and the run-length coded code lengths.
    static func writeHeader(_ lit: [UInt8], _ dist: [UInt8], last: Bool, _ w: inout BitWriter) {
        var hlit = 286
        while hlit > 257 && lit[hlit - 1] == 0 { hlit -= 1 }
        let hdist = dist.count
        let all = Array(lit[0..<hlit]) + dist
        // Run-length code the lengths with symbols 16 (repeat previous 3–6), 17 (3–10 zeros),
        // 18 (11–138 zeros).
        var items: [(sym: Int, extra: UInt32, bits: UInt32)] = []
        var i = 0
        while i < all.count {
            let v = all[i]
            var run = 1
            while i + run < all.count && all[i + run] == v { run += 1 }
            if v == 0 && run >= 3 {
                var left = run
                while left >= 11 {
                    let n = min(138, left)
                    items.append((18, UInt32(n - 11), 7))
                    left -= n
                }
                if left >= 3 {
                    items.append((17, UInt32(left - 3), 3))
                    left = 0
                }
                for _ in 0..<left { items.append((0, 0, 0)) }
            } else if v != 0 && run >= 4 {
                items.append((Int(v), 0, 0))
                var left = run - 1
                while left >= 3 {
                    let n = min(6, left)
                    items.append((16, UInt32(n - 3), 2))
                    left -= n
                }
                for _ in 0..<left { items.append((Int(v), 0, 0)) }
            } else {
                for _ in 0..<run { items.append((Int(v), 0, 0)) }
            }
            i += run
        }
        var clFreq = [Int](repeating: 0, count: 19)
        for item in items { clFreq[item.sym] += 1 }
        let clCode = HuffmanCode(frequencies: clFreq, maxLength: 7)
        var hclen = 19
        while hclen > 4 && clCode.lengths[codeLengthOrder[hclen - 1]] == 0 { hclen -= 1 }
        w.write(last ? 1 : 0, 1)
        w.write(2, 2)  // dynamic Huffman
        w.write(UInt32(hlit - 257), 5)
        w.write(UInt32(hdist - 1), 5)
        w.write(UInt32(hclen - 4), 4)
        for k in 0..<hclen { w.write(UInt32(clCode.lengths[codeLengthOrder[k]]), 3) }
        for item in items {
            w.write(clCode.codes[item.sym], UInt32(clCode.lengths[item.sym]))
            if item.bits > 0 { w.write(item.extra, item.bits) }
        }
    }
}
