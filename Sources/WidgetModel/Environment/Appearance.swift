// The contexts a widget is drawn in (docs/WIDGETKIT-FACTS.md §2.1, §5.1, §7) and what each implies
// for the rendering mode, colour scheme and container background, on which platforms each exists,
// and how sure each rule is.

/// A home-screen appearance or other context (docs/WIDGETKIT-FACTS.md §2.1).
public enum Appearance: String, Sendable, Hashable, CaseIterable, Codable {
    case light, dark
    case clearLight, clearDark, tintedLight, tintedDark
    case lockScreen
    case standBy, standByNight
    /// CarPlay's widget screen (iOS 26): small widgets, background removed, full colour.
    case carPlay
    /// macOS 26 desktop widgets while an app window is in front: dimmed into the accented look.
    case desktopDimmed
    /// watchOS: the Smart Stack (full colour), a multicolour face, a tinted face (accented).
    case smartStack, watchFace, watchFaceTinted
    /// visionOS: a widget mounted on a surface (elevated) or set into a wall (recessed).
    case visionElevated, visionRecessed

    public var renderingMode: WidgetRenderingMode {
        switch self {
        case .light, .dark, .standBy, .carPlay, .smartStack, .watchFace, .visionElevated, .visionRecessed: return .fullColor
        case .clearLight, .clearDark, .tintedLight, .tintedDark, .desktopDimmed, .watchFaceTinted: return .accented
        case .lockScreen, .standByNight: return .vibrant
        }
    }

    public var colorScheme: ColorScheme {
        switch self {
        case .light, .clearLight, .tintedLight, .visionElevated, .visionRecessed: return .light
        case .dark, .clearDark, .tintedDark, .lockScreen, .standBy, .standByNight, .carPlay, .desktopDimmed, .smartStack, .watchFace,
            .watchFaceTinted:
            return .dark
        }
    }

    /// Whether the system shows the widget's container background (when it is removable). On the
    /// Smart Stack the container background replaces the stack's default dark material (BG); on
    /// visionOS the texture coats the widget, background included.
    public var showsContainerBackground: Bool {
        switch self {
        case .light, .dark, .smartStack, .visionElevated, .visionRecessed: return true
        default: return false
        }
    }

    /// Home-screen appearances (iOS 26's customisation sheet: Default, Dark, Clear, Tinted).
    public var isHomeScreen: Bool {
        switch self {
        case .light, .dark, .clearLight, .clearDark, .tintedLight, .tintedDark: return true
        default: return false
        }
    }

    /// The platforms that have this context.
    public var platforms: Set<Platform> {
        switch self {
        // The Mac desktop and Notification Center have the Default/Dark/Clear/Tinted looks (W25).
        case .light, .dark, .clearLight, .clearDark, .tintedLight, .tintedDark: return [.iOS, .iPadOS, .macOS]
        case .lockScreen: return [.iOS, .iPadOS]
        case .standBy, .standByNight, .carPlay: return [.iOS]
        case .desktopDimmed: return [.macOS]
        case .smartStack, .watchFace, .watchFaceTinted: return [.watchOS]
        case .visionElevated, .visionRecessed: return [.visionOS]
        }
    }

    /// The appearances a device has.
    public static func all(on device: Device) -> [Appearance] { allCases.filter { $0.platforms.contains(device.platform) } }

    /// The label the system shows for it (or a description where it shows none).
    public var title: String {
        switch self {
        case .light: return "Default"
        case .dark: return "Dark"
        case .clearLight: return "Clear (light)"
        case .clearDark: return "Clear (dark)"
        case .tintedLight: return "Tinted (light)"
        case .tintedDark: return "Tinted (dark)"
        case .lockScreen: return "Lock Screen"
        case .standBy: return "StandBy"
        case .standByNight: return "StandBy (night)"
        case .carPlay: return "CarPlay"
        case .desktopDimmed: return "Desktop (dimmed)"
        case .smartStack: return "Smart Stack"
        case .watchFace: return "Watch face"
        case .watchFaceTinted: return "Watch face (tinted)"
        case .visionElevated: return "Elevated"
        case .visionRecessed: return "Recessed"
        }
    }

    /// How sure the rules of this look are: "confirmed" when Apple's documentation states the
    /// rendering mode and what happens to the background, "estimated" otherwise, with what is
    /// estimated (docs/WIDGETKIT-FACTS.md §7).
    public var confidence: (confirmed: Bool, note: String) {
        switch self {
        case .light, .dark: return (true, "full colour with the container background (HIG)")
        case .clearLight, .clearDark, .tintedLight, .tintedDark:
            return (true, "accented, background replaced by glass (LG, W25); the glass's numbers are estimated")
        case .lockScreen: return (true, "vibrant, background removed (HIG, BG); luminance curve estimated")
        case .standBy: return (true, "full colour, background removed (HIG, PREP)")
        case .standByNight: return (true, "vibrant with a red tint (HIG); the red is estimated")
        case .carPlay: return (false, "full colour, background removed (HIG); size, black screen and exclusion rule estimated")
        case .desktopDimmed:
            return (false, "accented with white content and a dimmed glass (W25, a bug report); Apple's HIG table says vibrant")
        case .smartStack:
            return (true, "full colour; the container background replaces the dark material (BG); the material colour is estimated")
        case .watchFace: return (true, "full colour on multicolour faces (WRM); complication sizes estimated")
        case .watchFaceTinted: return (true, "accented: primary white, accent the face colour (LG, WRM); face colour is --tint")
        case .visionElevated, .visionRecessed:
            return (false, "full colour with the widget's texture (glass or paper, Apple); the look of the texture and mount is estimated")
        }
    }

    /// Whether `family` is shown in this context on `device` at all (accessory families only on the
    /// Lock Screen and the watch; StandBy and CarPlay show systemSmall only; the iPad Lock Screen
    /// also shows systemSmall; the Smart Stack shows accessoryRectangular).
    public func shows(_ family: WidgetFamily, on device: Device) -> Bool {
        guard platforms.contains(device.platform), device.size(of: family) != nil else { return false }
        switch self {
        case .lockScreen:
            return family.isAccessory || (family == .systemSmall && device.platform == .iPadOS)
        case .standBy, .standByNight, .carPlay:
            return family == .systemSmall
        case .smartStack:
            return family == .accessoryRectangular
        case .watchFace, .watchFaceTinted:
            return family.isAccessory
        default:
            return family.isSystem && device.familySizes[family] != nil
        }
    }

    /// Contexts that leave out widgets whose background is not removable (BG; PREP): StandBy and
    /// the iPad Lock Screen; CarPlay, which reuses StandBy's rendering, is assumed to (UNCONFIRMED).
    public func excludesNonRemovableBackground(on device: Device) -> Bool {
        switch self {
        case .standBy, .standByNight, .carPlay: return true
        case .lockScreen: return device.platform == .iPadOS
        default: return false
        }
    }
}
