// SwiftUI's grids: LazyVGrid and LazyHGrid with GridItem tracks, and Grid with GridRows. Widgets
// never scroll, so "lazy" changes nothing: every cell is laid out (WidgetLayout's GridBox).
import Foundation

/// SwiftUI's `GridItem`: one column of a LazyVGrid (one row of a LazyHGrid).
public struct GridItem: Sendable {
    public enum Size: Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public var size: Size
    public var spacing: CGFloat?
    public var alignment: Alignment?
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }

    /// The track, with lengths made finite and ordered (0…10 000 pt; an unbounded maximum stays unbounded).
    var track: GridLayout.Track {
        func length(_ v: CGFloat) -> Double { v.isNaN ? 0 : min(10_000, max(0, Double(v))) }
        func maximum(_ v: CGFloat, atLeast mn: Double) -> Double { v.isNaN ? .infinity : max(mn, Double(v)) }
        let s: GridLayout.Track.Size
        switch size {
        case .fixed(let v): s = .fixed(length(v))
        case .flexible(let mn, let mx): s = .flexible(minimum: length(mn), maximum: maximum(mx, atLeast: length(mn)))
        case .adaptive(let mn, let mx): s = .adaptive(minimum: length(mn), maximum: maximum(mx, atLeast: length(mn)))
        }
        return GridLayout.Track(size: s, spacing: spacing.map { length($0) }, alignment: alignment)
    }
}

/// SwiftUI's `PinnedScrollableViews` (accepted; a widget does not scroll).
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

private func gridSpacing(_ v: CGFloat?) -> Double? { v.map { $0.isNaN ? 0 : min(10_000, max(0, Double($0))) } }

/// SwiftUI's `LazyVGrid`: cells fill the columns row by row.
public struct LazyVGrid<Content: View>: _PrimitiveView {
    let columns: [GridItem], alignment: HorizontalAlignment, spacing: CGFloat?, content: Content
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        let grid = GridLayout(
            flow: .rows, tracks: columns.map(\.track), lines: [_resolve(content, c)], lineSpacing: gridSpacing(spacing),
            trackSpacing: nil, alignment: Alignment(alignment, .center))
        return [node(.grid(grid), c)]
    }
}

/// SwiftUI's `LazyHGrid`: cells fill the rows column by column.
public struct LazyHGrid<Content: View>: _PrimitiveView {
    let rows: [GridItem], alignment: VerticalAlignment, spacing: CGFloat?, content: Content
    public init(
        rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        let grid = GridLayout(
            flow: .columns, tracks: rows.map(\.track), lines: [_resolve(content, c)], lineSpacing: gridSpacing(spacing),
            trackSpacing: nil, alignment: Alignment(.center, alignment))
        return [node(.grid(grid), c)]
    }
}

/// SwiftUI's `Grid`: rows of cells in columns as wide as their widest cell.
public struct Grid<Content: View>: _PrimitiveView {
    let alignment: Alignment, horizontalSpacing: CGFloat?, verticalSpacing: CGFloat?, content: Content
    public init(
        alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        var lines: [[ViewNode]] = []
        var isRow: [Bool] = []
        for child in _resolve(content, c) {
            if case .grid(let row) = child.kind, row.isGridRow, child.modifiers.isEmpty {
                lines.append(row.lines.first ?? [])
                isRow.append(true)
            } else {
                lines.append([child])
                isRow.append(false)
            }
        }
        let grid = GridLayout(
            flow: .rows, tracks: [], lines: lines, lineSpacing: gridSpacing(verticalSpacing), trackSpacing: gridSpacing(horizontalSpacing),
            alignment: alignment, isRow: isRow)
        return [node(.grid(grid), c)]
    }
}

/// SwiftUI's `GridRow`: one row of a Grid (outside a Grid, a one-row grid).
public struct GridRow<Content: View>: _PrimitiveView {
    let alignment: VerticalAlignment?, content: Content
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        var grid = GridLayout(
            flow: .rows, tracks: [], lines: [_resolve(content, c)], lineSpacing: nil, trackSpacing: nil,
            alignment: Alignment(.center, alignment ?? .center), isRow: [true])
        grid.isGridRow = true
        return [node(.grid(grid), c)]
    }
}

extension View {
    /// Grid cell modifiers (accepted; a cell spans one column here, anchored by its column's alignment).
    public func gridCellColumns(_ count: Int) -> Self { self }
    /// On a cell of a Grid: the horizontal alignment of every cell in its column.
    public func gridColumnAlignment(_ alignment: HorizontalAlignment) -> ModifiedContent<Self> {
        layout { _ in [.gridColumnAlignment(alignment)] }
    }
    public func gridCellAnchor(_ anchor: UnitPoint) -> Self { self }
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> Self { self }
}
