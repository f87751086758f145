// Finds the `#Preview`s of the running program: each left a record in the `widgetctl_previews`
// section (Sources/WidgetPreviewMacros), which the linker gathers into one array.
import CPreviewRecords
import Foundation
import WidgetModel

extension WidgetPreviews {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var found: [RegisteredPreview]?

    /// The magic number that starts every record ("WPRV").
    static let recordMagic: UInt32 = 0x5750_5256

    /// Every `#Preview` the program declares, as widgets of one family each, in source order (by
    /// file, then line). A preview's kind is its name, or "<file>:<line>" when it has none; a name
    /// used twice gets " 2", " 3"… A view preview renders in a small widget's frame.
    public static func declared() -> [WidgetDefinition] {
        let previews = lock.withLock {
            if let found { return found }
            let walked = walkRecords()
            found = walked
            return walked
        }
        var used: [String: Int] = [:]
        return previews.map { preview in
            let stem = (preview.file as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: "")
            var kind = preview.name ?? "\(stem):\(preview.line)"
            used[kind, default: 0] += 1
            if let n = used[kind], n > 1 { kind += " \(n)" }
            var definition = preview.make()
            definition.kind = kind
            definition.displayName = kind
            definition.supportedFamilies = [preview.family]
            return definition
        }
    }

    /// Runs every record's registration once and returns what registered, sorted by place.
    private static func walkRecords() -> [RegisteredPreview] {
        guard let start = widgetctl_preview_records_start(), let stop = widgetctl_preview_records_stop(), stop > start else { return [] }
        let stride = MemoryLayout<_WidgetPreviewRecord>.stride
        let count = (stop - start) / stride
        let records = start.assumingMemoryBound(to: _WidgetPreviewRecord.self)
        _ = PreviewRegistry.shared.take()
        for i in 0..<count where records[i].0 == recordMagic {
            records[i].2()
        }
        return PreviewRegistry.shared.take().enumerated()
            .sorted { ($0.element.file, $0.element.line, $0.offset) < ($1.element.file, $1.element.line, $1.offset) }
            .map(\.element)
    }
}
