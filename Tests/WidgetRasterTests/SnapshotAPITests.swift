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

    /// Any view, not only a widget (issue 16): a row with a symbol and text, at its own size.
    @Test func aViewMatchesItsSnapshot() {
        let row = HStack {
            Image(systemName: "checkmark.circle.fill").foregroundStyle(.green)
            Text("Done")
            Spacer()
            Text("9:41").foregroundStyle(.secondary)
        }
        .padding()
        let size = assertViewSnapshot(of: row, named: "row", proposal: .width(300))
        #expect(size?.width == 300)
        #expect(abs((size?.height ?? 0) - (20.4 + 32)) < 0.5)
    }
}
