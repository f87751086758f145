import Foundation
// `widgetctl merge`: the outputs of `render --shard I/N` runs (one per CI job) become one render
// folder: one manifest, contact sheet and gallery per widget. Shards of different specs or options
// (device, scale, format, shard count) are refused, as are two shards that disagree on a variant.
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

public enum Merger {
    public struct Result {
        public var kinds: [String]
        public var variants: Int
    }

    /// The bytes of a shard's image after checking them against the manifest entry: the file is a
    /// regular file of the manifest's format, decodes, has the listed pixel size and SHA-256.
    static func verifiedImage(_ v: ManifestFile.Entry, in dir: URL, format: String) throws -> [UInt8] {
        let src = dir.appendingPathComponent(v.file)
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(src, maxBytes: BoundedFile.maxImageBytes) } catch FileReadError.missing {
            throw BatchError.write(path: src.path, reason: "listed in the manifest but missing")
        } catch { throw BatchError.write(path: src.path, reason: "\(error)") }
        let expected: ImageCodec.Format = format == "png" ? .png : .jpeg
        guard ImageCodec.format(of: bytes) == expected else {
            throw BatchError.write(path: src.path, reason: "is not a \(format.uppercased()) file, as the manifest says")
        }
        guard SHA256.hex(bytes) == v.sha256.lowercased() else {
            throw BatchError.write(path: src.path, reason: "its SHA-256 differs from the manifest's (changed after rendering?)")
        }
        let size: (width: Int, height: Int)
        do { size = expected == .png ? try PNGCodec.size(of: bytes) : try JPEGCodec.size(of: bytes) } catch {
            throw BatchError.write(path: src.path, reason: "\(error)")
        }
        guard size.width == v.width, size.height == v.height else {
            throw BatchError.write(path: src.path, reason: "is \(size.width)×\(size.height), the manifest says \(v.width)×\(v.height)")
        }
        return bytes
    }

    public static func merge(_ inputs: [URL], into out: URL, library: FontLibrary = .shared, flush: Bool = false) throws -> Result {
        var byKind: [String: [(dir: URL, manifest: ManifestFile)]] = [:]
        for input in inputs {
            let kinds = ManifestFile.kinds(in: input)
            if kinds.isEmpty { throw BatchError.write(path: input.path, reason: "not a render folder (no <kind>/manifest.json inside)") }
            for k in kinds { byKind[k.lastPathComponent, default: []].append((k, try ManifestFile.read(k))) }
        }
        var total = 0
        for (kind, parts) in byKind.sorted(by: { $0.key < $1.key }) {
            let first = parts[0].manifest
            for p in parts.dropFirst() {
                let m = p.manifest
                if m.spec != first.spec || m.deviceName != first.deviceName || m.scale != first.scale || m.format != first.format {
                    throw BatchError.write(
                        path: p.dir.path,
                        reason:
                            "refusing to merge: \(kind) was rendered from a different spec or with different options (spec, device, scale or format differ from \(parts[0].dir.path))"
                    )
                }
                let counts = Set(parts.compactMap { $0.manifest.shard?.split(separator: "/").last.map(String.init) })
                if counts.count > 1 {
                    throw BatchError.write(
                        path: p.dir.path,
                        reason: "refusing to merge shards of different splits (\(counts.sorted().joined(separator: ", ")))")
                }
            }
            let shardIDs = parts.compactMap(\.manifest.shard)
            if Set(shardIDs).count != shardIDs.count {
                throw BatchError.write(path: out.path, reason: "\(kind): the same shard is given twice")
            }
            var variants: [String: (ManifestFile.Entry, URL)] = [:]
            for p in parts {
                for v in p.manifest.variants {
                    if let existing = variants[v.key], existing.0.sha256 != v.sha256 {
                        throw BatchError.write(path: p.dir.path, reason: "\(kind) \(v.key) differs between shards")
                    }
                    variants[v.key] = (v, p.dir)
                }
            }
            let dest = out.appendingPathComponent(kind)
            // The whole render's order when every shard recorded it (the same files, manifest,
            // gallery and sheet as one run); otherwise by family, appearance and entry.
            let indexed = variants.values.allSatisfy { $0.0.index != nil }
            let ordered = variants.values.sorted { a, b in
                indexed ? (a.0.index!, a.0.key) < (b.0.index!, b.0.key) : order(a.0) < order(b.0)
            }
            // Every image is checked against its manifest entry before anything is written, so a
            // refused merge leaves nothing behind.
            // The contact sheet shows the standard settings first, at most ContactSheet.maxCells
            // thumbnails (as a batch's own sheet does), so memory stays bounded.
            var cells: [(Variant, Pixmap)] = []
            // Standard settings first, then each setting in the order it first occurs (as a batch does).
            var settingRank: [String: Int] = [:]
            for (v, _) in ordered where !v.settings.isEmpty && settingRank[v.settings] == nil {
                settingRank[v.settings] = settingRank.count
            }
            let sheetOrder = ordered.enumerated().sorted { a, b in
                let ka = a.element.0.settings.isEmpty ? -1 : settingRank[a.element.0.settings] ?? 0
                let kb = b.element.0.settings.isEmpty ? -1 : settingRank[b.element.0.settings] ?? 0
                return ka != kb ? ka < kb : a.offset < b.offset
            }.map(\.element)
            let onSheet = Set(sheetOrder.prefix(ContactSheet.maxCells).map { "\($0.1.path)|\($0.0.key)" })
            for (v, dir) in sheetOrder {
                let bytes = try verifiedImage(v, in: dir, format: first.format)
                if onSheet.contains("\(dir.path)|\(v.key)"), let fam = WidgetFamily(rawValue: v.family),
                    let app = Appearance(rawValue: v.appearance),
                    let settings = ViewerSettings(tag: v.settings)
                {
                    cells.append(
                        (
                            Variant(entry: v.entry, family: fam, appearance: app, settings: settings),
                            ContactSheet.thumbnail(try ImageCodec.decode(bytes), scale: first.scale)
                        ))
                }
            }
            for (v, dir) in ordered {
                let src = dir.appendingPathComponent(v.file)
                if src.standardizedFileURL != dest.appendingPathComponent(v.file).standardizedFileURL {
                    try writeAtomically(
                        try verifiedImage(v, in: dir, format: first.format), to: dest.appendingPathComponent(v.file), root: out,
                        flush: flush)
                }
            }
            // The manifest: the first shard's, with every shard's variants and no shard mark.
            var root = (first.raw.plain as? [String: Any]) ?? [:]
            root.removeValue(forKey: "shard")
            var allVariants: [[String: Any]] = []
            var seen = Set<String>()
            var skipped: [[String: Any]] = []
            var seenSkipped = Set<String>()
            for p in parts {
                let plain = (p.manifest.raw.plain as? [String: Any]) ?? [:]
                for v in (plain["variants"] as? [[String: Any]]) ?? [] {
                    let key =
                        "\(v["family"] ?? "")/\(v["appearance"] ?? "")/\(v["settings"] ?? "")/e\(v["entry"].map { "\(Int(($0 as? Double) ?? 0))" } ?? "0")"
                    if seen.insert(key).inserted { allVariants.append(v) }
                }
                for s in (plain["skipped"] as? [[String: Any]]) ?? [] {
                    let key = ["family", "appearance", "settings", "entry", "reason", "excluded"].map { "\(s[$0] ?? "")" }.joined(
                        separator: "|")
                    if seenSkipped.insert(key).inserted { skipped.append(s) }
                }
            }
            root["variants"] = allVariants.sorted { a, b in
                if indexed, let ia = a["index"] as? Int ?? (a["index"] as? Double).map(Int.init),
                    let ib = b["index"] as? Int ?? (b["index"] as? Double).map(Int.init)
                {
                    return ia < ib
                }
                return orderKey(a) < orderKey(b)
            }
            root["skipped"] = skipped
            try writeAtomically(
                Array(JSONText.pretty(root).utf8), to: dest.appendingPathComponent("manifest.json"), root: out, flush: flush)
            // As a single run: no sheet for a widget of one variant.
            if ordered.count >= ContactSheet.minimumVariants {
                let sheet = ContactSheet.render(
                    title: first.displayName, subtitle: "\(first.kind) · \(first.deviceName)",
                    cells: cells, total: ordered.count, library: library)
                try writeAtomically(
                    try PNGCodec.encode(sheet), to: dest.appendingPathComponent("contact-sheet.png"), root: out, flush: flush)
            }
            try writeAtomically(
                Array(Gallery.html(try ManifestFile.read(dest)).utf8), to: dest.appendingPathComponent("index.html"), root: out,
                flush: flush)
            total += ordered.count
        }
        return Result(kinds: byKind.keys.sorted(), variants: total)
    }

    static func order(_ v: ManifestFile.Entry) -> String {
        let f = WidgetFamily.allCases.firstIndex { $0.rawValue == v.family } ?? 99
        let a = Appearance.allCases.firstIndex { $0.rawValue == v.appearance } ?? 99
        return String(format: "%02d-%02d-%05d-", f, a, v.entry) + v.settings
    }

    static func orderKey(_ d: [String: Any]) -> String {
        let f = WidgetFamily.allCases.firstIndex { $0.rawValue == d["family"] as? String } ?? 99
        let a = Appearance.allCases.firstIndex { $0.rawValue == d["appearance"] as? String } ?? 99
        return String(format: "%02d-%05d-%02d-", f, Int((d["entry"] as? Double) ?? Double((d["entry"] as? Int) ?? 0)), a)
            + ((d["settings"] as? String) ?? "")
    }
}
