// Any view at any size, not only widgets: SwiftUI's ImageRenderer, on Linux. A view gets a
// proposal (a fixed size, width only, or none: its ideal size), chooses its own size as in
// SwiftUI, and is drawn at that size — the image has the view's size, not the proposal's (issue 16,
// fact 10: a padded paragraph proposed 390×844 comes back 392×251 from ImageRenderer).
import Foundation
import RasterCore
import WidgetLayout
import WidgetModel

/// What a view is offered, as `ImageRenderer.proposedSize` offers it.
public enum ViewProposal: Sendable, Hashable {
    /// Width and height (SwiftUI's `ProposedViewSize(width:height:)`).
    case size(width: Double, height: Double)
    /// A width; the height is the view's ideal for it.
    case width(Double)
    /// Nothing: the view's ideal size (`.unspecified`, ImageRenderer's default).
    case fitting
}

/// A rendered view: its pixels, its size in points and the scale.
public struct RenderedView: Sendable {
    public let pixmap: Pixmap
    public let size: Size
    public let scale: Double
}

public struct ViewRendererError: Error, CustomStringConvertible {
    public let description: String
}

/// Renders views the way `ImageRenderer` does: full colour, a transparent background wherever
/// the view draws nothing.
public struct ViewRenderer {
    /// Pixels per point (0.25 … 8).
    public var scale: Double = 3
    public var colorScheme: ColorScheme = .light
    public var dynamicTypeSize: DynamicTypeSize = .large
    public var date = Date(timeIntervalSince1970: 1_798_761_600)
    public var library: FontLibrary = .shared
    /// Largest side in points and largest image in pixels a render may have.
    public static let maxSide = 10_000.0
    public static let maxPixels = 64 << 20

    public init(scale: Double = 3, colorScheme: ColorScheme = .light) {
        self.scale = scale
        self.colorScheme = colorScheme
    }

    /// Renders a DSL view.
    public func render(_ view: any View, proposal: ViewProposal = .fitting) throws -> RenderedView {
        let env = environment(proposal)
        return try render(node: StandaloneView.resolve(view, environment: env), proposal: proposal, environment: env)
    }

    /// Renders a resolved view tree (a spec's view, say).
    public func render(node: ViewNode, proposal: ViewProposal = .fitting) throws -> RenderedView {
        try render(node: node, proposal: proposal, environment: environment(proposal))
    }

    func environment(_ proposal: ViewProposal) -> WidgetEnvironment {
        let size: Size
        switch proposal {
        case .size(let w, let h): size = Size(w, h)
        case .width(let w): size = Size(w, ViewRenderer.maxSide)
        case .fitting: size = Size(ViewRenderer.maxSide, ViewRenderer.maxSide)
        }
        var env = WidgetEnvironment(
            family: .systemSmall, appearance: colorScheme == .dark ? .dark : .light, size: size, displayScale: scale,
            date: date, dynamicTypeSize: dynamicTypeSize)
        env.widgetContentMargins = .zero
        return env
    }

    func render(node: ViewNode, proposal: ViewProposal, environment env: WidgetEnvironment) throws -> RenderedView {
        guard scale.isFinite, scale >= 0.25, scale <= 8 else {
            throw ViewRendererError(description: "scale \(scale) is out of range (0.25 … 8)")
        }
        let proposed: ProposedSize
        switch proposal {
        case .size(let w, let h):
            guard w.isFinite, h.isFinite, w >= 0, h >= 0, w <= ViewRenderer.maxSide, h <= ViewRenderer.maxSide else {
                throw ViewRendererError(description: "proposed size \(w)×\(h) is out of range (0 … \(Int(ViewRenderer.maxSide)) pt a side)")
            }
            proposed = ProposedSize(width: w, height: h)
        case .width(let w):
            guard w.isFinite, w >= 0, w <= ViewRenderer.maxSide else {
                throw ViewRendererError(description: "proposed width \(w) is out of range (0 … \(Int(ViewRenderer.maxSide)) pt)")
            }
            proposed = ProposedSize(width: w, height: nil)
        case .fitting:
            proposed = .unspecified
        }
        let context = LayoutContext(
            text: TextLayoutEngine(library: library), environment: env,
            widgetRect: Rect(x: 0, y: 0, width: env.size.width, height: env.size.height),
            cornerRadius: 0)
        let box = LayoutBox.build(node, context)
        var size = box.sizeThatFits(proposed)
        size = Size(min(max(0, size.width), ViewRenderer.maxSide), min(max(0, size.height), ViewRenderer.maxSide))
        box.place(in: Rect(x: 0, y: 0, width: size.width, height: size.height))
        var recorder = Recorder(context: context)
        recorder.record(box)
        if let error = context.firstError { throw error }
        let pw = max(1, Int((size.width * scale).rounded(.up)))
        let ph = max(1, Int((size.height * scale).rounded(.up)))
        guard pw * ph <= ViewRenderer.maxPixels else {
            throw ViewRendererError(description: "a \(pw)×\(ph) image is larger than \(ViewRenderer.maxPixels) pixels; lower the scale")
        }
        let frame = WidgetFrame(size: size, pixelWidth: pw, pixelHeight: ph, scale: scale, shape: nil, cornerRadius: 0)
        let pixmap = Compositor().render(content: recorder.list, background: nil, showBackground: false, frame: frame, environment: env)
        return RenderedView(pixmap: pixmap, size: size, scale: scale)
    }
}
