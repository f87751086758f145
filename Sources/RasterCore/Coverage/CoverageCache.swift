// Coverage kept between fills: a batch draws the same texts and shapes at the same places in
// every look of a variant (light, dark, clear and tinted glass lay out alike), and only the paint
// differs. The rasterizer's output is a pure function of the flattened path, the fill rule and
// the clip rectangle, so a fill whose path, transform, tolerance, rule and clip were seen before
// replays the recorded coverage rows into the blender instead of flattening and scan-converting
// again — the same calls with the same values, so the same pixels.
import Foundation
import WidgetModel

/// Recorded coverage of fills, shared by canvases across threads. Bounded by bytes: the
/// oldest entries go first when the budget is reached.
public final class CoverageCache: @unchecked Sendable {
    /// The cache the compositor's canvases share.
    public static let shared = CoverageCache(budget: 32 << 20)

    /// Paths with fewer elements are rasterized each time (a rectangle costs less than its key).
    public static let minimumElements = 24

    struct Key: Hashable {
        var path: Path
        var transform: Transform
        var tolerance: Double
        var rule: FillRule
        var clip: IntRect
    }

    /// One fill's coverage: runs in the order the rasterizer gave them. A run with `value` ≥ 0
    /// is `count` pixels of that coverage; −1 means `count` values from `bytes` at `offset`.
    final class Entry: @unchecked Sendable {
        struct Run {
            var y: Int32
            var x: Int32
            var count: Int32
            var value: Int16
            var offset: Int32
        }
        let runs: [Run]
        let bytes: [UInt8]
        init(runs: [Run], bytes: [UInt8]) {
            self.runs = runs
            self.bytes = bytes
        }
        var size: Int { runs.count * MemoryLayout<Run>.stride + bytes.count + 64 }
    }

    private let budget: Int
    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []
    private var orderHead = 0
    private var bytes = 0
    private let lock = NSLock()

    public init(budget: Int) { self.budget = max(0, budget) }

    /// The largest record kept: a quarter of the budget (one fill never takes most of it).
    var maxEntryBytes: Int { budget / 4 }

    /// Bytes held now (for tests and the benchmark).
    public var heldBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }

    func entry(_ key: Key) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        return entries[key]
    }

    func insert(_ key: Key, _ entry: Entry) {
        let size = entry.size
        guard size <= maxEntryBytes else { return }
        lock.lock()
        defer { lock.unlock() }
        guard entries[key] == nil else { return }
        while bytes + size > budget, orderHead < order.count {
            let old = order[orderHead]
            orderHead += 1
            if let e = entries.removeValue(forKey: old) { bytes -= e.size }
        }
        if orderHead > 1024 && orderHead * 2 > order.count {
            order.removeFirst(orderHead)
            orderHead = 0
        }
        entries[key] = entry
        order.append(key)
        bytes += size
    }

    /// Drops every entry.
    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries = [:]
        order = []
        orderHead = 0
        bytes = 0
    }
}

/// Passes coverage on to another sink and records it, up to `limit` bytes of record (past it the
/// record is dropped and `complete` is false: the fill is not kept).
struct RecordingSink<Inner: CoverageSink>: CoverageSink {
    var inner: Inner
    var runs: [CoverageCache.Entry.Run] = []
    var bytes: [UInt8] = []
    let limit: Int
    private(set) var complete = true

    init(_ inner: Inner, limit: Int) {
        self.inner = inner
        self.limit = limit
    }

    private mutating func fits(_ more: Int) -> Bool {
        guard complete else { return false }
        if (runs.count + 1) * MemoryLayout<CoverageCache.Entry.Run>.stride + bytes.count + more > limit {
            complete = false
            runs = []
            bytes = []
            return false
        }
        return true
    }

    mutating func blend(y: Int, x: Int, coverage: UnsafeBufferPointer<UInt8>) {
        if coverage.count > 0, fits(coverage.count) {
            runs.append(.init(y: Int32(y), x: Int32(x), count: Int32(coverage.count), value: -1, offset: Int32(bytes.count)))
            bytes.append(contentsOf: coverage)
        }
        inner.blend(y: y, x: x, coverage: coverage)
    }

    mutating func blend(y: Int, x: Int, count: Int, coverage: UInt8) {
        if fits(0) { runs.append(.init(y: Int32(y), x: Int32(x), count: Int32(count), value: Int16(coverage), offset: 0)) }
        inner.blend(y: y, x: x, count: count, coverage: coverage)
    }
}

extension CoverageCache.Entry {
    /// Hands the recorded coverage to `sink`, in the recorded order.
    func replay<Sink: CoverageSink>(into sink: inout Sink) {
        bytes.withUnsafeBufferPointer { b in
            for r in runs where r.count > 0 {
                if r.value >= 0 {
                    sink.blend(y: Int(r.y), x: Int(r.x), count: Int(r.count), coverage: UInt8(r.value))
                } else {
                    sink.blend(
                        y: Int(r.y), x: Int(r.x), coverage: UnsafeBufferPointer(start: b.baseAddress! + Int(r.offset), count: Int(r.count)))
                }
            }
        }
    }
}
