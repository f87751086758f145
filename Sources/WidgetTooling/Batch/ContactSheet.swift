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
    public static let thumbnailSize = 328
    /// Every thumbnail is drawn at this many pixels per point, so families keep their relative
    /// sizes (a medium widget is twice as wide as a small one, as on the Home Screen) and text is
    /// equally legible in each. 2 is a 2x screen's own density (a 164-pt small widget is 328 px
    /// wide, as on an iPhone SE): a 2x render is its own thumbnail, and a 3x one is reduced by a
    /// fixed two-thirds kernel (`Pixmap.downsampledTwoThirds`), a sixth of the cost of 2.2 px
    /// per point's general weights (16 ms against 102 for the weather matrix's 36); the matrix's
    /// sheet is 14.0 Mpx instead of 16.6 to encode.
    public static let thumbnailPixelsPerPoint = 2.0
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
        if twoThirds(scale) { return p.downsampledTwoThirds() }
        let size = thumbnailSize(width: p.width, height: p.height, scale: scale)
        return p.resized(width: size.width, height: size.height)
    }

    /// A 3x render (`scale` is its pixel width over its point width, 3 within the rounding of
    /// the pixel size): its thumbnail is exactly two thirds of it, by the fixed kernel
    /// (`Pixmap.downsampledTwoThirds`, ⌈2w/3⌉ × ⌈2h/3⌉).
    static func twoThirds(_ scale: Double) -> Bool { abs(scale - 3) <= 0.02 && thumbnailPixelsPerPoint == 2 }

    /// The thumbnail size of a `width`×`height` render at `scale` pixels per point.
    public static func thumbnailSize(width: Int, height: Int, scale: Double) -> (width: Int, height: Int) {
        if twoThirds(scale) { return ((2 * width + 2) / 3, (2 * height + 2) / 3) }
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
    /// thumbnail as soon as its variant is rendered and keep none of them.
    ///
    /// The sheet is made in horizontal bands — the title, then one per row of cells — each drawn
    /// when its first thumbnail arrives. A `streaming` builder also encodes each band as soon as
    /// it is complete, in whatever order bands complete (`PNGBandEncoder`), and frees it: memory
    /// is the bands still being filled, not the whole sheet (16 Mpx, 66 MB), and the encode runs
    /// while the batch renders instead of after it. The bytes are those of encoding the whole
    /// sheet at once.
    public final class Builder: @unchecked Sendable {
        struct RowKey: Hashable {
            let family: WidgetFamily
            let entry: Int
            let settings: ViewerSettings
        }
        struct Slot {
            let x: Int
            let y: Int
            let band: Int
            let label: TextLayout?
            let labelAt: Point
        }
        struct Band {
            let top: Int
            let height: Int
            /// Thumbnails not placed yet.
            var remaining: Int
        }
        /// A band's canvas, with a lock of its own: a band is made (9–13 MB filled) and
        /// thumbnails are blended into it without holding the builder's lock, so a worker
        /// placing into one band never waits for another band being made or drawn into.
        final class BandCanvas: @unchecked Sendable {
            let lock = NSLock()
            var canvas: Canvas?
        }
        /// The sheet's pixel size.
        public let width: Int
        public let height: Int
        let ground = RGBA(hex: "#E5E5EA")!
        let labelColor = RGBA(hex: "#3C3C43")!
        private var header: [(TextLayout, Point, RGBA)] = []
        private var bands: [Band] = []
        /// One per band; each guarded by its own lock (never taken while holding `lock`).
        private var canvases: [BandCanvas] = []
        private var slots: [Variant: Slot] = [:]
        /// The slots of each band, top to bottom and left to right.
        private var bandSlots: [[Slot]] = []
        /// Guards `bands`, `taken`, `lastRows`, `spare` and `drawn`.
        private let lock = NSLock()
        /// Encodes complete bands in any order (streaming builders).
        private var encoder: PNGBandEncoder?
        private let streaming: Bool
        /// Bands encoded or being encoded (streaming), or assembled (`finish`): no thumbnail is
        /// drawn into them any more.
        private var taken: [Bool] = []
        /// The last row of each band taken, for the band below it (encoded later).
        private var lastRows: [Int: [UInt32]] = [:]
        /// The last row of a band read before the band was complete (it was made early for the
        /// band below): thumbnails never reach a band's last row — its bottom margin — which
        /// the band's own encoding checks.
        private var lentRows: [Int: [UInt32]] = [:]
        /// Pixel buffers of bands already encoded, for the next bands (at most two kept): each
        /// band used to be a fresh 9–13 MB buffer whose pages the kernel zeroed one by one (4% of
        /// a 36-variant batch in `perf`). Guarded by `lock`.
        private var spare: [[UInt32]] = []
        /// The thumbnails drawn so far.
        private var drawn = Set<Variant>()
        /// The variants the sheet shows (those its rows and pixel budget have room for).
        public let shown: Set<Variant>

        /// `cells`: each variant with its thumbnail's size, in sheet order. `streaming`: encode
        /// bands as they complete (finish with `finishPNG`); otherwise keep them (`finish`).
        public init(
            title: String, subtitle: String, cells allCells: [(Variant, Int, Int)], total: Int? = nil, library: FontLibrary = .shared,
            streaming: Bool = false
        ) {
            let engine = TextLayoutEngine(library: library)
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
            let headerHeight = 84
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
            var height = headerHeight + pad
            while kept < rows.count, (height + rowHeights[kept]) * width <= maxSheetPixels,
                height + rowHeights[kept] <= Pixmap.maxDimension
            {
                height += rowHeights[kept]
                kept += 1
            }
            if kept < rows.count {
                let keptRows = Set(rows.prefix(kept))
                cells = cells.filter { keptRows.contains(RowKey(family: $0.0.family, entry: $0.0.entry, settings: $0.0.settings)) }
                rows = Array(rows.prefix(kept))
            }
            self.width = width
            self.height = height
            let all = max(total ?? allCells.count, allCells.count)
            let note = cells.count < all ? " · \(cells.count) of \(all) variants (index.html has every one)" : ""
            // Bands: the title, then one per row (the last one down to the bottom margin).
            var rowTop = [Int](repeating: headerHeight, count: rows.count)
            for r in rows.indices.dropFirst() { rowTop[r] = rowTop[r - 1] + rowHeights[r - 1] }
            let tops = [0] + rowTop
            bands = tops.indices.map { i in
                let bottom = i + 1 < tops.count ? tops[i + 1] : height
                return Band(top: tops[i], height: bottom - tops[i], remaining: 0)
            }
            // The words now, while one thread lays out the batch: they depend on the layout only,
            // and no thumbnail covers them (labels sit under their cells), so drawing them when a
            // band is made gives the pixels of drawing them last.
            func text(_ s: String, _ font: FontSpec, maxWidth: Double? = nil) -> TextLayout? {
                try? engine.layout(s, options: TextOptions(font: font, lineLimit: 1), maxWidth: maxWidth)
            }
            if let l = text(title, FontSpec(size: 26, weight: .bold)) { header.append((l, Point(24, 16), .black)) }
            if let l = text(subtitle + note, FontSpec(size: 15)) { header.append((l, Point(24, 50), labelColor)) }
            // Each cell's place: columns by appearance, rows by family, entry and settings.
            var placed: [Variant: Slot] = [:]
            for (v, _, h) in cells {
                let key = RowKey(family: v.family, entry: v.entry, settings: v.settings)
                guard let r = rowIndex[key], r < rows.count, placed[v] == nil,
                    let c = appearances.firstIndex(of: v.appearance)
                else { continue }
                let x = pad + c * colWidth
                let name =
                    "\(v.family.rawValue) · \(v.appearance.rawValue)\(v.settings.isStandard ? "" : " · \(v.settings.tag)") · e\(v.entry)"
                placed[v] = Slot(
                    x: x, y: rowTop[r], band: r + 1,
                    label: text(name, FontSpec(size: 13, weight: .medium), maxWidth: Double(colWidth - pad)),
                    labelAt: Point(Double(x), Double(rowTop[r] + h + 6)))
            }
            slots = placed
            shown = Set(placed.keys)
            self.streaming = streaming
            bandSlots = Array(repeating: [], count: bands.count)
            for slot in placed.values.sorted(by: { ($0.y, $0.x) < ($1.y, $1.x) }) {
                bandSlots[slot.band].append(slot)
                bands[slot.band].remaining += 1
            }
            taken = [Bool](repeating: false, count: bands.count)
            canvases = bands.map { _ in BandCanvas() }
            if streaming {
                // The ground is opaque and thumbnails are drawn over it: every pixel is opaque.
                encoder = PNGBandEncoder(
                    width: width, height: height, opaque: true, bands: bands.map { $0.top..<($0.top + $0.height) })
                // The title band (and any band without cells) is complete already.
                for b in bands.indices where bands[b].remaining == 0 { encodeBand(b, threads: 1) }
            }
        }

        /// A band's canvas: the ground, then its words (whole-pixel offsets from the sheet's).
        /// Called without `lock` held (it takes it for the spare buffers only).
        private func makeBand(_ i: Int) -> Canvas? {
            let n = width * bands[i].height
            let fill = PremultipliedPixel(ground).packed
            let pixmap: Pixmap
            lock.lock()
            let spareBuffer = spare.popLast()
            lock.unlock()
            if var reused = spareBuffer, reused.capacity >= n, width <= Pixmap.maxDimension, bands[i].height > 0 {
                reused.removeAll(keepingCapacity: true)
                reused.append(contentsOf: repeatElement(fill, count: n))
                pixmap = Pixmap(width: width, height: bands[i].height, premultiplied: reused)
            } else {
                // Room for the tallest band, so that every later band reuses this buffer (a band
                // taller than the buffer it would reuse took fresh pages again).
                guard width <= Pixmap.maxDimension, bands[i].height > 0, n <= Pixmap.maxPixels else { return nil }
                let tallest = bands.reduce(0) { max($0, $1.height) }
                let pixels = Pixmap.pixelBuffer(count: n, fill: fill, capacity: min(Pixmap.maxPixels, max(n, width * tallest)))
                pixmap = Pixmap(width: width, height: bands[i].height, premultiplied: pixels)
            }
            var c = Canvas(pixmap)
            let dy = Double(bands[i].top)
            if i == 0 {
                for (l, at, color) in header { c.draw(l, at: Point(at.x, at.y - dy), with: .solid(color)) }
            }
            for slot in bandSlots[i] {
                if let l = slot.label {
                    c.draw(l, at: Point(slot.labelAt.x, slot.labelAt.y - dy), with: .solid(labelColor))
                }
            }
            return c
        }

        /// Draws a variant's thumbnail in its cell (nothing when the sheet does not show it).
        /// Cells never overlap, so workers may place thumbnails in any order. A streaming sheet
        /// encodes the band this completes on the calling thread, unless `encode` is false
        /// (`finishPNG` then encodes it).
        public func place(_ v: Variant, _ thumbnail: Pixmap, encode: Bool = true) {
            place(v, thumbnail, encode: encode, threads: { 1 })
        }

        /// `place`, encoding the band this completes with `threads()` threads (a batch's worker
        /// encodes on one thread while others render, on every core once it is the last one
        /// left). The bytes are the same for any thread counts and any order of bands.
        public func place(_ v: Variant, _ thumbnail: Pixmap, encode: Bool, threads: () -> Int) {
            guard let slot = slots[v] else { return }
            lock.lock()
            let b = slot.band
            // A thumbnail placed twice, or after its band was encoded, is not drawn again.
            guard !taken[b], drawn.insert(v).inserted else {
                lock.unlock()
                return
            }
            lock.unlock()
            // The band is not encoded while a thumbnail is on its way in: it is encoded when its
            // last thumbnail is counted below (or by `finishPNG`, after every placement).
            let box = canvases[b]
            box.lock.lock()
            if box.canvas == nil { box.canvas = makeBand(b) }
            // Whole-pixel placement at 1:1: a row blit, blended. Never over the band's bottom
            // row (its margin: the band below may have been encoded against it already); a
            // thumbnail of the size its cell was laid out for ends well above it.
            let top = bands[b].top
            let room = bands[b].height - 1 - (slot.y - top)
            if thumbnail.height <= room {
                box.canvas?.blend(thumbnail, x: slot.x, y: slot.y - top)
            } else if room > 0, let fits = thumbnail.cropped(to: IntRect(x: 0, y: 0, width: thumbnail.width, height: room)) {
                box.canvas?.blend(fits, x: slot.x, y: slot.y - top)
            }
            box.lock.unlock()
            lock.lock()
            bands[b].remaining -= 1
            let complete = bands[b].remaining == 0
            lock.unlock()
            if complete && streaming && encode { encodeBand(b, threads: threads()) }
        }

        /// Band `b`'s canvas (made now if it has none), which the band no longer holds.
        private func takeCanvas(_ b: Int) -> Canvas? {
            let box = canvases[b]
            box.lock.lock()
            defer { box.lock.unlock() }
            let made = box.canvas ?? makeBand(b)
            box.canvas = nil
            return made
        }

        /// A band canvas's last row (its bottom margin), what the band below is filtered against.
        private func bottomRow(of band: Canvas) -> [UInt32] {
            Array(band.pixmap.pixels[(band.height - 1) * width..<band.height * width])
        }

        /// Encodes band `b` (a streaming builder) with `threads`, whatever bands above or below
        /// it are done: the encoder needs the row above it, which is the band above's bottom
        /// margin — final once that band is made (its words drawn), as no thumbnail reaches it —
        /// so a band above not begun yet is made now. Nothing for a band taken already.
        private func encodeBand(_ b: Int, threads: Int) {
            lock.lock()
            guard let encoder, !taken[b] else {
                lock.unlock()
                return
            }
            taken[b] = true
            lock.unlock()
            guard let band = takeCanvas(b) else { return }
            let last = bottomRow(of: band)
            lock.lock()
            // A band whose bottom row was lent to the band below before it was complete: that row
            // must not have changed since.
            if let lent = lentRows.removeValue(forKey: b) { precondition(lent == last, "a thumbnail reached a band's bottom margin") }
            lastRows[b] = last
            var above = b > 0 ? lastRows[b - 1] : nil
            lock.unlock()
            if b > 0 && above == nil {
                // The band above is not encoded (or is being encoded now): its bottom row from its
                // canvas, made now if it has none yet (kept for its thumbnails), or from a canvas
                // made for the purpose when the band was just taken for encoding.
                let upperBox = canvases[b - 1]
                upperBox.lock.lock()
                lock.lock()
                let upperTaken = taken[b - 1]
                lock.unlock()
                if upperBox.canvas == nil && !upperTaken { upperBox.canvas = makeBand(b - 1) }
                let upper = upperBox.canvas ?? makeBand(b - 1)
                upperBox.lock.unlock()
                if let upper {
                    let row = bottomRow(of: upper)
                    above = row
                    lock.lock()
                    if !upperTaken { lentRows[b - 1] = row }
                    lock.unlock()
                }
            }
            guard b == 0 || above != nil else { return }  // the band above could not be made
            band.pixmap.pixels.withUnsafeBufferPointer { px in
                if let above {
                    above.withUnsafeBufferPointer {
                        encoder.encode(band: b, pixels: px.baseAddress!, above: $0.baseAddress!, threads: threads)
                    }
                } else {
                    encoder.encode(band: b, pixels: px.baseAddress!, above: nil, threads: threads)
                }
            }
            lock.lock()
            // The row of the band above is not needed once this band is encoded, unless the band
            // above is not encoded yet either.
            if b > 0, taken[b - 1] { lastRows[b - 1] = nil }
            if b + 1 < bands.count, taken[b + 1] { lastRows[b] = nil }
            if spare.count < 2 { spare.append(band.pixmap.pixels) }
            lock.unlock()
        }

        /// The finished sheet (a builder made without `streaming`); the builder keeps nothing.
        public func finish() -> Pixmap {
            precondition(!streaming, "a streaming sheet is finished with finishPNG()")
            lock.lock()
            let first = !taken.contains(true)
            taken = [Bool](repeating: true, count: bands.count)
            lock.unlock()
            guard first, var sheet = Pixmap(width: width, height: height) else { return Pixmap(width: 1, height: 1)! }
            sheet.pixels.withUnsafeMutableBufferPointer { dst in
                for i in bands.indices {
                    guard let band = takeCanvas(i) else { continue }
                    band.pixmap.pixels.withUnsafeBufferPointer { src in
                        (dst.baseAddress! + bands[i].top * width).update(from: src.baseAddress!, count: src.count)
                    }
                }
            }
            return sheet
        }

        /// The finished sheet as a PNG (the fast encoder's bytes). A streaming builder encodes
        /// the bands not yet encoded with `threads`; the builder keeps nothing.
        public func finishPNG(threads: Int = 1) throws -> [UInt8] {
            guard streaming else { return try PNGCodec.encode(finish(), threads: threads) }
            // Top down: each band's row above is then at hand.
            for b in bands.indices { encodeBand(b, threads: threads) }
            lock.lock()
            let e = encoder
            encoder = nil
            lock.unlock()
            guard let e, e.isComplete else { throw CodecError.encodeFailed(codec: "PNG", reason: "sheet incomplete") }
            return e.finish()
        }
    }
}
