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
    private var faces: [FontFace] = []
    private var scanned = false
    private let lock = NSLock()
    private var choiceCache: [FontSpecKey: FontFace] = [:]

    public init(directories: [String]) { self.directories = directories }

    /// Adds a folder of .ttf/.otf/.ttc files; its faces take part in matching from now on.
    public func addDirectory(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        directories.insert(path, at: 0)
        scanned = false
        faces = []
        choiceCache = [:]
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

    /// Every face found in the folders (loaded on first use).
    public var allFaces: [FontFace] {
        lock.lock()
        defer { lock.unlock() }
        scanIfNeeded()
        return faces
    }

    /// Budgets for scanning font folders (a folder of a million files is not read whole).
    static let maxFilesPerDirectory = 4_096
    static let maxFontFileBytes = 64 << 20
    static let maxFacesPerFile = 64

    private func scanIfNeeded() {
        guard !scanned else { return }
        scanned = true
        let fm = FileManager.default
        var found: [FontFace] = []
        for dir in directories {
            guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
            for name in names.sorted().prefix(FontLibrary.maxFilesPerDirectory)
            where [".ttf", ".otf", ".ttc"].contains(where: { name.lowercased().hasSuffix($0) }) {
                let path = (dir as NSString).appendingPathComponent(name)
                // Only regular files of a sane size: FreeType would block forever on a FIFO
                // named x.ttf, and read a multi-gigabyte sparse file whole.
                guard let size = BoundedFile.regularFileSize(path), size <= FontLibrary.maxFontFileBytes else { continue }
                let count = FontLibrary.withFreeType { lib -> Int in
                    var face: FT_Face?
                    guard FT_New_Face(lib, path, -1, &face) == 0, let face else { return 0 }
                    defer { FT_Done_Face(face) }
                    return min(Int(face.pointee.num_faces), FontLibrary.maxFacesPerFile)
                }
                for index in 0..<count {
                    if let face = try? FontLibrary.withFreeType({ lib in try FontFace(path: path, index: index, library: lib) }) {
                        found.append(face)
                    }
                }
            }
        }
        faces = found
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
        if let any = allFaces.first { return any }
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
        let candidates = faces.filter { $0.familyName == family }
        lock.unlock()
        guard !candidates.isEmpty else { return nil }
        let slanted = candidates.filter { $0.isItalic == italic }
        let pool = slanted.isEmpty ? candidates : slanted
        let best = pool.min { a, b in
            func cost(_ f: FontFace) -> Int {
                let d = f.weight - weight
                if d == 0 { return 0 }
                // Lighter requests prefer lighter faces, heavier requests heavier faces.
                let wrongSide = weight > 500 ? d < 0 : d > 0
                return abs(d) * 2 + (wrongSide ? 1 : 0)
            }
            return (cost(a), a.path, a.faceIndex) < (cost(b), b.path, b.faceIndex)
        }!
        lock.lock()
        choiceCache[key] = best
        lock.unlock()
        return best
    }
}
