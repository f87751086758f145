// Clip masks: 8-bit coverage over the whole canvas. Nested clips multiply.
import WidgetModel

/// An 8-bit coverage mask the size of a canvas; 255 = fully inside the clip.
public struct Mask: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var values: [UInt8]
    /// The smallest rectangle holding every non-zero value.
    public internal(set) var bounds: IntRect

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        values = [UInt8](repeating: 0, count: width * height)
        bounds = IntRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// The mask of `polylines` filled with `rule`, intersected with `previous` when given.
    init(
        _ polylines: [Polyline], rule: FillRule, width: Int, height: Int, clip: IntRect,
        previous: Mask?, rasterizer: CoverageRasterizer
    ) {
        self.init(width: width, height: height)
        var minX = Int.max
        var minY = Int.max
        var maxX = Int.min
        var maxY = Int.min
        values.withUnsafeMutableBufferPointer { out in
            rasterizer.rasterize(polylines, rule: rule, clip: clip) { y, x, cov in
                let row = out.baseAddress! + y * width + x
                if let previous {
                    previous.values.withUnsafeBufferPointer { prev in
                        let p = prev.baseAddress! + y * width + x
                        for i in 0..<cov.count { row[i] = UInt8(div255(UInt32(cov[i]) * UInt32(p[i]))) }
                    }
                } else {
                    row.update(from: cov.baseAddress!, count: cov.count)
                }
                minX = min(minX, x)
                maxX = max(maxX, x + cov.count)
                minY = min(minY, y)
                maxY = max(maxY, y + 1)
            }
        }
        if minX < maxX { bounds = IntRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }
    }

    /// The mask value at (x, y).
    public func value(atX x: Int, y: Int) -> UInt8 { values[y * width + x] }
}
