import Foundation
// The blurred backdrop a widget's glass (or vibrant material) is made of depends on the wallpaper,
// the device, the family's place on the screen, the frame and the material — not on the entry or
// the content. A batch renders the same family and look for every entry and setting in a row, so
// one cache per renderer computes each face once and hands out copies (copy-on-write: no pixel is
// copied until a variant draws on its canvas). Concurrent workers asking for the same face wait
// for the first one instead of blurring it twice. The cache holds at most `budget` bytes (oldest
// faces go first), so a matrix of any size keeps a flat memory footprint.
import RasterCore
import WidgetModel

public final class BackdropCache: @unchecked Sendable {
    /// What a cached pixmap is a pure function of.
    public struct Key: Hashable, Sendable {
        /// Names the backdrop pixels (the renderer's wallpaper, family and margin).
        public var backdrop: String
        /// What was made of it ("glass", "vibrant", "behind").
        public var kind: String
        public var width: Int
        public var height: Int
        /// The outline's parameters (corner radius or circle), in pixels.
        public var shape: [Double]
        public var material: GlassMaterial?
        public init(backdrop: String, kind: String, width: Int, height: Int, shape: [Double] = [], material: GlassMaterial? = nil) {
            self.backdrop = backdrop
            self.kind = kind
            self.width = width
            self.height = height
            self.shape = shape
            self.material = material
        }
    }

    private final class Slot {
        let lock = NSLock()
        var value: Any?
        var bytes = 0
    }

    public let budget: Int
    private let lock = NSLock()
    private var slots: [Key: Slot] = [:]
    private var order: [Key] = []
    private var bytes = 0
    /// Faces made and faces reused (for `make bench` and the tests).
    public private(set) var misses = 0
    public private(set) var hits = 0

    public init(budget: Int = 32 << 20) { self.budget = max(0, budget) }

    /// The pixmap for `key`, made by `make` on the first request.
    public func pixmap(_ key: Key, make: () -> Pixmap) -> Pixmap {
        value(key, bytes: { $0.width * $0.height * 4 }, make: make)
    }

    /// The low-resolution blur for `key` (nil when the blur takes the full-resolution path).
    public func blur(_ key: Key, make: () -> PreparedBlur?) -> PreparedBlur? {
        value(key, bytes: { $0?.byteCount ?? 0 }, make: make)
    }

    func value<T>(_ key: Key, bytes size: (T) -> Int, make: () -> T) -> T {
        lock.lock()
        let slot: Slot
        if let s = slots[key] {
            slot = s
        } else {
            slot = Slot()
            slots[key] = slot
            order.append(key)
        }
        lock.unlock()
        slot.lock.lock()
        defer { slot.lock.unlock() }
        // (Unwrapped before the cast: an empty slot must not pass as a stored nil.)
        if let stored = slot.value, let v = stored as? T {
            lock.lock()
            hits += 1
            lock.unlock()
            return v
        }
        let v = make()
        slot.value = v
        slot.bytes = size(v)
        lock.lock()
        misses += 1
        // (A slot evicted while this value was being made is no longer counted.)
        if slots[key] === slot { bytes += slot.bytes }
        // Evict the oldest finished values while over budget (never the one just made).
        var i = 0
        while bytes > budget, i < order.count {
            let k = order[i]
            if k != key, let s = slots[k], s.lock.try() {
                bytes -= s.bytes
                s.value = nil
                s.bytes = 0
                s.lock.unlock()
                slots[k] = nil
                order.remove(at: i)
            } else {
                i += 1
            }
        }
        lock.unlock()
        return v
    }
}
