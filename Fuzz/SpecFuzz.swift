// libFuzzer target: spec decoding (JSON parser, schema validation, limits, did-you-mean).
// Built by Fuzz/run.sh together with the WidgetModel sources; see `make fuzz`.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func specFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let spec = try? WidgetSpec.decode(bytes, file: "fuzz.widget.json") {
        // A spec that decodes must also resolve (or fail with a SpecError) for every variant.
        let env = WidgetEnvironment(
            family: spec.supportedFamilies.first ?? .systemSmall, appearance: .light,
            size: Size(170, 170), displayScale: 1)
        let resolver = SpecResolver(spec: spec) { _ in throw NoImages() }
        for i in spec.timeline.entries.indices.prefix(3) { _ = try? resolver.resolve(entryIndex: i, environment: env) }
    }
    return 0
}
struct NoImages: Error {}
