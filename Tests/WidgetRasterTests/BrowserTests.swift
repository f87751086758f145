import Foundation
import WidgetModel
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

/// The HTML pages in a real browser: headless Chromium loads index.html and report.html from disk,
/// runs their self-test (every image loaded; the entry switcher changes the images), and takes a
/// screenshot that must not be blank. `make deps` installs Chromium; without it the test is skipped
/// locally and fails under CI.
final class BrowserTests: XCTestCase {
    static var chromium: String? {
        for name in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        where FileManager.default.isExecutableFile(atPath: name) {
            return name
        }
        return nil
    }

    func browser() throws -> String {
        if let c = BrowserTests.chromium { return c }
        if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("Chromium is not installed (make deps installs it)") }
        throw XCTSkip("Chromium is not installed; run make deps")
    }

    func run(_ exe: String, _ args: [String]) throws -> String {
        // A fresh profile each run, removed afterwards (each one is a few MB of browser state).
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--user-data-dir=\(profile.path)",
            ] + args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        // A hung browser is killed after 80 s (the tests' own waits are shorter).
        let watchdog = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 80, execute: watchdog)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        watchdog.cancel()
        return String(decoding: data, as: UTF8.self)
    }

    /// The page's self-test result, as JSON.
    func selftest(_ exe: String, _ page: URL) throws -> [String: Any] {
        let dom = try run(
            exe,
            [
                "--allow-file-access-from-files", "--window-size=1400,900", "--virtual-time-budget=8000", "--dump-dom",
                page.absoluteString + "?selftest=1",
            ])
        guard let r = dom.range(of: "SELFTEST {") else {
            XCTFail("no self-test result in the page")
            return [:]
        }
        let json = dom[dom.index(r.upperBound, offsetBy: -1)...].prefix { $0 != "<" }
        return (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]) ?? [:]
    }

    /// A screenshot of the page: it must exist and not be one flat colour.
    func assertNotBlank(_ exe: String, _ page: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-shot-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: shot) }
        _ = try run(
            exe,
            ["--hide-scrollbars", "--window-size=1200,800", "--virtual-time-budget=4000", "--screenshot=\(shot.path)", page.absoluteString])
        let png = try PNGCodec.decode([UInt8](try Data(contentsOf: shot)))
        XCTAssertEqual(png.width, 1200, file: file, line: line)
        XCTAssertGreaterThan(Set(png.pixels).count, 50, "the page is blank", file: file, line: line)
    }

    /// Every appearance column of a full render fits a 1400-px window (issue 17: 4 of 8 did), and
    /// the variants not shown in their context are listed.
    func testGalleryFitsEveryAppearanceColumn() throws {
        let exe = try browser()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-columns-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let spec = try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("weather.widget.json"))
        var options = BatchOptions(outputDirectory: root)
        options.scale = 0.5
        options.families = [.systemMedium]
        options.entries = [0]
        options.appearances = Appearance.allCases
        _ = try BatchRenderer(options: options).run([spec])
        let gallery = root.appendingPathComponent("WeatherWidget/index.html")
        let g = try selftest(exe, gallery)
        XCTAssertEqual(g["columns"] as? Int, 6, "a medium widget: light, dark, and the two clear and two tinted looks")
        XCTAssertEqual(g["visibleColumns"] as? Int, g["columns"] as? Int, "every appearance column fits a 1400-px window: \(g)")
        let html = try String(contentsOf: gallery, encoding: .utf8)
        XCTAssertTrue(html.contains("id=\"not-shown\"") || !html.contains("not shown in their context"), "the count links to a list")
    }

    func testGalleryAndVerifyReportInChromium() throws {
        let exe = try browser()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-browser-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let spec = try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("weather.widget.json"))
        var options = BatchOptions(outputDirectory: root.appendingPathComponent("a"))
        options.scale = 0.5
        options.appearances = [.light, .dark, .clearLight]
        _ = try BatchRenderer(options: options).run([spec])
        options.outputDirectory = root.appendingPathComponent("b")
        _ = try BatchRenderer(options: options).run([spec])

        let gallery = root.appendingPathComponent("a/WeatherWidget/index.html")
        let g = try selftest(exe, gallery)
        XCTAssertEqual(g["images"] as? Int, 9, "3 families × 3 appearances shown")
        XCTAssertEqual((g["broken"] as? [Any])?.count, 0, "every image loaded")
        XCTAssertEqual(g["switched"] as? Bool, true, "the entry switcher changes the images")
        XCTAssertEqual(g["visibleColumns"] as? Int, g["columns"] as? Int, "every appearance column fits a 1400-px window")
        try assertNotBlank(exe, gallery)

        // A deliberate one-pixel change is caught and shown in the report.
        let target = root.appendingPathComponent("b/WeatherWidget/systemSmall/light/e0.png")
        var p = try PNGCodec.decode([UInt8](try Data(contentsOf: target)))
        p.pixels[p.width * 40 + 40] ^= 0x0000_00FF
        try Data(PNGCodec.encode(p)).write(to: target)
        let report = try Verifier.compare(
            expected: root.appendingPathComponent("a"), actual: root.appendingPathComponent("b"),
            reportDir: root.appendingPathComponent("b/verify"))
        XCTAssertTrue(report.failed)
        XCTAssertEqual(report.comparisons.filter { $0.status == .different }.map(\.key), ["systemSmall/light/e0"])
        XCTAssertEqual(report.comparisons.first { $0.status == .different }?.differingPixels, 1)
        let r = try selftest(exe, report.reportHTML!)
        XCTAssertEqual(r["cases"] as? Int, 1)
        XCTAssertEqual((r["broken"] as? [Any])?.count, 0)
        XCTAssertGreaterThanOrEqual(r["images"] as? Int ?? 0, 3)
        try assertNotBlank(exe, report.reportHTML!)
        let junit = try String(contentsOf: report.junit!, encoding: .utf8)
        XCTAssertTrue(junit.contains("failures=\"1\"") && junit.contains("systemSmall/light/e0"))
    }

    func testMergeOfShardsEqualsOneRun() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-merge-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let spec = try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("fitness.widget.json"))
        var options = BatchOptions(outputDirectory: root.appendingPathComponent("whole"))
        options.scale = 0.5
        _ = try BatchRenderer(options: options).run([spec])
        for i in 1...3 {
            options.outputDirectory = root.appendingPathComponent("s\(i)")
            options.shard = (i, 3)
            _ = try BatchRenderer(options: options).run([spec])
        }
        let merged = try Merger.merge((1...3).map { root.appendingPathComponent("s\($0)") }, into: root.appendingPathComponent("merged"))
        XCTAssertEqual(merged.variants, 8)
        let report = try Verifier.compare(
            expected: root.appendingPathComponent("whole"), actual: root.appendingPathComponent("merged"),
            reportDir: root.appendingPathComponent("v"))
        XCTAssertFalse(report.failed, "merged shards render the same as one run")
        let m = try ManifestFile.read(root.appendingPathComponent("merged/ActivityRingsWidget"))
        XCTAssertNil(m.shard)
        XCTAssertEqual(m.variants.count, 8)
        // Shards of a different render are refused.
        options.outputDirectory = root.appendingPathComponent("other")
        options.shard = (1, 3)
        options.scale = 1
        _ = try BatchRenderer(options: options).run([spec])
        XCTAssertThrowsError(
            try Merger.merge(
                [root.appendingPathComponent("s2"), root.appendingPathComponent("other")], into: root.appendingPathComponent("bad"))
        ) {
            XCTAssertTrue("\($0)".contains("refusing"), "\($0)")
        }
    }

    /// `widgetctl serve` in a real browser (issue 17): Chromium opens a gallery, the spec is saved
    /// with another background and text, and the page — left open, never navigated by the test —
    /// reloads itself and shows the new render. Then a broken save shows its error on the page.
    /// The test drives the watcher (`checkForChanges`) instead of a timer. Chromium's virtual time
    /// stands still while the page's update request is held open, so the screenshot is taken at a
    /// real-time stop (`--timeout`, 15 s: the save comes a second or two after the page opens).
    /// A Chromium still running at the deadline is killed, so none is left behind.
    func testServeShowsASavedSpecOnTheOpenPage() throws {
        let exe = try browser()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let specURL = root.appendingPathComponent("live.widget.json")
        func save(_ colour: String, _ text: String) throws {
            let json =
                ##"{"kind": "Live", "supportedFamilies": ["systemSmall"], "body": {"type": "Text", "text": "\##(text)", "modifiers": [{"font": "largeTitle"}, {"containerBackground": "\##(colour)"}]}}"##
            try Data(json.utf8).write(to: specURL)
        }
        try save("#FF0000", "One")
        var options = BatchOptions(outputDirectory: root.appendingPathComponent("out"))
        options.appearances = [.light]
        options.scale = 1
        options.contactSheet = false
        var configuration = LiveServer.Configuration()
        configuration.port = 0
        // Held longer than Chromium's real-time stop below: the page never reloads under a
        // running virtual-time budget twice (Chromium can hang on that).
        configuration.holdSeconds = 60
        let server = LiveServer(specs: [specURL], options: options, configuration: configuration)
        let port = try server.start()
        defer { server.stop() }
        server.renderAll()
        XCTAssertEqual(server.errors, [:])
        let page = "http://127.0.0.1:\(port)/Live/index.html"

        // The page opens on the red render; its update request waits; the spec is saved blue.
        let shot = root.appendingPathComponent("shot.png")
        let browserDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? self.run(
                exe,
                [
                    "--hide-scrollbars", "--window-size=900,600", "--virtual-time-budget=5000", "--timeout=40000",
                    "--screenshot=\(shot.path)", page,
                ])
            browserDone.signal()
        }
        let before = server.version
        var waited = 0.0
        while server.waitingClients == 0 && waited < 60 {
            Thread.sleep(forTimeInterval: 0.05)
            waited += 0.05
        }
        XCTAssertGreaterThan(server.waitingClients, 0, "the page never asked for updates")
        try save("#0000FF", "Two")
        // A new modification time is what the watcher sees; make sure the clock moved.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(2)], ofItemAtPath: specURL.path)
        XCTAssertEqual(server.checkForChanges(), [specURL])
        let after = server.version
        XCTAssertGreaterThan(after, before)
        // The page fetches itself again and the new image (its URL carries the version); then
        // the server ends the updates, which answers the page's next held request and lets
        // Chromium's virtual time run out (the files are still served).
        waited = 0
        while !server.requestedPaths.contains(where: { $0.hasSuffix(".png?v=\(after)") }) && waited < 30 {
            Thread.sleep(forTimeInterval: 0.05)
            waited += 0.05
        }
        Thread.sleep(forTimeInterval: 0.5)
        let paths = server.requestedPaths
        server.endUpdates()
        XCTAssertEqual(browserDone.wait(timeout: .now() + 90), .success, "Chromium did not finish")

        // What the open page shows now: the blue widget, not the red one.
        let png = try PNGCodec.decode([UInt8](try Data(contentsOf: shot)))
        var red = 0
        var blue = 0
        for p in png.pixels {
            let (r, g, b) = (Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF))
            if r > 200 && g < 60 && b < 60 { red += 1 }
            if b > 200 && r < 60 && g < 60 { blue += 1 }
        }
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-serve-failure-\(UUID().uuidString).png")
        if blue <= 2_000 { try? FileManager.default.copyItem(at: shot, to: kept) }
        XCTAssertGreaterThan(blue, 2_000, "the saved (blue) render is not on the page (screenshot: \(kept.path))")
        XCTAssertEqual(red, 0, "the page still shows the first (red) render")
        // The page refreshed itself: it asked for the gallery twice and for the new image.
        XCTAssertTrue(paths.contains { $0.hasSuffix(".png?v=\(after)") }, "\(paths)")
        XCTAssertGreaterThanOrEqual(paths.filter { $0.hasPrefix("/Live/index.html") }.count, 2, "\(paths)")
        XCTAssertTrue(paths.contains { $0.hasPrefix("/__live/wait?since=\(before)") }, "\(paths)")

        // A broken save: the error, with its place, is on the page; the last good render stays.
        // (A new server on the same folder and spec, as a restarted `widgetctl serve` would be.)
        let again = LiveServer(specs: [specURL], options: options, configuration: configuration)
        let port2 = try again.start()
        defer { again.stop() }
        again.renderAll()
        let page2 = "http://127.0.0.1:\(port2)/Live/index.html"
        try Data(#"{"kind": "Live", "supportedFamilies": ["systemSmall"], "body": {"type": "Txt"}}"#.utf8).write(to: specURL)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(4)], ofItemAtPath: specURL.path)
        again.checkForChanges()
        let error = try XCTUnwrap(again.errors[specURL.path])
        XCTAssertTrue(error.contains("live.widget.json:1:"), error)
        // The page's update request is held until the server ends the updates (after 5 s, time
        // enough for the page to load), then Chromium's virtual time runs out and it dumps the DOM.
        DispatchQueue.global().asyncAfter(deadline: .now() + 5) { again.endUpdates() }
        let dom = try run(exe, ["--virtual-time-budget=3000", "--timeout=40000", "--dump-dom", page2])
        XCTAssertTrue(dom.contains("widgetctl-live-error"), "no error banner on the page")
        XCTAssertTrue(dom.contains("Txt"), "the banner does not quote the problem")
        XCTAssertTrue(dom.contains("e0.png"), "the last good render is gone")
    }
}
