import Foundation
// Comparing renders with goldens: `render --verify GOLDEN_DIR` and `widgetctl diff A B`. Variants
// are matched by manifest (family/appearance/entry), compared by decoded pixels with a per-channel
// tolerance and an allowed share of differing pixels; a mismatch writes a diff image (differences in
// red over a faded copy). report.html shows side by side, overlay and slider views and lists
// missing and extra variants; junit.xml is what CI systems display.
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

public struct VerifyOptions: Sendable {
    /// Largest per-channel difference that still counts as equal (0 = exact).
    public var channelTolerance = 0
    /// Largest share of differing pixels that still passes (0 = none).
    public var maxDifferingFraction = 0.0
    public init() {}
}

/// The outcome for one variant.
public struct VariantComparison: Sendable {
    public enum Status: String, Sendable { case same, different, missing, extra }
    public var kind: String
    public var key: String
    public var status: Status
    public var expected: String?  // path relative to the report folder
    public var actual: String?
    public var diff: String?
    public var differingPixels = 0
    public var differingFraction = 0.0
    public var maxChannelDelta = 0
    public var sizeMismatch = false
}

public struct VerifyReport: Sendable {
    public var comparisons: [VariantComparison] = []
    public var reportHTML: URL?
    public var junit: URL?
    public var seconds = 0.0
    public var failed: Bool { comparisons.contains { $0.status != .same } }
}

public enum Verifier {
    /// Compares every widget folder of `actualDir` with the same folder of `expectedDir`, writing
    /// diff images, report.html and junit.xml into `reportDir`.
    public static func compare(
        expected expectedDir: URL, actual actualDir: URL, reportDir: URL,
        options: VerifyOptions = VerifyOptions()
    ) throws -> VerifyReport {
        let start = Date()
        var report = VerifyReport()
        let expectedKinds = Set(ManifestFile.kinds(in: expectedDir).map(\.lastPathComponent))
        let actualKinds = Set(ManifestFile.kinds(in: actualDir).map(\.lastPathComponent))
        if expectedKinds.isEmpty && actualKinds.isEmpty {
            throw BatchError.write(path: expectedDir.path, reason: "no rendered widgets (no <kind>/manifest.json) in either folder")
        }
        func rel(_ url: URL) -> String { relativePath(url, from: reportDir) }
        for kind in expectedKinds.union(actualKinds).sorted() {
            let e = expectedKinds.contains(kind) ? try ManifestFile.read(expectedDir.appendingPathComponent(kind)) : nil
            let a = actualKinds.contains(kind) ? try ManifestFile.read(actualDir.appendingPathComponent(kind)) : nil
            let eByKey = Dictionary((e?.variants ?? []).map { ($0.key, $0) }, uniquingKeysWith: { x, _ in x })
            let aByKey = Dictionary((a?.variants ?? []).map { ($0.key, $0) }, uniquingKeysWith: { x, _ in x })
            for key in Set(eByKey.keys).union(aByKey.keys).sorted() {
                let eURL = eByKey[key].map { expectedDir.appendingPathComponent(kind).appendingPathComponent($0.file) }
                let aURL = aByKey[key].map { actualDir.appendingPathComponent(kind).appendingPathComponent($0.file) }
                var c = VariantComparison(kind: kind, key: key, status: .same, expected: eURL.map(rel), actual: aURL.map(rel))
                guard let eURL else {
                    c.status = .extra
                    report.comparisons.append(c)
                    continue
                }
                guard let aURL else {
                    c.status = .missing
                    report.comparisons.append(c)
                    continue
                }
                // Same bytes on disk: same pixels, no decoding needed (the files, not the manifests'
                // hashes, are compared, so an edited image is never taken for its golden).
                let eBytes = try bytes(eURL)
                let aBytes = try bytes(aURL)
                if eBytes == aBytes {
                    report.comparisons.append(c)
                    continue
                }
                let ep = try ImageCodec.decode(eBytes)
                let ap = try ImageCodec.decode(aBytes)
                let d = ImageDiff(expected: ep, actual: ap, channelTolerance: options.channelTolerance)
                c.differingPixels = d.differingPixels
                c.differingFraction = d.differingFraction
                c.maxChannelDelta = d.maxChannelDelta
                c.sizeMismatch = !d.sameSize
                if !d.sameSize || d.differingFraction > options.maxDifferingFraction {
                    c.status = .different
                    let diffURL = reportDir.appendingPathComponent("diffs").appendingPathComponent(kind).appendingPathComponent(
                        key + ".png")
                    try writeAtomically(try PNGCodec.encode(d.visualization(of: ep)), to: diffURL)
                    c.diff = rel(diffURL)
                }
                report.comparisons.append(c)
            }
        }
        report.seconds = Date().timeIntervalSince(start)
        let html = reportDir.appendingPathComponent("report.html")
        try writeAtomically(Array(reportPage(report, expected: expectedDir, actual: actualDir, options: options).utf8), to: html)
        let junit = reportDir.appendingPathComponent("junit.xml")
        try writeAtomically(Array(junitXML(report).utf8), to: junit)
        report.reportHTML = html
        report.junit = junit
        return report
    }

    static func bytes(_ url: URL) throws -> [UInt8] {
        do { return try BoundedFile.read(url, maxBytes: BoundedFile.maxImageBytes) } catch {
            throw BatchError.write(path: url.path, reason: "cannot read the image: \(error)")
        }
    }

    /// A relative path from a folder to a file (both absolute), for links inside the report.
    public static func relativePath(_ file: URL, from dir: URL) -> String {
        let f = file.standardizedFileURL.pathComponents
        let d = dir.standardizedFileURL.pathComponents
        var i = 0
        while i < f.count && i < d.count && f[i] == d[i] { i += 1 }
        return (Array(repeating: "..", count: d.count - i) + f[i...]).joined(separator: "/")
    }

    static func xml(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func describe(_ c: VariantComparison) -> String {
        switch c.status {
        case .same: return "same"
        case .missing: return "missing: the golden has it, this render does not"
        case .extra: return "extra: this render has it, the golden does not"
        case .different:
            if c.sizeMismatch { return "different size" }
            return String(
                format: "%d pixels differ (%.3f%%), largest channel difference %d", c.differingPixels, c.differingFraction * 100,
                c.maxChannelDelta)
        }
    }

    public static func junitXML(_ r: VerifyReport) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = r.comparisons.filter { $0.status != .same }.count
        out +=
            "<testsuites name=\"widgetctl verify\" tests=\"\(r.comparisons.count)\" failures=\"\(failures)\" time=\"\(String(format: "%.3f", r.seconds))\">\n"
        for kind in Gallery.orderedUnique(r.comparisons.map(\.kind)) {
            let cs = r.comparisons.filter { $0.kind == kind }
            out += "  <testsuite name=\"\(xml(kind))\" tests=\"\(cs.count)\" failures=\"\(cs.filter { $0.status != .same }.count)\">\n"
            for c in cs {
                out += "    <testcase classname=\"\(xml(kind))\" name=\"\(xml(c.key))\""
                if c.status == .same {
                    out += "/>\n"
                    continue
                }
                out +=
                    ">\n      <failure message=\"\(xml(describe(c)))\">\(xml(describe(c)))\(c.diff.map { "; diff: " + xml($0) } ?? "")</failure>\n    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    static func reportPage(_ r: VerifyReport, expected: URL, actual: URL, options: VerifyOptions) -> String {
        let failing = r.comparisons.filter { $0.status != .same }
        var rows = ""
        for c in failing {
            let e = c.expected.map { "<img src=\"\(Gallery.escape($0))\" alt=\"expected\">" } ?? "<span class=\"none\">—</span>"
            let a = c.actual.map { "<img src=\"\(Gallery.escape($0))\" alt=\"actual\">" } ?? "<span class=\"none\">—</span>"
            let d = c.diff.map { "<img src=\"\(Gallery.escape($0))\" alt=\"diff\">" } ?? ""
            var views =
                "<div class=\"views side\"><figure>\(e)<figcaption>expected</figcaption></figure><figure>\(a)<figcaption>actual</figcaption></figure>"
            views += d.isEmpty ? "" : "<figure>\(d)<figcaption>diff</figcaption></figure>"
            views += "</div>"
            if let ex = c.expected, let ac = c.actual {
                views += """
                    <div class="views overlay" hidden><div class="stack"><img src="\(Gallery.escape(ex))" alt="expected"><img class="top" src="\(Gallery.escape(ac))" alt="actual"></div>
                    <label>actual opacity <input type="range" min="0" max="100" value="50" oninput="this.closest('.views').querySelector('.top').style.opacity=this.value/100"></label></div>
                    <div class="views slider" hidden><div class="stack"><img src="\(Gallery.escape(ex))" alt="expected"><img class="top clip" src="\(Gallery.escape(ac))" alt="actual"></div>
                    <label>split <input type="range" min="0" max="100" value="50" oninput="this.closest('.views').querySelector('.clip').style.clipPath='inset(0 0 0 '+this.value+'%)'"></label></div>
                    """
            }
            rows += """
                <section class="case \(c.status.rawValue)"><h2>\(Gallery.escape(c.kind)) · \(Gallery.escape(c.key)) <span class="status">\(Gallery.escape(describe(c)))</span></h2>
                <nav><button class="on" data-v="side">Side by side</button><button data-v="overlay">Overlay</button><button data-v="slider">Slider</button></nav>
                \(views)</section>

                """
        }
        let same = r.comparisons.count - failing.count
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>widgetctl verify — \(failing.isEmpty ? "pass" : "\(failing.count) failing")</title>
            <style>
            body { margin:0; font:14px -apple-system, system-ui, "Inter", sans-serif; background:#f2f2f7; color:#1c1c1e; }
            header { padding:16px 24px; border-bottom:1px solid #d1d1d6; background:#fff; } header h1 { margin:0 0 4px; font-size:20px; }
            .pass { color:#248a3d; } .fail { color:#d70015; } main { padding:8px 24px 24px; }
            .case { background:#fff; border-radius:14px; padding:12px 16px; margin:12px 0; border:1px solid #d1d1d6; }
            .case h2 { font-size:15px; margin:0 0 8px; } .status { color:#d70015; font-weight:400; margin-left:8px; }
            .views.side { display:flex; gap:12px; flex-wrap:wrap; } figure { margin:0; text-align:center; } figcaption { color:#6e6e73; font-size:12px; }
            img { max-width:340px; display:block; image-rendering:pixelated; } .stack { position:relative; display:inline-block; }
            .stack img.top { position:absolute; left:0; top:0; opacity:.5; } .stack img.clip { opacity:1; clip-path:inset(0 0 0 50%); }
            nav button { font:inherit; border:1px solid #d1d1d6; background:#fff; border-radius:8px; padding:4px 8px; cursor:pointer; margin:0 4px 8px 0; }
            nav button.on { background:#0a84ff; color:#fff; } .none { color:#6e6e73; }
            </style></head><body>
            <header><h1 class="\(failing.isEmpty ? "pass" : "fail")">\(failing.isEmpty ? "All \(r.comparisons.count) variants match" : "\(failing.count) of \(r.comparisons.count) variants differ")</h1>
            <div>expected: \(Gallery.escape(expected.path)) · actual: \(Gallery.escape(actual.path)) · tolerance \(options.channelTolerance) per channel, \(options.maxDifferingFraction * 100)% of pixels · \(same) same · \(String(format: "%.2f", r.seconds)) s</div></header>
            <main>\(rows.isEmpty ? "<p class=\"pass\">Nothing to show: every variant matches.</p>" : rows)</main>
            <pre id="selftest" hidden></pre>
            <script>
            document.querySelectorAll('.case').forEach(c => c.querySelectorAll('nav button').forEach(b => b.onclick = () => {
              c.querySelectorAll('nav button').forEach(x => x.classList.toggle('on', x === b));
              c.querySelectorAll('.views').forEach(v => v.hidden = !v.classList.contains(b.dataset.v));
            }));
            if (location.search.includes('selftest')) {
              Promise.all([...document.images].map(i => i.complete ? 0 : new Promise(r => { i.onload = r; i.onerror = r; }))).then(() => {
                const imgs = [...document.images];
                const out = document.getElementById('selftest');
                out.textContent = 'SELFTEST ' + JSON.stringify({ images: imgs.length, broken: imgs.filter(i => !(i.naturalWidth > 0)).map(i => i.getAttribute('src')), cases: document.querySelectorAll('.case').length });
                out.hidden = false;
              });
            }
            </script></body></html>

            """
    }
}
