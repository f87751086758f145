import WidgetModel
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

final class CodecTests: XCTestCase {
    /// A picture with soft gradients, hard edges and partial transparency.
    private func sample(width: Int = 120, height: Int = 80) -> Pixmap {
        var c = Canvas(width: width, height: height)!
        c.paint(
            .linearGradient(
                stops: Paint.stops([RGBA(hex: "#4A90E2")!, RGBA(hex: "#1C3F94")!]), start: .zero, end: Point(0, Double(height))))
        c.fill(
            Path(roundedRect: Rect(x: 10, y: 10, width: 60, height: 40), cornerRadius: 10, style: .continuous),
            with: .solid(RGBA(hex: "#FF9F0A")!.opacity(0.6)))
        c.fill(Path(circleCenter: Point(90, 50), radius: 20), with: .solid(.white))
        c.fill(Path(rect: Rect(x: 0, y: 0, width: 20, height: 20)), with: .solid(.black), blendMode: .destinationOut)
        return c.pixmap
    }

    func testPNGRoundTripIsExact() throws {
        let p = sample()
        for options in [PNGOptions.fast, .standard, .best, PNGOptions(level: 0, filters: .none, strategy: .default)] {
            let data = try PNGCodec.encode(p, options: options)
            XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
            XCTAssertEqual(try PNGCodec.decode(data), p, "\(options)")
            let size = try PNGCodec.size(of: data)
            XCTAssertEqual(size.width, 120)
            XCTAssertEqual(size.height, 80)
        }
    }

    func testFastEncoderRoundTripsEveryKindOfContent() throws {
        // Noise (all literals), flat areas (long runs), both across several deflate blocks, with
        // and without alpha; decoded by libpng, so the stream must be valid zlib and PNG.
        var rng = TestRandom(seed: 11)
        var noisy = Pixmap(width: 300, height: 400)!
        for i in 0..<noisy.pixels.count { noisy.pixels[i] = randomPixel(&rng) }
        let flat = Pixmap(width: 700, height: 500, color: RGBA(hex: "#12345678")!)!
        var mixed = RasterDemo.sheet(scale: 1)
        mixed.pixels[12345] = 0x8000_0040
        let opaqueNoise = Pixmap(width: 257, height: 3, premultiplied: noisy.pixels.prefix(257 * 3).map { $0 | 0xFF00_0000 })
        for image in [noisy, flat, mixed, opaqueNoise, Pixmap(width: 1, height: 1)!] {
            let data = try PNGCodec.encode(image, options: .fast)
            XCTAssertEqual(try PNGCodec.decode(data), image, "\(image.width)×\(image.height)")
        }
    }

    /// Runs are found eight bytes at a time: runs of every length up to past the 258 cap, at
    /// every alignment, must come back exactly, and a long flat area must cost almost nothing.
    func testRunsOfEveryLengthAndAlignment() throws {
        var bytes: [UInt8] = []
        var v: UInt8 = 1
        for length in 1...300 {
            for _ in 0..<length { bytes.append(v) }
            v = v == 250 ? 1 : v &+ 7
        }
        // As the pixels of a PNG, 1,000 bytes a row, decoded by libpng (zlib).
        let width = 250  // RGBA pixels: 1000 bytes a row
        let rows = (bytes.count + 999) / 1000
        bytes += [UInt8](repeating: 0, count: rows * 1000 - bytes.count)
        let pixels = stride(from: 0, to: bytes.count, by: 4).map { i -> UInt32 in
            // Premultiplied-valid: alpha 255, so the stored bytes are the colour bytes.
            UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | 0xFF00_0000
        }
        let image = Pixmap(width: width, height: rows, premultiplied: pixels)
        for threads in [1, 2] {
            let data = try PNGCodec.encode(image, options: .fast, threads: threads)
            XCTAssertEqual(try PNGCodec.decode(data), image)
        }
        let flat = Pixmap(width: 1000, height: 1000, color: RGBA(hex: "#336699")!)!
        XCTAssertLessThan(try PNGCodec.encode(flat).count, 20_000, "a flat megapixel is runs")
    }

    func testHuffmanLengthsAreLimitedAndComplete() {
        // Fibonacci frequencies force a very deep optimal tree.
        var freq = [Int](repeating: 0, count: 40)
        var a = 1
        var b = 1
        for i in 0..<40 {
            freq[i] = a
            (a, b) = (b, min(a + b, 1 << 40))
        }
        let lengths = HuffmanCode.codeLengths(freq, maxLength: 15)
        XCTAssertLessThanOrEqual(Int(lengths.max()!), 15)
        let kraft = lengths.reduce(0.0) { $0 + ($1 > 0 ? pow(2, -Double($1)) : 0) }
        XCTAssertEqual(kraft, 1, accuracy: 1e-12)
    }

    func testOpaqueImagesAreWrittenAsRGB() throws {
        let p = Pixmap(width: 8, height: 8, color: RGBA(hex: "#336699")!)!
        let data = try PNGCodec.encode(p)
        XCTAssertEqual(data[25], 2, "IHDR colour type 2 = RGB")
        XCTAssertEqual(try PNGCodec.decode(data), p)
    }

    func testHigherLevelsAreSmaller() throws {
        let p = RasterDemo.sheet(scale: 0.5)
        let fast = try PNGCodec.encode(p, options: .fast).count
        let best = try PNGCodec.encode(p, options: .best).count
        XCTAssertLessThan(best, fast)
    }

    func testJPEGRoundTripPSNR() throws {
        let p = sample()
        let data = try JPEGCodec.encode(p, options: JPEGOptions(quality: 90))
        let back = try JPEGCodec.decode(data)
        XCTAssertEqual(back.width, p.width)
        XCTAssertEqual(back.height, p.height)
        // Compare against the picture flattened over white, as the encoder does.
        var flat = Pixmap(width: p.width, height: p.height, color: .white)!
        var c = Canvas(flat)
        c.composite(p)
        flat = c.pixmap
        var se = 0.0
        for i in 0..<flat.pixels.count {
            let a = flat.pixels[i]
            let b = back.pixels[i]
            for s in stride(from: UInt32(0), through: 16, by: 8) {
                let d = Double(Int((a >> s) & 0xFF) - Int((b >> s) & 0xFF))
                se += d * d
            }
        }
        let mse = se / Double(flat.pixels.count * 3)
        let psnr = 10 * log10(255 * 255 / mse)
        XCTAssertGreaterThan(psnr, 36, "PSNR \(psnr) dB at quality 90")
        XCTAssertTrue(back.pixels.allSatisfy { $0 >> 24 == 255 })
    }

    func testJPEGIsDeterministic() throws {
        let p = sample()
        XCTAssertEqual(try JPEGCodec.encode(p), try JPEGCodec.encode(p))
    }

    // MARK: Bad input: every case is a thrown error that says what is wrong, never a crash.

    private func validPNG() throws -> [UInt8] { try PNGCodec.encode(sample(), options: .standard) }
    private func validJPEG() throws -> [UInt8] { try JPEGCodec.encode(sample()) }

    private func expectError(_ data: [UInt8], contains text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try ImageCodec.decode(data), file: file, line: line) { error in
            let message = "\(error)"
            XCTAssertTrue(message.lowercased().contains(text.lowercased()), "“\(message)” should mention “\(text)”", file: file, line: line)
        }
    }

    func testEmptyAndUnknownData() {
        expectError([], contains: "empty")
        expectError(Array("GIF89a and some more".utf8), contains: "starts with 47 49 46 38")
        XCTAssertThrowsError(try PNGCodec.decode(Array("not a png at all".utf8))) { XCTAssertTrue("\($0)".contains("signature")) }
        XCTAssertThrowsError(try JPEGCodec.decode([0x89, 0x50, 0x4E, 0x47])) { XCTAssertTrue("\($0)".contains("0x89 0x50")) }
    }

    func testTruncatedPNG() throws {
        let png = try validPNG()
        for cut in [9, 30, png.count / 2, png.count - 13] {
            expectError(Array(png.prefix(cut)), contains: "PNG")
        }
    }

    func testPNGWithCorruptChunk() throws {
        var png = try validPNG()
        png[png.count / 2] ^= 0xFF  // inside IDAT: CRC or zlib stream breaks
        expectError(png, contains: "PNG")
    }

    func testPNGThatClaimsAbsurdDimensions() {
        // A header alone claiming 100000×100000 px: refused from the header, before any allocation.
        var ihdr: [UInt8] = Array("IHDR".utf8)
        ihdr += bigEndian(100_000) + bigEndian(100_000) + [8, 6, 0, 0, 0]
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + ihdr + bigEndian(crc32(ihdr))
        XCTAssertThrowsError(try PNGCodec.decode(png)) { error in
            guard case CodecError.tooLarge(let w, let h, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(w, 100_000)
            XCTAssertEqual(h, 100_000)
        }
        // A smaller limit applies too.
        XCTAssertThrowsError(try PNGCodec.decode(try validPNG(), maxPixels: 100)) { error in
            guard case CodecError.tooLarge = error else { return XCTFail("\(error)") }
        }
    }

    func testTruncatedJPEG() throws {
        let jpeg = try validJPEG()
        for cut in [3, 20, jpeg.count / 3, jpeg.count - 40] {
            expectError(Array(jpeg.prefix(cut)), contains: "JPEG")
        }
    }

    func testJPEGThatClaimsAbsurdDimensions() throws {
        var jpeg = try validJPEG()
        // Find the start-of-frame marker and overwrite height and width with 60000.
        guard let sof = (0..<(jpeg.count - 9)).first(where: { jpeg[$0] == 0xFF && (jpeg[$0 + 1] == 0xC0 || jpeg[$0 + 1] == 0xC2) }) else {
            return XCTFail("no SOF marker")
        }
        jpeg[sof + 5] = 0xEA
        jpeg[sof + 6] = 0x60
        jpeg[sof + 7] = 0xEA
        jpeg[sof + 8] = 0x60
        XCTAssertThrowsError(try JPEGCodec.decode(jpeg)) { error in
            guard case CodecError.tooLarge(let w, let h, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(w, 60_000)
            XCTAssertEqual(h, 60_000)
        }
    }

    func testJPEGWithGarbageAfterTheHeader() {
        expectError([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x55, count: 200), contains: "JPEG")
    }

    private func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    private func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

#if canImport(Glibc)
    import Glibc
#endif
