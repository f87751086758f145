import CFreeType
import CHarfBuzz
import Foundation
// One font file opened with FreeType (outlines, metrics) and HarfBuzz (shaping). FreeType faces
// are not thread-safe, so every FreeType call goes through one lock; outlines are cached per
// glyph in font units (independent of size), so after the first use a glyph needs no FreeType.
import RasterCore
import WidgetModel

/// A loaded font face.
public final class FontFace: @unchecked Sendable, CustomStringConvertible {
    public let path: String
    public let faceIndex: Int
    public let familyName: String
    public let styleName: String
    /// OS/2 weight class (100...900).
    public let weight: Int
    public let isItalic: Bool
    /// Font design units per em.
    public let unitsPerEm: Double
    /// Typographic ascender and descender (both positive, font units) and line gap.
    public let ascender: Double
    public let descender: Double
    public let lineGap: Double
    /// Height of capital letters and of "x", font units (0 when the font does not say).
    public let capHeight: Double
    public let xHeight: Double

    let ftFace: FT_Face
    let hbFont: OpaquePointer
    private var outlines: [UInt32: Path] = [:]
    private var coverage: [UInt32: UInt32] = [:]
    private let lock = NSLock()

    init(path: String, index: Int, library: FT_Library) throws {
        var face: FT_Face?
        let err = FT_New_Face(library, path, FT_Long(index), &face)
        guard err == 0, let face else { throw FontError.unreadable(path: path, code: Int(err)) }
        self.path = path
        faceIndex = index
        ftFace = face
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? "?"
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? "?"
        isItalic = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        unitsPerEm = Double(face.pointee.units_per_EM)
        var w = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400
        var asc = Double(face.pointee.ascender)
        var desc = -Double(face.pointee.descender)
        var gap = Double(face.pointee.height) - asc - desc
        var cap = 0.0
        var xh = 0.0
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self) {
            w = Int(os2.pointee.usWeightClass)
            // Typographic metrics when the font asks for them (USE_TYPO_METRICS, bit 7).
            if os2.pointee.fsSelection & (1 << 7) != 0 {
                asc = Double(os2.pointee.sTypoAscender)
                desc = -Double(os2.pointee.sTypoDescender)
                gap = Double(os2.pointee.sTypoLineGap)
            }
            if os2.pointee.version >= 2 {
                cap = Double(os2.pointee.sCapHeight)
                xh = Double(os2.pointee.sxHeight)
            }
        }
        weight = w
        ascender = asc
        descender = desc
        lineGap = max(0, gap)
        capHeight = cap
        xHeight = xh

        let blob = hb_blob_create_from_file(path)
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        let font = hb_font_create(hbFace)!
        hb_face_destroy(hbFace)
        let upem = Int32(face.pointee.units_per_EM)
        hb_font_set_scale(font, upem, upem)  // positions come back in font units
        hbFont = font
    }

    deinit {
        hb_font_destroy(hbFont)
        FontLibrary.withFreeType { _ in _ = FT_Done_Face(ftFace) }
    }

    public var description: String { "\(familyName) \(styleName) (\(weight)\(isItalic ? ", italic" : ""))" }

    /// The glyph for a character, or 0 (.notdef) when the face lacks it.
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        if let g = coverage[scalar.value] { return g }
        let g = FontLibrary.withFreeType { _ in UInt32(FT_Get_Char_Index(ftFace, FT_ULong(scalar.value))) }
        coverage[scalar.value] = g
        return g
    }

    /// Whether the face has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { glyphIndex(for: scalar) != 0 }

    /// The glyph's outline in font units, y pointing up, cached.
    public func outline(glyph: UInt32) -> Path {
        lock.lock()
        defer { lock.unlock() }
        if let p = outlines[glyph] { return p }
        let p = FontLibrary.withFreeType { _ in loadOutline(glyph) }
        outlines[glyph] = p
        return p
    }

    /// Reads a glyph's outline (FreeType's point/tag arrays) into a Path, following the rules of
    /// FT_Outline_Decompose: on-curve points, conic (quadratic) control points with implied
    /// on-curve midpoints between two of them, and pairs of cubic control points.
    private func loadOutline(_ glyph: UInt32) -> Path {
        var path = Path()
        let flags = Int32(CFT_LOAD_NO_SCALE | CFT_LOAD_NO_HINTING | CFT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(ftFace, glyph, flags) == 0, let slot = ftFace.pointee.glyph else { return path }
        let outline = slot.pointee.outline
        guard outline.n_contours > 0, let points = outline.points, let tags = outline.tags, let ends = outline.contours else { return path }
        func pt(_ i: Int) -> Point { Point(Double(points[i].x), Double(points[i].y)) }
        func tag(_ i: Int) -> UInt8 { UInt8(bitPattern: tags[i]) & 3 }  // 1 on, 0 conic, 2 cubic
        var first = 0
        for c in 0..<Int(outline.n_contours) {
            let last = Int(ends[c])
            defer { first = last + 1 }
            guard last >= first else { continue }
            var start = pt(first)
            var index = first
            var limit = last
            if tag(first) == 0 {
                // Starts on a conic control point: start at the last point if it is on the curve,
                // otherwise midway between the two.
                if tag(last) == 1 {
                    start = pt(last)
                    limit = last - 1
                } else {
                    start = pt(first).lerp(pt(last), 0.5)
                }
                index = first - 1
            } else if tag(first) == 2 {
                continue  // invalid outline
            }
            path.move(to: start)
            var i = index
            while i < limit {
                i += 1
                switch tag(i) {
                case 1:
                    path.addLine(to: pt(i))
                case 0:
                    var control = pt(i)
                    var closed = false
                    while i < limit {
                        i += 1
                        let p = pt(i)
                        if tag(i) == 1 {
                            path.addQuadCurve(to: p, control: control)
                            closed = true
                            break
                        }
                        if tag(i) != 0 { break }
                        let mid = control.lerp(p, 0.5)
                        path.addQuadCurve(to: mid, control: control)
                        control = p
                    }
                    if !closed {
                        path.addQuadCurve(to: start, control: control)
                        i = limit + 1
                    }
                default:
                    // Two cubic control points, then an on-curve point (or the start).
                    guard i + 1 <= limit, tag(i + 1) == 2 else {
                        i = limit + 1
                        break
                    }
                    let c1 = pt(i)
                    let c2 = pt(i + 1)
                    i += 2
                    if i <= limit {
                        path.addCurve(to: pt(i), control1: c1, control2: c2)
                    } else {
                        path.addCurve(to: start, control1: c1, control2: c2)
                    }
                }
            }
            path.closeSubpath()
        }
        return path
    }
}

/// Why a font could not be used.
public enum FontError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, code: Int)
    case noFont(request: String, searched: [String])

    public var description: String {
        switch self {
        case .unreadable(let path, let code): return "cannot read font \(path) (FreeType error \(code))"
        case .noFont(let request, let searched):
            return
                "no font for \(request); searched \(searched.isEmpty ? "no folders" : searched.joined(separator: ", ")) (install fonts-inter and fonts-dejavu-core, or add a folder with --font-dir)"
        }
    }
}
