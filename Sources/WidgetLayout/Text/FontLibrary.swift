import CFreeType
import Foundation
// Finding faces for a FontSpec. Inter (Debian fonts-inter) stands in for SF Pro — "Inter" for
// text sizes and "Inter Display" from 20 pt up, as SF Pro switches from Text to Display there —
// with DejaVu Sans as the per-character fallback for scripts Inter lacks (Arabic, Hebrew, …),
// DejaVu Sans Mono for `.monospaced` and DejaVu Serif for `.serif`. `.rounded` has no open
// equivalent installed and falls back to Inter. More folders can be added (`--font-dir`).
import RasterCore
import WidgetModel

public final class FontLibrary: @unchecked Sendable {
    /// The folders searched by default: Debian's Inter and DejaVu, plus WIDGETCTL_FONT_DIRS
    /// (colon-separated).
    public static var defaultDirectories: [String] {
        var dirs = [
            "/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/dejavu",
            "/usr/share/fonts/truetype/materialdesignicons-webfont",
        ]
        if let extra = ProcessInfo.processInfo.environment["WIDGETCTL_FONT_DIRS"] {
            dirs += extra.split(separator: ":").map(String.init)
        }
        return dirs
    }

    /// The library every render uses unless given another.
    public static let shared = FontLibrary(directories: FontLibrary.defaultDirectories)

    public private(set) var directories: [String]
    /// Every face found, as its names and style (`FaceInfo`); a face is loaded (`FontFace`) when
    /// matching first picks it.
    private var infos: [FaceInfo] = []
    private var loaded: [FaceKey: FontFace] = [:]
    private var scanned = false
    private let lock = NSLock()
    private var choiceCache: [FontSpecKey: FontFace] = [:]
    /// `firstFace(familyContaining:)`'s answers (a symbol asks for the icon face on every draw).
    private var containingCache: [String: FontFace?] = [:]
    /// Text layouts made with this library's faces (`TextLayoutEngine`'s memo): a layout is a
    /// function of the text, its options, the width and the faces found, so a kept one is what
    /// laying out again would give. A batch lays the same words out for every look (light, dark,
    /// glass) and a stack proposes the same width to a text more than once. Emptied with the
    /// faces (`addDirectory`) and whenever it holds `maxKeptLayouts`.
    private var keptLayouts: [TextLayoutKey: TextLayout] = [:]
    /// Counts `addDirectory` calls (what `keep` checks).
    private var generation = 0
    /// Bounds the memo's memory (a layout is a few hundred bytes to a few kilobytes).
    static let maxKeptLayouts = 2_048

    struct TextLayoutKey: Hashable {
        let text: String
        let options: TextOptions
        let maxWidth: Double?
    }

    struct FaceKey: Hashable {
        let path: String
        let index: Int
    }

    public init(directories: [String]) { self.directories = directories }

    /// Adds a folder of .ttf/.otf/.ttc files; its faces take part in matching from now on.
    public func addDirectory(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        directories.insert(path, at: 0)
        scanned = false
        infos = []
        loaded = [:]
        choiceCache = [:]
        containingCache = [:]
        keptLayouts = [:]
        generation += 1
    }

    /// The layout kept for `text` with `options` within `maxWidth`, if any.
    /// `generation` is the folders' generation to hand back to `keep`.
    func keptLayout(_ key: TextLayoutKey) -> (layout: TextLayout?, generation: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (keptLayouts[key], generation)
    }

    /// Keeps a layout made with this library's faces for `key` (not when the folders changed
    /// since `keptLayout` gave `generation`: it may have been made with the old faces).
    func keep(_ layout: TextLayout, for key: TextLayoutKey, generation made: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard made == generation else { return }
        if keptLayouts.count >= FontLibrary.maxKeptLayouts { keptLayouts.removeAll(keepingCapacity: true) }
        keptLayouts[key] = layout
    }

    // MARK: FreeType

    private static let ftLock = NSRecursiveLock()
    nonisolated(unsafe) private static var ftLibrary: FT_Library? = {
        var lib: FT_Library?
        FT_Init_FreeType(&lib)
        return lib
    }()

    /// Runs `body` holding the one FreeType lock.
    static func withFreeType<R>(_ body: (FT_Library) throws -> R) rethrows -> R {
        ftLock.lock()
        defer { ftLock.unlock() }
        return try body(ftLibrary!)
    }

    // MARK: Discovery

    /// Every face found in the folders, loaded (each file is opened with FreeType: matching
    /// itself loads only the faces it picks).
    public var allFaces: [FontFace] {
        lock.lock()
        scanIfNeeded()
        let all = infos
        lock.unlock()
        return all.compactMap { load($0) }
    }

    /// The first face, in folder order, whose family name satisfies `predicate` (loaded).
    public func firstFace(family predicate: (String) -> Bool) -> FontFace? {
        lock.lock()
        scanIfNeeded()
        let all = infos
        lock.unlock()
        for info in all where predicate(info.familyName) {
            if let f = load(info), predicate(f.familyName) { return f }
        }
        return nil
    }

    /// The first face whose family name contains `needle` (ignoring case), remembered until the
    /// folders change.
    public func firstFace(familyContaining needle: String) -> FontFace? {
        lock.lock()
        if let known = containingCache[needle] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let lowered = needle.lowercased()
        let face = firstFace { $0.lowercased().contains(lowered) }
        lock.lock()
        containingCache[needle] = face
        lock.unlock()
        return face
    }

    /// Budgets for scanning font folders (a folder of a million files is not read whole).
    static let maxFilesPerDirectory = 4_096
    static let maxFontFileBytes = 64 << 20
    static let maxFacesPerFile = 64

    /// The names and styles of every face in the folders: read from the tables directly
    /// (`FontNames`), or with FreeType for a file they cannot tell (collections, unusual name
    /// tables). Caller holds `lock`.
    private func scanIfNeeded() {
        guard !scanned else { return }
        scanned = true
        let fm = FileManager.default
        var found: [FaceInfo] = []
        for dir in directories {
            guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
            for name in names.sorted().prefix(FontLibrary.maxFilesPerDirectory)
            where [".ttf", ".otf", ".ttc"].contains(where: { name.lowercased().hasSuffix($0) }) {
                let path = (dir as NSString).appendingPathComponent(name)
                // Only regular files of a sane size: FreeType would block forever on a FIFO
                // named x.ttf, and read a multi-gigabyte sparse file whole.
                guard let size = BoundedFile.regularFileSize(path), size <= FontLibrary.maxFontFileBytes else { continue }
                if let info = FontNames.read(path: path) {
                    found.append(info)
                    continue
                }
                found += FontLibrary.freeTypeFaces(path).map { face in
                    loaded[FaceKey(path: face.path, index: face.faceIndex)] = face
                    return FontLibrary.info(of: face)
                }
            }
        }
        infos = found
    }

    /// Every face of a file, opened with FreeType.
    static func freeTypeFaces(_ path: String) -> [FontFace] {
        let count = FontLibrary.withFreeType { lib -> Int in
            var face: FT_Face?
            guard FT_New_Face(lib, path, -1, &face) == 0, let face else { return 0 }
            defer { FT_Done_Face(face) }
            return min(Int(face.pointee.num_faces), FontLibrary.maxFacesPerFile)
        }
        return (0..<count).compactMap { index in
            try? FontLibrary.withFreeType { lib in try FontFace(path: path, index: index, library: lib) }
        }
    }

    static func info(of f: FontFace) -> FaceInfo {
        FaceInfo(path: f.path, index: f.faceIndex, familyName: f.familyName, styleName: f.styleName, weight: f.weight, isItalic: f.isItalic)
    }

    /// The loaded face of `info`, or nil when FreeType cannot open it. A face whose FreeType
    /// names or style differ from what the scan read (which a test rules out for the installed
    /// fonts) replaces the scan's record, so later matching sees FreeType's values.
    private func load(_ info: FaceInfo) -> FontFace? {
        let key = FaceKey(path: info.path, index: info.index)
        lock.lock()
        if let f = loaded[key] {
            lock.unlock()
            return f
        }
        lock.unlock()
        let face = try? FontLibrary.withFreeType { lib in try FontFace(path: info.path, index: info.index, library: lib) }
        lock.lock()
        defer { lock.unlock() }
        if let f = loaded[key] { return f }  // another thread loaded it meanwhile
        guard let face else {
            infos.removeAll { $0 == info }
            return nil
        }
        loaded[key] = face
        let actual = FontLibrary.info(of: face)
        if actual != info, let i = infos.firstIndex(of: info) { infos[i] = actual }
        return face
    }

    // MARK: Matching

    struct FontSpecKey: Hashable {
        let family: String
        let weight: Int
        let italic: Bool
    }

    /// The families tried for a design, in order.
    static func families(for spec: FontSpec) -> [String] {
        switch spec.design {
        case .monospaced: return ["DejaVu Sans Mono", "Inter"]
        case .serif: return ["DejaVu Serif", "Inter"]
        case .default, .rounded:
            return spec.size >= 20 ? ["Inter Display", "Inter", "DejaVu Sans"] : ["Inter", "DejaVu Sans"]
        }
    }

    /// The primary face for `spec`.
    /// - Throws: `FontError.noFont` when no folder holds any usable face.
    public func face(for spec: FontSpec) throws -> FontFace {
        for family in FontLibrary.families(for: spec) {
            if let f = bestFace(family: family, weight: spec.weight.value, italic: spec.italic) { return f }
        }
        if let any = firstFace(family: { _ in true }) { return any }
        throw FontError.noFont(request: spec.description, searched: directories)
    }

    /// Faces to try, in order, for characters the primary face lacks.
    public func fallbacks(for spec: FontSpec) -> [FontFace] {
        var out: [FontFace] = []
        for family in ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"] {
            if let f = bestFace(family: family, weight: spec.weight.value, italic: spec.italic) { out.append(f) }
        }
        return out
    }

    /// The face of `family` closest to `weight` (CSS font matching, simplified): the requested
    /// slant first, then the nearest weight, preferring heavier faces for weights above 500 and
    /// lighter ones below.
    func bestFace(family: String, weight: Int, italic: Bool) -> FontFace? {
        let key = FontSpecKey(family: family, weight: weight, italic: italic)
        lock.lock()
        if let f = choiceCache[key] {
            lock.unlock()
            return f
        }
        scanIfNeeded()
        lock.unlock()
        // Chosen from the scanned records; the choice is then loaded. A face FreeType cannot open,
        // or whose loaded names differ, changes the records: choose again (each round removes or
        // corrects one record, so this ends).
        while true {
            lock.lock()
            let candidates = infos.filter { $0.familyName == family }
            lock.unlock()
            guard !candidates.isEmpty else { return nil }
            let slanted = candidates.filter { $0.isItalic == italic }
            let pool = slanted.isEmpty ? candidates : slanted
            let best = pool.min { a, b in
                func cost(_ f: FaceInfo) -> Int {
                    let d = f.weight - weight
                    if d == 0 { return 0 }
                    // Lighter requests prefer lighter faces, heavier requests heavier faces.
                    let wrongSide = weight > 500 ? d < 0 : d > 0
                    return abs(d) * 2 + (wrongSide ? 1 : 0)
                }
                return (cost(a), a.path, a.index) < (cost(b), b.path, b.index)
            }!
            guard let face = load(best), FontLibrary.info(of: face) == best else { continue }
            lock.lock()
            choiceCache[key] = face
            lock.unlock()
            return face
        }
    }
}
