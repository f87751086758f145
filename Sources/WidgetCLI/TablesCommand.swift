import Foundation
import WidgetModel
import WidgetRaster
import WidgetTooling

/// `widgetctl devices | families | appearances`: what widgetctl knows.
enum TablesCommand {
    /// `widgetctl symbols [NAME…]`: every SF Symbol name with a stand-in glyph, or for each NAME
    /// whether it has one (exit 1 when one does not).
    static func symbols(_ names: [String]) -> Int32 {
        if names.isEmpty {
            for name in SymbolTable.names { print(name) }
            print("\(SymbolTable.names.count) symbols; any other name draws a placeholder and check reports it (WR015).")
            return 0
        }
        var missing = 0
        for name in names {
            let known = SymbolTable.hasStandIn(name)
            if !known { missing += 1 }
            print("\(name): \(known ? "stand-in" : "no stand-in (drawn as a placeholder)")")
        }
        return missing == 0 ? 0 : 1
    }

    static func devices() -> Int32 {
        var rows = [["DEVICE", "SCREEN (pt)", "SCALE", "OS", "FAMILIES (px)"]]
        for d in DeviceCatalog.all {
            let fams = d.families.compactMap { f -> String? in
                guard let p = d.pixelSize(of: f) else { return nil }
                return "\(short(f)) \(p.width)×\(p.height)"
            }.joined(separator: ", ")
            let screen = d.screen.width > 0 ? "\(fmt(d.screen.width))×\(fmt(d.screen.height))" : "—"
            rows.append([
                d.name + (d.name == DeviceCatalog.defaultName ? " *" : ""), screen, "\(fmt(d.scale))x",
                "\(d.platform.rawValue) \(d.osVersion)", fams,
            ])
        }
        for line in table(rows) { print(line) }
        print("\n* the default device. Names are matched ignoring case and spaces (e.g. iPhone17Pro).")
        print("iOS 26 iPhone sizes are on-device measurements (docs/WIDGETKIT-FACTS.md §1.3); iPad home-screen")
        print("widgets are laid out on a larger canvas and scaled to these frames (§1.4).")
        return 0
    }

    /// Rows as aligned columns: each column as wide as its widest cell plus two spaces (the last
    /// one unpadded).
    static func table(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { c in rows.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { c, cell in c == row.count - 1 ? cell : pad(cell, widths[c] + 2) }.joined()
        }
    }

    static func families() -> Int32 {
        let d = DeviceCatalog.default
        var rows = [["FAMILY", "MODES", "ON \(d.name.uppercased()) (pt → px)"]]
        for f in WidgetFamily.allCases {
            let size =
                d.size(of: f).map { s -> String in
                    let p = d.pixelSize(of: f)!
                    return "\(fmt(s.width))×\(fmt(s.height)) → \(p.width)×\(p.height)"
                } ?? "—"
            rows.append([f.rawValue, f.supportedRenderingModes.map(\.rawValue).joined(separator: ", "), size])
        }
        for line in table(rows) { print(line) }
        print("\nContent margins: \(fmt(Device.systemContentMargin)) pt for system families, none for accessory families.")
        print("Widget corner radius: \(fmt(Device.widgetCornerRadius)) pt continuous (not published by Apple).")
        return 0
    }

    static func appearances() -> Int32 {
        var rows = [["APPEARANCE", "PLATFORMS", "MODE", "SCHEME", "BACKGROUND", "RULE", "TITLE"]]
        let order: [Platform] = [.iOS, .iPadOS, .macOS, .watchOS, .visionOS]
        for a in Appearance.allCases {
            let background =
                a.showsContainerBackground
                ? "shown" : (a.renderingMode == .accented && a.isHomeScreen || a == .desktopDimmed ? "glass" : "removed")
            rows.append([
                a.rawValue, order.filter { a.platforms.contains($0) }.map(\.rawValue).joined(separator: ","), a.renderingMode.rawValue,
                a.colorScheme.rawValue, background, a.confidence.confirmed ? "confirmed" : "estimated", a.title,
            ])
        }
        for line in table(rows) { print(line) }
        print("\nHow sure each rule is (confirmed: Apple's documentation states the mode and the background;")
        print("estimated: something in it is not published — what, below). docs/WIDGETKIT-FACTS.md §7 has the sources.")
        for a in Appearance.allCases { print("  \(pad(a.rawValue, 16))\(a.confidence.note)") }
        print("\nCrossed with every look: --dynamic-type, --locale, --accessibility (see 'widgetctl render --help').")
        return 0
    }

    static func short(_ f: WidgetFamily) -> String {
        f.rawValue.replacingOccurrences(of: "system", with: "").replacingOccurrences(of: "accessory", with: "acc.")
    }
    static func fmt(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.2f", v).replacingOccurrences(of: "0$", with: "", options: .regularExpression)
    }
    static func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
}
