import Foundation
import WidgetModel
import WidgetTestSupport
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

/// End to end: spec → pixels, goldens per Sample family, determinism across --jobs.
final class RenderTests: XCTestCase {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    func spec(_ name: String) throws -> WidgetSpec {
        try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("\(name).widget.json"))
    }

    /// Goldens at 1x (small files), light appearance, first entry, every family of each Sample.
    func testSampleGoldens() throws {
        for name in ["weather", "calendar", "fitness", "stocks"] {
            let s = try spec(name)
            let renderer = SpecRenderer(spec: s, scale: 1)
            for family in s.supportedFamilies {
                let out = try renderer.render(Variant(entry: 0, family: family, appearance: .light))
                assertGolden(out.pixmap, named: "\(name)-\(family.rawValue)-light", suite: "samples")
            }
        }
        let weather = SpecRenderer(spec: try spec("weather"), scale: 1)
        assertGolden(
            try weather.render(Variant(entry: 1, family: .systemMedium, appearance: .dark)).pixmap,
            named: "weather-systemMedium-dark-e1", suite: "samples")
    }

    /// Looks the widget cannot tell apart (their environments differ in `appearance` alone) share
    /// one resolve and layout. That holds only if nothing before the compositor reads the look's
    /// name: every Sample in every look, at 1x, gives the same pixels, texts and findings with the
    /// sharing as without it, and the sharing does happen.
    func testLooksShareLayoutsWithoutChangingAPixel() throws {
        var shared = 0
        for name in ["weather", "calendar", "fitness", "stocks", "transit", "lockscreen"] {
            let s = try spec(name)
            let on = SpecRenderer(spec: s, scale: 1)
            let off = SpecRenderer(spec: s, scale: 1)
            off.shareLayouts = false
            for v in on.variants(appearances: Appearance.allCases).render {
                let a = try on.render(v)
                let b = try off.render(v)
                XCTAssertEqual(a.pixmap.pixels, b.pixmap.pixels, "\(name) \(v)")
                XCTAssertEqual(a.truncatedTexts.map(\.shown), b.truncatedTexts.map(\.shown), "\(name) \(v)")
                XCTAssertEqual(a.missingSymbols, b.missingSymbols, "\(name) \(v)")
                if a.timings.resolve == 0 { shared += 1 }
            }
        }
        // Clear and tinted glass (light and dark) alone give a share per family and entry.
        XCTAssertGreaterThan(shared, 20)
    }

    /// Text and shape coverage kept between variants (CoverageCache) is replayed, not
    /// rasterized again: every Sample in every look, drawn twice with the shared cache (the
    /// second time from it), gives the pixels of drawing without one.
    func testKeptCoverageDrawsTheSamePixels() throws {
        for name in ["weather", "calendar", "fitness", "stocks", "transit", "lockscreen"] {
            let r = SpecRenderer(spec: try spec(name), scale: 1)
            for v in r.variants(appearances: [.light, .clearDark, .tintedLight, .lockScreen, .standByNight]).render {
                let widget = try r.resolve(v)
                var plain = r.compositeOptions(for: v)
                plain.coverageCache = nil
                let reference = try XCTUnwrap(try r.renderer.render(widget, device: r.device, scale: 1, options: plain)).pixmap
                var kept = r.compositeOptions(for: v)
                kept.coverageCache = .shared
                for pass in 0..<2 {
                    let out = try XCTUnwrap(try r.renderer.render(widget, device: r.device, scale: 1, options: kept)).pixmap
                    XCTAssertEqual(out.pixels, reference.pixels, "\(name) \(v) pass \(pass)")
                }
            }
        }
    }

    /// Contact-sheet thumbnails share one scale (issue 17: each was fitted to 360 px, so a medium
    /// widget showed at half a small one's scale): 2 px per point. At 3x, exactly two thirds — a
    /// small widget (493 px) becomes ⌈328.7⌉ = 329 px and a medium one (1049 px) ⌈699.3⌉ = 700 px.
    func testContactSheetThumbnailsShareOneScale() throws {
        let small = Pixmap(width: 493, height: 493)!
        let medium = Pixmap(width: 1049, height: 493)!
        let a = ContactSheet.thumbnail(small, scale: 3)
        let b = ContactSheet.thumbnail(medium, scale: 3)
        XCTAssertEqual(a.width, 329)
        XCTAssertEqual(b.width, 700)
        XCTAssertEqual(a.height, b.height)
        // The layout's sizes are the thumbnails' sizes (the scale a batch passes is pixels over points).
        let t = ContactSheet.thumbnailSize(width: 1049, height: 493, scale: 1049 / 349.667)
        XCTAssertEqual(t.width, 700)
        XCTAssertEqual(t.height, 329)
        // A render already at or under 2 px per point is kept as it is.
        XCTAssertEqual(ContactSheet.thumbnail(Pixmap(width: 164, height: 164)!, scale: 1).width, 164)
        XCTAssertEqual(ContactSheet.thumbnail(Pixmap(width: 338, height: 338)!, scale: 2).width, 338)
    }

    func testWidgetShapeAndBackground() throws {
        let s = try spec("weather")
        let out = try SpecRenderer(spec: s).render(Variant(entry: 0, family: .systemSmall, appearance: .light))
        XCTAssertEqual(out.pixmap.width, 493)
        XCTAssertEqual(out.pixmap.height, 493)
        // Corners are cut by the continuous widget shape; the middle of the top edge is the gradient's top colour.
        XCTAssertEqual(out.pixmap.pixel(atX: 0, y: 0).a, 0)
        let top = out.pixmap.color(atX: 246, y: 1)
        XCTAssertEqual(Int(top.r), 0x4A, accuracy: 2)
        XCTAssertEqual(Int(top.b), 0xE2, accuracy: 2)
        XCTAssertTrue(out.missingSymbols.isEmpty)
        XCTAssertTrue(out.truncatedTexts.isEmpty)
    }

    func testMissingContainerBackgroundShowsTheSystemMessage() throws {
        let json = #"{"kind": "NoBG", "body": {"type": "Text", "text": "Hello"}}"#
        let s = try WidgetSpec.decode(Array(json.utf8), file: "nobg.widget.json")
        let out = try SpecRenderer(spec: s).render(Variant(entry: 0, family: .systemSmall, appearance: .light))
        let texts = out.content.ops.compactMap { op -> String? in
            if case .text(let l, _, _, _) = op.kind { return l.lines.map(\.text).joined(separator: " ") }
            return nil
        }
        XCTAssertEqual(texts.joined().filter { $0 != " " }, "PleaseadoptcontainerBackgroundAPI")
    }

    func testUnknownSymbolDrawsAPlaceholderAndIsReported() throws {
        let json =
            #"{"kind": "S", "body": {"type": "Image", "systemName": "not.a.symbol", "modifiers": [{"containerBackground": "white"}]}}"#
        let out = try SpecRenderer(spec: try WidgetSpec.decode(Array(json.utf8), file: "s")).render(
            Variant(entry: 0, family: .systemSmall, appearance: .light))
        XCTAssertEqual(out.missingSymbols, ["not.a.symbol"])
        XCTAssertTrue(out.pixmap.pixels.contains { $0 & 0xFFFFFF < 0x404040 && $0 >> 24 == 255 }, "something dark is drawn")
    }

    func testBatchIsByteIdenticalForOneAndTwoJobs() throws {
        let specs = [try spec("weather"), try spec("fitness")]
        var outputs: [[String: Data]] = []
        for jobs in [1, 2] {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-jobs-\(jobs)-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            var options = BatchOptions(outputDirectory: dir)
            options.jobs = jobs
            options.scale = 1
            // Glass looks too: with several jobs their backdrops are made while the workers
            // start on the looks that read none.
            options.appearances = [.light, .clearDark, .tintedLight, .dark]
            let report = try BatchRenderer(options: options).run(specs)
            XCTAssertEqual(report.files.count, 24 + 16)
            var files: [String: Data] = [:]
            let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)!
            for case let url as URL in e where !url.hasDirectoryPath {
                files[url.path.replacingOccurrences(of: dir.path, with: "")] = try Data(contentsOf: url)
            }
            outputs.append(files)
        }
        XCTAssertEqual(outputs[0].keys.sorted(), outputs[1].keys.sorted())
        for (k, v) in outputs[0] { XCTAssertEqual(v, outputs[1][k], "\(k) differs between --jobs 1 and --jobs 2") }
        XCTAssertTrue(outputs[0].keys.contains("/WeatherWidget/manifest.json"))
        XCTAssertTrue(outputs[0].keys.contains("/WeatherWidget/contact-sheet.png"))
        XCTAssertFalse(outputs[0].keys.contains { $0.hasSuffix(".tmp") }, "no temporary files left")
    }

    /// A variant that cannot be resolved stops the batch before any image is written, with the
    /// first failing variant's error in job order, however many threads resolve them.
    func testUnresolvableVariantStopsTheBatchBeforeAnyFile() throws {
        let json =
            #"{"kind": "K", "body": {"type": "Text", "text": "{{t}}", "modifiers": [{"containerBackground": "white"}]}, "timeline": {"entries": [{"date": "2026-01-01T00:00:00Z", "data": {"t": 1}}, {"date": "2026-01-02T00:00:00Z", "data": {}}, {"date": "2026-01-03T00:00:00Z", "data": {}}]}}"#
        let spec = try WidgetSpec.decode(Array(json.utf8), file: "k.widget.json")
        var messages: [String] = []
        for jobs in [1, 2, 3] {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-unresolved-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            var options = BatchOptions(outputDirectory: dir)
            options.jobs = jobs
            options.scale = 1
            options.appearances = [.light, .dark]
            XCTAssertThrowsError(try BatchRenderer(options: options).run([spec])) { messages.append("\($0)") }
            let written = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)?.allObjects.count ?? 0
            XCTAssertEqual(written, 0, "\(jobs) jobs: nothing written")
        }
        XCTAssertEqual(messages.count, 3)
        XCTAssertTrue(messages[0].contains("entry 1"), messages[0])
        XCTAssertEqual(Set(messages).count, 1, "the same error for any number of jobs")
    }

    func testOneVariantGetsNoContactSheet() throws {
        let s = try spec("weather")
        for (entries, sheet) in [([0], false), ([0, 1], true)] {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-sheet-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            var options = BatchOptions(outputDirectory: dir)
            options.families = [.systemSmall]
            options.appearances = [.light]
            options.entries = entries
            options.scale = 1
            let report = try BatchRenderer(options: options).run([s])
            XCTAssertEqual(report.files.count, entries.count)
            let path = dir.appendingPathComponent("WeatherWidget/contact-sheet.png").path
            XCTAssertEqual(FileManager.default.fileExists(atPath: path), sheet, "\(entries.count) variant(s)")
            XCTAssertEqual(report.contactSheets.count, sheet ? 1 : 0)
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("WeatherWidget/index.html").path))
        }
    }

    func testShardsPartitionTheVariants() throws {
        let s = try spec("weather")
        var seen: [String] = []
        for i in 1...3 {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-shard-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            var options = BatchOptions(outputDirectory: dir)
            options.shard = (i, 3)
            options.scale = 0.5
            options.contactSheet = false
            seen += try BatchRenderer(options: options).run([s]).files.map(\.relativePath)
        }
        XCTAssertEqual(seen.count, 12)
        XCTAssertEqual(Set(seen).count, 12, "every variant exactly once")
    }

    func testManifestListsExcludedVariants() throws {
        let json =
            #"{"kind": "Fixed", "supportedFamilies": ["systemSmall"], "containerBackgroundRemovable": false, "body": {"type": "Text", "text": "x", "modifiers": [{"containerBackground": "blue"}]}}"#
        let s = try WidgetSpec.decode(Array(json.utf8), file: "f")
        let (render, skipped) = SpecRenderer(spec: s).variants(appearances: Appearance.allCases)
        XCTAssertTrue(render.contains { $0.appearance == .light })
        let excluded = skipped.filter(\.excluded)
        // StandBy (Apple) and CarPlay (which reuses StandBy's rendering; an estimate) leave it out.
        XCTAssertEqual(Set(excluded.map(\.variant.appearance)), [.standBy, .standByNight, .carPlay])
        XCTAssertTrue(excluded[0].reason.contains("containerBackgroundRemovable(false)"))
    }

    func testSHA256() {
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            SHA256.hex(Array(String(repeating: "a", count: 1000).utf8)),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        // FIPS 180-4's two-block message (56 bytes: the padding needs a second block).
        let twoBlocks = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        XCTAssertEqual(SHA256.hex(twoBlocks), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // The SHA-extension path (where the processor has it) and portable C agree on every
        // length around the block and padding boundaries, and on a megabyte.
        var s: UInt64 = 99
        var bytes = [UInt8]()
        for _ in 0..<(1 << 20) {
            s = s &* 6364136223846793005 &+ 1442695040888963407
            bytes.append(UInt8(truncatingIfNeeded: s >> 40))
        }
        for n in Array(0...200) + [1000, 4096, 65_537, 1 << 20] {
            let m = Array(bytes.prefix(n))
            XCTAssertEqual(SHA256.digest(m), SHA256.digest(m, portable: true), "\(n) bytes")
        }
        XCTAssertEqual(SHA256.digest(twoBlocks, portable: true), SHA256.digest(twoBlocks))
    }
}
