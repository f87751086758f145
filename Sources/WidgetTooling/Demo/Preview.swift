// `widgetctl preview`: the widget on a home-screen mock, in several appearances side by side and
// labelled as iOS 26's customisation sheet names them (Default, Dark, Clear, Tinted). Each panel
// is the wallpaper around the widget's home-screen slot (dimmed for the dark looks, as iOS dims
// the wallpaper in Dark mode), the widget's shadow, and the rendered variant.
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

/// A preview that would show nothing.
public struct PreviewError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

public enum Preview {
    /// The appearances the customisation sheet offers.
    public static let defaultAppearances: [Appearance] = [.light, .dark, .clearLight, .tintedLight]

    /// Renders the preview sheet.
    /// - Throws: `SpecError` when the spec cannot be resolved.
    public static func render(
        _ renderer: SpecRenderer, families: [WidgetFamily]? = nil, appearances: [Appearance] = defaultAppearances,
        entry: Int = 0, settings: [ViewerSettings] = [.standard], library: FontLibrary = .shared
    ) throws -> Pixmap {
        let device = renderer.device
        let px = renderer.scale ?? device.scale
        // The looks each family is shown in: the requested ones that show it. A family none of the
        // default looks shows (the Lock Screen accessories) gets the looks that do, instead of an
        // empty sheet.
        func looks(_ f: WidgetFamily) -> [Appearance] {
            let shown = appearances.filter { $0.shows(f, on: device) }
            guard shown.isEmpty, appearances == defaultAppearances else { return shown }
            return Appearance.allCases.filter { $0.shows(f, on: device) }
        }
        let fams = (families ?? renderer.spec.supportedFamilies).filter { !looks($0).isEmpty }
        guard !fams.isEmpty else {
            throw PreviewError(
                "none of the appearances \(appearances.map(\.rawValue).joined(separator: ", ")) shows \(renderer.spec.kind)'s families "
                    + "(\((families ?? renderer.spec.supportedFamilies).map(\.rawValue).joined(separator: ", "))); see 'widgetctl appearances'"
            )
        }
        let pad = 28.0  // points of wallpaper around the widget
        struct Cell {
            let pixmap: Pixmap
            let label: String
        }
        var rows: [[Cell]] = []
        let engine = TextLayoutEngine(library: library)
        // One row per family and viewer setting (text size, locale, accessibility).
        for family in fams {
            for setting in settings.isEmpty ? [.standard] : settings {
                guard HomeScreen.frame(of: family, on: device) != nil else { continue }
                var row: [Cell] = []
                for appearance in looks(family) {
                    let variant = Variant(entry: entry, family: family, appearance: appearance, settings: setting)
                    if !renderer.spec.containerBackgroundRemovable && appearance.excludesNonRemovableBackground(on: device) { continue }
                    let widget = try renderer.render(variant).pixmap
                    let margin = Int((pad * px).rounded())
                    guard
                        var panel = HomeScreen.backdrop(
                            screenWallpaper: renderer.screen(px), family: family, device: device,
                            scale: px, margin: margin)
                    else { continue }
                    var c = Canvas(panel)
                    // Dark mode dims the home-screen wallpaper. A vibrant look (Lock Screen) renders the
                    // wallpaper into the widget itself, so dimming only the panel around it would leave
                    // the widget's frame as a lighter box.
                    if appearance.colorScheme == .dark && appearance.renderingMode != .vibrant {
                        c.paint(.solid(RGBA(white: 0, alpha: 0.3)))
                    }
                    // Shadow beneath the widget (the glass's own for the glass looks).
                    let glass = GlassMaterial.preset(for: appearance, tint: renderer.tint)
                    let shadowRadius = (glass?.shadowRadius ?? 14) * px
                    let shadowY = (glass?.shadowOffset ?? 6) * px
                    let shadowOpacity = glass?.shadowOpacity ?? 0.15
                    let origin = Point(Double(margin), Double(margin))
                    let rect = Rect(origin: origin, size: Size(Double(widget.width), Double(widget.height)))
                    if family.isSystem {
                        c.beginLayer()
                        c.fill(
                            Path(
                                roundedRect: rect.offsetBy(dx: 0, dy: shadowY), cornerRadius: Device.widgetCornerRadius * px,
                                style: .continuous
                            ),
                            with: .solid(RGBA(white: 0, alpha: shadowOpacity)))
                        c.endLayer(effects: LayerEffects(shadow: nil))
                        var blurred = c.pixmap
                        GaussianBlur.apply(to: &blurred, sigma: shadowRadius / 2, edge: .clamp)
                        c = Canvas(blurred)
                    }
                    c.drawImage(widget, in: rect, mode: .stretch, filter: .nearest)
                    panel = c.pixmap
                    row.append(Cell(pixmap: panel, label: appearance.title + (setting.isStandard ? "" : " · \(setting.tag)")))
                }
                if !row.isEmpty { rows.append(row) }
            }
        }
        // Sheet: panels side by side per family, labels under them, title on top.
        let k = max(1, px / 2)  // text and gaps follow the panels' pixel density
        let gap = Int(20 * k)
        let label = Int(40 * k)
        let header = Int(70 * k)
        // At least as wide as the title lines.
        let titleWidth =
            [
                (renderer.spec.displayName, FontSpec(size: 30 * k, weight: .bold)),
                ("\(renderer.spec.kind) · \(device.name) · entry \(entry)", FontSpec(size: 16 * k)),
            ].compactMap { (s, f) in try? engine.layout(s, options: TextOptions(font: f, lineLimit: 1)).size.width }.max() ?? 0
        let width = max(
            2 * gap + Int(titleWidth.rounded(.up)), gap + (rows.map { $0.reduce(0) { $0 + $1.pixmap.width + gap } }.max() ?? 100))
        let height = header + rows.reduce(0) { $0 + ($1.map(\.pixmap.height).max() ?? 0) + label + gap }
        var sheet = Canvas(width: width, height: min(height, Pixmap.maxDimension))!
        sheet.paint(.solid(RGBA(hex: "#F2F2F7")!))
        func text(_ s: String, _ font: FontSpec, _ color: RGBA, _ p: Point) {
            if let l = try? engine.layout(s, options: TextOptions(font: font, lineLimit: 1)) { sheet.draw(l, at: p, with: .solid(color)) }
        }
        text(renderer.spec.displayName, FontSpec(size: 30 * k, weight: .bold), .black, Point(Double(gap), 14 * k))
        text(
            "\(renderer.spec.kind) · \(device.name) · entry \(entry)", FontSpec(size: 16 * k), RGBA(hex: "#3C3C43")!,
            Point(Double(gap), 48 * k))
        var y = header
        for row in rows {
            var x = gap
            for cell in row {
                sheet.drawImage(
                    cell.pixmap, in: Rect(x: Double(x), y: Double(y), width: Double(cell.pixmap.width), height: Double(cell.pixmap.height)),
                    mode: .stretch, filter: .nearest)
                text(
                    cell.label, FontSpec(size: 22 * k, weight: .semibold), .black, Point(Double(x), Double(y + cell.pixmap.height) + 8 * k))
                x += cell.pixmap.width + gap
            }
            y += (row.map(\.pixmap.height).max() ?? 0) + label + gap
        }
        return sheet.pixmap
    }
}
