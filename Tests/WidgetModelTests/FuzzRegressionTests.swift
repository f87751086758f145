import Foundation
import XCTest

@testable import WidgetModel

/// Inputs the fuzzers (Fuzz/, `make fuzz`) once crashed on, kept so they never do again.
/// FuzzRegressions/<target>/<name>: the raw input, as libFuzzer saved it.
final class FuzzRegressionTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions")

    func inputs(_ target: String) throws -> [(String, [UInt8])] {
        let dir = Self.root.appendingPathComponent(target)
        return try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted().map {
            ($0, [UInt8](try Data(contentsOf: dir.appendingPathComponent($0))))
        }
    }

    func points(_ p: Path) -> [Point] {
        p.elements.flatMap { e -> [Point] in
            switch e {
            case .move(let a), .line(let a): return [a]
            case .quad(let a, let b): return [a, b]
            case .cubic(let a, let b, let c): return [a, b, c]
            case .close: return []
            }
        }
    }

    func testSVGInputs() throws {
        let all = try inputs("svg")
        XCTAssertFalse(all.isEmpty)
        for (name, bytes) in all {
            // Either a clear error or a path whose every point is finite.
            if let path = try? Path(svgPathData: String(decoding: bytes, as: UTF8.self)) {
                XCTAssertTrue(points(path).allSatisfy { $0.x.isFinite && $0.y.isFinite }, name)
            }
        }
    }

    func testArcWithATinyRadiusIsALine() throws {
        // The shape of the first SVG fuzzer crash: rx² underflows to 0 and the centre became NaN.
        let path = try Path(svgPathData: "M0 0 A1.5e-250 20 30 1 0 40 50")
        XCTAssertEqual(path.elements, [.move(Point(0, 0)), .line(Point(40, 50))])
        XCTAssertThrowsError(try Path(svgPathData: "M0 0 L1e12 0"))
    }
}
