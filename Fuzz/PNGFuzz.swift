// libFuzzer target: PNG decoding through the libpng shim (size limits before allocation).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func pngFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let image = try? PNGCodec.decode(bytes, maxPixels: 4_000_000) { _ = image.width * image.height }
    return 0
}
