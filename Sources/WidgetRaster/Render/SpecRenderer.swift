import Foundation
// A spec's variants and their rendering: which (entry, family, appearance) combinations exist
// on a device, which are skipped and why, and the image loader the resolver uses.
import RasterCore
import WidgetLayout
import WidgetModel

/// One variant of a widget.
public struct Variant: Hashable, Sendable, CustomStringConvertible {
    public var entry: Int
    public var family: WidgetFamily
    public var appearance: Appearance
    /// Text size, locale and accessibility settings (standard: Large, the widget's locale, none).
    public var settings: ViewerSettings
    public init(entry: Int, family: WidgetFamily, appearance: Appearance, settings: ViewerSettings = .standard) {
        self.entry = entry
        self.family = family
        self.appearance = appearance
        self.settings = settings
    }
    /// `<family>/<appearance>/e<N>`, or `<family>/<appearance>/<settings tag>/e<N>` when the settings
    /// are not the standard ones (the output path without extension).
    public var path: String {
        settings.isStandard
            ? "\(family.rawValue)/\(appearance.rawValue)/e\(entry)"
            : "\(family.rawValue)/\(appearance.rawValue)/\(settings.tag)/e\(entry)"
    }
    public var description: String {
        "\(family.rawValue) · \(appearance.rawValue)\(settings.isStandard ? "" : " · \(settings.tag)") · entry \(entry)"
    }
}

/// A variant that is not rendered, and why.
public struct SkippedVariant: Sendable {
    public var variant: Variant
    public var reason: String
    /// True when the system leaves the widget out of this context (not a choice of flags).
    public var excluded: Bool
}

/// Renders the variants of one spec.
public final class SpecRenderer: @unchecked Sendable {
    public let spec: WidgetSpec
    public let device: Device
    public let scale: Double?
    public let renderer: WidgetRenderer
    /// Permit asset paths outside the spec's folder.
    public var allowAbsoluteAssets = false
    /// Largest image an asset may decode to.
    public var maxImagePixels = 16 * 1024 * 1024
    private var images: [URL: ImageData] = [:]
    private let lock = NSLock()
    /// The home-screen and Lock Screen wallpaper behind glass and vibrancy (a generated one by default).
    public var wallpaper: Pixmap? = nil {
        didSet {
            lock.lock()
            screenWallpaper = nil
            backdrops = BackdropCache()
            lock.unlock()
        }
    }
    /// The tint of the Tinted appearances.
    public var tint: RGBA = GlassMaterial.defaultTint
    /// Accented colours (both white on iOS 26).
    public var accent = AccentColors.iOS26
    private var screenWallpaper: Pixmap? = nil
    /// Backdrops and the glass faces and materials made of them, shared across entries, settings
    /// and looks (cleared when `wallpaper` changes).
    public private(set) var backdrops = BackdropCache()

    /// A Swift (DSL) widget, when this renders one instead of a spec file.
    public let definition: WidgetDefinition?

    public init(spec: WidgetSpec, device: Device = DeviceCatalog.default, scale: Double? = nil, library: FontLibrary = .shared) {
        self.spec = spec
        self.device = device
        self.scale = scale
        definition = nil
        renderer = WidgetRenderer(library: library)
    }

    /// Renders a widget written with the SwiftUI-compatible DSL.
    public init(widget: WidgetDefinition, device: Device = DeviceCatalog.default, scale: Double? = nil, library: FontLibrary = .shared) {
        let size = device.layoutSize(of: widget.supportedFamilies.first ?? .systemSmall) ?? Size(164, 164)
        spec = widget.specStandIn(family: widget.supportedFamilies.first ?? .systemSmall, size: size)
        self.device = device
        self.scale = scale
        definition = widget
        renderer = WidgetRenderer(library: library)
    }

    /// Every variant for the chosen families, appearances and entries (nil: all), split into
    /// those to render and those skipped with a reason.
    public func variants(
        families: [WidgetFamily]? = nil, appearances: [Appearance] = [.light, .dark],
        entries: [Int]? = nil, settings: [ViewerSettings] = [.standard]
    ) -> (render: [Variant], skipped: [SkippedVariant]) {
        var render: [Variant] = []
        var skipped: [SkippedVariant] = []
        let fams = (families ?? spec.supportedFamilies).filter { spec.supportedFamilies.contains($0) }
        let ents = (entries ?? Array(spec.timeline.entries.indices)).filter { spec.timeline.entries.indices.contains($0) }
        for family in fams {
            for appearance in appearances {
                for setting in settings {
                    for e in ents {
                        let v = Variant(entry: e, family: family, appearance: appearance, settings: setting)
                        if device.size(of: family) == nil {
                            skipped.append(
                                SkippedVariant(variant: v, reason: "\(device.name) has no \(family.rawValue) widgets", excluded: false))
                        } else if !appearance.shows(family, on: device) {
                            skipped.append(
                                SkippedVariant(
                                    variant: v, reason: "\(family.rawValue) does not appear in \(appearance.rawValue) on \(device.name)",
                                    excluded: false))
                        } else if let style = [WidgetMountingStyle.elevated, .recessed].first(where: { $0.appearance == appearance }),
                            !spec.supportedMountingStyles.contains(style)
                        {
                            skipped.append(
                                SkippedVariant(
                                    variant: v,
                                    reason: "supportedMountingStyles does not include \(style.rawValue): visionOS does not offer it",
                                    excluded: true))
                        } else if device.platform == .macOS && setting.dynamicTypeSize != .large {
                            skipped.append(
                                SkippedVariant(
                                    variant: v, reason: "macOS text does not follow Dynamic Type (SwiftUI's dynamicTypeSize docs)",
                                    excluded: false))
                        } else if !spec.containerBackgroundRemovable && appearance.excludesNonRemovableBackground(on: device) {
                            skipped.append(
                                SkippedVariant(
                                    variant: v,
                                    reason: "containerBackgroundRemovable(false): the system leaves the widget out of \(appearance.title)",
                                    excluded: true))
                        } else {
                            render.append(v)
                        }
                    }
                }
            }
        }
        return (render, skipped)
    }

    /// The environment a variant sees.
    public func environment(for v: Variant) -> WidgetEnvironment {
        let size = device.layoutSize(of: v.family) ?? Size(0, 0)
        return WidgetEnvironment(
            family: v.family, appearance: v.appearance, size: size, displayScale: scale ?? device.scale,
            date: spec.timeline.entries[v.entry].date, removableBackground: spec.containerBackgroundRemovable,
            locale: spec.locale, timeZone: spec.timeZone, settings: v.settings)
    }

    /// Resolves a variant's view tree.
    public func resolve(_ v: Variant) throws -> ResolvedWidget {
        if let definition {
            let entries = definition.entries(for: v.family, size: device.layoutSize(of: v.family) ?? Size(0, 0))
            guard entries.indices.contains(v.entry) else {
                throw SpecError(
                    file: spec.file, path: "",
                    message: "the timeline for \(v.family.rawValue) has \(entries.count) entries, not \(v.entry + 1)")
            }
            return definition.resolve(entries[v.entry].view, date: entries[v.entry].date, environment: environment(for: v))
        }
        var resolver = SpecResolver(spec: spec) { [unowned self] ref in try self.loadImage(ref) }
        resolver.allowAbsoluteAssets = allowAbsoluteAssets
        return try resolver.resolve(entryIndex: v.entry, environment: environment(for: v))
    }

    /// Resolves and renders a variant (`layoutOnly`: lays it out without drawing, for checks).
    /// Looks whose environments differ only in `appearance` (clear and tinted glass, say) share
    /// one resolve and layout: the widget cannot tell them apart (`WidgetEnvironment`).
    /// - Throws: `SpecError` when the spec cannot be resolved for this entry.
    public func render(_ v: Variant, layoutOnly: Bool = false) throws -> RenderedWidget {
        let start = DispatchTime.now().uptimeNanoseconds
        let env = environment(for: v)
        let laid: LaidOutWidget
        var resolveTime = 0.0
        if shareLayouts, let shared = layouts.value(LayoutKey(entry: v.entry, environment: env)) {
            laid = shared
        } else {
            let widget = try resolve(v)
            resolveTime = secondsSince(start)
            guard let made = try renderer.layout(widget, device: device, scale: scale) else {
                throw SpecError(file: spec.file, path: "", message: "\(device.name) has no \(v.family.rawValue) frame")
            }
            laid = made
            if shareLayouts { layouts.insert(LayoutKey(entry: v.entry, environment: env), laid) }
        }
        let backdropStart = DispatchTime.now().uptimeNanoseconds
        let options = layoutOnly ? CompositeOptions() : compositeOptions(for: v)
        let backdropTime = secondsSince(backdropStart)
        var out = renderer.draw(laid, environment: env, device: device, options: options, layoutOnly: layoutOnly)
        out.timings.resolve = resolveTime
        out.timings.composite += backdropTime
        return out
    }

    /// Resolves and lays out a variant without drawing it, keeping the layout for the variants
    /// that share it (a batch does this for one variant per group before it writes anything, so
    /// a spec or layout error stops it first, and the render finds the layout made).
    /// - Throws: what `render` would throw for this variant before drawing.
    public func prepareLayout(_ v: Variant) throws {
        let env = environment(for: v)
        let key = LayoutKey(entry: v.entry, environment: env)
        if shareLayouts, layouts.value(key) != nil { return }
        let widget = try resolve(v)
        guard let laid = try renderer.layout(widget, device: device, scale: scale) else {
            throw SpecError(file: spec.file, path: "", message: "\(device.name) has no \(v.family.rawValue) frame")
        }
        if shareLayouts { layouts.insert(key, laid) }
    }

    /// Variants with equal groups resolve and lay out identically (the same entry, and
    /// environments that differ in the look's name alone): resolving one resolves them all.
    public func layoutGroup(of v: Variant) -> AnyHashable {
        AnyHashable(LayoutKey(entry: v.entry, environment: environment(for: v)))
    }

    /// Whether looks that a widget cannot tell apart share one layout (on; off for the test that
    /// compares both).
    public var shareLayouts = true
    /// A layout is shared by variants of one entry whose environments are equal once the look's
    /// name is set aside.
    struct LayoutKey: Hashable {
        var entry: Int
        var environment: WidgetEnvironment
        init(entry: Int, environment: WidgetEnvironment) {
            self.entry = entry
            var e = environment
            e.appearance = .light
            self.environment = e
        }
    }
    private let layouts = SharedLayouts()

    /// Glass, backdrop and tint for a variant's rendering mode.
    public func compositeOptions(for v: Variant) -> CompositeOptions {
        var o = CompositeOptions()
        o.accent = accent
        switch v.appearance {
        // The background is removed and the widget sits on the black screen or watch face.
        case .standBy, .carPlay, .watchFace, .watchFaceTinted: o.baseFill = .black
        // The Smart Stack's own dark material under a widget without a container background
        // (BG); its colour is an ESTIMATE (systemGray6, dark).
        case .smartStack: o.baseFill = RGBA(hex: "#1C1C1E")!
        case .visionElevated: o.finish = .vision(texture: spec.widgetTexture, mounting: .elevated)
        case .visionRecessed: o.finish = .vision(texture: spec.widgetTexture, mounting: .recessed)
        default: break
        }
        // Tinted watch faces: primary content white, the accent group in the face's colour (LG;
        // WRM), both at full strength (the iOS 26 dimming of the default group is an iOS observation).
        if v.appearance == .watchFaceTinted {
            o.accent = AccentColors(accent: tint, primary: .white, defaultGroupOpacity: 1)
            return o
        }
        let mode = v.appearance.renderingMode
        guard mode != .fullColor else { return o }
        let px = scale ?? device.scale
        o.glass = GlassMaterial.preset(for: v.appearance, tint: tint)?.adjusted(
            for: v.settings, dark: v.appearance.colorScheme == .dark)
        o.backdropMargin = SpecRenderer.backdropMargin(glass: o.glass, scale: px)
        // The backdrop and everything made of it are shared by the variants that use them.
        lock.lock()
        let backdrops = self.backdrops
        lock.unlock()
        o.cache = backdrops
        o.backdropKey = "\(v.family.rawValue)|\(o.backdropMargin)|\(px)"
        if HomeScreen.frame(of: v.family, on: device) != nil {
            o.backdrop = backdrops.pixmap(.init(backdrop: o.backdropKey!, kind: "backdrop", width: 0, height: 0)) {
                HomeScreen.backdrop(
                    screenWallpaper: backdropScreen(px, family: v.family, margin: o.backdropMargin), family: v.family, device: device,
                    scale: px, margin: o.backdropMargin) ?? Pixmap(width: 1, height: 1)!
            }
        }
        if v.appearance == .standByNight { o.vibrantTint = RGBA(hex: "#FF2D20")! }
        return o
    }

    /// Makes the wallpapers and backdrop crops `variants` will read (one variant per backdrop
    /// key), so that a batch can make them before its workers start: made here, at the top
    /// level, the wallpaper's bands run on every core; made by the first worker that needs them,
    /// the other workers wait for them and the bands run one after the other.
    public func prepareBackdrops(for variants: [Variant]) {
        var seen = Set<String>()
        for v in variants where SpecRenderer.readsBackdrop(v) {
            let key = "\(v.family.rawValue)|\(v.appearance.rawValue)|\(v.settings)"
            guard seen.insert(key).inserted else { continue }
            _ = compositeOptions(for: v)
        }
    }

    /// Whether a variant's look reads a backdrop (glass and vibrant looks; `compositeOptions`
    /// makes one for them): the others can render before any wallpaper is made.
    public static func readsBackdrop(_ v: Variant) -> Bool {
        v.appearance.renderingMode != .fullColor && v.appearance != .watchFaceTinted
    }

    /// Pixels of wallpaper around the widget that feed its glass: two standard deviations of the
    /// blur (the Gaussian weight beyond is 2%; the clamp covers it), plus four.
    public static func backdropMargin(glass: GlassMaterial?, scale px: Double) -> Int {
        let blur = (glass?.blur ?? 12) * px
        return Int((blur * 2).rounded(.up)) + 4
    }

    /// Drops the shared backdrops and glass faces (a batch calls it once every variant is drawn).
    public func releaseCaches() {
        lock.lock()
        backdrops = BackdropCache()
        lock.unlock()
    }

    /// The screen wallpaper a backdrop crop reads: the generated one drawn only down to the rows
    /// any widget frame's backdrop reaches (`HomeScreen.rowsRead`: the same pixels there, about
    /// half the drawing), or the whole screen when a crop would reach further or the wallpaper is
    /// the user's.
    func backdropScreen(_ px: Double, family: WidgetFamily, margin: Int) -> Pixmap {
        lock.lock()
        let own = wallpaper != nil
        lock.unlock()
        let rows = HomeScreen.rowsRead(device: device, scale: px)
        guard !own, let f = HomeScreen.frame(of: family, on: device), (f.maxY * px).isFinite,
            Int((f.maxY * px).rounded(.up)) + margin + 2 <= rows
        else { return screen(px) }
        let size = HomeScreen.screen(of: device)
        return GeneratedWallpapers.shared.wallpaper(
            .aurora, width: Int((size.width * px).rounded()), height: Int((size.height * px).rounded()), rows: rows)
    }

    /// Starts making, on another thread, the generated home-screen wallpaper that the glass and
    /// vibrant looks of `device` read (the one `backdropScreen` asks for), so that a process can
    /// make it while it reads its specs; a later request waits for it or finds it made.
    public static func prewarmWallpaper(device: Device, scale: Double?) {
        let px = scale ?? device.scale
        guard px.isFinite, WidgetRenderer.scaleRange.contains(px) else { return }
        let rows = HomeScreen.rowsRead(device: device, scale: px)
        let size = HomeScreen.screen(of: device)
        let w = (size.width * px).rounded()
        let h = (size.height * px).rounded()
        guard rows < Int.max, w >= 1, h >= 1, w <= Double(Pixmap.maxDimension), h <= Double(Pixmap.maxDimension) else { return }
        DispatchQueue.global().async {
            _ = GeneratedWallpapers.shared.wallpaper(.aurora, width: Int(w), height: Int(h), rows: rows)
        }
    }

    /// The wallpaper at the screen's pixel size, made once.
    public func screen(_ px: Double) -> Pixmap {
        lock.lock()
        defer { lock.unlock() }
        if let s = screenWallpaper { return s }
        let s: Pixmap
        if let wallpaper {
            s = HomeScreen.screenWallpaper(wallpaper, device: device, scale: px)
        } else {
            s = GeneratedWallpapers.shared.screen(device: device, scale: px)
        }
        screenWallpaper = s
        return s
    }

    /// Loads (once) an image the spec refers to.
    func loadImage(_ ref: ImageReference) throws -> ImageData {
        lock.lock()
        if let d = images[ref.url] {
            lock.unlock()
            return d
        }
        lock.unlock()
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(ref.url, maxBytes: BoundedFile.maxImageBytes) } catch {
            throw SpecError(file: spec.file, path: "", message: "cannot read image \(error)")
        }
        let pixmap = try ImageCodec.decode(bytes, maxPixels: maxImagePixels)
        let name = ref.url.deletingPathExtension().lastPathComponent
        let scale: Double = name.hasSuffix("@3x") ? 3 : (name.hasSuffix("@2x") ? 2 : 1)
        let data = ImageData(width: pixmap.width, height: pixmap.height, rgba: pixmap.straightRGBA(), scale: scale, name: name)
        lock.lock()
        images[ref.url] = data
        lock.unlock()
        return data
    }
}

/// Generated wallpapers, shared by every renderer and checker in the process: the default (aurora)
/// home screen per device and scale, and the bright/dark/busy ones `check` tries. Generating one
/// at 3x takes ~80 ms, which a batch of several widgets (or a test suite) would otherwise pay per
/// widget, serially. Pixmaps are values, so sharing is safe; the least recently made go first.
public final class GeneratedWallpapers: @unchecked Sendable {
    public static let shared = GeneratedWallpapers()
    private let lock = NSLock()
    private var made: [String: Pixmap] = [:]
    private var order: [String] = []
    /// At 3x a screen is about 12.6 MB; a handful of device × scale pairs is plenty.
    let capacity = 8

    private var makers: [String: NSLock] = [:]

    /// One maker per key, outside the shared lock: different wallpapers are made at once.
    private func cached(_ key: String, _ make: () -> Pixmap) -> Pixmap {
        lock.lock()
        if let p = made[key] {
            lock.unlock()
            return p
        }
        let keyLock = makers[key] ?? NSLock()
        makers[key] = keyLock
        lock.unlock()
        keyLock.lock()
        defer { keyLock.unlock() }
        lock.lock()
        if let p = made[key] {
            lock.unlock()
            return p
        }
        lock.unlock()
        let p = make()
        lock.lock()
        made[key] = p
        order.append(key)
        if order.count > capacity {
            let old = order.removeFirst()
            made[old] = nil
            makers[old] = nil
        }
        lock.unlock()
        return p
    }

    /// A generated wallpaper of `style`, `width`×`height` pixels (with `rows`, only its top
    /// `rows` rows drawn: `Wallpaper.generate`).
    public func wallpaper(_ style: Wallpaper.Style, width: Int, height: Int, rows: Int? = nil) -> Pixmap {
        cached("\(style.rawValue)|\(width)x\(height)|\(rows ?? height)") {
            Wallpaper.generate(style, width: width, height: height, rows: rows)
        }
    }

    /// The default home-screen wallpaper of `device` at `px` pixels per point, as the compositor
    /// samples it (HomeScreen.screenWallpaper of the aurora).
    public func screen(device: Device, scale px: Double) -> Pixmap {
        cached("screen|\(device.name)|\(px)") {
            let size = HomeScreen.screen(of: device)
            let base = Wallpaper.generate(.aurora, width: Int((size.width * px).rounded()), height: Int((size.height * px).rounded()))
            return HomeScreen.screenWallpaper(base, device: device, scale: px)
        }
    }
}

/// The layouts a renderer's variants share: a bounded map (the oldest entry goes first when it is
/// full, so a 10,000-variant batch keeps the last 64, never all of them: a group's looks are rendered together).
/// Thread-safe; two threads laying out the same key both compute it (the results are equal).
final class SharedLayouts: @unchecked Sendable {
    static let capacity = 64
    private var map: [SpecRenderer.LayoutKey: LaidOutWidget] = [:]
    private var order: [SpecRenderer.LayoutKey] = []
    private var head = 0
    private let lock = NSLock()

    func value(_ key: SpecRenderer.LayoutKey) -> LaidOutWidget? {
        lock.lock()
        defer { lock.unlock() }
        return map[key]
    }

    func insert(_ key: SpecRenderer.LayoutKey, _ value: LaidOutWidget) {
        lock.lock()
        defer { lock.unlock() }
        guard map[key] == nil else { return }
        if order.count < SharedLayouts.capacity {
            order.append(key)
        } else {
            map[order[head]] = nil
            order[head] = key
            head = (head + 1) % SharedLayouts.capacity
        }
        map[key] = value
    }
}
