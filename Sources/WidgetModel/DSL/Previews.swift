// SwiftUI previews of widgets: `PreviewProvider` with `.previewContext(WidgetPreviewContext(family:))`
// compiles here and its previews can be rendered (`WidgetPreviews.definitions(of:)`, and through
// WidgetCommandLine like any widget), the way Xcode's canvas shows them. (The `#Preview` macro
// needs a compiler plugin and is not available yet.)
import Foundation

/// SwiftUI's `PreviewProvider`.
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

/// WidgetKit's `WidgetPreviewContext`.
public struct WidgetPreviewContext: Sendable {
    public let family: WidgetFamily
    public init(family: WidgetFamily) { self.family = family }
}

/// A view shown in a preview context.
public struct _PreviewContextView<Content: View>: _PrimitiveView, _PreviewItem {
    let content: Content
    var family: WidgetFamily
    var name: String?
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { _resolve(content, c) }
    var _preview: (family: WidgetFamily, name: String?, view: any View) { (family, name, content) }
}

protocol _PreviewItem { var _preview: (family: WidgetFamily, name: String?, view: any View) { get } }

extension View {
    public func previewContext(_ context: WidgetPreviewContext) -> _PreviewContextView<Self> {
        _PreviewContextView(content: self, family: context.family, name: nil)
    }
    public func previewDisplayName(_ name: String?) -> Self { self }
    public func previewLayout(_ layout: Any) -> Self { self }
    public func previewDevice(_ device: Any?) -> Self { self }
}

extension _PreviewContextView {
    public func previewDisplayName(_ name: String?) -> _PreviewContextView {
        var v = self
        v.name = name
        return v
    }
}

public enum WidgetPreviews {
    /// The date a preview is rendered at (fixed, so previews render the same bytes every time).
    public static let date = Date(timeIntervalSince1970: 1_795_000_000)

    /// Each preview a provider declares, as a widget of one family and one entry: kind
    /// "<Provider>-<n>" (or its display name).
    public static func definitions<P: PreviewProvider>(of provider: P.Type) -> [WidgetDefinition] {
        var items: [(family: WidgetFamily, name: String?, view: any View)] = []
        collect(P.previews, into: &items)
        return items.enumerated().map { i, item in
            var d = WidgetDefinition(kind: item.name ?? "\(P.self)-\(i + 1)") { _ in [(date, item.view)] }
            d.supportedFamilies = [item.family]
            return d
        }
    }

    static func collect(_ view: any View, into items: inout [(family: WidgetFamily, name: String?, view: any View)]) {
        if let p = view as? _PreviewItem {
            items.append(p._preview)
        } else if let t = view as? TupleView {
            for v in t.views { collect(v, into: &items) }
        } else if let g = view as? _GroupContent {
            collect(g._content, into: &items)
        } else {
            items.append((.systemSmall, nil, view))
        }
    }
}

protocol _GroupContent { var _content: any View { get } }
extension Group: _GroupContent { var _content: any View { content } }
