import Foundation
// index.html: one self-contained page per widget (no network; images by relative path, so the
// folder can be zipped as a CI artefact): a grid of family × appearance, an entry switcher,
// device and scale, click-to-zoom at 1:1, a light/dark page toggle, and the variants left out
// with their reasons. `?selftest=1` makes the page check itself (every image loaded, the entry
// switcher changes the images) and write the result into #selftest, for the browser test.
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

public enum Gallery {
    /// Text for HTML content and attribute values.
    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    /// A JSON string literal safe inside an inline <script> (no "</script>", no line separators).
    static func jsString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    /// The page for one widget's render folder.
    public static func html(_ m: ManifestFile) -> String {
        let families = orderedUnique(m.variants.map(\.family))
        let appearances = Appearance.allCases.map(\.rawValue).filter { a in m.variants.contains { $0.appearance == a } }
        let entries = orderedUnique(m.variants.map(\.entry)).sorted()
        // Viewer settings (text size, locale, accessibility): a filter when there is more than one.
        let settings = orderedUnique(m.variants.map(\.settings))
        let dates = Dictionary(m.variants.map { ($0.entry, $0.entryDate) }, uniquingKeysWith: { a, _ in a })
        var variants: [String] = []
        for v in m.variants {
            variants.append(
                #"{"f":\#(jsString(v.family)),"a":\#(jsString(v.appearance)),"s":\#(jsString(v.settings)),"e":\#(v.entry),"src":\#(jsString(v.file)),"w":\#(v.width),"h":\#(v.height)}"#
            )
        }
        var grid = ""
        for f in families {
            grid += "<tr><th class=\"family\">\(escape(f))</th>"
            for a in appearances {
                grid +=
                    "<td><figure data-f=\"\(escape(f))\" data-a=\"\(escape(a))\"><img alt=\"\(escape(f)) \(escape(a))\"><figcaption>\(escape(a))</figcaption></figure></td>"
            }
            grid += "</tr>\n"
        }
        let excluded = m.skipped.filter(\.excluded)
        var excludedHTML = ""
        if !excluded.isEmpty {
            excludedHTML =
                "<section class=\"excluded\"><h2>Left out by the system</h2><ul>"
                + excluded.map {
                    "<li><b>\(escape($0.family)) · \(escape($0.appearance))\(tagText($0.settings)) · e\($0.entry)</b>: \(escape($0.reason))</li>"
                }
                .joined()
                + "</ul></section>"
        }
        let notShownList = m.skipped.filter { !$0.excluded }
        let notShown = notShownList.count
        if !notShownList.isEmpty {
            excludedHTML +=
                "<section class=\"excluded\" id=\"not-shown\"><h2>Not shown in their context</h2><ul>"
                + notShownList.map {
                    "<li><b>\(escape($0.family)) · \(escape($0.appearance))\(tagText($0.settings)) · e\($0.entry)</b>: \(escape($0.reason))</li>"
                }
                .joined()
                + "</ul></section>"
        }
        let settingsMenu =
            settings.count > 1
            ? "<label class=\"meta\">Settings <select id=\"settings\">"
                + settings.map { "<option value=\"\(escape($0))\">\(escape($0.isEmpty ? "standard" : $0))</option>" }.joined()
                + "</select></label>"
            : ""
        let buttons = entries.map { e in
            "<button data-e=\"\(e)\" title=\"\(escape(dates[e] ?? ""))\">Entry \(e)<small>\(escape(dates[e] ?? ""))</small></button>"
        }.joined()
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
            <title>\(escape(m.displayName)) — widgetctl</title>
            <style>
            :root { --bg:#f2f2f7; --fg:#1c1c1e; --card:#fff; --muted:#6e6e73; --line:#d1d1d6; color-scheme: light; }
            body.dark { --bg:#000; --fg:#f2f2f7; --card:#1c1c1e; --muted:#98989d; --line:#38383a; color-scheme: dark; }
            body { margin:0; font:14px -apple-system, system-ui, "Inter", sans-serif; background:var(--bg); color:var(--fg); }
            header { display:flex; flex-wrap:wrap; gap:12px; align-items:center; padding:16px 24px; border-bottom:1px solid var(--line); position:sticky; top:0; background:var(--bg); z-index:1; }
            header h1 { font-size:20px; margin:0 16px 0 0; } .meta { color:var(--muted); }
            button { font:inherit; border:1px solid var(--line); background:var(--card); color:var(--fg); border-radius:8px; padding:6px 10px; cursor:pointer; }
            button.on { background:#0a84ff; color:#fff; border-color:#0a84ff; } button small { display:block; font-size:10px; opacity:.7; }
            .spacer { flex:1; } main { padding:16px 24px; overflow-x:auto; }
            table { border-collapse:separate; border-spacing:12px; } th.family { text-align:right; vertical-align:middle; color:var(--muted); font-weight:600; white-space:nowrap; }
            figure { margin:0; background:var(--card); border-radius:14px; padding:10px; text-align:center; border:1px solid var(--line); }
            figure img { height:auto; cursor:zoom-in; display:block; margin:auto;
              filter:drop-shadow(0 0 1px rgba(0,0,0,.45)) drop-shadow(0 1px 3px rgba(0,0,0,.12)); }
            figure.missing img { display:none; } figure.missing::before { content:"—"; color:var(--muted); }
            figcaption { color:var(--muted); margin-top:6px; font-size:12px; }
            #zoom { position:fixed; inset:0; background:rgba(0,0,0,.85); display:none; overflow:auto; z-index:2; cursor:zoom-out; }
            #zoom img { display:block; margin:40px auto; image-rendering:pixelated; } #zoom.on { display:block; }
            .excluded { padding:0 24px 24px; } .excluded h2 { font-size:15px; }
            </style></head>
            <body>
            <header><h1>\(escape(m.displayName))</h1>
            <span class="meta">\(escape(m.kind)) · \(escape(m.deviceName)) · \(Manifest.rounded(m.scale))x · \(m.variants.count) variants\(m.shard.map { " · shard \(escape($0))" } ?? "")\(notShown > 0 ? " · <a href=\"#not-shown\">\(notShown) not shown in their context</a>" : "")</span>
            <span class="spacer"></span>\(settingsMenu)<nav id="entries">\(buttons)</nav><button id="theme">Dark page</button></header>
            <main><table style="--cols:\(max(1, appearances.count))">\(grid)</table></main>
            \(excludedHTML)
            <div id="zoom"><img alt="1:1"></div>
            <pre id="selftest" hidden></pre>
            <script>
            const variants = [\(variants.joined(separator: ","))];
            let entry = \(entries.first ?? 0);
            const settingsMenu = document.getElementById('settings');
            const currentSettings = () => settingsMenu ? settingsMenu.value : \(jsString(settings.first ?? ""));
            if (settingsMenu) settingsMenu.onchange = () => show(entry);
            // One scale for every image, so families keep their relative sizes: the largest widget
            // fits its column (all \(max(1, appearances.count)) columns in the window) and 280 px of height.
            const pointScale = \(max(1, m.scale)), columns = \(max(1, appearances.count));
            const maxW = Math.max(1, ...variants.map(v => v.w / pointScale)), maxH = Math.max(1, ...variants.map(v => v.h / pointScale));
            function fit() { return Math.min(1, ((window.innerWidth - 150) / columns - 46) / maxW, 280 / maxH); }
            window.addEventListener('resize', () => show(entry));
            function show(e) {
              entry = e;
              document.querySelectorAll('#entries button').forEach(b => b.classList.toggle('on', +b.dataset.e === e));
              document.querySelectorAll('figure').forEach(fig => {
                const v = variants.find(v => v.f === fig.dataset.f && v.a === fig.dataset.a && v.s === currentSettings() && v.e === e);
                const img = fig.querySelector('img');
                fig.classList.toggle('missing', !v);
                if (v) { img.src = v.src; img.width = Math.max(24, Math.round(v.w / pointScale * fit())); } else { img.removeAttribute('src'); }
              });
            }
            document.querySelectorAll('#entries button').forEach(b => b.onclick = () => show(+b.dataset.e));
            document.getElementById('theme').onclick = () => {
              document.body.classList.toggle('dark');
              document.getElementById('theme').textContent = document.body.classList.contains('dark') ? 'Light page' : 'Dark page';
            };
            const zoom = document.getElementById('zoom');
            document.querySelectorAll('figure img').forEach(img => img.onclick = () => { zoom.querySelector('img').src = img.src; zoom.classList.add('on'); });
            zoom.onclick = () => zoom.classList.remove('on');
            show(entry);
            if (location.search.includes('selftest')) {
              const loaded = () => Promise.all([...document.images].filter(i => i.getAttribute('src')).map(i => i.complete ? 0 : new Promise(r => { i.onload = r; i.onerror = r; })));
              const report = {};
              loaded().then(() => {
                const imgs = [...document.querySelectorAll('figure img')].filter(i => i.getAttribute('src'));
                report.images = imgs.length;
                report.broken = imgs.filter(i => !(i.naturalWidth > 0)).map(i => i.getAttribute('src'));
                report.before = imgs.map(i => i.getAttribute('src')).join(' ');
                const other = [...document.querySelectorAll('#entries button')].map(b => +b.dataset.e).find(e => e !== entry);
                if (other !== undefined) { show(other); }
                report.after = [...document.querySelectorAll('figure img')].filter(i => i.getAttribute('src')).map(i => i.getAttribute('src')).join(' ');
                report.switched = other === undefined ? null : report.before !== report.after;
                // Columns of the first row whose figure ends inside the window (all should, at 1400 px).
                const first = [...document.querySelectorAll('tr')][0];
                const figs = first ? [...first.querySelectorAll('figure')] : [];
                report.columns = figs.length;
                report.visibleColumns = figs.filter(f => f.getBoundingClientRect().right <= window.innerWidth).length;
                const out = document.getElementById('selftest');
                out.textContent = 'SELFTEST ' + JSON.stringify(report);
                out.hidden = false;
              });
            }
            </script></body></html>

            """
    }

    /// " · <tag>" for non-standard viewer settings.
    static func tagText(_ tag: String) -> String { tag.isEmpty ? "" : " · \(escape(tag))" }

    static func orderedUnique<T: Hashable>(_ xs: [T]) -> [T] {
        var seen = Set<T>()
        return xs.filter { seen.insert($0).inserted }
    }
}
