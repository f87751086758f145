import Foundation
import Testing
import WidgetModel
import WidgetRaster
import WidgetSnapshotTesting
import WidgetTooling

/// The snapshot API under Swift Testing (the DSL's activity-rings widget from DSLTests.swift).
@Suite struct SnapshotAPITests {
    @Test func ringsWidgetMatchesItsSnapshots() {
        let n = assertWidgetSnapshots(
            of: ActivityRingsWidget.self, entries: [0], families: [.systemSmall],
            appearances: [.light, .tintedDark], scale: 1)
        #expect(n == 2)
    }

    @Test func aMismatchIsAnIssueWithItsArtifacts() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        // A wrong golden: a blank image of the right size.
        let golden = dir.appendingPathComponent("ActivityRingsWidget/systemSmall-light-e0.png")
        try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(PNGCodec.encode(Pixmap(width: 164, height: 164, color: .white)!)).write(to: golden)
        withKnownIssue {
            assertWidgetSnapshots(
                of: ActivityRingsWidget.self, entries: [0], families: [.systemSmall], appearances: [.light],
                scale: 1, snapshotDirectory: dir)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("pixels differ") && text.contains("diff.png") && text.contains("actual.png")
        }
    }
}
