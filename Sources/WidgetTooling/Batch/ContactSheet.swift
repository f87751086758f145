// The contact sheet: a widget's variants on one labelled sheet, rows by family, entry and
// settings, columns by appearance — at most `maxCells` thumbnails within `maxSheetPixels` (the
// gallery lists every variant).
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
    /// The sheet's pixel budget (a quarter of the largest pixmap, 16 Mpx): rows past it are left out.
    static let maxSheetPixels = Pixmap.maxPixels / 4

    /// A thumbnail of a variant rendered at `scale` pixels per point (area-averaged; never enlarged).
    public static func thumbnail(_ p: Pixmap, scale: Double) -> Pixmap {
        let s = scale.isFinite && scale > 0 ? scale : 3
        let k = thumbnailPixelsPerPoint / s
        if k >= 1 { return p }
        return p.resized(width: max(1, Int((Double(p.width) * k).rounded())), height: max(1, Int((Double(p.height) * k).rounded())))
    }

    /// Lays out thumbnails on a sheet with a title and a label under each.
    /// `total` is how many variants the widget has (more than `cells` when only some are shown).
    public static func render(
        title: String, subtitle: String, cells allCells: [(Variant, Pixmap)], total: Int? = nil, library: FontLibrary = .shared
    ) -> Pixmap {
        let engine = TextLayoutEngine(library: library)
        var cells = Array(allCells.prefix(maxCells))
        let appearances = Appearance.allCases.filter { a in cells.contains { $0.0.appearance == a } }
        struct RowKey: Hashable {
            let family: WidgetFamily
            let entry: Int
            let settings: ViewerSettings
        }
        var rows: [RowKey] = []
        for (v, _) in cells where !rows.contains(RowKey(family: v.family, entry: v.entry, settings: v.settings)) {
            rows.append(RowKey(family: v.family, entry: v.entry, settings: v.settings))
        }
        let pad = 24
        let label = 28
        let header = 84
        let colWidth = max(thumbnailSize / 2, cells.map { $0.1.width }.max() ?? 100) + pad
        let rowHeights = rows.map { r in
            (cells.filter { $0.0.family == r.family && $0.0.entry == r.entry && $0.0.settings == r.settings }.map { $0.1.height }.max() ?? 0)
                + label + pad
        }
        let width = min(Pixmap.maxDimension, pad + colWidth * max(1, appearances.count))
        // Rows while the sheet stays inside its pixel budget.
        var kept = 0
        var height = header + pad
        while kept < rows.count, (height + rowHeights[kept]) * width <= maxSheetPixels, height + rowHeights[kept] <= Pixmap.maxDimension {
            height += rowHeights[kept]
            kept += 1
        }
        if kept < rows.count {
            let keptRows = Set(rows.prefix(kept))
            cells = cells.filter { keptRows.contains(RowKey(family: $0.0.family, entry: $0.0.entry, settings: $0.0.settings)) }
            rows = Array(rows.prefix(kept))
        }
        let all = max(total ?? allCells.count, allCells.count)
        let note = cells.count < all ? " · \(cells.count) of \(all) variants (index.html has every one)" : ""
        guard let ground = Pixmap(width: width, height: height, color: RGBA(hex: "#E5E5EA")!) else { return Pixmap(width: 1, height: 1)! }
        var canvas = Canvas(ground)
        func text(_ s: String, _ font: FontSpec, _ color: RGBA, at p: Point, maxWidth: Double? = nil) {
            if let l = try? engine.layout(s, options: TextOptions(font: font, lineLimit: 1), maxWidth: maxWidth) {
                canvas.draw(l, at: p, with: .solid(color))
            }
        }
        text(title, FontSpec(size: 26, weight: .bold), .black, at: Point(Double(pad), 16))
        text(subtitle + note, FontSpec(size: 15), RGBA(hex: "#3C3C43")!, at: Point(Double(pad), 50))
        var y = header
        for (ri, row) in rows.enumerated() {
            for (ci, a) in appearances.enumerated() {
                guard
                    let cell = cells.first(where: {
                        $0.0.family == row.family && $0.0.entry == row.entry && $0.0.appearance == a && $0.0.settings == row.settings
                    })
                else {
                    continue
                }
                let x = pad + ci * colWidth
                let thumb = cell.1
                // Whole-pixel placement at 1:1: a row blit, blended.
                canvas.blend(thumb, x: x, y: y)
                text(
                    "\(row.family.rawValue) · \(a.rawValue)\(row.settings.isStandard ? "" : " · \(row.settings.tag)") · e\(row.entry)",
                    FontSpec(size: 13, weight: .medium), RGBA(hex: "#3C3C43")!,
                    at: Point(Double(x), Double(y + thumb.height + 6)), maxWidth: Double(colWidth - pad))
            }
            y += rowHeights[ri]
        }
        return canvas.pixmap
    }
}
