// The display list: what a variant draws, as primitive operations in widget points, each tagged
// with what the compositor needs to re-colour it per rendering mode — its accent group
// (widgetAccentable, inherited downwards), whether it is an image and the image's
// widgetAccentedRenderingMode. The container background is recorded as its own list, never mixed
// into content, so the compositor can keep it, drop it, or replace it with glass.
import RasterCore
import WidgetModel

/// An effect group: drawn into its own layer when it needs one.
public struct DrawGroup {
    public var opacity: Double = 1
    public var clip: Path? = nil
    public var shadow: (color: RGBA, radius: Double, x: Double, y: Double)? = nil
    /// Applied to everything inside (rotation about the view's centre).
    public var transform: Transform = .identity
    public var luminanceToAlpha = false
    /// `mask`: the group's content is followed by `beginMask` and the mask's operations, and is drawn
    /// through the mask's alpha.
    public var masked = false
    /// `blur(radius:opaque:)`, in points.
    public var blur: (radius: Double, opaque: Bool)? = nil
    /// `saturation`, `brightness`, `contrast`, `grayscale`, applied in order.
    public var colorAdjustments: [ColorAdjustment] = []
    /// `glassEffect`: glass drawn behind the group's content, in this shape and frame (points).
    public var glass: (variant: GlassVariant, tint: RGBA?, shape: ShapeKind, outline: Path, frame: Rect)? = nil
    /// `GlassEffectContainer`: every glass shape inside, drawn together behind the group's content.
    public var glassContainer: (spacing: Double, shapes: [GlassShape])? = nil

    public init() {}
    package var needsLayer: Bool { opacity < 1 || shadow != nil || luminanceToAlpha || masked || blur != nil || !colorAdjustments.isEmpty }
}

/// A glass shape inside a `GlassEffectContainer`.
public struct GlassShape: Sendable {
    public var variant: GlassVariant
    public var tint: RGBA?
    public var shape: ShapeKind
    /// Its frame in widget points.
    public var frame: Rect
    /// `glassEffectUnion` id: shapes with the same id are one shape.
    public var unionID: String?
    public var source: SourceRef
    public init(variant: GlassVariant, tint: RGBA?, shape: ShapeKind, frame: Rect, unionID: String?, source: SourceRef) {
        self.variant = variant
        self.tint = tint
        self.shape = shape
        self.frame = frame
        self.unionID = unionID
        self.source = source
    }
}

/// One drawing operation.
public struct DrawOp {
    public enum Kind {
        case fill(Path, ResolvedStyle, bounds: Rect)
        case stroke(Path, ResolvedStyle, StrokeStyle, bounds: Rect)
        case text(TextLayout, origin: Point, ResolvedStyle, bounds: Rect)
        case image(ImageData, rect: Rect, clip: Rect)
        case beginGroup(DrawGroup)
        /// In a masked group: what follows, up to the group's end, is the mask.
        case beginMask
        case endGroup
    }
    public var kind: Kind
    /// In the accent group (`widgetAccentable`).
    public var accentable: Bool
    /// Drawn by an Image (a bitmap or an SF Symbol), so widgetAccentedRenderingMode applies.
    public var isImage: Bool
    public var accentedMode: AccentedRenderingMode?
    public var source: SourceRef

    public init(
        _ kind: Kind, accentable: Bool = false, isImage: Bool = false, accentedMode: AccentedRenderingMode? = nil,
        source: SourceRef = SourceRef()
    ) {
        self.kind = kind
        self.accentable = accentable
        self.isImage = isImage
        self.accentedMode = accentedMode
        self.source = source
    }
}

/// A list of operations, drawn in order.
public struct DisplayList {
    public var ops: [DrawOp] = []
    public init() {}

    /// The operations that draw visible ink: every one but those that draw a mask (from `beginMask`
    /// to the end of its group), which only shape what is drawn.
    public var inkOps: [DrawOp] {
        var out: [DrawOp] = []
        out.reserveCapacity(ops.count)
        // For each open group: whether its mask is being drawn.
        var masking: [Bool] = []
        for op in ops {
            switch op.kind {
            case .beginGroup:
                masking.append(masking.last ?? false)
                if masking.last == false { out.append(op) }
            case .beginMask:
                if !masking.isEmpty { masking[masking.count - 1] = true }
            case .endGroup:
                guard !masking.isEmpty else { continue }
                masking.removeLast()
                // The group's own end is ink unless an enclosing group's mask holds it.
                if !(masking.last ?? false) { out.append(op) }
            default:
                if masking.last != true { out.append(op) }
            }
        }
        return out
    }
}
