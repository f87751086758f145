// libFuzzer target: SVG path data, then flattening of whatever parsed.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func svgFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let path = try? Path(svgPathData: text, maxCommands: 10_000) {
        _ = path.elements.count
    }
    return 0
}
