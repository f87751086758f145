// Devices and the pixel size of every family on them (docs/WIDGETKIT-FACTS.md §1). iPhone sizes
// are the iOS 26 on-device measurements (§1.3, whole pixels at the device's scale); iPad sizes are
// the HIG's, with the larger design canvas the widget is laid out on before being scaled down to
// its home-screen frame (§1.4); visionOS and watchOS from the HIG (§1.5).

/// The platform a device runs.
public enum Platform: String, Sendable, Hashable, Codable { case iOS, iPadOS, watchOS, visionOS, macOS }

/// A device model: screen, scale, OS, and the size of each family on it.
public struct Device: Sendable, Hashable {
    public let name: String
    /// Other names it answers to (models with the same screen).
    public let aliases: [String]
    public let platform: Platform
    public let osVersion: Int
    /// Portrait screen size in points.
    public let screen: Size
    /// Pixels per point.
    public let scale: Double
    /// Home-screen frames, points (what is shown).
    public let familySizes: [WidgetFamily: Size]
    /// iPad: the larger size the widget is laid out at before it is scaled down to `familySizes`.
    public let canvasSizes: [WidgetFamily: Size]
    /// Lock Screen frames, points (accessory families; systemSmall on the iPad Lock Screen).
    public let lockScreenSizes: [WidgetFamily: Size]

    public init(
        name: String, aliases: [String] = [], platform: Platform, osVersion: Int, screen: Size, scale: Double,
        familySizes: [WidgetFamily: Size], canvasSizes: [WidgetFamily: Size] = [:],
        lockScreenSizes: [WidgetFamily: Size] = [:]
    ) {
        self.name = name
        self.aliases = aliases
        self.platform = platform
        self.osVersion = osVersion
        self.screen = screen
        self.scale = scale
        self.familySizes = familySizes
        self.canvasSizes = canvasSizes
        self.lockScreenSizes = lockScreenSizes
    }

    /// Families this device shows anywhere.
    public var families: [WidgetFamily] {
        WidgetFamily.allCases.filter { familySizes[$0] != nil || lockScreenSizes[$0] != nil }
    }

    /// The frame of `family` in points: the home-screen frame, or the Lock Screen one for
    /// accessory families.
    public func size(of family: WidgetFamily) -> Size? { familySizes[family] ?? lockScreenSizes[family] }

    /// The size the widget is laid out at (the iPad design canvas, otherwise the frame).
    public func layoutSize(of family: WidgetFamily) -> Size? { canvasSizes[family] ?? size(of: family) }

    /// Pixel size of `family`, rounded to whole pixels.
    public func pixelSize(of family: WidgetFamily) -> (width: Int, height: Int)? {
        guard let s = size(of: family) else { return nil }
        return (Int((s.width * scale).rounded()), Int((s.height * scale).rounded()))
    }

    /// Home-screen widget corner radius in points. Apple does not publish it; 20 pt with continuous
    /// corners is the value FrameUp's previews use (docs/WIDGETKIT-FACTS.md §1.8), scaled on iPad by
    /// frame/canvas. UNCONFIRMED.
    public static let widgetCornerRadius = 20.0

    /// The default content margin of system families (HIG: 16 pt). Lock Screen accessory widgets
    /// get none (their content uses the whole frame); Apple does not publish the smaller StandBy
    /// margins. UNCONFIRMED beyond the 16 pt.
    public static let systemContentMargin = 16.0
}

/// The devices widgetctl knows, keyed by name.
public enum DeviceCatalog {
    /// iPhone 17 Pro (402×874 pt, 3x, iOS 26).
    public static let defaultName = "iPhone 17 Pro"
    public static var `default`: Device { device(named: defaultName)! }

    /// Finds a device by name or alias, ignoring case, spaces, dashes and parentheses
    /// ("iPhone17Pro", "iphone-17-pro" and "iPhone 17 Pro" are the same).
    public static func device(named name: String) -> Device? {
        let key = normalize(name)
        return all.first { normalize($0.name) == key || $0.aliases.contains { normalize($0) == key } }
    }

    static func normalize(_ s: String) -> String {
        String(s.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// An iOS 26 iPhone from a row of docs/WIDGETKIT-FACTS.md §1.3: system sizes in pixels (as
    /// measured, whole at the device's scale) and Lock Screen accessory sizes in points.
    private static func iPhone(
        _ name: String, _ aliases: [String], screen: (Double, Double), scale: Double,
        small: Int, medium: Int, large: Int,
        circular: Double, rectangular: Double, inline: Double
    ) -> Device {
        let k = scale
        func px(_ w: Int, _ h: Int) -> Size { Size(Double(w) / k, Double(h) / k) }
        return Device(
            name: name, aliases: aliases, platform: .iOS, osVersion: 26, screen: Size(screen.0, screen.1), scale: scale,
            familySizes: [.systemSmall: px(small, small), .systemMedium: px(medium, small), .systemLarge: px(medium, large)],
            lockScreenSizes: [
                .accessoryCircular: Size(circular, circular),
                .accessoryRectangular: Size(rectangular, circular),
                .accessoryInline: Size(inline, 36),
            ])
    }

    /// An iPad row of §1.4: design canvas and home-screen frame, points; Lock Screen sizes from
    /// the FrameUp measurements where the screen has a row there.
    private static func iPad(
        _ name: String, _ aliases: [String], screen: (Double, Double),
        canvas: (Double, Double, Double, Double), device: (Double, Double, Double, Double),
        lock: (small: Double, circular: Double, rectangular: Double)?
    ) -> Device {
        func sizes(_ t: (Double, Double, Double, Double)) -> [WidgetFamily: Size] {
            // (small, medium width, large height == width, extra-large width); heights follow the HIG.
            [
                .systemSmall: Size(t.0, t.0), .systemMedium: Size(t.1, t.0), .systemLarge: Size(t.1, t.2),
                .systemExtraLarge: Size(t.3, t.2),
            ]
        }
        var lockSizes: [WidgetFamily: Size] = [:]
        if let lock {
            lockSizes = [
                .accessoryCircular: Size(lock.circular, lock.circular),
                .accessoryRectangular: Size(lock.rectangular, lock.circular),
                .accessoryInline: Size(372, 36),
            ]
        }
        return Device(
            name: name, aliases: aliases, platform: .iPadOS, osVersion: 26, screen: Size(screen.0, screen.1), scale: 2,
            familySizes: sizes(device), canvasSizes: sizes(canvas), lockScreenSizes: lockSizes)
    }

    public static let all: [Device] = [
        iPhone(
            "iPhone 17 Pro Max", ["iPhone 16 Pro Max"], screen: (440, 956), scale: 3,
            small: 530, medium: 1134, large: 1182, circular: 60, rectangular: 158, inline: 370),
        iPhone(
            "iPhone 16 Plus", ["iPhone 15 Plus", "iPhone 15 Pro Max", "iPhone 14 Pro Max"], screen: (430, 932), scale: 3,
            small: 524, medium: 1116, large: 1164, circular: 60, rectangular: 158, inline: 370),
        iPhone(
            "iPhone 14 Plus", ["iPhone 13 Pro Max", "iPhone 12 Pro Max"], screen: (428, 926), scale: 3,
            small: 523, medium: 1115, large: 1161, circular: 60, rectangular: 156, inline: 364),
        iPhone(
            "iPhone Air", [], screen: (420, 912), scale: 3,
            small: 518, medium: 1100, large: 1146, circular: 57.67, rectangular: 153, inline: 360),
        iPhone(
            "iPhone 11 Pro Max", ["iPhone XS Max"], screen: (414, 896), scale: 3,
            small: 514, medium: 1088, large: 1134, circular: 63.67, rectangular: 156.67, inline: 358),
        iPhone(
            "iPhone 11", ["iPhone XR"], screen: (414, 896), scale: 2,
            small: 333, medium: 712, large: 743, circular: 60, rectangular: 154, inline: 358),
        iPhone(
            "iPhone 17 Pro", ["iPhone 17", "iPhone 16 Pro"], screen: (402, 874), scale: 3,
            small: 493, medium: 1049, large: 1095, circular: 58, rectangular: 148, inline: 342),
        iPhone(
            "iPhone 16", ["iPhone 15", "iPhone 15 Pro", "iPhone 14 Pro"], screen: (393, 852), scale: 3,
            small: 488, medium: 1034, large: 1080, circular: 58, rectangular: 147.67, inline: 341),
        iPhone(
            "iPhone 14", ["iPhone 13", "iPhone 12", "iPhone 16e"], screen: (390, 844), scale: 3,
            small: 486, medium: 1026, large: 1074, circular: 58, rectangular: 146, inline: 336),
        iPhone(
            "iPhone 13 mini", ["iPhone 12 mini", "iPhone 11 Pro", "iPhone XS", "iPhone X"], screen: (375, 812), scale: 3,
            small: 477, medium: 1001, large: 1047, circular: 58, rectangular: 143, inline: 327),
        iPhone(
            "iPhone SE (3rd generation)", ["iPhone SE", "iPhone 8"], screen: (375, 667), scale: 2,
            small: 292, medium: 638, large: 636, circular: 56, rectangular: 141, inline: 323),
        iPad(
            "iPad Pro 12.9-inch", ["iPad Pro 12.9"], screen: (1024, 1366),
            canvas: (170, 378.5, 378.5, 795), device: (160, 356, 356, 748), lock: (149, 59.5, 149)),
        iPad(
            "iPad Pro 11-inch", ["iPad Pro 11"], screen: (834, 1194),
            canvas: (155, 342, 342, 715.5), device: (136, 300, 300, 628), lock: (152, 61, 152)),
        iPad(
            "iPad Air 11-inch", ["iPad Air", "iPad (10th generation)"], screen: (820, 1180),
            canvas: (155, 342, 342, 715.5), device: (136, 300, 300, 628), lock: (152, 63, 152)),
        iPad(
            "iPad (9th generation)", ["iPad 9"], screen: (810, 1080),
            canvas: (146, 320.5, 320.5, 669), device: (124, 272, 272, 568), lock: (146, 58, 146)),
        iPad(
            "iPad mini (6th generation)", ["iPad mini"], screen: (744, 1133),
            canvas: (141, 305.5, 305.5, 634.5), device: (120, 260, 260, 540), lock: (133, 53.5, 133)),
        Device(
            name: "Apple Vision Pro", aliases: ["Vision Pro"], platform: .visionOS, osVersion: 26, screen: Size(0, 0), scale: 2,
            familySizes: [
                .systemSmall: Size(158, 158), .systemMedium: Size(338, 158), .systemLarge: Size(338, 354),
                .systemExtraLarge: Size(450, 338), .systemExtraLargePortrait: Size(338, 450),
            ]),
        watch("Apple Watch 46mm", ["Apple Watch Series 11 46mm", "Apple Watch 45mm"], rectangular: Size(184, 80.5), circular: 50),
        watch("Apple Watch 42mm", ["Apple Watch Series 11 42mm", "Apple Watch 41mm"], rectangular: Size(165, 72.5), circular: 46),
        watch("Apple Watch Ultra 49mm", ["Apple Watch Ultra"], rectangular: Size(191, 81.5), circular: 52),
        // Mac desktop widgets. Apple publishes no Mac sizes (docs/WIDGETKIT-FACTS.md §1.6): these are
        // ESTIMATES (the large-iPhone sizes, extra large two mediums wide), at 2x for Retina Macs.
        Device(
            name: "Mac", aliases: ["MacBook Pro", "MacBook Air", "iMac", "Mac desktop"], platform: .macOS, osVersion: 26,
            screen: Size(1512, 982), scale: 2,
            familySizes: [
                .systemSmall: Size(170, 170), .systemMedium: Size(364, 170), .systemLarge: Size(364, 382),
                .systemExtraLarge: Size(748, 382),
            ]),
    ]

    /// An Apple Watch: the Smart Stack's accessoryRectangular from the HIG (§1.5); the complication
    /// families on faces (circular, corner, inline) are ESTIMATES — Apple publishes no sizes.
    private static func watch(_ name: String, _ aliases: [String], rectangular: Size, circular: Double) -> Device {
        Device(
            name: name, aliases: aliases, platform: .watchOS, osVersion: 26, screen: Size(0, 0), scale: 2, familySizes: [:],
            lockScreenSizes: [
                .accessoryRectangular: rectangular, .accessoryCircular: Size(circular, circular),
                .accessoryCorner: Size(circular, circular), .accessoryInline: Size(rectangular.width, 20),
            ])
    }
}
