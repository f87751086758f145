// What fills a shape: a solid colour, a gradient or an image. A paint is resolved once per draw
// into a `Shader` that writes one row of premultiplied pixels at a time; the switch over paint
// kinds happens once per span, never per pixel.
import WidgetModel

/// A colour at a position (0...1) along a gradient.
public struct GradientStop: Sendable, Hashable {
    public var color: RGBA
    public var location: Double
    public init(_ color: RGBA, at location: Double) {
        self.color = color
        self.location = location
    }
}

/// What fills or strokes a shape. Geometry (points, radii, image transforms) is in the same user
/// space as the path and goes through the same transform.
public enum Paint: Sendable, Equatable {
    case solid(RGBA)
    /// Colours vary along the line from `start` to `end`, constant across it.
    case linearGradient(stops: [GradientStop], start: Point, end: Point)
    /// Colours vary with the distance from `center`, from `startRadius` to `endRadius`.
    case radialGradient(stops: [GradientStop], center: Point, startRadius: Double, endRadius: Double)
    /// Colours vary with the angle around `center`, clockwise on screen from `startAngle` to
    /// `endAngle` (radians, 0 = +x axis): SwiftUI's AngularGradient (a conic gradient).
    case angularGradient(stops: [GradientStop], center: Point, startAngle: Double, endAngle: Double)
    /// An image placed by `transform` (image pixels → user space), sampled bilinearly or nearest.
    case image(Pixmap, transform: Transform, filter: ImageFilter)

    /// Evenly spaced stops from a list of colours, as `Gradient(colors:)` makes them.
    public static func stops(_ colors: [RGBA]) -> [GradientStop] {
        guard colors.count > 1 else { return colors.map { GradientStop($0, at: 0) } }
        return colors.enumerated().map { GradientStop($1, at: Double($0) / Double(colors.count - 1)) }
    }

    /// True when every pixel the paint produces is opaque.
    var isOpaque: Bool {
        switch self {
        case .solid(let c): return c.alpha >= 1
        case .linearGradient(let s, _, _), .radialGradient(let s, _, _, _), .angularGradient(let s, _, _, _):
            return s.allSatisfy { $0.color.alpha >= 1 }
        case .image: return false
        }
    }
}

/// How an image is sampled when it is scaled or moved by a fraction of a pixel.
public enum ImageFilter: String, Sendable, Hashable { case nearest, bilinear }

extension Paint {
    /// The transform that places an image of `imageSize` pixels into `rect`: scaled to fit inside,
    /// to fill (overflowing, centred; clip to `rect`), or stretched, centred in each case.
    public static func imageTransform(imageWidth: Int, imageHeight: Int, in rect: Rect, mode: ContentMode) -> Transform {
        let sx = rect.width / Double(imageWidth)
        let sy = rect.height / Double(imageHeight)
        switch mode {
        case .stretch:
            return Transform.scale(sx, sy).concatenating(.translation(rect.minX, rect.minY))
        case .fit, .fill:
            let s = mode == .fit ? Swift.min(sx, sy) : Swift.max(sx, sy)
            let w = Double(imageWidth) * s
            let h = Double(imageHeight) * s
            return Transform.scale(s).concatenating(.translation(rect.midX - w / 2, rect.midY - h / 2))
        }
    }
}
