import Foundation
import WidgetModel
import XCTest

@testable import RasterCore
@testable import WidgetCLI
@testable import WidgetRaster
@testable import WidgetTooling

/// One test per class of hostile input from the reliability round: each input used to trap, hang
/// or exhaust memory; now each is refused with a clear message (or bounded by a budget).
final class ReliabilityTests: XCTestCase {
    let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-reliability-\(getpid())")

    override func setUp() { try? FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true) }
    override func tearDown() { try? FileManager.default.removeItem(at: tmp) }

    func run(_ args: [String]) -> (code: Int32, message: String) {
        let messages = CorpusTests.Messages()
        let code = WidgetCommandLine.$errorSink.withValue({ messages.add($0) }) { WidgetCommandLine.run(args) }
        return (code, messages.all)
    }

    // MARK: Newcomer faults (issue 17): names as given, suggestions, machine-readable errors

    func testMessagesNameTheFileAsGivenAndSuggestSubcommands() throws {
        let (code, message) = run(["rendr", "x"])
        XCTAssertEqual(code, 2)
        XCTAssertTrue(message.contains("unknown subcommand 'rendr' (did you mean 'render'?)"), message)
        // Appearances by prefix; device names by their number too (issue 17: "iPhone 18" suggested "iPhone 11").
        let tinted = run(["render", "x.json", "--appearances", "tinted"]).message
        XCTAssertTrue(tinted.contains("(did you mean 'tintedLight' or 'tintedDark'?)"), tinted)
        let phone = run(["render", "x.json", "--device", "iPhone 18"]).message
        XCTAssertFalse(phone.contains("did you mean"), phone)
        XCTAssertTrue(run(["render", "x.json", "--device", "iPhone 17 Pr"]).message.contains("did you mean 'iPhone 17 Pro'?"))
        XCTAssertEqual(DidYouMean.suggest("iPhone 16 Pro Mux", among: ["iPhone 16 Pro Max", "iPhone 17 Pro Max"]), "iPhone 16 Pro Max")
        // Bare `widgetctl` did nothing and exited 0: now the overview on stderr and exit 2.
        let bare = run([])
        XCTAssertEqual(bare.code, 2)
        XCTAssertTrue(bare.message.contains("SUBCOMMANDS:") && bare.message.contains("serve"), bare.message)
        // serve: its usage errors, before anything is bound or rendered.
        XCTAssertTrue(run(["serve"]).message.contains("serve needs at least one spec file"))
        let noSpec = run(["serve", "no/such.widget.json"])
        XCTAssertEqual(noSpec.code, 2)
        XCTAssertTrue(noSpec.message.hasPrefix("no/such.widget.json: no such file"), noSpec.message)
        XCTAssertTrue(run(["serve", "x.json", "--port", "70000"]).message.contains("--port needs a number from 0 to 65535"))
        XCTAssertTrue(run(["serve", "x.json", "--prot", "1"]).message.contains("did you mean '--port'"))
        let missing = run(["render", "no/such/dir/nope.widget.json", "--quiet"])
        XCTAssertTrue(missing.message.hasPrefix("no/such/dir/nope.widget.json: no such file"), missing.message)
        let bad = tmp.appendingPathComponent("bad.widget.json")
        try Data(#"{"kind": 3}"#.utf8).write(to: bad)
        let decode = run(["render", bad.path, "--quiet"])
        XCTAssertTrue(decode.message.hasPrefix("\(bad.path):1:10: /kind: expected a non-empty string"), decode.message)
    }

    /// The families and devices tables were misaligned (a 28-character mode list in a 27-wide
    /// column): every column now starts at one offset in every row.
    func testTablesAreAligned() {
        let rows = [["FAMILY", "MODES", "SIZE"], ["systemExtraLargePortrait", "fullColor, accented, vibrant", "—"], ["a", "b", "c"]]
        let lines = TablesCommand.table(rows)
        for (i, row) in rows.enumerated() {
            let line = Array(lines[i])
            XCTAssertEqual(String(line[26..<(26 + row[1].count)]), row[1], lines[i])
            XCTAssertEqual(String(line[56...]), row[2], lines[i])
        }
    }

    /// preview of a Lock Screen widget shows it on the Lock Screen (it wrote a blank 130×105 image:
    /// none of the default looks shows accessory families); looks that show nothing are an error.
    func testPreviewOfALockScreenWidgetIsNotBlank() throws {
        let spec = RenderTests.samples.appendingPathComponent("lockscreen.widget.json").path
        let out = tmp.appendingPathComponent("ls-preview.png")
        XCTAssertEqual(run(["preview", spec, "--out", out.path]).code, 0)
        let sheet = try PNGCodec.decode(Array(try Data(contentsOf: out)))
        XCTAssertGreaterThan(sheet.width, 1000, "three accessory families, each in the Lock Screen look")
        XCTAssertGreaterThan(sheet.height, 1000)
        // No lighter box around the widget: just outside and just inside its frame the wallpaper
        // continues. At 3x (k = 1.5): the first panel starts at (20k, 70k) = (30, 105), the widget
        // 28 pt = 84 px further in; x = 114 is its left edge, y = 250 is below the ring.
        let outside = sheet.color(atX: 111, y: 250)
        let inside = sheet.color(atX: 117, y: 250)
        for (a, b) in [(outside.r, inside.r), (outside.g, inside.g), (outside.b, inside.b)] {
            XCTAssertLessThanOrEqual(abs(Int(a) - Int(b)), 6, "step at the widget's edge: \(outside) vs \(inside)")
        }
        let (code, message) = run(["preview", spec, "--appearances", "light", "--out", out.path])
        XCTAssertEqual(code, 2)
        XCTAssertTrue(message.contains("none of the appearances light shows HydrationWidget's families"), message)
    }

    /// check --format sarif on a spec that cannot be read writes a SARIF log with the error (WR000
    /// at its line) and exits 2, instead of printing nothing.
    func testCheckSARIFReportsAnUnreadableSpec() throws {
        let bad = tmp.appendingPathComponent("broken.widget.json")
        try Data("{\n  \"kind\": \"A\",\n  \"body\": {,}\n}".utf8).write(to: bad)
        let out = tmp.appendingPathComponent("check.sarif")
        let (code, _) = run(["check", "--format", "sarif", "--output", out.path, bad.path])
        XCTAssertEqual(code, 2)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        let result = try XCTUnwrap(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(result["ruleId"] as? String, "WR000")
        let region = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        XCTAssertEqual(region?["startLine"] as? Int, 3)
    }

    // MARK: Class 6: nonsense options

    func testEmptyOptionValuesAreRefused() {
        let spec = RenderTests.samples.appendingPathComponent("fitness.widget.json").path
        for (args, says) in [
            (["render", spec, "--out", ""], "--out needs a value, not an empty string"),
            (["render", spec, "--appearances", ""], "--appearances needs a value"),
            (["render", spec, "--appearances", ",,,"], "an empty appearance name"),
            (["render", spec, "--families", "systemSmall,"], "an empty family name"),
            (["render", spec, "--entries", "0,,1"], "is not an entry index"),
        ] {
            let (code, message) = run(args + ["--quiet"])
            XCTAssertEqual(code, 2, "\(args): \(message)")
            XCTAssertTrue(message.contains(says), "\(args): \(message)")
        }
    }

    func testFullWidthDigitsAreNotAHexColour() {
        XCTAssertNil(RGBA(hex: "#\u{FF11}\u{FF12}\u{FF13}\u{FF14}\u{FF15}\u{FF16}"))
        XCTAssertNil(RGBA(hex: "#FFFFFFFFF"))
        XCTAssertEqual(RGBA(hex: "#FF0000"), RGBA(red: 1, green: 0, blue: 0))
    }

    // MARK: Class 3: files read whole, FIFOs

    func testFIFOsAndFoldersAreRefusedWithoutBlocking() throws {
        let fifo = tmp.appendingPathComponent("x.widget.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        XCTAssertThrowsError(try WidgetSpec.load(contentsOf: fifo)) { e in XCTAssertTrue("\(e)".contains("is a FIFO"), "\(e)") }
        XCTAssertThrowsError(try BoundedFile.read(tmp, maxBytes: 10)) { e in XCTAssertTrue("\(e)".contains("is a folder"), "\(e)") }
    }

    func testFilesOverTheLimitAreNotRead() throws {
        // A sparse file: 3 GB by its size, nothing on disk; it must be refused from its size.
        let big = tmp.appendingPathComponent("big.png")
        XCTAssertTrue(FileManager.default.createFile(atPath: big.path, contents: nil))
        XCTAssertEqual(truncate(big.path, 3 << 30), 0)
        XCTAssertThrowsError(try BoundedFile.read(big, maxBytes: BoundedFile.maxImageBytes)) { e in
            XCTAssertEqual(e as? FileReadError, .tooLarge(path: big.path, bytes: 3 << 30, limit: BoundedFile.maxImageBytes))
        }
    }

    // MARK: Class 5: manifests and names read back

    func manifest(_ variant: String, kind: String = "K") throws -> URL {
        let dir = tmp.appendingPathComponent(kind)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let json =
            #"{"kind": "\#(kind)", "device": {"name": "iPhone", "scale": 3}, "format": "png", "variants": [\#(variant)], "skipped": []}"#
        try Data(json.utf8).write(to: dir.appendingPathComponent("manifest.json"))
        return dir
    }

    let goodVariant =
        #"{"file": "systemSmall/light/e0.png", "family": "systemSmall", "appearance": "light", "entry": 0, "entryDate": "x", "pixelSize": [4, 4], "sha256": "\#(String(repeating: "a", count: 64))"}"#

    func testManifestNumbersAndNamesAreChecked() throws {
        XCTAssertNoThrow(try ManifestFile.read(try manifest(goodVariant)))
        let cases: [(String, String, String)] = [
            (goodVariant.replacingOccurrences(of: #""entry": 0"#, with: #""entry": 1e300"#), "/variants/0/entry", "whole number"),
            (
                goodVariant.replacingOccurrences(of: #""family": "systemSmall""#, with: #""family": "../../x""#), "/variants/0/family",
                "unknown family"
            ),
            (
                goodVariant.replacingOccurrences(of: #""file": "systemSmall/light/e0.png""#, with: #""file": "../../../etc/x.png""#),
                "/variants/0/file",
                "not a file path inside"
            ),
            (goodVariant.replacingOccurrences(of: "[4, 4]", with: "[1e19, 4]"), "/variants/0/pixelSize", "whole number"),
        ]
        for (variant, path, says) in cases {
            XCTAssertThrowsError(try ManifestFile.read(try manifest(variant)), variant) { e in
                guard case .badManifest(_, let reason) = e as? BatchError else { return XCTFail("\(e)") }
                XCTAssertTrue(reason.hasPrefix(path) && reason.contains(says), reason)
            }
        }
    }

    func testGalleryEscapesEveryString() throws {
        var m = try ManifestFile.read(try manifest(goodVariant))
        m.kind = "<script>alert(1)</script>"
        m.displayName = "\"><img onerror=x>"
        m.shard = "1/2<b>"
        let html = Gallery.html(m)
        XCTAssertFalse(html.contains("<script>alert"), "kind must be escaped")
        XCTAssertFalse(html.contains("<img onerror"), "display name must be escaped")
        XCTAssertFalse(html.contains("<b>"), "shard must be escaped")
        XCTAssertEqual(Gallery.jsString("</script>\u{2028}"), #""\u003c/script\u003e\u2028""#)
    }

    func testMergeVerifiesImagesBeforeWritingAnything() throws {
        // A shard whose "PNG" is a JPEG: refused, and the output folder gets nothing.
        let shard = tmp.appendingPathComponent("shard")
        let jpeg = try JPEGCodec.encode(Pixmap(width: 4, height: 4, color: .white)!)
        let sha = SHA256.hex(jpeg)
        let variant = goodVariant.replacingOccurrences(of: String(repeating: "a", count: 64), with: sha)
        let kindDir = shard.appendingPathComponent("K")
        try FileManager.default.createDirectory(at: kindDir.appendingPathComponent("systemSmall/light"), withIntermediateDirectories: true)
        let json = #"{"kind": "K", "device": {"name": "iPhone", "scale": 3}, "format": "png", "variants": [\#(variant)], "skipped": []}"#
        try Data(json.utf8).write(to: kindDir.appendingPathComponent("manifest.json"))
        try Data(jpeg).write(to: kindDir.appendingPathComponent("systemSmall/light/e0.png"))
        let out = tmp.appendingPathComponent("merged")
        XCTAssertThrowsError(try Merger.merge([shard], into: out)) { e in XCTAssertTrue("\(e)".contains("is not a PNG file"), "\(e)") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("K").path), "a refused merge writes nothing")
    }

    // MARK: Class 1: huge numbers in the raster core

    func testAbsurdPNGHeaderGivesAMessageNotATrap() {
        // IHDR claiming 4294967295 × 4294967295: formatting the message used to overflow.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        XCTAssertThrowsError(try PNGCodec.decode(png)) { e in XCTAssertFalse("\(e)".isEmpty) }
        XCTAssertTrue(
            "\(CodecError.tooLarge(width: Int(UInt32.max), height: Int(UInt32.max), limit: 10))".contains("4294967295×4294967295"))
        XCTAssertTrue("\(CodecError.tooLarge(width: Int.max, height: 2, limit: 10))".contains("more than"))
    }

    func testNonFiniteAndHugeGeometryDoesNotTrap() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addCurve(to: Point(.nan, 1), control1: Point(.infinity, 0), control2: Point(0, -.infinity))
        _ = p.flattened()
        var c = Canvas(width: 8, height: 8)!
        c.fill(p, with: .solid(.black))
        XCTAssertEqual(clampedInt(.nan), 0)
        XCTAssertEqual(clampedInt(1e300), 0x100_0000_0000)
        XCTAssertEqual(clampedInt(-2.6), -3)
        // A render scale outside the range is refused rather than turned into a giant canvas.
        XCTAssertNil(WidgetRenderer.frame(family: .systemSmall, device: DeviceCatalog.default, scale: 1e300))
    }

    // MARK: Class 2: work without a budget

    func testFlatteningHasABudgetPerPath() {
        // 20,000 curves at 10⁹ coordinates would flatten to 20 M points; the budget caps them.
        var p = Path()
        p.move(to: Point(0, 0))
        for i in 0..<20_000 { p.addCurve(to: Point(Double(i % 2) * 1e9, 0), control1: Point(0, 1e9), control2: Point(1e9, 1e9)) }
        let points = p.flattened().reduce(0) { $0 + $1.points.count }
        XCTAssertLessThanOrEqual(points, maxFlattenedPoints + 20_001)
    }

    func testDashesHaveABudgetOverTheWholePath() {
        // 2,000 subpaths of 1,000 pt with a 0.02 pt period: 10⁸ dashes unbudgeted.
        var p = Path()
        for i in 0..<2_000 {
            p.move(to: Point(0, Double(i)))
            p.addLine(to: Point(1_000, Double(i)))
        }
        let outline = p.strokeOutline(StrokeStyle(lineWidth: 1, dash: [0.01, 0.01]))
        XCTAssertEqual(outline.count, 2_000, "past the budget the stroke is drawn solid: one outline per subpath")
    }

    func testHugeBlurSigmaIsBounded() {
        var p = Pixmap(width: 16, height: 16, color: .white)!
        GaussianBlur.apply(to: &p, sigma: 1e9)
        XCTAssertEqual(GaussianBlur.effectiveSigma(1e9, width: 16, height: 16), 48)
        XCTAssertEqual(p.pixels[0] >> 24, 255, "an opaque image stays opaque under a clamped blur")
    }

    func testDidYouMeanIsBoundedOnLongInput() {
        let long = String(repeating: "x", count: 1_000_000)
        XCTAssertNil(DidYouMean.suggest(long, among: [long, "font"]))
        XCTAssertEqual(DidYouMean.suggest("fnot", among: ["font", "frame"]), "font")
    }

    func testJSONKeysAreBoundedAndDuplicatesFoundFast() {
        let longKey = String(repeating: "k", count: 5_000)
        XCTAssertThrowsError(try JSONParser.parse(#"{"\#(longKey)": 1}"#)) { e in
            XCTAssertTrue("\(e)".contains("over the limit of 4096"), "\(e)")
        }
        let many = (0..<200_000).map { "\"k\($0)\": 0" }.joined(separator: ",")
        XCTAssertThrowsError(try JSONParser.parse("{\(many), \"k7\": 1}")) { e in
            XCTAssertTrue("\(e)".contains("duplicate key \"k7\""), "\(e)")
        }
    }

    func testPointersAreSharedNotCopied() throws {
        let root = try JSONParser.parse(#"{"a": {"b/c": [1, {"d~e": true}]}}"#)
        XCTAssertEqual(root["a"]?["b/c"]?.elements?[1]["d~e"]?.path, "/a/b~1c/1/d~0e")
    }

    func testLongNamesAreRefused() {
        let kind = String(repeating: "w", count: 5_000_000)
        XCTAssertThrowsError(try WidgetSpec.decode(Array(#"{"kind": "\#(kind)", "body": {"type": "EmptyView"}}"#.utf8), file: "k.json")) {
            e in
            XCTAssertTrue("\(e)".contains("over the limit of 256"), "\(e)")
        }
    }
}
