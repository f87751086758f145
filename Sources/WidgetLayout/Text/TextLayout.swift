import Foundation
// Text layout the way SwiftUI's Text measures and draws: HarfBuzz-shaped runs with per-character
// font fallback, right-to-left runs placed in visual order, greedy line breaking at word
// boundaries (inside a word only when a word alone does not fit), `lineLimit`, truncation with an
// ellipsis at the tail, head or middle, `minimumScaleFactor`, alignment, and baselines snapped
// to the pixel grid of the display scale.
//
// Bidirectional text uses a simplified form of UAX #9: the paragraph takes the direction of its
// first strong letter (rules P2–P3; left to right when it has none), Hebrew and Arabic
// letters are right-to-left, digits are left-to-right islands that side with the letters before
// them (W7), neutrals between two letters of one direction join them and otherwise take the
// paragraph's (N1–N2), and runs are reordered by level (L2). In a right-to-left layout `.leading`
// alignment is the right edge. Explicit embedding controls are not interpreted.
import RasterCore
import WidgetModel

/// How a text is laid out (SwiftUI's modifiers on Text).
public struct TextOptions: Sendable, Hashable {
    public var font: FontSpec
    /// Maximum number of lines; nil is unlimited.
    public var lineLimit: Int?
    public var truncation: TruncationMode
    public var alignment: TextAlignment
    /// The smallest scale the font may shrink to before text is truncated (0 < f ≤ 1).
    public var minimumScaleFactor: Double
    /// Extra space after each character, in points (SwiftUI's `tracking`; `kerning` is treated alike).
    public var tracking: Double
    /// Extra space between lines, in points.
    public var lineSpacing: Double
    /// Pixels per point, for snapping baselines.
    public var displayScale: Double
    /// The layout direction: which edge `.leading` is (a paragraph's own direction comes from its
    /// first letter).
    public var layoutDirection: LayoutDirection = .leftToRight

    public init(
        font: FontSpec = .body, lineLimit: Int? = nil, truncation: TruncationMode = .tail,
        alignment: TextAlignment = .leading, minimumScaleFactor: Double = 1, tracking: Double = 0,
        lineSpacing: Double = 0, displayScale: Double = 1
    ) {
        self.font = font
        self.lineLimit = lineLimit
        self.truncation = truncation
        self.alignment = alignment
        self.minimumScaleFactor = minimumScaleFactor
        self.tracking = tracking
        self.lineSpacing = lineSpacing
        self.displayScale = displayScale
    }
}

/// A glyph placed relative to the layout's top-left corner, in points.
public struct PositionedGlyph: Sendable {
    public let face: FontFace
    public let glyph: UInt32
    /// Pen position on the baseline.
    public let x: Double
    public let baseline: Double
    /// Font size in points.
    public let size: Double
}

/// One line of a layout.
public struct TextLine: Sendable {
    public let glyphs: [PositionedGlyph]
    /// Advance width of the line (trailing spaces excluded), points.
    public let width: Double
    /// Left edge of the line within the layout, points.
    public let x: Double
    /// Baseline, from the layout's top, points.
    public let baseline: Double
    /// The characters shown on this line (with the ellipsis, if truncated).
    public let text: String
}

/// A laid-out text: its lines and measurements.
public struct TextLayout: Sendable {
    public let lines: [TextLine]
    /// The size the text needs: the widest line by the lines' total height.
    public let size: Size
    public let firstBaseline: Double
    public let lastBaseline: Double
    /// True when some of the text did not fit and an ellipsis replaced it.
    public let isTruncated: Bool
    /// The scale applied to the font by `minimumScaleFactor` (1 when it fit at full size).
    public let fontScale: Double
    /// The font actually used (after scaling).
    public let font: FontSpec
    /// Characters no installed face could draw (drawn as .notdef boxes).
    public let missingCharacters: [Unicode.Scalar]
}

/// Lays out text with the faces of a font library. Thread-safe: it keeps no mutable state.
public struct TextLayoutEngine: Sendable {
    public let library: FontLibrary
    public init(library: FontLibrary = .shared) { self.library = library }

    /// Lays out `text` within `maxWidth` points (nil: no wrapping). Layouts are kept by the
    /// library (`FontLibrary.keptLayout`): the same words, options and width give the kept one.
    /// - Throws: `FontError.noFont` when no font is installed at all.
    public func layout(_ text: String, options: TextOptions, maxWidth: Double? = nil) throws -> TextLayout {
        let key = FontLibrary.TextLayoutKey(text: text, options: options, maxWidth: maxWidth)
        let (kept, generation) = library.keptLayout(key)
        if let kept { return kept }
        let made = try layoutUncached(text, options: options, maxWidth: maxWidth)
        library.keep(made, for: key, generation: generation)
        return made
    }

    /// `layout` without the library's memo (tests compare the two).
    public func layoutUncached(_ text: String, options: TextOptions, maxWidth: Double? = nil) throws -> TextLayout {
        let full = try layoutAtScale(text, options, maxWidth, scale: 1)
        let factor = max(0.01, min(1, options.minimumScaleFactor))
        guard full.isTruncated || (maxWidth != nil && full.overflows), factor < 1 else { return full.layout }
        // Shrink until it fits, never below the factor: a binary search over the scale.
        var lo = factor
        var hi = 1.0
        var best = try layoutAtScale(text, options, maxWidth, scale: factor)
        if best.isTruncated || best.overflows { return best.layout }
        for _ in 0..<10 {
            let mid = (lo + hi) / 2
            let attempt = try layoutAtScale(text, options, maxWidth, scale: mid)
            if attempt.isTruncated || attempt.overflows {
                hi = mid
            } else {
                lo = mid
                best = attempt
            }
        }
        return best.layout
    }

    /// The size `text` needs when offered `width` points (nil: as wide as it likes).
    public func measure(_ text: String, options: TextOptions, width: Double? = nil) throws -> Size {
        try layout(text, options: options, maxWidth: width).size
    }

    // MARK: - Internals

    private struct Attempt {
        let layout: TextLayout
        var isTruncated: Bool { layout.isTruncated }
        /// A single word was wider than the width and had to be broken inside.
        let overflows: Bool
    }

    /// A cluster: the glyphs of one or more scalars that cannot be split.
    private struct Cluster {
        var start: Int  // first scalar
        var end: Int  // one past the last scalar
        var glyphs: [ShapedGlyph]
        var advance: Double
        var level: UInt8
        var face: FontFace
        var breakAfter: Bool  // a line may end after this cluster
        var isSpace: Bool
        var paragraph: Int  // −1 for the ellipsis
    }

    private func layoutAtScale(_ text: String, _ options: TextOptions, _ maxWidth: Double?, scale: Double) throws -> Attempt {
        let font = options.font.scaled(by: scale)
        let primary = try library.face(for: font)
        let fallbacks = library.fallbacks(for: font)
        let size = font.size
        // Line metrics as SwiftUI's: a line's natural height, and between baselines the text
        // style's published line height (SFMetrics). Apple's own faces keep their own metrics.
        let apple = SFMetrics.isAppleFace(primary.familyName)
        let ownHeight = (primary.ascender + primary.descender + primary.lineGap) / primary.unitsPerEm * size
        let lineHeight = apple ? ownHeight : size * SFMetrics.naturalLineHeight
        let ascent = lineHeight * primary.ascender / max(1, primary.ascender + primary.descender)
        let pitch = SFMetrics.linePitch(font, natural: lineHeight)
        // Other faces get SF Pro's size-specific tracking, so widths and line breaks agree.
        let tracking = options.tracking + (apple ? 0 : SFMetrics.tracking(size: size))
        let features = font.monospacedDigit ? ["tnum"] : []

        var missing: [Unicode.Scalar] = []
        var overflows = false
        var paragraphs: [[Unicode.Scalar]] = []
        var lines: [[Cluster]] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let scalars = Array(paragraph.unicodeScalars)
            let clusters = shapeParagraph(
                scalars, paragraph: paragraphs.count, primary: primary, fallbacks: fallbacks,
                size: size, features: features, tracking: tracking, missing: &missing)
            paragraphs.append(scalars)
            lines += breakLines(clusters, maxWidth: maxWidth, overflow: &overflows)
        }
        var truncated = false
        // lineLimit: keep the first lines; the last one takes the rest of the text, then an ellipsis.
        if let limit = options.lineLimit, limit > 0, lines.count > limit {
            truncated = true
            let rest = lines[(limit - 1)...].flatMap { $0 }
            let mode = limit == 1 ? options.truncation : .tail
            let fitted = truncate(rest, to: maxWidth ?? .infinity, mode: mode, ellipsis: shapeEllipsis(primary, size))
            lines = Array(lines.prefix(limit - 1)) + [fitted]
        }
        // What each line shows, trailing spaces (which hang past the edge) left out.
        let lineTexts = lines.map { line -> String in
            var scalars = line.flatMap { c -> [Unicode.Scalar] in
                c.paragraph < 0 ? ["…"] : Array(paragraphs[c.paragraph][c.start..<c.end])
            }
            while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
            return String(String.UnicodeScalarView(scalars))
        }

        // Place lines: baselines snapped to the pixel grid, alignment within the widest line.
        let widths = lines.map(width)
        let boxWidth = widths.max() ?? 0
        let snap = { (v: Double) in (v * options.displayScale).rounded() / options.displayScale }
        var placed: [TextLine] = []
        for (i, line) in lines.enumerated() {
            let baseline = snap(ascent + Double(i) * (pitch + options.lineSpacing))
            let w = widths[i]
            let x0: Double
            let rtl = options.layoutDirection == .rightToLeft
            switch options.alignment {
            case .leading: x0 = rtl ? boxWidth - w : 0
            case .center: x0 = (boxWidth - w) / 2
            case .trailing: x0 = rtl ? 0 : boxWidth - w
            }
            placed.append(
                TextLine(
                    glyphs: place(line, x: x0, baseline: baseline, size: size), width: w, x: x0,
                    baseline: baseline, text: lineTexts[i]))
        }
        let count = Double(max(1, lines.count))
        let height = lineHeight + (count - 1) * (pitch + options.lineSpacing)
        let layout = TextLayout(
            lines: placed, size: Size(boxWidth, height),
            firstBaseline: placed.first?.baseline ?? snap(ascent),
            lastBaseline: placed.last?.baseline ?? snap(ascent),
            isTruncated: truncated, fontScale: scale, font: font, missingCharacters: missing)
        return Attempt(layout: layout, overflows: overflows)
    }

    /// Width of a line: advances, excluding trailing spaces.
    private func width(_ line: [Cluster]) -> Double {
        var end = line.count
        while end > 0 && line[end - 1].isSpace { end -= 1 }
        return line[0..<end].reduce(0) { $0 + $1.advance }
    }

    /// Shapes a paragraph into clusters in logical order.
    private func shapeParagraph(
        _ scalars: [Unicode.Scalar], paragraph: Int, primary: FontFace, fallbacks: [FontFace], size: Double,
        features: [String], tracking: Double, missing: inout [Unicode.Scalar]
    ) -> [Cluster] {
        guard !scalars.isEmpty else { return [] }
        let levels = TextLayoutEngine.bidiLevels(scalars)
        // A face per scalar: the primary if it has the character, else the first fallback that does;
        // spaces and combining marks stay with the face before them.
        var faces: [FontFace] = []
        faces.reserveCapacity(scalars.count)
        for (i, s) in scalars.enumerated() {
            let inherits = s.properties.generalCategory == .nonspacingMark || s.value == 0x20 || s.value == 0x200D
            if inherits, i > 0 {
                faces.append(faces[i - 1])
                continue
            }
            if primary.covers(s) {
                faces.append(primary)
                continue
            }
            if let f = fallbacks.first(where: { $0.covers(s) }) {
                faces.append(f)
                continue
            }
            if !s.properties.isWhitespace && s.value >= 0x20 { missing.append(s) }
            faces.append(primary)
        }
        let codes = scalars.map(\.value)
        var clusters: [Cluster] = []
        var runStart = 0
        while runStart < scalars.count {
            var runEnd = runStart + 1
            while runEnd < scalars.count && faces[runEnd] === faces[runStart] && levels[runEnd] == levels[runStart] { runEnd += 1 }
            let face = faces[runStart]
            let rtl = levels[runStart] % 2 == 1
            let glyphs = Shaper.shape(codes, range: runStart..<runEnd, face: face, size: size, rightToLeft: rtl, features: features)
            // Group glyphs by cluster (logical order; cluster values rise).
            var i = 0
            while i < glyphs.count {
                let c = glyphs[i].cluster
                var j = i + 1
                while j < glyphs.count && glyphs[j].cluster == c { j += 1 }
                let next = j < glyphs.count ? glyphs[j].cluster : runEnd
                let g = Array(glyphs[i..<j])
                let scalarRange = c..<max(c + 1, next)
                let isSpace = scalars[scalarRange].allSatisfy { $0.properties.isWhitespace }
                let breakAfter = scalars[scalarRange].contains {
                    $0.value == 0x20 || $0.value == 0x2D || $0.value == 0x2010 || $0.value == 0x200B || $0.value == 0x2013
                        || $0.value == 0x2014
                }
                clusters.append(
                    Cluster(
                        start: c, end: scalarRange.upperBound, glyphs: g,
                        advance: g.reduce(0) { $0 + $1.advance } + tracking,
                        level: levels[c], face: face, breakAfter: breakAfter, isSpace: isSpace, paragraph: paragraph))
                i = j
            }
            runStart = runEnd
        }
        if tracking != 0, !clusters.isEmpty { clusters[clusters.count - 1].advance -= tracking }
        return clusters
    }

    /// Greedy line breaking at break opportunities; a word wider than the line breaks between clusters.
    private func breakLines(_ clusters: [Cluster], maxWidth: Double?, overflow: inout Bool) -> [[Cluster]] {
        guard let maxWidth else { return [clusters] }
        var lines: [[Cluster]] = []
        var line: [Cluster] = []
        var lineWidth = 0.0  // including trailing spaces
        var i = 0
        while i < clusters.count {
            // The next word: clusters up to and including the next break opportunity.
            var j = i
            while j < clusters.count && !clusters[j].breakAfter { j += 1 }
            let wordEnd = min(j + 1, clusters.count)
            let word = Array(clusters[i..<wordEnd])
            let wordWidth = word.reduce(0) { $0 + $1.advance }
            var visible = word.count
            while visible > 0 && word[visible - 1].isSpace { visible -= 1 }
            let wordVisibleWidth = word[0..<visible].reduce(0) { $0 + $1.advance }
            if lineWidth + wordVisibleWidth <= maxWidth + 1e-9 || line.isEmpty && wordVisibleWidth <= maxWidth + 1e-9 {
                line += word
                lineWidth += wordWidth
            } else if !line.isEmpty {
                lines.append(line)
                line = []
                lineWidth = 0
                continue  // retry the word on a new line
            } else {
                // A word wider than the whole line: break it between clusters.
                overflow = true
                for c in word {
                    if !line.isEmpty && lineWidth + c.advance > maxWidth + 1e-9 && !c.isSpace {
                        lines.append(line)
                        line = []
                        lineWidth = 0
                    }
                    line.append(c)
                    lineWidth += c.advance
                }
            }
            i = wordEnd
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    private func shapeEllipsis(_ face: FontFace, _ size: Double) -> Cluster {
        let g = Shaper.shape([0x2026], range: 0..<1, face: face, size: size, rightToLeft: false, features: [])
        return Cluster(
            start: 0, end: 0, glyphs: g, advance: g.reduce(0) { $0 + $1.advance }, level: 0, face: face,
            breakAfter: false, isSpace: false, paragraph: -1)
    }

    /// Fits clusters into `maxWidth` with an ellipsis at the tail, head or middle.
    private func truncate(_ clusters: [Cluster], to maxWidth: Double, mode: TruncationMode, ellipsis: Cluster) -> [Cluster] {
        let available = maxWidth - ellipsis.advance
        func trimmed(_ c: ArraySlice<Cluster>) -> [Cluster] {
            var a = Array(c)
            while let last = a.last, last.isSpace { a.removeLast() }
            while let first = a.first, first.isSpace { a.removeFirst() }
            return a
        }
        switch mode {
        case .tail:
            var w = 0.0
            var n = 0
            while n < clusters.count && w + clusters[n].advance <= available + 1e-9 {
                w += clusters[n].advance
                n += 1
            }
            return trimmed(clusters[0..<n]) + [ellipsis]
        case .head:
            var w = 0.0
            var n = clusters.count
            while n > 0 && w + clusters[n - 1].advance <= available + 1e-9 {
                w += clusters[n - 1].advance
                n -= 1
            }
            return [ellipsis] + trimmed(clusters[n...])
        case .middle:
            var head = 0
            var tail = clusters.count
            var w = 0.0
            var takeHead = true
            while head < tail {
                let c = takeHead ? clusters[head] : clusters[tail - 1]
                if w + c.advance > available + 1e-9 { break }
                w += c.advance
                if takeHead { head += 1 } else { tail -= 1 }
                takeHead.toggle()
            }
            return trimmed(clusters[0..<head]) + [ellipsis] + trimmed(clusters[tail...])
        }
    }

    /// Visual order and pen positions for one line.
    private func place(_ line: [Cluster], x: Double, baseline: Double, size: Double) -> [PositionedGlyph] {
        // Runs of equal level, then UAX #9 rule L2: from the highest level down to the lowest odd
        // level, reverse every sequence of runs at that level or above.
        var runs: [(level: UInt8, clusters: [Cluster])] = []
        for c in line {
            if let last = runs.last, last.level == c.level { runs[runs.count - 1].clusters.append(c) } else { runs.append((c.level, [c])) }
        }
        if let maxLevel = runs.map(\.level).max(), maxLevel > 0 {
            let minOdd = runs.map(\.level).filter { $0 % 2 == 1 }.min() ?? 1
            var level = maxLevel
            while level >= minOdd {
                var i = 0
                while i < runs.count {
                    if runs[i].level >= level {
                        var j = i
                        while j < runs.count && runs[j].level >= level { j += 1 }
                        runs[i..<j].reverse()
                        for k in i..<j { runs[k].clusters.reverse() }
                        i = j
                    } else {
                        i += 1
                    }
                }
                level -= 1
            }
        }
        var pen = x
        var out: [PositionedGlyph] = []
        for run in runs {
            for c in run.clusters {
                // Glyphs inside a cluster stay in the shaper's visual order.
                let glyphs = run.level % 2 == 1 ? c.glyphs.reversed() : c.glyphs
                for g in glyphs {
                    out.append(
                        PositionedGlyph(face: c.face, glyph: g.glyph, x: pen + g.xOffset, baseline: baseline - g.yOffset, size: size))
                    pen += g.advance
                }
                pen += c.advance - c.glyphs.reduce(0) { $0 + $1.advance }  // tracking
            }
        }
        return out
    }

    // MARK: - Bidi (simplified UAX #9)

    enum BidiKind { case l, r, number, neutral }

    static func bidiKind(_ s: Unicode.Scalar) -> BidiKind {
        let v = s.value
        if (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v) {
            if (0x0660...0x0669).contains(v) || (0x06F0...0x06F9).contains(v) { return .number }
            return .r
        }
        if (0x30...0x39).contains(v) { return .number }
        return s.properties.isAlphabetic ? .l : .neutral
    }

    /// The paragraph's direction (P2–P3): that of its first letter; left to right when it has none
    /// (UAX #9's default, so "72°" stays "72°" in an Arabic layout — only its alignment follows the
    /// layout direction).
    static func paragraphIsRightToLeft(_ scalars: [Unicode.Scalar]) -> Bool {
        for s in scalars {
            switch bidiKind(s) {
            case .l: return false
            case .r: return true
            default: continue
            }
        }
        return false
    }

    /// Embedding levels of a paragraph (even: left to right, odd: right to left).
    static func bidiLevels(_ scalars: [Unicode.Scalar]) -> [UInt8] {
        let kinds = scalars.map(bidiKind)
        let rtl = paragraphIsRightToLeft(scalars)
        let base: BidiKind = rtl ? .r : .l
        // Each character's effective direction: digits side with the letter before them (W7;
        // N1 counts them as right-to-left after Arabic or Hebrew), neutrals stay undecided.
        var effective = [BidiKind](repeating: .neutral, count: kinds.count)
        var lastStrong = base
        for (i, k) in kinds.enumerated() {
            switch k {
            case .l, .r:
                effective[i] = k
                lastStrong = k
            case .number: effective[i] = lastStrong
            case .neutral: effective[i] = .neutral
            }
        }
        // Neutrals between two characters of one direction take it, otherwise the paragraph's (N1–N2).
        var i = 0
        while i < kinds.count {
            guard kinds[i] == .neutral else {
                i += 1
                continue
            }
            var j = i
            while j < kinds.count && kinds[j] == .neutral { j += 1 }
            let before = i > 0 ? effective[i - 1] : base
            let after = j < kinds.count ? effective[j] : base
            let d = before == after ? before : base
            for k in i..<j { effective[k] = d }
            i = j
        }
        // Levels (I1–I2): in a left-to-right paragraph R is 1 and digits after R are 2; in a
        // right-to-left one R is 1 and L and every digit are 2.
        return kinds.indices.map { i in
            let isNumber = kinds[i] == .number
            switch (rtl, effective[i]) {
            case (false, .r): return isNumber ? 2 : 1
            case (false, _): return 0
            case (true, .r): return isNumber ? 2 : 1
            case (true, _): return 2
            }
        }
    }
}
