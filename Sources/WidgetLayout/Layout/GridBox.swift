// SwiftUI's grids. A track is a column of LazyVGrid/Grid or a row of LazyHGrid; a line is the
// other way (a row of LazyVGrid). Tracks are sized first, from the offered length along them:
//  • LazyVGrid/LazyHGrid (GridItem): fixed tracks take their size; flexible tracks share what is
//    left equally, clamped to [minimum, maximum]; an adaptive item becomes as many tracks of at
//    least its minimum as fit. With no length offered, a flexible track is as long as its longest
//    cell (clamped), an adaptive one its minimum.
//  • Grid: one track per column, as long as the column's longest cell at its ideal size; shrunk
//    proportionally when they do not fit the length offered. A view in a Grid that is not a
//    GridRow spans every column.
// Each cell is offered its track's length and no length along the line; a line is as long as its
// longest cell. Cells are placed in their cell rectangle by the track's alignment (or the grid's).
// Spacing is 8 pt unless given.
import RasterCore
import WidgetModel

final class GridBox: LayoutBox {
    let grid: GridLayout
    /// Every cell box, line by line for Grid; one flat list for the lazy grids.
    let cells: [[LayoutBox]]
    let trackAxis: Axis
    var lineAxis: Axis { trackAxis == .horizontal ? .vertical : .horizontal }

    init(view: ViewNode, context: LayoutContext, grid: GridLayout) {
        self.grid = grid
        cells = grid.lines.map { $0.map { LayoutBox.build($0, context) } }
        trackAxis = grid.flow == .rows ? .horizontal : .vertical
        super.init(view: view, context: context)
    }

    override var children: [LayoutBox] { cells.flatMap { $0 } }

    /// A resolved layout for one offered length along the tracks.
    struct Plan {
        var tracks: [(length: Double, spacing: Double, alignment: Alignment?)]
        /// Cells per line, with the track each sits in (nil: spans every track).
        var lines: [[(box: LayoutBox, track: Int?)]]
        var lineLengths: [Double]
        var size: Size
    }

    private var plans: [Double?: Plan] = [:]

    var isLazy: Bool { !grid.tracks.isEmpty }

    func plan(_ offered: Double?) -> Plan {
        let key = offered.map { $0.isFinite ? $0 : Double.infinity }
        if let p = plans[key] { return p }
        let available = key.flatMap { $0.isFinite ? $0 : nil }
        let tracks = isLazy ? lazyTracks(available) : gridTracks(available)
        var lines: [[(box: LayoutBox, track: Int?)]] = []
        if isLazy {
            let n = max(1, tracks.count)
            let flat = cells.first ?? []
            var i = 0
            while i < flat.count {
                lines.append((i..<min(flat.count, i + n)).map { (flat[$0], $0 - i) })
                i += n
            }
        } else {
            for (r, line) in cells.enumerated() {
                let row = r < grid.isRow.count ? grid.isRow[r] : true
                lines.append(line.enumerated().map { (box: $0.element, track: row ? $0.offset : nil) })
            }
        }
        let total = tracks.reduce(0) { $0 + $1.length } + tracks.dropLast().reduce(0) { $0 + $1.spacing }
        let lineLengths = lines.map { line in
            line.map { cell in
                let length = cell.track.map { $0 < tracks.count ? tracks[$0].length : 0 } ?? total
                return cell.box.sizeThatFits(ProposedSize.make(trackAxis, main: length, cross: nil)).value(lineAxis)
            }.max() ?? 0
        }
        let lineSpacing = grid.lineSpacing ?? 8
        let lineTotal = lineLengths.reduce(0, +) + lineSpacing * Double(max(0, lineLengths.count - 1))
        let p = Plan(tracks: tracks, lines: lines, lineLengths: lineLengths, size: Size.make(trackAxis, main: total, cross: lineTotal))
        plans[key] = p
        return p
    }

    /// The longest cell of track `index` at its ideal size (lazy grids: cells flow `count` per line).
    private func idealLength(track index: Int, of count: Int) -> Double {
        let flat = cells.first ?? []
        var longest = 0.0
        var i = index
        while i < flat.count {
            longest = max(longest, flat[i].sizeThatFits(.unspecified).value(trackAxis))
            i += count
        }
        return longest
    }

    func lazyTracks(_ available: Double?) -> [(length: Double, spacing: Double, alignment: Alignment?)] {
        // An adaptive item becomes as many tracks as fit (one when no length is offered).
        var items: [GridLayout.Track] = []
        let fixedAndGaps = grid.tracks.reduce(0.0) { sum, t in
            if case .fixed(let v) = t.size { return sum + v + (t.spacing ?? 8) }
            return sum
        }
        for t in grid.tracks.prefix(64) {
            if case .adaptive(let mn, let mx) = t.size {
                let gap = t.spacing ?? 8
                let room = max(0, (available ?? mn) - fixedAndGaps)
                let n = max(1, min(64, Int(((room + gap) / (max(1, mn) + gap)).rounded(.down))))
                for _ in 0..<n {
                    items.append(GridLayout.Track(size: .flexible(minimum: mn, maximum: mx), spacing: gap, alignment: t.alignment))
                }
            } else {
                items.append(t)
            }
        }
        var lengths = [Double?](repeating: nil, count: items.count)
        for (i, t) in items.enumerated() { if case .fixed(let v) = t.size { lengths[i] = v } }
        let gaps = items.dropLast().reduce(0) { $0 + ($1.spacing ?? 8) }
        if let available {
            // Flexible tracks share what is left; those clamped keep their clamp and the rest re-share.
            var open = Set(items.indices.filter { lengths[$0] == nil })
            for _ in 0..<items.count where !open.isEmpty {
                let used = items.indices.filter { !open.contains($0) }.reduce(0) { $0 + (lengths[$1] ?? 0) }
                let share = max(0, available - gaps - used) / Double(open.count)
                var clamped = false
                for i in open.sorted() {
                    guard case .flexible(let mn, let mx) = items[i].size else { continue }
                    let v = min(mx, max(mn, share))
                    if v != share {
                        lengths[i] = v
                        open.remove(i)
                        clamped = true
                    }
                }
                if !clamped {
                    for i in open { lengths[i] = share }
                    open = []
                }
            }
        } else {
            for (i, t) in items.enumerated() where lengths[i] == nil {
                guard case .flexible(let mn, let mx) = t.size else { continue }
                lengths[i] = min(mx, max(mn, idealLength(track: i, of: items.count)))
            }
        }
        return items.enumerated().map { i, t in (lengths[i] ?? 0, t.spacing ?? 8, t.alignment) }
    }

    func gridTracks(_ available: Double?) -> [(length: Double, spacing: Double, alignment: Alignment?)] {
        let count = min(256, zip(cells, grid.isRow).filter { $0.1 }.map { $0.0.count }.max() ?? 0)
        var lengths = [Double](repeating: 0, count: count)
        for (line, row) in zip(cells, grid.isRow) where row {
            for (j, cell) in line.enumerated() where j < count {
                lengths[j] = max(lengths[j], cell.sizeThatFits(.unspecified).value(trackAxis))
            }
        }
        let gap = grid.trackSpacing ?? 8
        let gaps = gap * Double(max(0, count - 1))
        let sum = lengths.reduce(0, +)
        if let available, sum + gaps > available, sum > 0 {
            let k = max(0, available - gaps) / sum
            lengths = lengths.map { $0 * k }
        }
        // A cell's gridColumnAlignment sets its column's (the first one found, row by row).
        var alignments = [Alignment?](repeating: nil, count: count)
        for (line, row) in zip(cells, grid.isRow) where row {
            for (j, cell) in line.enumerated() where j < count && alignments[j] == nil {
                for case .gridColumnAlignment(let h) in cell.view.modifiers {
                    alignments[j] = Alignment(h, grid.alignment.vertical)
                }
            }
        }
        return lengths.enumerated().map { ($1, gap, alignments[$0]) }
    }

    override func computeSize(_ p: ProposedSize) -> Size { plan(p.value(trackAxis)).size }

    override func place(in rect: Rect) {
        frame = rect
        let p = plan(rect.size.value(trackAxis))
        let lineSpacing = grid.lineSpacing ?? 8
        var lineStart = 0.0
        let total = p.size.value(trackAxis)
        for (l, line) in p.lines.enumerated() {
            let lineLength = p.lineLengths[l]
            for cell in line {
                var start = 0.0
                var length = total
                var alignment = grid.alignment
                if let t = cell.track, t < p.tracks.count {
                    start = p.tracks[..<t].reduce(0) { $0 + $1.length + $1.spacing }
                    length = p.tracks[t].length
                    alignment = p.tracks[t].alignment ?? grid.alignment
                }
                let origin =
                    trackAxis == .horizontal
                    ? Point(rect.minX + start, rect.minY + lineStart) : Point(rect.minX + lineStart, rect.minY + start)
                let cellRect = Rect(origin: origin, size: Size.make(trackAxis, main: length, cross: lineLength))
                let s = cell.box.sizeThatFits(ProposedSize.make(trackAxis, main: length, cross: nil))
                let fitted = Size(min(s.width, cellRect.width), min(s.height, cellRect.height))
                cell.box.place(in: aligned(fitted, in: cellRect, alignment))
            }
            lineStart += lineLength + lineSpacing
        }
    }
}
