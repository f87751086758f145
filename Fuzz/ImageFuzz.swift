// libFuzzer target: image decoding on the Swift side (format sniffing, the size limit, the
// too-large message, the copy into a Pixmap), then the decoded image drawn and encoded again.
// The C fuzzers stop at the shims; the PNG header overflow in the Swift error message was missed
// that way. Built by Fuzz/run.sh as one module with the library sources.
import Foundation
import WidgetModel

@_cdecl("LLVMFuzzerTestOneInput")
public func imageFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let pixmap = try ImageCodec.decode(bytes, maxPixels: 4 << 20)
        _ = "\(pixmap.width)x\(pixmap.height)"
        var canvas = Canvas(width: 64, height: 64)!
        canvas.drawImage(pixmap, in: Rect(x: 0, y: 0, width: 64, height: 64), mode: .fit, filter: .bilinear)
        _ = try PNGCodec.encode(canvas.pixmap)
    } catch {
        _ = "\(error)"  // every error must describe itself without trapping
    }
    _ = try? PNGCodec.size(of: bytes)
    _ = try? JPEGCodec.size(of: bytes)
    return 0
}
