// What widget files bring along from SwiftUI's app side and from UIKit: view state property
// wrappers (a widget renders once, so state is its initial value), `@AppStorage` (read from
// UserDefaults, the default when absent), and the UIColor/UIImage bridges a widget file typically
// has, with `Color(uiColor:)` and `Image(uiImage:)`.
import Foundation

/// SwiftUI's `@State`: a widget is drawn once, so the value is the initial one.
@propertyWrapper
public struct State<Value> {
    private final class Box: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    private let box: Box
    public init(wrappedValue value: Value) { box = Box(value) }
    public init(initialValue value: Value) { box = Box(value) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    public var projectedValue: Binding<Value> { Binding(wrappedValue: box.value) }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

/// SwiftUI's `@AppStorage`: the value stored in UserDefaults under `key` (in `store`, or the
/// standard defaults), or the default. On Linux the app group's defaults are usually empty, so
/// widgets see their defaults unless a test writes the key first.
@propertyWrapper
public struct AppStorage<Value> {
    private let read: () -> Value
    public var wrappedValue: Value { read() }
    public var projectedValue: Binding<Value> { Binding(wrappedValue: read()) }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
        read = { ((store ?? .standard).object(forKey: key) as? Bool) ?? wrappedValue }
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
        read = { ((store ?? .standard).object(forKey: key) as? Int) ?? wrappedValue }
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {
        read = { ((store ?? .standard).object(forKey: key) as? Double) ?? wrappedValue }
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {
        read = { ((store ?? .standard).object(forKey: key) as? String) ?? wrappedValue }
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
        read = { ((store ?? .standard).object(forKey: key) as? Data) ?? wrappedValue }
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == String {
        read = { ((store ?? .standard).string(forKey: key)).flatMap(Value.init(rawValue:)) ?? wrappedValue }
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == Int {
        read = { ((store ?? .standard).object(forKey: key) as? Int).flatMap(Value.init(rawValue:)) ?? wrappedValue }
    }
    public init<Wrapped>(_ key: String, store: UserDefaults? = nil) where Value == Wrapped? {
        read = { (store ?? .standard).object(forKey: key) as? Wrapped }
    }
}

/// UIKit's `UIColor`, as widget files use it: system and named colours, components, and archiving
/// (it is an NSObject with secure coding, so `NSKeyedUnarchiver` accepts it).
open class UIColor: NSObject, NSSecureCoding, @unchecked Sendable {
    public let rgba: RGBA
    public init(rgba: RGBA) {
        self.rgba = rgba
        super.init()
    }
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(rgba: RGBA(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)))
    }
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(rgba: RGBA(red: Double(white), green: Double(white), blue: Double(white), alpha: Double(alpha)))
    }
    /// An asset catalog colour: widgetctl has no asset catalog, so the name resolves like
    /// `Color(_ name:)` (a system colour name, or nil).
    public convenience init?(named name: String) {
        guard let c = SystemColors.color(name, scheme: .light) else { return nil }
        self.init(rgba: c)
    }
    public static var supportsSecureCoding: Bool { true }
    public func encode(with coder: NSCoder) {
        coder.encode([rgba.red, rgba.green, rgba.blue, rgba.alpha] as NSArray, forKey: "rgba")
    }
    public required convenience init?(coder: NSCoder) {
        guard let v = coder.decodeObject(forKey: "rgba") as? [Double], v.count == 4, v.allSatisfy({ $0.isFinite }) else { return nil }
        self.init(rgba: RGBA(red: v[0], green: v[1], blue: v[2], alpha: v[3]))
    }
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(rgba: rgba.opacity(Double(alpha) / max(rgba.alpha, 1e-9))) }

    private static func system(_ name: String) -> UIColor {
        UIColor(rgba: SystemColors.color(name, scheme: .light) ?? RGBA(red: 0, green: 0, blue: 0, alpha: 1))
    }
    public static var black: UIColor { UIColor(rgba: RGBA(red: 0, green: 0, blue: 0, alpha: 1)) }
    public static var white: UIColor { UIColor(rgba: RGBA(red: 1, green: 1, blue: 1, alpha: 1)) }
    public static var clear: UIColor { UIColor(rgba: RGBA(red: 0, green: 0, blue: 0, alpha: 0)) }
    public static var gray: UIColor { UIColor(rgba: RGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)) }
    public static var darkGray: UIColor { UIColor(rgba: RGBA(red: 1 / 3, green: 1 / 3, blue: 1 / 3, alpha: 1)) }
    public static var lightGray: UIColor { UIColor(rgba: RGBA(red: 2 / 3, green: 2 / 3, blue: 2 / 3, alpha: 1)) }
    public static var red: UIColor { system("red") }
    public static var orange: UIColor { system("orange") }
    public static var yellow: UIColor { system("yellow") }
    public static var green: UIColor { system("green") }
    public static var blue: UIColor { system("blue") }
    public static var purple: UIColor { system("purple") }
    public static var systemRed: UIColor { system("red") }
    public static var systemOrange: UIColor { system("orange") }
    public static var systemYellow: UIColor { system("yellow") }
    public static var systemGreen: UIColor { system("green") }
    public static var systemBlue: UIColor { system("blue") }
    public static var systemPurple: UIColor { system("purple") }
    public static var systemPink: UIColor { system("pink") }
    public static var systemTeal: UIColor { system("teal") }
    public static var systemIndigo: UIColor { system("indigo") }
    public static var systemGray: UIColor { system("gray") }
    public static var label: UIColor { system("primary") }
    public static var secondaryLabel: UIColor { system("secondary") }
    public static var systemBackground: UIColor { system("background") }
    public static var secondarySystemBackground: UIColor { system("secondarySystemBackground") }
}

/// UIKit's `UIImage`: a decoded bitmap file (PNG or JPEG) or nothing.
open class UIImage: NSObject, @unchecked Sendable {
    let data: Data?
    let name: String?
    public init?(data: Data) {
        guard !data.isEmpty else { return nil }
        self.data = data
        name = nil
        super.init()
    }
    public convenience init?(contentsOfFile path: String) {
        guard let d = try? BoundedFile.read(URL(fileURLWithPath: path), maxBytes: 64 << 20) else { return nil }
        self.init(data: Data(d))
    }
    /// An asset catalog image: widgetctl has no asset catalog; the name is kept and the image
    /// draws like `Image(name)`.
    public init?(named name: String) {
        data = nil
        self.name = name
        super.init()
    }
    public init?(systemName name: String) {
        data = nil
        self.name = "system:" + name
        super.init()
    }
}

extension Color {
    public init(uiColor: UIColor) {
        self.init(red: uiColor.rgba.red, green: uiColor.rgba.green, blue: uiColor.rgba.blue, opacity: uiColor.rgba.alpha)
    }
    public init(_ uiColor: UIColor) { self.init(uiColor: uiColor) }
}

extension View {
    /// SwiftUI's safe-area modifiers: a widget has no safe area, so nothing changes.
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> Self { self }
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> Self { self }
}

/// SwiftUI's `SafeAreaRegions`.
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

extension View {
    /// SwiftUI's `disabled(_:)`: accepted (a widget's controls draw the same either way here).
    public func disabled(_ disabled: Bool) -> Self { self }

    /// SwiftUI's `containerRelativeFrame`: a frame that is a share of the nearest container — in a
    /// widget, its content area (the widget less its content margins). `count` equal parts with
    /// `spacing` between them, `span` of them wide.
    public func containerRelativeFrame(
        _ axes: Axis.Set, count: Int, span: Int = 1, spacing: CGFloat, alignment: Alignment = .center
    ) -> ModifiedContent<Self> {
        let n = Double(min(1000, max(1, count)))
        let k = Double(min(1000, max(1, span)))
        let gap = Double(spacing).isFinite ? max(0, Double(spacing)) : 0
        return containerRelativeFrame(axes, alignment: alignment) { length, _ in
            let part = max(0, (Double(length) - gap * (n - 1)) / n)
            return CGFloat(part * k + gap * (k - 1))
        }
    }
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> ModifiedContent<Self> {
        containerRelativeFrame(axes, alignment: alignment) { length, _ in length }
    }
    public func containerRelativeFrame(
        _ axes: Axis.Set, alignment: Alignment = .center, _ length: @escaping (CGFloat, Axis) -> CGFloat
    ) -> ModifiedContent<Self> {
        layout { c in
            let env = c.environment
            let m = env.widgetContentMargins
            let width = max(0, env.widgetSize.width - m.leading - m.trailing)
            let height = max(0, env.widgetSize.height - m.top - m.bottom)
            func clamp(_ v: CGFloat) -> Double { Double(v).isFinite ? min(10_000, max(0, Double(v))) : 0 }
            let w = axes.contains(.horizontal) ? clamp(length(CGFloat(width), .horizontal)) : nil
            let h = axes.contains(.vertical) ? clamp(length(CGFloat(height), .vertical)) : nil
            return [.frame(width: w, height: h, alignment: alignment)]
        }
    }
}

extension Image {
    /// SwiftUI's template rendering modes.
    public enum TemplateRenderingMode: Sendable { case template, original }
    /// Accepted: SF Symbols are always drawn as templates here, bitmaps as they are.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { self }
}

extension View {
    /// SwiftUI's `strikethrough(_:color:)` and `underline(_:color:)` on text (and, since iOS 16,
    /// on any view: the texts inside).
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> ModifiedContent<Self> {
        env { c in c.text.strikethrough = isActive ? .some(color?.resolve(c.environment.colorScheme)) : nil }
    }
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> ModifiedContent<Self> {
        env { c in c.text.underline = isActive ? .some(color?.resolve(c.environment.colorScheme)) : nil }
    }
}
