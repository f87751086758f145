import Foundation
// One variant, end to end: resolved widget → layout → display lists → compositor → pixels.
import RasterCore
import WidgetLayout
import WidgetModel

/// A rendered variant and what was noticed while drawing it.
public struct RenderedWidget {
    public var pixmap: Pixmap
    /// Point size of the widget frame and the pixels per point used.
    public var pointSize: Size
    public var scale: Double
    /// Texts that did not fit (their full text and what was shown).
    public var truncatedTexts: [(text: String, shown: String, source: SourceRef)]
    /// SF Symbol names with no open equivalent (drawn as placeholders).
    public var missingSymbols: [String]
    /// Each unknown symbol with the place of the Image that names it.
    public var missingSymbolPlaces: [(name: String, source: SourceRef)] = []
    /// The display lists, for checks that look at what was drawn.
    public var content: DisplayList
    public var background: DisplayList?
    /// The placed layout of the content.
    public var layout: LayoutBox
    /// Where the time went (for `make bench`; a few clock reads per variant).
    public var timings = RenderTimings()
    /// Whether the widget turned its content margins off (`contentMarginsDisabled`).
    public var contentMarginsDisabled = false
}

/// A widget laid out and recorded for one family, device and environment: what `draw` needs to
/// make its pixels in any look that shares that environment (`WidgetEnvironment`).
public struct LaidOutWidget: @unchecked Sendable {
    public var frame: WidgetFrame
    public var content: DisplayList
    public var background: DisplayList?
    /// The placed layout of the content (read-only once laid out; shared by the looks drawn from it).
    public var layout: LayoutBox
    public var truncatedTexts: [(text: String, shown: String, source: SourceRef)]
    public var missingSymbols: [String]
    public var missingSymbolPlaces: [(name: String, source: SourceRef)]
    public var contentMarginsDisabled: Bool
    /// Seconds the layout took.
    public var seconds: Double
}

/// Seconds spent per stage of one variant.
public struct RenderTimings: Sendable {
    /// Spec or DSL → resolved view tree.
    public var resolve = 0.0
    /// Layout boxes built, sized, placed and recorded into display lists (text shaping included).
    public var layout = 0.0
    /// Backdrop preparation, rasterization, glass and compositing.
    public var composite = 0.0
    public init() {}
}

@inline(__always) func secondsSince(_ t: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - t) / 1e9 }

/// Renders resolved widgets. Thread-safe: each call builds its own layout and canvas.
public struct WidgetRenderer: Sendable {
    public let library: FontLibrary
    public init(library: FontLibrary = .shared) { self.library = library }

    /// The pixels-per-point a render may use (the CLI's --scale range; a Swift caller's too).
    public static let scaleRange: ClosedRange<Double> = 0.25...8

    /// The frame of `family` on `device`: layout size, pixel size, scale and outline (nil: the
    /// device has no such family, or `scale` is outside `scaleRange`).
    public static func frame(family: WidgetFamily, device: Device, scale: Double? = nil) -> WidgetFrame? {
        guard let display = device.size(of: family), let layout = device.layoutSize(of: family) else { return nil }
        let s = scale ?? device.scale
        guard s.isFinite, scaleRange.contains(s) else { return nil }
        let pw = Int((display.width * s).rounded())
        let ph = Int((display.height * s).rounded())
        // On iPad the widget is laid out on the larger canvas and scaled down to its frame.
        let k = Double(pw) / layout.width
        let rect = Rect(x: 0, y: 0, width: layout.width, height: layout.height)
        let radius = Device.widgetCornerRadius * layout.width / display.width
        let shape: Path?
        switch family {
        case .accessoryCircular: shape = Path(ellipseIn: rect)
        case .accessoryInline: shape = nil
        case .accessoryRectangular, .accessoryCorner: shape = Path(rect: rect)
        default: shape = Path(roundedRect: rect, cornerRadius: radius, style: .continuous)
        }
        return WidgetFrame(size: layout, pixelWidth: pw, pixelHeight: ph, scale: k, shape: shape, cornerRadius: radius)
    }

    /// Renders a resolved widget on a device (nil: the device has no such family). With
    /// `layoutOnly` it lays out and records but draws nothing (the pixmap is 1×1).
    /// - Throws: what layout met, such as a font that cannot be loaded (never empty text instead).
    public func render(
        _ widget: ResolvedWidget, device: Device, scale: Double? = nil,
        options: CompositeOptions = CompositeOptions(), layoutOnly: Bool = false
    ) throws -> RenderedWidget? {
        guard let laid = try layout(widget, device: device, scale: scale) else { return nil }
        return draw(laid, environment: widget.environment, device: device, options: options, layoutOnly: layoutOnly)
    }

    /// A resolved widget laid out and recorded, ready to draw (nil: the device has no such
    /// family). It depends on the environment's derived values, not on `appearance`.
    public func layout(_ widget: ResolvedWidget, device: Device, scale: Double? = nil) throws -> LaidOutWidget? {
        let start = DispatchTime.now().uptimeNanoseconds
        let env = widget.environment
        guard let frame = WidgetRenderer.frame(family: env.family, device: device, scale: scale) else { return nil }
        let full = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        let context = LayoutContext(
            text: TextLayoutEngine(library: library), environment: env, widgetRect: full,
            cornerRadius: frame.cornerRadius)
        // Content margins, unless the widget disables them.
        let m = widget.contentMarginsDisabled ? EdgeInsets.zero : env.widgetContentMargins
        let inner = Rect(x: m.leading, y: m.top, width: max(0, full.width - m.horizontal), height: max(0, full.height - m.vertical))

        var backgroundList: DisplayList? = nil
        let contentBox: LayoutBox
        if let bg = widget.containerBackground {
            let box = LayoutBox.build(bg, context)
            box.place(in: full)
            if env.layoutDirection == .rightToLeft { box.mirrorHorizontally(width: full.width) }
            var r = Recorder(context: context)
            r.record(box)
            backgroundList = r.list
            contentBox = LayoutBox.build(widget.content, context)
        } else if env.family.isSystem {
            // In every appearance, not only the full-colour ones: the system replaces the whole
            // widget, whatever would have drawn its background.
            // iOS 17+ shows only this text when a widget has no containerBackground.
            contentBox = LayoutBox.build(WidgetRenderer.adoptContainerBackground(env), context)
            var bg = DisplayList()
            bg.ops.append(
                DrawOp(
                    .fill(Path(rect: full), .color(SystemColors.color("secondarySystemBackground", scheme: env.colorScheme)!), bounds: full)
                ))
            backgroundList = bg
        } else {
            contentBox = LayoutBox.build(widget.content, context)
        }
        let size = contentBox.sizeThatFits(ProposedSize(width: inner.width, height: inner.height))
        contentBox.place(in: aligned(size, in: inner, .center))
        if env.layoutDirection == .rightToLeft { contentBox.mirrorHorizontally(width: full.width) }
        var recorder = Recorder(context: context)
        recorder.record(contentBox)
        if let error = context.firstError { throw error }
        return LaidOutWidget(
            frame: frame, content: recorder.list, background: backgroundList, layout: contentBox,
            truncatedTexts: context.truncatedTexts, missingSymbols: context.missingSymbols,
            missingSymbolPlaces: context.missingSymbolPlaces, contentMarginsDisabled: widget.contentMarginsDisabled,
            seconds: secondsSince(start))
    }

    /// Draws a laid-out widget in a look (`env`: the variant's own environment, appearance
    /// included). `layoutOnly`: no pixels (the pixmap is 1×1; check's Dynamic Type ladder).
    public func draw(
        _ laid: LaidOutWidget, environment env: WidgetEnvironment, device: Device, options: CompositeOptions = CompositeOptions(),
        layoutOnly: Bool = false
    ) -> RenderedWidget {
        var timings = RenderTimings()
        timings.layout = laid.seconds
        let compositeStart = DispatchTime.now().uptimeNanoseconds
        let frame = laid.frame
        let pixmap =
            layoutOnly
            ? Pixmap(width: 1, height: 1)!
            : Compositor().render(
                content: laid.content, background: laid.background,
                showBackground: env.showsWidgetContainerBackground,
                frame: frame, environment: env, options: options)
        timings.composite = secondsSince(compositeStart)
        let points = device.size(of: env.family) ?? laid.frame.size
        return RenderedWidget(
            pixmap: pixmap, pointSize: points, scale: Double(frame.pixelWidth) / points.width,
            truncatedTexts: laid.truncatedTexts, missingSymbols: laid.missingSymbols,
            missingSymbolPlaces: laid.missingSymbolPlaces,
            content: laid.content, background: laid.background, layout: laid.layout,
            timings: timings, contentMarginsDisabled: laid.contentMarginsDisabled)
    }

    /// The text iOS shows in place of a widget that does not adopt the containerBackground API.
    static func adoptContainerBackground(_ env: WidgetEnvironment) -> ViewNode {
        var attributes = TextAttributes()
        attributes.font = .style(.footnote)
        attributes.alignment = .center
        attributes.style = .color(SystemColors.color("secondary", scheme: env.colorScheme)!)
        return ViewNode(.text("Please adopt containerBackground API", attributes), modifiers: [.padding(EdgeInsets(all: 8))])
    }
}
