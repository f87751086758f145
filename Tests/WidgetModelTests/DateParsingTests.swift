import Foundation
import XCTest

@testable import WidgetModel

/// The ISO 8601 reader and writer that spare a render ICU's start-up give what Foundation's
/// ISO8601DateFormatter gives, for every form they accept, and leave the rest to it.
final class DateParsingTests: XCTestCase {
    func testFastDatesEqualFoundations() {
        let f = ISO8601DateFormatter()
        var s: UInt64 = 99
        for _ in 0..<2_000 {
            s = s &* 6364136223846793005 &+ 1442695040888963407
            // Seconds from 1900 to 2200, whole.
            let t = Double(Int64(bitPattern: s >> 1) % 9_467_280_000) - 2_208_988_800
            let date = Date(timeIntervalSince1970: t)
            let text = f.string(from: date)
            XCTAssertEqual(SpecValues.formatDate(date), text)
            XCTAssertEqual(SpecValues.fastDate(text), date, text)
        }
        for text in [
            "2026-11-29T17:00:00Z", "2024-02-29T23:59:59Z", "2026-11-29T17:00:00+01:00", "2026-11-29T17:00:00-09:30",
            "2000-01-01T00:00:00Z", "1970-01-01T00:00:00Z",
        ] {
            XCTAssertNotNil(SpecValues.fastDate(text))
            XCTAssertEqual(SpecValues.fastDate(text), f.date(from: text), text)
        }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        XCTAssertEqual(SpecValues.fastDate("2026-03-08"), day.date(from: "2026-03-08"))
        // Not the fast path's: left to the formatter, so parseDate's answers do not change.
        for text in ["2026-02-30T00:00:00Z", "2026-11-29T24:00:00Z", "2026-11-29T17:00:00.250Z", "2026-11-29 17:00:00Z", "x", ""] {
            XCTAssertNil(SpecValues.fastDate(text), text)
        }
        XCTAssertEqual(
            SpecValues.parseDate("2026-11-29T17:00:00.250Z")?.timeIntervalSince1970 ?? 0, 1_795_971_600.25, accuracy: 0.001)
    }
}

/// `trimmingWhitespace()` is Foundation's `trimmingCharacters(in: .whitespaces)` without the
/// NSString bridge.
final class WhitespaceTests: XCTestCase {
    func testTrimmingWhitespaceIsFoundations() {
        let samples = [
            "", " ", "\t", "  a  ", "\ta b\t", "\u{00A0}x\u{2003}", "\u{3000}中文\u{3000}", " \n x \n ", "\u{200B}z\u{200B}",
            " \u{301}e ", "{{ name }}", "  {{ a | b }}  ", "\u{1680}ogham\u{202F}", "x", "\r\n",
        ]
        for s in samples {
            XCTAssertEqual(s.trimmingWhitespace(), s.trimmingCharacters(in: .whitespaces), s.debugDescription)
            XCTAssertEqual(Substring(s).trimmingWhitespace(), s.trimmingCharacters(in: .whitespaces), s.debugDescription)
        }
        // Every scalar Foundation counts as whitespace, and only those.
        for v in UInt32(0)...0x3100 {  // every Zs space lies below U+3100 (checked over all scalars)
            guard let u = Unicode.Scalar(v) else { continue }
            let s = "a\(Character(u))"
            XCTAssertEqual(s.trimmingWhitespace(), s.trimmingCharacters(in: .whitespaces), String(format: "U+%04X", v))
        }
    }
}
