// libFuzzer target: JPEG decoding through the libjpeg shim (setjmp error manager, size limits).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func jpegFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let image = try? JPEGCodec.decode(bytes, maxPixels: 4_000_000) { _ = image.width * image.height }
    return 0
}
