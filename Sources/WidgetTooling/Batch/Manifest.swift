import Foundation
// manifest.json: every variant rendered (file, sizes, device, family, appearance, mode, entry,
// SHA-256) and every variant left out with the reason. Keys are sorted and no clock time is
// written, so the same run gives the same bytes.
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

public enum Manifest {
    public static func json(
        spec: WidgetSpec, device: Device, options: BatchOptions, files: [RenderedFile],
        skipped: [SkippedVariant]
    ) -> String {
        var root: [String: Any] = [
            "generator": "widgetctl \(widgetctlVersion)",
            "kind": spec.kind,
            "displayName": spec.displayName,
            "spec": spec.file,
            "device": [
                "name": device.name, "scale": options.scale ?? device.scale, "os": "\(device.platform.rawValue) \(device.osVersion)",
                "screen": [device.screen.width, device.screen.height],
            ] as [String: Any],
            "format": options.format.rawValue,
            "containerBackgroundRemovable": spec.containerBackgroundRemovable,
            "variants": files.map { f -> [String: Any] in
                var v: [String: Any] = [
                    "file": f.relativePath,
                    "family": f.variant.family.rawValue,
                    "appearance": f.variant.appearance.rawValue,
                    "renderingMode": f.variant.appearance.renderingMode.rawValue,
                    "colorScheme": f.variant.appearance.colorScheme.rawValue,
                    "entry": f.variant.entry,
                    "entryDate": SpecValues.formatDate(f.entryDate),
                    "pixelSize": [f.pixelWidth, f.pixelHeight],
                    "pointSize": [rounded(f.pointSize.width), rounded(f.pointSize.height)],
                    "scale": rounded(f.scale),
                    "bytes": f.bytes,
                    "sha256": f.sha256,
                    "index": f.index,
                ]
                settingsFields(f.variant.settings, into: &v)
                return v
            },
            "skipped": skipped.map { s -> [String: Any] in
                var v: [String: Any] = [
                    "family": s.variant.family.rawValue, "appearance": s.variant.appearance.rawValue, "entry": s.variant.entry,
                    "reason": s.reason, "excluded": s.excluded,
                ]
                settingsFields(s.variant.settings, into: &v)
                return v
            },
        ]
        if let shard = options.shard { root["shard"] = "\(shard.index)/\(shard.count)" }
        return JSONText.pretty(root)
    }

    /// What `ManifestFile.read` would give for the manifest `json` writes (for the gallery).
    static func file(
        spec: WidgetSpec, device: Device, options: BatchOptions, files: [RenderedFile], skipped: [SkippedVariant]
    ) -> ManifestFile {
        return ManifestFile(
            kind: spec.kind, displayName: spec.displayName, spec: spec.file, deviceName: device.name,
            scale: options.scale ?? device.scale, format: options.format.rawValue,
            shard: options.shard.map { "\($0.index)/\($0.count)" },
            variants: files.map { f in
                ManifestFile.Entry(
                    file: f.relativePath, family: f.variant.family.rawValue, appearance: f.variant.appearance.rawValue,
                    entry: f.variant.entry, entryDate: SpecValues.formatDate(f.entryDate), width: f.pixelWidth, height: f.pixelHeight,
                    sha256: f.sha256, settings: f.variant.settings.isStandard ? "" : f.variant.settings.tag, index: f.index)
            },
            skipped: skipped.map { s in
                ManifestFile.Skip(
                    family: s.variant.family.rawValue, appearance: s.variant.appearance.rawValue, entry: s.variant.entry,
                    reason: s.reason, excluded: s.excluded, settings: s.variant.settings.isStandard ? "" : s.variant.settings.tag)
            },
            raw: JSONNode(.null))
    }

    /// A variant's viewer settings, written only when they are not the standard ones (so a render
    /// without --dynamic-type, --locale or --accessibility writes the manifest it always did).
    static func settingsFields(_ s: ViewerSettings, into v: inout [String: Any]) {
        guard !s.isStandard else { return }
        v["settings"] = s.tag
        v["dynamicTypeSize"] = s.dynamicTypeSize.rawValue
        if let l = s.locale { v["locale"] = l }
        v["layoutDirection"] = s.layoutDirection.rawValue
        v["accessibilityReduceTransparency"] = s.reduceTransparency
        v["colorSchemeContrast"] = s.colorSchemeContrast.rawValue
    }

    static func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}
