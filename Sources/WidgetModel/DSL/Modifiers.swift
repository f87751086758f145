// SwiftUI's modifiers, with SwiftUI's signatures, emitting the same layout modifiers and
// environment changes as the spec's modifiers.
import Foundation

extension View {
    func env(_ f: @escaping (inout _DSLContext) -> Void) -> ModifiedContent<Self> { ModifiedContent(self, environment: f) }
    func layout(_ f: @escaping (_DSLContext) -> [LayoutModifier]) -> ModifiedContent<Self> { ModifiedContent(self, layout: f) }

    // MARK: Environment
    /// Symbols' size relative to their font: small 0.78, medium 1, large 1.29 (measured on iOS:
    /// `globe` with `.large` at body is 22×22 pt of ink, 17 × 1.29; small is Apple's ratio,
    /// not measured here).
    /// The style of the Buttons inside (the glass styles draw; the others leave the label as it is).
    public func buttonStyle(_ style: ButtonStyleChoice) -> ModifiedContent<Self> { env { c in c.buttonStyle = style.kind } }

    public func imageScale(_ scale: Image.Scale) -> ModifiedContent<Self> {
        env { c in
            switch scale {
            case .small: c.imageScale = 0.78
            case .medium: c.imageScale = 1
            case .large: c.imageScale = 1.29
            }
        }
    }

    public func font(_ font: Font?) -> ModifiedContent<Self> {
        env { c in
            if let font {
                c.text.setFont(font.resolve(c.environment.dynamicTypeSize))
                c.environment.font = font
            }
        }
    }
    /// Sets the Dynamic Type size of the subtree; text styles set outside it are resolved again
    /// at the new size (SwiftUI resolves fonts where the text is).
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> ModifiedContent<Self> { env { c in c.setDynamicTypeSize(size) } }
    /// Limits the Dynamic Type size of the subtree to a range (`.dynamicTypeSize(...DynamicTypeSize.xxxLarge)`).
    public func dynamicTypeSize(_ range: ClosedRange<DynamicTypeSize>) -> ModifiedContent<Self> {
        env { c in c.setDynamicTypeSize(min(max(c.environment.dynamicTypeSize, range.lowerBound), range.upperBound)) }
    }
    public func dynamicTypeSize(_ range: PartialRangeThrough<DynamicTypeSize>) -> ModifiedContent<Self> {
        env { c in c.setDynamicTypeSize(min(c.environment.dynamicTypeSize, range.upperBound)) }
    }
    public func dynamicTypeSize(_ range: PartialRangeFrom<DynamicTypeSize>) -> ModifiedContent<Self> {
        env { c in c.setDynamicTypeSize(max(c.environment.dynamicTypeSize, range.lowerBound)) }
    }
    public func dynamicTypeSize(_ range: Range<DynamicTypeSize>) -> ModifiedContent<Self> {
        env { c in
            let all = DynamicTypeSize.allCases
            guard let top = all.last(where: { range.contains($0) }) else { return }
            c.setDynamicTypeSize(min(max(c.environment.dynamicTypeSize, range.lowerBound), top))
        }
    }
    public func dynamicTypeSize(_ range: PartialRangeUpTo<DynamicTypeSize>) -> ModifiedContent<Self> {
        env { c in
            guard let top = DynamicTypeSize.allCases.last(where: { $0 < range.upperBound }) else { return }
            c.setDynamicTypeSize(min(c.environment.dynamicTypeSize, top))
        }
    }
    public func fontWeight(_ weight: Font.Weight?) -> ModifiedContent<Self> { env { c in if let weight { c.text.setWeight(weight) } } }
    public func bold(_ active: Bool = true) -> ModifiedContent<Self> {
        env { c in if active { c.text.setWeight(max(c.text.font.weight, .bold)) } }
    }
    public func italic(_ active: Bool = true) -> ModifiedContent<Self> { env { c in if active { c.text.setItalic() } } }
    public func monospacedDigit() -> ModifiedContent<Self> { env { c in c.text.setMonospacedDigit() } }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self> {
        env { c in
            let resolved = style._resolve(c)
            c.text.style = resolved
            if !(style is HierarchicalShapeStyle) { c.foreground = resolved }
        }
    }
    public func foregroundColor(_ color: Color?) -> ModifiedContent<Self> {
        env { c in
            if let color {
                let r = color._resolve(c)
                c.text.style = r
                c.foreground = r
            }
        }
    }
    public func tint(_ color: Color?) -> ModifiedContent<Self> { env { c in c.tint = color?._resolve(c) } }
    public func lineLimit(_ n: Int?) -> ModifiedContent<Self> { env { c in c.text.lineLimit = n.map { max(1, $0) } } }
    public func multilineTextAlignment(_ a: TextAlignment) -> ModifiedContent<Self> { env { c in c.text.alignment = a } }
    public func minimumScaleFactor(_ f: CGFloat) -> ModifiedContent<Self> {
        env { c in c.text.minimumScaleFactor = min(1, max(0.01, Double(f))) }
    }
    public func truncationMode(_ m: TruncationMode) -> ModifiedContent<Self> { env { c in c.text.truncation = m } }
    public func tracking(_ t: CGFloat) -> ModifiedContent<Self> { env { c in c.text.tracking = Double(t) } }
    public func kerning(_ k: CGFloat) -> ModifiedContent<Self> { env { c in c.text.tracking = Double(k) } }
    public func lineSpacing(_ s: CGFloat) -> ModifiedContent<Self> { env { c in c.text.lineSpacing = Double(s) } }
    public func widgetAccentable(_ accentable: Bool = true) -> ModifiedContent<Self> { env { c in if accentable { c.accentable = true } } }

    // MARK: Layout
    public func padding(_ length: CGFloat? = nil) -> ModifiedContent<Self> { padding(.all, length) }
    public func padding(_ edges: Edge.Set, _ length: CGFloat? = nil) -> ModifiedContent<Self> {
        let v = Double(length ?? 16)
        return layout { _ in
            [
                .padding(
                    EdgeInsets(
                        top: edges.contains(.top) ? v : 0, leading: edges.contains(.leading) ? v : 0,
                        bottom: edges.contains(.bottom) ? v : 0, trailing: edges.contains(.trailing) ? v : 0))
            ]
        }
    }
    public func padding(_ insets: EdgeInsets) -> ModifiedContent<Self> { layout { _ in [.padding(insets)] } }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> ModifiedContent<Self> {
        layout { _ in [.frame(width: width.map(Double.init), height: height.map(Double.init), alignment: alignment)] }
    }
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> ModifiedContent<Self> {
        layout { _ in
            [
                .flexibleFrame(
                    minWidth: minWidth.map(Double.init), idealWidth: idealWidth.map(Double.init), maxWidth: maxWidth.map(Double.init),
                    minHeight: minHeight.map(Double.init), idealHeight: idealHeight.map(Double.init), maxHeight: maxHeight.map(Double.init),
                    alignment: alignment)
            ]
        }
    }
    public func fixedSize() -> ModifiedContent<Self> { layout { _ in [.fixedSize(horizontal: true, vertical: true)] } }
    public func fixedSize(horizontal: Bool, vertical: Bool) -> ModifiedContent<Self> {
        layout { _ in [.fixedSize(horizontal: horizontal, vertical: vertical)] }
    }
    public func layoutPriority(_ p: Double) -> ModifiedContent<Self> { layout { _ in [.layoutPriority(p)] } }
    public func aspectRatio(_ ratio: CGFloat? = nil, contentMode: ContentMode) -> ModifiedContent<Self> {
        layout { _ in [.aspectRatio(ratio.map(Double.init), contentMode: contentMode == .fill ? .fill : .fit)] }
    }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self> { layout { _ in [.offset(x: Double(x), y: Double(y))] } }

    // MARK: Decoration
    public func background<S: ShapeStyle>(_ style: S, _file: String = #filePath, _line: Int = #line, _column: Int = #column)
        -> ModifiedContent<Self>
    {
        let at = SourceRef(file: _file, line: _line, column: _column)
        return layout { c in [.background(ViewNode(.fill(style._resolve(c)), accentable: c.accentable, source: at), alignment: .center)] }
    }
    public func background<V: View>(
        alignment: Alignment = .center, @ViewBuilder content: () -> V, _file: String = #filePath, _line: Int = #line, _column: Int = #column
    ) -> ModifiedContent<Self> {
        let v = content()
        let at = SourceRef(file: _file, line: _line, column: _column)
        return layout { c in
            var n = Self.single(_resolve(v, c), c)
            n.source = at
            return [.background(n, alignment: alignment)]
        }
    }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> ModifiedContent<Self> {
        let v = content()
        return layout { c in [.overlay(Self.single(_resolve(v, c), c), alignment: alignment)] }
    }
    /// `background()`: the system background style.
    public func background() -> ModifiedContent<Self> { background(BackgroundStyle()) }
    /// The older view-argument forms (a `Color` goes to the style form, as in SwiftUI).
    public func background<V: View>(_ view: V, alignment: Alignment = .center) -> ModifiedContent<Self> {
        layout { c in [.background(Self.single(_resolve(view, c), c), alignment: alignment)] }
    }
    public func overlay<V: View>(_ view: V, alignment: Alignment = .center) -> ModifiedContent<Self> {
        layout { c in [.overlay(Self.single(_resolve(view, c), c), alignment: alignment)] }
    }
    /// `background(_:in:)`: a style filling a shape behind the view.
    public func background<S: ShapeStyle, Sh: Shape>(_ style: S, in shape: Sh) -> ModifiedContent<Self> {
        layout { c in
            [.background(ViewNode(.shape(shape._kind, ShapePaint(fill: style._resolve(c))), accentable: c.accentable), alignment: .center)]
        }
    }
    public func overlay<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self> {
        layout { c in [.overlay(ViewNode(.fill(style._resolve(c)), accentable: c.accentable), alignment: .center)] }
    }
    public func clipShape<S: Shape>(_ shape: S) -> ModifiedContent<Self> { layout { _ in [.clipShape(shape._kind)] } }
    public func cornerRadius(_ r: CGFloat) -> ModifiedContent<Self> {
        layout { _ in [.clipShape(.roundedRectangle(cornerRadius: Double(r), style: .circular))] }
    }
    public func opacity(_ o: Double) -> ModifiedContent<Self> { layout { _ in [.opacity(min(1, max(0, o)))] } }
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<
        Self
    > {
        layout { c in [.shadow(color: color.resolve(c.environment.colorScheme), radius: Double(radius), x: Double(x), y: Double(y))] }
    }
    public func rotationEffect(_ angle: Angle) -> ModifiedContent<Self> { layout { _ in [.rotation(degrees: angle.degrees)] } }
    public func luminanceToAlpha() -> ModifiedContent<Self> { layout { _ in [.luminanceToAlpha] } }
    public func redacted(reason: RedactionReasons) -> ModifiedContent<Self> {
        ModifiedContent(
            self, environment: { c in c.environment.redactionReasons.formUnion(reason) },
            layout: { _ in reason.contains(.placeholder) ? [.redacted] : [] })
    }
    public func glassEffect<S: Shape>(_ glass: Glass = .regular, in shape: S) -> ModifiedContent<Self> {
        layout { c in [.glassEffect(variant: glass.variant, tint: glass.tintColor?.resolve(c.environment.colorScheme), shape: shape._kind)]
        }
    }
    public func glassEffect(_ glass: Glass = .regular) -> ModifiedContent<Self> { glassEffect(glass, in: Capsule(style: .continuous)) }
    /// Joins this view's glass with every glass of the same id into one shape.
    public func glassEffectUnion<ID: Hashable>(id: ID?, namespace: Namespace.ID) -> ModifiedContent<Self> {
        layout { _ in id.map { [.glassUnion(id: "\($0)")] } ?? [] }
    }
    /// Matched geometry for glass morphing: only animations use it.
    public func glassEffectID<ID: Hashable>(_ id: ID?, in namespace: Namespace.ID) -> Self { self }
    public func glassEffectTransition(_ transition: GlassEffectTransition) -> Self { self }
    /// Mirror-extends a background image under glass at the window edges; a widget has no such
    /// edges, so nothing changes in a still image.
    public func backgroundExtensionEffect() -> Self { self }

    // MARK: Widgets
    /// `containerBackground(for: .widget) { … }`: the background the system may remove or replace.
    public func containerBackground<V: View>(
        for placement: ContainerBackgroundPlacement, alignment: Alignment = .center,
        @ViewBuilder content: () -> V, _file: String = #filePath, _line: Int = #line, _column: Int = #column
    ) -> ModifiedContent<Self> {
        let v = content()
        let at = SourceRef(file: _file, line: _line, column: _column)
        return env { c in
            var n = Self.single(_resolve(v, c), c)
            n.source = at
            c.capture.background = n
        }
    }
    public func containerBackground<S: ShapeStyle>(
        _ style: S, for placement: ContainerBackgroundPlacement, _file: String = #filePath, _line: Int = #line, _column: Int = #column
    ) -> ModifiedContent<Self> {
        let at = SourceRef(file: _file, line: _line, column: _column)
        return env { c in c.capture.background = ViewNode(.fill(style._resolve(c)), accentable: c.accentable, source: at) }
    }

    // MARK: Accepted, no effect on a still image
    public func contentTransition(_ transition: ContentTransition) -> Self { self }
    public func invalidatableContent(_ invalidatable: Bool = true) -> Self { self }
    public func privacySensitive(_ sensitive: Bool = true) -> Self { self }
    public func widgetURL(_ url: URL?) -> Self { self }
    public func id<ID: Hashable>(_ id: ID) -> Self { self }

    static func single(_ nodes: [ViewNode], _ c: _DSLContext) -> ViewNode {
        nodes.count == 1 ? nodes[0] : ViewNode(.zstack(alignment: .center, children: nodes), accentable: c.accentable)
    }
}
