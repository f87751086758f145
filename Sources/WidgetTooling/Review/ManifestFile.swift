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
        public var key: String { "\(family)/\(appearance)/e\(entry)" }
    }
    public struct Skip: Sendable {
        public var family: String, appearance: String, entry: Int, reason: String, excluded: Bool
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
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BatchError.write(path: url.path, reason: "no manifest.json (is this a widgetctl render folder?)")
        }
        let root: JSONNode
        do { root = try JSONParser.parse([UInt8](data)) } catch {
            throw BatchError.write(path: url.path, reason: "unreadable manifest: \(error)")
        }
        func str(_ n: JSONNode?, _ d: String = "") -> String { n?.string ?? d }
        let variants: [Entry] = (root["variants"]?.elements ?? []).map { v in
            let size = v["pixelSize"]?.elements?.compactMap(\.number) ?? [0, 0]
            return Entry(
                file: str(v["file"]), family: str(v["family"]), appearance: str(v["appearance"]),
                entry: Int(v["entry"]?.number ?? 0), entryDate: str(v["entryDate"]),
                width: Int(size.first ?? 0), height: Int(size.last ?? 0), sha256: str(v["sha256"]))
        }
        let skipped: [Skip] = (root["skipped"]?.elements ?? []).map { s in
            Skip(
                family: str(s["family"]), appearance: str(s["appearance"]), entry: Int(s["entry"]?.number ?? 0),
                reason: str(s["reason"]), excluded: s["excluded"]?.bool ?? false)
        }
        return ManifestFile(
            kind: str(root["kind"]), displayName: str(root["displayName"]), spec: str(root["spec"]),
            deviceName: str(root["device"]?["name"]), scale: root["device"]?["scale"]?.number ?? 0,
            format: str(root["format"], "png"), shard: root["shard"]?.string, variants: variants,
            skipped: skipped, raw: root)
    }

    /// The render folders (one per widget kind) under `dir`.
    public static func kinds(in dir: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.sorted().map { dir.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("manifest.json").path) }
    }
}
