import XCTest
import Foundation
import WidgetModel
@testable import WidgetRaster
final class E2ETmp: XCTestCase {
    func testWeather() throws {
        let spec = try WidgetSpec.load(contentsOf: URL(fileURLWithPath: "/work/main/Samples/weather.widget.json"))
        let r = SpecRenderer(spec: spec)
        for v in r.variants().render where v.entry == 0 {
            let out = try r.render(v)
            try Data(PNGCodec.encode(out.pixmap)).write(to: URL(fileURLWithPath: "/tmp/w-\(v.family.rawValue)-\(v.appearance.rawValue).png"))
            print(v, out.pixmap.width, out.pixmap.height, out.truncatedTexts.map(\.text), out.missingSymbols)
        }
    }
}
