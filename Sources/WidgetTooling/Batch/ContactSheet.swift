// The contact sheet: a widget's variants on one labelled sheet, rows by family, entry and
// settings, columns by appearance — at most `maxCells` thumbnails within `maxSheetPixels` (the
// gallery lists every variant).
import Foundation
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

public enum ContactSheet {
    /// A small widget's thumbnail is about this many pixels wide; the column width's floor.
    public static let thumbnailSize = 360
    /// Every thumbnail is drawn at this many pixels per point, so families keep their relative
    /// sizes (a medium widget is twice as wide as a small one, as on the Home Screen) and text is
    /// equally legible in each. 2.2 makes a 164-pt small widget 360 px wide.
    public static let thumbnailPixelsPerPoint = 2.2
    /// Most thumbnails one sheet holds (and a batch keeps in memory per widget): a matrix of
    /// thousands of variants stays a readable sheet of bounded size; the gallery lists them all.
    public static let maxCells = 120
    /// Fewest variants a widget needs for a sheet: one image alone is its own preview (and a
    /// one-variant render — the common CI call — skips the thumbnail, the sheet's title and its
    /// encode).
    public static let minimumVariants = 2
    /// The sheet's pixel budget (a quarter of the largest pixmap, 16 Mpx): rows past it are left out.
    static let maxSheetPixels = Pixmap.maxPixels / 4

    /// A thumbnail of a variant rendered at `scale` pixels per point (area-averaged; never enlarged).
    public static func thumbnail(_ p: Pixmap, scale: Double) -> Pixmap {
        let size = thumbnailSize(width: p.width, height: p.height, scale: scale)
        return p.resized(width: size.width, height: size.height)
    }

    /// The thumbnail size of a `width`×`height` render at `scale` pixels per point.
    public static func thumbnailSize(width: Int, height: Int, scale: Double) -> (width: Int, height: Int) {
        let s = scale.isFinite && scale > 0 ? scale : 3
        let k = thumbnailPixelsPerPoint / s
        if k >= 1 { return (width, height) }
        return (max(1, Int((Double(width) * k).rounded())), max(1, Int((Double(height) * k).rounded())))
    }

    /// Lays out thumbnails on a sheet with a title and a label under each.
    /// `total` is how many variants the widget has (more than `cells` when only some are shown).
    public static func render(
        title: String, subtitle: String, cells allCells: [(Variant, Pixmap)], total: Int? = nil, library: FontLibrary = .shared
    ) -> Pixmap {
        let sheet = Builder(
            title: title, subtitle: subtitle, cells: allCells.map { ($0.0, $0.1.width, $0.1.height) }, total: total, library: library)
        for (v, thumb) in allCells { sheet.place(v, thumb) }
        return sheet.finish()
    }

    /// A sheet laid out from the thumbnails' sizes before any exists, so a batch can draw each
    /// thumbnail as soon as its variant is rendered and keep none of them: memory is the sheet
    /// itself (at most `maxSheetPixels`), whatever the size of the matrix.
    public final class Builder: @unchecked Sendable {
        struct RowKey: Hashable {
            let family: WidgetFamily
            let entry: Int
            let settings: ViewerSettings
        }
        struct Slot {
            let x: Int
            let y: Int
            let width: Int
            let height: Int
            let label: String
            let labelWidth: Int
        }
        let title: String
        let subtitle: String
        let note: String
        let engine: TextLayoutEngine
        private var canvas: Canvas?
        private var slots: [Variant: Slot] = [:]
        private let lock = NSLock()
        /// The variants the sheet shows (those its rows and pixel budget have room for).
        public let shown: Set<Variant>

        /// `cells`: each variant with its thumbnail's size, in sheet order.
        public init(
            title: String, subtitle: String, cells allCells: [(Variant, Int, Int)], total: Int? = nil, library: FontLibrary = .shared
        ) {
            engine = TextLayoutEngine(library: library)
            var cells = Array(allCells.prefix(maxCells))
            let appearances = Appearance.allCases.filter { a in cells.contains { $0.0.appearance == a } }
            var rows: [RowKey] = []
            var rowIndex: [RowKey: Int] = [:]
            for (v, _, _) in cells where rowIndex[RowKey(family: v.family, entry: v.entry, settings: v.settings)] == nil {
                rowIndex[RowKey(family: v.family, entry: v.entry, settings: v.settings)] = rows.count
                rows.append(RowKey(family: v.family, entry: v.entry, settings: v.settings))
            }
            let pad = 24
            let label = 28
            let header = 84
            let colWidth = max(thumbnailSize / 2, cells.map { $0.1 }.max() ?? 100) + pad
            var rowHeights = [Int](repeating: label + pad, count: rows.count)
            var tallest = [Int](repeating: 0, count: rows.count)
            for (v, _, h) in cells {
                let r = rowIndex[RowKey(family: v.family, entry: v.entry, settings: v.settings)]!
                tallest[r] = max(tallest[r], h)
            }
            for r in rows.indices { rowHeights[r] += tallest[r] }
            let width = min(Pixmap.maxDimension, pad + colWidth * max(1, appearances.count))
            // Rows while the sheet stays inside its pixel budget.
            var kept = 0
            var height = header + pad
            while kept < rows.count, (height + rowHeights[kept]) * width <= maxSheetPixels, height + rowHeights[kept] <= Pixmap.maxDimension
            {
                height += rowHeights[kept]
                kept += 1
            }
            if kept < rows.count {
                let keptRows = Set(rows.prefix(kept))
                cells = cells.filter { keptRows.contains(RowKey(family: $0.0.family, entry: $0.0.entry, settings: $0.0.settings)) }
                rows = Array(rows.prefix(kept))
            }
            let all = max(total ?? allCells.count, allCells.count)
            note = cells.count < all ? " · \(cells.count) of \(all) variants (index.html has every one)" : ""
            self.title = title
            self.subtitle = subtitle
            // Each cell's place: columns by appearance, rows by family, entry and settings.
            var rowTop = [Int](repeating: header, count: rows.count)
            for r in rows.indices.dropFirst() { rowTop[r] = rowTop[r - 1] + rowHeights[r - 1] }
            var placed: [Variant: Slot] = [:]
            for (v, w, h) in cells {
                let key = RowKey(family: v.family, entry: v.entry, settings: v.settings)
                guard let r = rowIndex[key], r < rows.count, placed[v] == nil,
                    let c = appearances.firstIndex(of: v.appearance)
                else { continue }
                placed[v] = Slot(
                    x: pad + c * colWidth, y: rowTop[r], width: w, height: h,
                    label:
                        "\(v.family.rawValue) · \(v.appearance.rawValue)\(v.settings.isStandard ? "" : " · \(v.settings.tag)") · e\(v.entry)",
                    labelWidth: colWidth - pad)
            }
            slots = placed
            shown = Set(placed.keys)
            if let ground = Pixmap(width: width, height: height, color: RGBA(hex: "#E5E5EA")!) { canvas = Canvas(ground) }
            // The words now, while one thread lays out the batch: they depend on the layout
            // only, and no thumbnail covers them (labels sit under their cells), so the sheet is
            // the same pixels as drawing them last.
            guard var c = canvas else { return }
            canvas = nil
            func text(_ s: String, _ font: FontSpec, _ color: RGBA, at p: Point, maxWidth: Double? = nil) {
                if let l = try? engine.layout(s, options: TextOptions(font: font, lineLimit: 1), maxWidth: maxWidth) {
                    c.draw(l, at: p, with: .solid(color))
                }
            }
            text(title, FontSpec(size: 26, weight: .bold), .black, at: Point(24, 16))
            text(subtitle + note, FontSpec(size: 15), RGBA(hex: "#3C3C43")!, at: Point(24, 50))
            for slot in slots.values.sorted(by: { ($0.y, $0.x) < ($1.y, $1.x) }) {
                text(
                    slot.label, FontSpec(size: 13, weight: .medium), RGBA(hex: "#3C3C43")!,
                    at: Point(Double(slot.x), Double(slot.y + slot.height + 6)), maxWidth: Double(slot.labelWidth))
            }
            canvas = c
        }

        /// Draws a variant's thumbnail in its cell (nothing when the sheet does not show it).
        /// Cells never overlap, so workers may place thumbnails in any order.
        public func place(_ v: Variant, _ thumbnail: Pixmap) {
            guard let slot = slots[v] else { return }
            lock.lock()
            defer { lock.unlock() }
            // Whole-pixel placement at 1:1: a row blit, blended.
            canvas?.blend(thumbnail, x: slot.x, y: slot.y)
        }

        /// The finished sheet (handed over, not copied: the builder keeps nothing).
        public func finish() -> Pixmap {
            lock.lock()
            defer { lock.unlock() }
            guard let c = canvas else { return Pixmap(width: 1, height: 1)! }
            canvas = nil
            return c.pixmap
        }
    }
}
