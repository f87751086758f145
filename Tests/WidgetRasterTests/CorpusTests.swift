import Foundation
import WidgetCLI
import XCTest

/// Every malformed input in Tests/WidgetRasterTests/Corpus goes through `widgetctl render` and
/// `widgetctl check` in process: exit 2 (check: 1 with a located finding where the file is valid
/// JSON and only an entry fails), a message naming the file, its JSON path and what was expected,
/// and nothing written.
final class CorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    /// file → (JSON path in the message, words the message must contain)
    static let expectations: [String: (path: String, says: String)] = [
        "truncated.widget.json": ("/", "invalid JSON: unterminated string"),
        "wrong-type.widget.json": ("/body/spacing", "expected a number, found a string"),
        "unknown-node.widget.json": ("/body/type", "did you mean \"VStack\"?"),
        "unknown-modifier.widget.json": ("/body/modifiers/0", "did you mean \"font\"?"),
        "missing-key.widget.json": ("/body/text", "no value for {{missing}}"),
        "missing-kind.widget.json": ("/", "missing \"kind\""),
        "nan.widget.json": ("/", "invalid JSON"),
        "huge-number.widget.json": ("/", "out of range"),
        "non-utf8.widget.json": ("/", "invalid UTF-8"),
        "deep-nesting.widget.json": ("/", "nesting deeper than 256 levels"),
        "deep-views.widget.json": ("/body/children/0", "views nested deeper than 64 levels"),
        "huge-foreach.widget.json": ("/body/children/0/in", "over the ForEach limit of 500"),
        "long-text.widget.json": ("/body/text", "over the limit of 10000"),
        "escape-asset.widget.json": ("/body/file", "leaves the spec's folder"),
        "absolute-asset.widget.json": ("/body/file", "--allow-absolute-assets"),
        "lying-image.widget.json": ("/body", "over the limit of"),
        "truncated-png.widget.json": ("/body", "corrupt PNG data"),
        "truncated-jpeg.widget.json": ("/body", "corrupt JPEG data"),
        "not-json.widget.json": ("/", "unexpected byte 0x89"),
        "empty.widget.json": ("/", "unexpected end of file"),
        "array-root.widget.json": ("/", "expected a widget object, found an array"),
        "bad-date.widget.json": ("/timeline/entries/0/date", "ISO 8601"),
        "bad-family.widget.json": ("/supportedFamilies/0", "did you mean \"systemLarge\"?"),
    ]

    final class Messages: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ s: String) {
            lock.lock()
            items.append(s)
            lock.unlock()
        }
        var all: String {
            lock.lock()
            defer { lock.unlock() }
            return items.joined(separator: "\n")
        }
    }

    func run(_ args: [String]) -> (code: Int32, message: String) {
        let messages = Messages()
        let code = WidgetCommandLine.$errorSink.withValue({ messages.add($0) }) { WidgetCommandLine.run(args) }
        return (code, messages.all)
    }

    func testEveryCorpusFileHasAnExpectation() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0.hasSuffix(".widget.json") }
        XCTAssertEqual(Set(files), Set(Self.expectations.keys), "add new corpus files to CorpusTests.expectations")
    }

    func testRenderRejectsEachWithFileAndPath() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-corpus-\(getpid())")
        defer { try? FileManager.default.removeItem(at: out) }
        for (file, expected) in Self.expectations.sorted(by: { $0.key < $1.key }) {
            let (code, message) = run(["render", Self.corpus.appendingPathComponent(file).path, "--out", out.path, "--quiet"])
            XCTAssertEqual(code, 2, "\(file): exit \(code), message: \(message)")
            // The file as it was given (here a full path), then the place; a whole-file error names no JSON path.
            let given = Self.corpus.appendingPathComponent(file).path
            XCTAssertTrue(message.hasPrefix("\(given):"), "\(file): message should start with the file and line: \(message)")
            if expected.path != "/" {
                XCTAssertTrue(message.contains(": \(expected.path)"), "\(file): message should name \(expected.path): \(message)")
            }
            XCTAssertTrue(message.contains(expected.says), "\(file): message should say \(expected.says): \(message)")
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: out.appendingPathComponent("Corpus").path),
                "\(file): nothing may be written for a bad input")
        }
    }

    func testCheckRejectsOrReportsEach() throws {
        for (file, expected) in Self.expectations.sorted(by: { $0.key < $1.key }) {
            let (code, message) = run([
                "check", Self.corpus.appendingPathComponent(file).path, "--format", "json",
                "--output", "/dev/null",
            ])
            // A file that decodes but whose entries fail to resolve is a check finding (exit 1), not bad input.
            if code == 1 { continue }
            XCTAssertEqual(code, 2, "\(file): exit \(code), message: \(message)")
            XCTAssertTrue(message.contains(expected.path) && message.contains(file), "\(file): \(message)")
        }
    }

    func testBadOptionsExitTwoWithAHint() {
        let spec = RenderTests.samples.appendingPathComponent("fitness.widget.json").path
        for (args, says) in [
            (["render", spec, "--familes", "systemSmall"], "did you mean '--families'?"),
            (["render", spec, "--appearances", "drak"], "did you mean 'dark'?"),
            (["render", spec, "--scale", "100"], "--scale needs a number from 0.25 to 8"),
            (["render", spec, "--shard", "3/2"], "--shard needs I/N"),
            (["render", "/nonexistent/x.widget.json"], "/nonexistent/x.widget.json: no such file"),
            (["frobnicate"], "unknown subcommand"),
        ] {
            let (code, message) = run(args)
            XCTAssertEqual(code, 2, "\(args)")
            XCTAssertTrue(message.contains(says), "\(args): \(message)")
        }
    }
}
