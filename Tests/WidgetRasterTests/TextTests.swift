import WidgetModel
import WidgetTestSupport
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

final class TextShapingTests: XCTestCase {
    let engine = TextLayoutEngine()
    func width(_ s: String, _ font: FontSpec = .body) throws -> Double {
        try engine.measure(s, options: TextOptions(font: font)).width
    }

    func testKernedPairIsNarrowerThanItsGlyphs() throws {
        let pair = try width("AV")
        let alone = try width("A") + width("V")
        XCTAssertLessThan(pair, alone - 0.5, "Inter kerns A and V")
    }

    func testLigatures() throws {
        // Inter's contextual alternates turn "->" into one arrow glyph; DejaVu Serif has "fi".
        let arrow = try engine.layout("->", options: TextOptions(font: .body))
        XCTAssertEqual(arrow.lines[0].glyphs.count, 1)
        let fi = try engine.layout("fi", options: TextOptions(font: FontSpec(size: 17, design: .serif)))
        XCTAssertEqual(fi.lines[0].glyphs.count, 1)
    }

    func testArabicJoinsAndRunsRightToLeftInsideLeftToRightText() throws {
        let layout = try engine.layout("Hi مرحبا ok", options: TextOptions(font: .body))
        let glyphs = layout.lines[0].glyphs
        let arabic = glyphs.filter { $0.face.familyName == "DejaVu Sans" && $0.glyph != 3 }
        XCTAssertGreaterThanOrEqual(arabic.count, 5)
        // Joined forms differ from the isolated letters' default glyphs.
        let face = arabic[0].face
        let isolated = Set("مرحبا".unicodeScalars.map { face.glyphIndex(for: $0) })
        XCTAssertFalse(Set(arabic.map(\.glyph)).isSubset(of: isolated), "letters take their joining forms")
        // Visual order: "Hi", then the Arabic word drawn right to left, then "ok".
        let latin = glyphs.filter { $0.face.familyName == "Inter" && $0.glyph != face.glyphIndex(for: " ") }
        let hi = latin.prefix(2).map(\.x)
        let ok = latin.suffix(2).map(\.x)
        XCTAssertLessThan(hi.max()!, arabic.map(\.x).min()!)
        XCTAssertGreaterThan(ok.min()!, arabic.map(\.x).max()!)
        // The first letter in logical order (meem, in its initial form) is the rightmost glyph and
        // the last (alef, final form) the leftmost.
        let word = "مرحبا".unicodeScalars.map(\.value)
        let logical = Shaper.shape(word, range: 0..<word.count, face: face, size: 17, rightToLeft: true, features: [])
        XCTAssertEqual(arabic.max { $0.x < $1.x }!.glyph, logical.first!.glyph)
        XCTAssertEqual(arabic.min { $0.x < $1.x }!.glyph, logical.last!.glyph)
    }

    func testBidiLevels() {
        let levels = TextLayoutEngine.bidiLevels(Array("ab שלום 12 עד cd".unicodeScalars))
        // Neutrals between two right-to-left stretches join them; between RTL and LTR they take the
        // paragraph's level 0; digits inside RTL text are a level-2 island.
        XCTAssertEqual(levels.map(String.init).joined(), "0001111122111000")
    }

    func testFallbackFaceForHebrew() throws {
        let layout = try engine.layout("שלום", options: TextOptions(font: .body))
        XCTAssertTrue(layout.lines[0].glyphs.allSatisfy { $0.face.familyName == "DejaVu Sans" })
        XCTAssertTrue(layout.missingCharacters.isEmpty)
    }

    func testTabularFiguresHaveEqualWidths() throws {
        let tabular = FontSpec.body.withMonospacedDigit()
        XCTAssertEqual(try width("111", tabular), try width("888", tabular), accuracy: 1e-9)
        XCTAssertNotEqual(try width("111"), try width("888"))
    }

    func testTextStylesAndDisplayFace() throws {
        XCTAssertEqual(FontSpec.style(.headline).weight, .semibold)
        XCTAssertEqual(FontSpec.style(.largeTitle).size, 34)
        XCTAssertEqual(FontSpec.style(.caption2).size, 11)
        XCTAssertEqual(try FontLibrary.shared.face(for: .style(.title)).familyName, "Inter Display")
        XCTAssertEqual(try FontLibrary.shared.face(for: .style(.body)).familyName, "Inter")
        XCTAssertEqual(try FontLibrary.shared.face(for: FontSpec(size: 12, weight: .black)).weight, 900)
        XCTAssertEqual(try FontLibrary.shared.face(for: FontSpec(size: 12, design: .monospaced)).familyName, "DejaVu Sans Mono")
    }

    func testMissingFontsSayWhatWasSearched() {
        let empty = FontLibrary(directories: ["/nonexistent/fonts"])
        XCTAssertThrowsError(try empty.face(for: .body)) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/fonts"), "\(error)")
        }
    }

    func testMetricsAreIdenticalAcrossRunsAndLibraries() throws {
        let text = "Cupertino 72° — Mostly Sunny"
        let a = try engine.layout(text, options: TextOptions(font: .style(.title2), displayScale: 3), maxWidth: 120)
        let fresh = TextLayoutEngine(library: FontLibrary(directories: FontLibrary.defaultDirectories))
        let b = try fresh.layout(text, options: TextOptions(font: .style(.title2), displayScale: 3), maxWidth: 120)
        XCTAssertEqual(a.size, b.size)
        XCTAssertEqual(a.lines.map(\.text), b.lines.map(\.text))
        XCTAssertEqual(a.lines.flatMap { $0.glyphs.map(\.x) }, b.lines.flatMap { $0.glyphs.map(\.x) })
    }
}

final class TextLayoutTests: XCTestCase {
    let engine = TextLayoutEngine()
    let sentence = "The quick brown fox jumps over the lazy dog"

    private func lines(_ text: String, width: Double?, _ options: TextOptions = TextOptions(font: .body)) throws -> [String] {
        try engine.layout(text, options: options, maxWidth: width).lines.map(\.text)
    }

    func testWrapsAtWordBoundaries() throws {
        let w = try engine.measure("The quick brown fox", options: TextOptions(font: .body)).width
        XCTAssertEqual(try lines(sentence, width: w + 0.5), ["The quick brown fox", "jumps over the lazy", "dog"])
        // A hair narrower and "fox" moves down.
        XCTAssertEqual(try lines(sentence, width: w - 0.5).first, "The quick brown")
        // Every line fits.
        for line in try engine.layout(sentence, options: TextOptions(font: .body), maxWidth: w).lines {
            XCTAssertLessThanOrEqual(line.width, w + 1e-9)
        }
    }

    func testBreaksInsideAWordOnlyWhenItAloneDoesNotFit() throws {
        let out = try lines("Supercalifragilistic is long", width: 60)
        XCTAssertGreaterThan(out.count, 2)
        XCTAssertTrue(out[0].hasPrefix("Super"))
        XCTAssertEqual(out.joined().filter { $0 != " " }, "Supercalifragilisticislong", "nothing is lost")
        for line in try engine.layout("Supercalifragilistic is long", options: TextOptions(font: .body), maxWidth: 60).lines {
            XCTAssertLessThanOrEqual(line.width, 60 + 1e-9)
        }
        XCTAssertEqual(out.last, "long")
    }

    func testLineLimitTruncatesTheTail() throws {
        let layout = try engine.layout(sentence, options: TextOptions(font: .body, lineLimit: 2), maxWidth: 150)
        XCTAssertTrue(layout.isTruncated)
        XCTAssertEqual(layout.lines.count, 2)
        XCTAssertTrue(layout.lines[1].text.hasSuffix("…"))
        XCTAssertLessThanOrEqual(layout.lines[1].width, 150 + 1e-9)
        // (With SF's −0.43-pt tracking at 17 pt one more character fits than Inter's own spacing allowed.)
        XCTAssertEqual(layout.lines.map(\.text), ["The quick brown", "fox jumps over th…"])
    }

    func testHeadAndMiddleTruncationOnOneLine() throws {
        let tail = try lines(sentence, width: 120, TextOptions(font: .body, lineLimit: 1))
        let head = try lines(sentence, width: 120, TextOptions(font: .body, lineLimit: 1, truncation: .head))
        let middle = try lines(sentence, width: 120, TextOptions(font: .body, lineLimit: 1, truncation: .middle))
        // Truncation cuts between characters (as Core Text does), keeping as much as fits.
        XCTAssertEqual(tail, ["The quick bro…"])
        XCTAssertEqual(head, ["…r the lazy dog"])
        XCTAssertEqual(middle, ["The qu…zy dog"])
        for mode in TruncationMode.allCases {
            let layout = try engine.layout(sentence, options: TextOptions(font: .body, lineLimit: 1, truncation: mode), maxWidth: 120)
            XCTAssertLessThanOrEqual(layout.size.width, 120 + 1e-9)
            XCTAssertTrue(layout.isTruncated)
        }
        // One more character would not fit.
        XCTAssertGreaterThan(try engine.measure("The quick brow…", options: TextOptions(font: .body)).width, 120)
    }

    func testMinimumScaleFactorShrinksBeforeTruncating() throws {
        let full = try engine.measure("Mostly Sunny today", options: TextOptions(font: .style(.title))).width
        // 90% of the width fits at about 0.9 of the size.
        let fits = try engine.layout(
            "Mostly Sunny today", options: TextOptions(font: .style(.title), lineLimit: 1, minimumScaleFactor: 0.8), maxWidth: full * 0.9)
        XCTAssertFalse(fits.isTruncated)
        XCTAssertEqual(fits.lines.count, 1)
        XCTAssertLessThan(fits.fontScale, 0.92)
        XCTAssertGreaterThanOrEqual(fits.fontScale, 0.85)
        XCTAssertLessThanOrEqual(fits.size.width, full * 0.9 + 1e-9)
        // Half the width would need 0.5: the factor stops at 0.8 and the text is truncated.
        let cut = try engine.layout(
            "Mostly Sunny today", options: TextOptions(font: .style(.title), lineLimit: 1, minimumScaleFactor: 0.8), maxWidth: full * 0.5)
        XCTAssertTrue(cut.isTruncated)
        XCTAssertEqual(cut.fontScale, 0.8, accuracy: 1e-12)
        XCTAssertEqual(cut.font.size, 28 * 0.8, accuracy: 1e-9)
    }

    func testAlignmentAndBaselinesOnThePixelGrid() throws {
        let text = "Short\nA much longer line"
        for (alignment, expect) in [(TextAlignment.leading, 0.0), (.center, 0.5), (.trailing, 1.0)] {
            let layout = try engine.layout(text, options: TextOptions(font: .body, alignment: alignment, displayScale: 3))
            let gap = layout.size.width - layout.lines[0].width
            XCTAssertEqual(layout.lines[0].x, gap * expect, accuracy: 1e-9)
            for line in layout.lines {
                XCTAssertEqual((line.baseline * 3).rounded(), line.baseline * 3, accuracy: 1e-9)
            }
        }
        let layout = try engine.layout(text, options: TextOptions(font: .body))
        XCTAssertEqual(layout.lines.count, 2)
        XCTAssertEqual(layout.firstBaseline, layout.lines[0].baseline)
        XCTAssertGreaterThan(layout.lastBaseline, layout.firstBaseline)
        // SwiftUI's body: a natural line of 1.2 × 17 pt, and 22 pt to the next baseline (TextStyleTable).
        XCTAssertEqual(layout.size.height, 17 * 1.2 + 22, accuracy: 1e-9)
    }
    /// The library's layout memo (issue 19: a batch lays the same words out for every look) gives
    /// what laying out again gives, for wrapping, truncation, shrinking, fallback and right-to-left
    /// text; a new font folder empties it.
    func testKeptLayoutsEqualFreshOnes() throws {
        let library = FontLibrary(directories: FontLibrary.defaultDirectories)
        let engine = TextLayoutEngine(library: library)
        func fingerprint(_ l: TextLayout) -> [String] {
            [
                "\(l.size) \(l.firstBaseline) \(l.lastBaseline) \(l.isTruncated) \(l.fontScale) \(l.font) \(l.missingCharacters)"
            ]
                + l.lines.map { line in
                    "\(line.text)|\(line.width)|\(line.x)|\(line.baseline)|"
                        + line.glyphs.map { "\($0.face.familyName):\($0.glyph)@\($0.x),\($0.baseline),\($0.size)" }.joined(separator: " ")
                }
        }
        var shrink = TextOptions(font: FontSpec(size: 28, weight: .bold), lineLimit: 1)
        shrink.minimumScaleFactor = 0.5
        var rtl = TextOptions(font: FontSpec(size: 15))
        rtl.layoutDirection = .rightToLeft
        let cases: [(String, TextOptions, Double?)] = [
            ("Cupertino", TextOptions(font: FontSpec(size: 17, weight: .semibold)), nil),
            ("Mostly sunny with a chance of rain later in the afternoon", TextOptions(font: FontSpec(size: 13), lineLimit: 2), 120),
            ("A very long headline that has to shrink", shrink, 150),
            ("مرحبا بالعالم 42", rtl, 200),
            ("Ωmega ✓ 72°", TextOptions(font: FontSpec(size: 11, weight: .medium), truncation: .middle), 40),
        ]
        for (text, options, width) in cases {
            let fresh = try engine.layoutUncached(text, options: options, maxWidth: width)
            let first = try engine.layout(text, options: options, maxWidth: width)
            let kept = try engine.layout(text, options: options, maxWidth: width)
            XCTAssertEqual(fingerprint(first), fingerprint(fresh), text)
            XCTAssertEqual(fingerprint(kept), fingerprint(fresh), text)
            // A different width is a different entry.
            let other = try engine.layout(text, options: options, maxWidth: (width ?? 300) / 2)
            XCTAssertEqual(fingerprint(other), fingerprint(try engine.layoutUncached(text, options: options, maxWidth: (width ?? 300) / 2)))
        }
        XCTAssertNotNil(library.keptLayout(FontLibrary.TextLayoutKey(text: "Cupertino", options: cases[0].1, maxWidth: nil)).layout)
        library.addDirectory(NSTemporaryDirectory())
        XCTAssertNil(library.keptLayout(FontLibrary.TextLayoutKey(text: "Cupertino", options: cases[0].1, maxWidth: nil)).layout)
        // The icon face is found by a part of its family name, and remembered.
        let icons = library.firstFace(familyContaining: "material")
        XCTAssertEqual(icons?.familyName, library.firstFace { $0.lowercased().contains("material") }?.familyName)
        XCTAssertTrue(icons === library.firstFace(familyContaining: "material"))
    }
}

final class DateTextTests: XCTestCase {
    let f = DateTextFormatter(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/Los_Angeles")!)
    let now = ISO8601DateFormatter().date(from: "2026-11-29T17:41:00Z")!  // 9:41 AM in Cupertino

    func testTimeAndDate() {
        XCTAssertEqual(f.string(now, style: .time, now: now), "9:41\u{202F}AM")
        XCTAssertEqual(f.string(now, style: .date, now: now), "November 29, 2026")
    }

    func testRelativeOffsetAndTimer() {
        let later = now.addingTimeInterval(2 * 3600 + 23 * 60 + 5)
        XCTAssertEqual(f.string(later, style: .relative, now: now), "2 hours, 23 minutes")
        XCTAssertEqual(f.string(now.addingTimeInterval(-(11 * 60 + 14)), style: .relative, now: now), "11 minutes, 14 seconds")
        XCTAssertEqual(f.string(later, style: .offset, now: now), "-2 hours", "a future date has a minus sign")
        XCTAssertEqual(f.string(now.addingTimeInterval(-90 * 86400), style: .offset, now: now), "+3 months")
        XCTAssertEqual(f.string(now.addingTimeInterval(15 * 60), style: .timer, now: now), "15:00")
        XCTAssertEqual(f.string(now.addingTimeInterval(-152), style: .timer, now: now), "2:32")
        XCTAssertEqual(f.string(now.addingTimeInterval(36 * 3600 + 59 * 60 + 1), style: .timer, now: now), "36:59:01")
    }

    func testRange() {
        let start = ISO8601DateFormatter().date(from: "2026-11-29T17:30:00Z")!
        let end = ISO8601DateFormatter().date(from: "2026-11-29T22:45:00Z")!
        XCTAssertEqual(f.string(from: start, to: end), "9:30\u{202F}AM\u{2009}–\u{2009}2:45\u{202F}PM")
    }
}

/// Scanning reads font names from the tables (`FontNames`) instead of opening each face with
/// FreeType: for every font file on this machine it reads, the values must be FreeType's.
final class FontNamesTests: XCTestCase {
    func testTableNamesAreFreeTypesOnEveryInstalledFont() throws {
        var files: [String] = []
        let roots = ["/usr/share/fonts"] + FontLibrary.defaultDirectories
        for root in roots {
            guard let e = FileManager.default.enumerator(atPath: root) else { continue }
            while let rel = e.nextObject() as? String {
                let lower = rel.lowercased()
                if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") {
                    files.append((root as NSString).appendingPathComponent(rel))
                }
            }
        }
        XCTAssertGreaterThan(files.count, 40, "the test needs the installed fonts (make deps)")
        var read = 0
        for path in Set(files).sorted() {
            guard let info = FontNames.read(path: path) else { continue }
            read += 1
            let face = try FontLibrary.withFreeType { lib in try FontFace(path: path, index: 0, library: lib) }
            XCTAssertEqual(info, FontLibrary.info(of: face), path)
        }
        // Inter and DejaVu at least: the fonts every render uses are read without FreeType.
        XCTAssertGreaterThan(read, 50)
    }

    func testMalformedTablesFallBackToFreeType() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fontnames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        // Truncated after the table directory, a huge table count, garbage: nil, never a trap.
        let cases: [Data] = [
            real.prefix(200), Data([0, 1, 0, 0, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 64)), Data((0..<4096).map { UInt8($0 % 251) }),
        ]
        for (i, bytes) in cases.enumerated() {
            let url = dir.appendingPathComponent("bad\(i).ttf")
            try bytes.write(to: url)
            XCTAssertNil(FontNames.read(path: url.path))
        }
        // A library over that folder plus a real font still finds the real face.
        try real.write(to: dir.appendingPathComponent("real.ttf"))
        let library = FontLibrary(directories: [dir.path])
        XCTAssertEqual(library.firstFace { $0 == "DejaVu Sans" }?.styleName, "Book")
    }
}
