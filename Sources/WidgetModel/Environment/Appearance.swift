// The contexts a widget is drawn in (docs/WIDGETKIT-FACTS.md §2.1, §5.1) and what each implies for
// the rendering mode, colour scheme and container background.

/// A home-screen appearance or other context (docs/WIDGETKIT-FACTS.md §2.1).
public enum Appearance: String, Sendable, Hashable, CaseIterable, Codable {
    case light, dark
    case clearLight, clearDark, tintedLight, tintedDark
    case lockScreen
    case standBy, standByNight

    public var renderingMode: WidgetRenderingMode {
        switch self {
        case .light, .dark, .standBy: return .fullColor
        case .clearLight, .clearDark, .tintedLight, .tintedDark: return .accented
        case .lockScreen, .standByNight: return .vibrant
        }
    }

    public var colorScheme: ColorScheme {
        switch self {
        case .light, .clearLight, .tintedLight: return .light
        case .dark, .clearDark, .tintedDark, .lockScreen, .standBy, .standByNight: return .dark
        }
    }

    /// Whether the system shows the widget's container background (when it is removable).
    public var showsContainerBackground: Bool { self == .light || self == .dark }

    /// Home-screen appearances (iOS 26's customisation sheet: Default, Dark, Clear, Tinted).
    public var isHomeScreen: Bool {
        switch self {
        case .lockScreen, .standBy, .standByNight: return false
        default: return true
        }
    }

    /// The label iOS 26 shows for it.
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
        }
    }

    /// Whether `family` is shown in this context at all (accessory families only on the Lock
    /// Screen; StandBy shows systemSmall only; the iPad Lock Screen also shows systemSmall).
    public func shows(_ family: WidgetFamily, on device: Device) -> Bool {
        switch self {
        case .lockScreen:
            return family.isAccessory || (family == .systemSmall && device.platform == .iPadOS)
        case .standBy, .standByNight:
            return family == .systemSmall && device.platform == .iOS
        default:
            return family.isSystem && device.familySizes[family] != nil
        }
    }

    /// Contexts that leave out widgets whose background is not removable (BG; PREP): StandBy and
    /// the iPad Lock Screen.
    public func excludesNonRemovableBackground(on device: Device) -> Bool {
        switch self {
        case .standBy, .standByNight: return true
        case .lockScreen: return device.platform == .iPadOS
        default: return false
        }
    }
}
