import Foundation
// Reading a render's manifest.json back (for the gallery, verify, diff and merge).
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

public struct ManifestFile: Sendable {
    public struct Entry: Sendable, Hashable {
        public var file: String
        public var family: String
        public var appearance: String
        public var entry: Int
        public var entryDate: String
        public var width: Int, height: Int
        public var sha256: String
        /// The viewer settings' tag ("" for the standard settings; see `ViewerSettings.tag`).
        public var settings: String = ""
        /// The variant's place in the whole (unsharded) render's order; nil in manifests written
        /// before it was recorded.
        public var index: Int? = nil
        public var key: String { settings.isEmpty ? "\(family)/\(appearance)/e\(entry)" : "\(family)/\(appearance)/\(settings)/e\(entry)" }
    }
    public struct Skip: Sendable {
        public var family: String, appearance: String, entry: Int, reason: String, excluded: Bool
        public var settings: String = ""
    }
    public var kind: String
    public var displayName: String
    public var spec: String
    public var deviceName: String
    public var scale: Double
    public var format: String
    public var shard: String?
    public var variants: [Entry]
    public var skipped: [Skip]
    /// The manifest's own text.
    public var raw: JSONNode

    /// Reads `<dir>/manifest.json`.
    public static func read(_ dir: URL) throws -> ManifestFile {
        let url = dir.appendingPathComponent("manifest.json")
        let data: [UInt8]
        do { data = try BoundedFile.read(url, maxBytes: BoundedFile.maxManifestBytes) } catch FileReadError.missing {
            throw BatchError.write(path: url.path, reason: "no manifest.json (is this a widgetctl render folder?)")
        } catch { throw BatchError.write(path: url.path, reason: "\(error)") }
        let root: JSONNode
        do { root = try JSONParser.parse(data) } catch {
            throw BatchError.badManifest(path: url.path, reason: "unreadable manifest: \(error)")
        }
        return try ManifestReader(url: url).manifest(root)
    }

    /// The render folders (one per widget kind) under `dir`.
    public static func kinds(in dir: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.sorted().map { dir.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("manifest.json").path) }
    }
}

/// Reads a manifest back as untrusted input: every name and number is checked as if it came from a
/// spec, so a hand-edited or hostile manifest can neither escape the render folder (a family of
/// "../..") nor trap (an entry of 1e300) nor inject markup into a page.
struct ManifestReader {
    let url: URL
    /// Most variants one manifest may list (the batch renderer's own limit).
    static let maxVariants = 100_000

    func fail(_ n: JSONNode, _ what: String) -> BatchError {
        BatchError.badManifest(
            path: url.path + (n.line > 0 ? ":\(n.line):\(n.column)" : ""), reason: "\(n.path.isEmpty ? "/" : n.path): \(what)")
    }

    func string(_ n: JSONNode?, in parent: JSONNode, _ key: String, maxLength: Int = 1_000) throws -> String {
        guard let n else { throw fail(parent, "missing \"\(key)\"") }
        guard let s = n.string, s.utf8.count <= maxLength else { throw fail(n, "expected a string of at most \(maxLength) bytes") }
        return s
    }

    func integer(_ n: JSONNode?, in parent: JSONNode, _ key: String, _ range: ClosedRange<Int>) throws -> Int {
        guard let n else { throw fail(parent, "missing \"\(key)\"") }
        guard let v = n.number, v.isFinite, v == v.rounded(), v >= Double(range.lowerBound), v <= Double(range.upperBound) else {
            throw fail(n, "expected a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return Int(v)
    }

    func family(_ n: JSONNode?, in parent: JSONNode) throws -> String {
        let s = try string(n, in: parent, "family", maxLength: 64)
        guard WidgetFamily(rawValue: s) != nil else { throw fail(n!, "unknown family \"\(s)\"") }
        return s
    }

    func appearance(_ n: JSONNode?, in parent: JSONNode) throws -> String {
        let s = try string(n, in: parent, "appearance", maxLength: 64)
        guard Appearance(rawValue: s) != nil else { throw fail(n!, "unknown appearance \"\(s)\"") }
        return s
    }

    /// The optional viewer-settings tag of a variant ("" when absent).
    func settings(_ n: JSONNode?) throws -> String {
        guard let n else { return "" }
        guard let s = n.string, s.utf8.count <= 128, ViewerSettings(tag: s) != nil else {
            throw fail(n, "expected a settings tag such as \"accessibility3+ar\"")
        }
        return s
    }

    /// A relative file path inside the render folder: safe names only, no "..", no absolute path.
    func file(_ n: JSONNode?, in parent: JSONNode) throws -> String {
        let s = try string(n, in: parent, "file", maxLength: 512)
        let parts = s.split(separator: "/", omittingEmptySubsequences: false)
        guard !s.hasPrefix("/"), parts.count <= 8,
            parts.allSatisfy({ part in
                // Settings folders join their parts with "+" ("accessibility3+ar").
                let plain = part.replacingOccurrences(of: "+", with: "_")
                return !part.isEmpty && part != "." && part != ".." && BatchRenderer.safeName(plain) == plain
            }),
            s.hasSuffix(".png") || s.hasSuffix(".jpg")
        else { throw fail(n!, "\"\(s.prefix(80))\" is not a file path inside the render folder") }
        return s
    }

    func manifest(_ root: JSONNode) throws -> ManifestFile {
        guard root.members != nil else { throw fail(root, "expected a manifest object") }
        let items = root["variants"]?.elements ?? []
        if items.count > ManifestReader.maxVariants {
            throw fail(root["variants"]!, "\(items.count) variants, over the limit of \(ManifestReader.maxVariants)")
        }
        let variants: [ManifestFile.Entry] = try items.map { v in
            guard v.members != nil else { throw fail(v, "expected a variant object") }
            guard let size = v["pixelSize"]?.elements, size.count == 2 else {
                throw fail(v["pixelSize"] ?? v, "expected \"pixelSize\": [width, height]")
            }
            let sha = try string(v["sha256"], in: v, "sha256", maxLength: 64)
            guard sha.count == 64, sha.allSatisfy({ $0.isHexDigit && $0.isASCII }) else {
                throw fail(v["sha256"]!, "expected 64 hexadecimal digits")
            }
            return ManifestFile.Entry(
                file: try file(v["file"], in: v), family: try family(v["family"], in: v),
                appearance: try appearance(v["appearance"], in: v),
                entry: try integer(v["entry"], in: v, "entry", 0...1_000_000),
                entryDate: try string(v["entryDate"], in: v, "entryDate", maxLength: 64),
                width: try integer(size[0], in: v, "pixelSize", 1...Pixmap.maxDimension),
                height: try integer(size[1], in: v, "pixelSize", 1...Pixmap.maxDimension), sha256: sha,
                settings: try settings(v["settings"]),
                index: v["index"] == nil ? nil : try integer(v["index"], in: v, "index", 0...10_000_000))
        }
        let skippedItems = root["skipped"]?.elements ?? []
        if skippedItems.count > ManifestReader.maxVariants { throw fail(root["skipped"]!, "too many skipped variants") }
        let skipped: [ManifestFile.Skip] = try skippedItems.map { s in
            ManifestFile.Skip(
                family: try family(s["family"], in: s), appearance: try appearance(s["appearance"], in: s),
                entry: try integer(s["entry"], in: s, "entry", 0...1_000_000), reason: try string(s["reason"], in: s, "reason"),
                excluded: s["excluded"]?.bool ?? false, settings: try settings(s["settings"]))
        }
        let scale = root["device"]?["scale"]?.number ?? 0
        guard scale.isFinite, (0...10).contains(scale) else { throw fail(root["device"]?["scale"] ?? root, "expected a scale in 0...10") }
        let format = root["format"].map { $0.string ?? "" } ?? "png"
        guard ["png", "jpeg", "jpg"].contains(format) else { throw fail(root["format"]!, "expected \"png\" or \"jpeg\"") }
        func optional(_ key: String) throws -> String { try root[key].map { try string($0, in: root, key) } ?? "" }
        return ManifestFile(
            kind: try optional("kind"), displayName: try optional("displayName"), spec: try optional("spec"),
            deviceName: try root["device"]?["name"].map { try string($0, in: root, "name", maxLength: 200) } ?? "", scale: scale,
            format: format, shard: try root["shard"].map { try string($0, in: root, "shard", maxLength: 32) }, variants: variants,
            skipped: skipped, raw: root)
    }
}
