// A widget's timeline: dated entries with their data, and the reload policy.
import Foundation

/// WidgetKit's `TimelineReloadPolicy`.
public enum TimelineReloadPolicy: Sendable, Equatable {
    case atEnd
    case after(Date)
    case never
}

/// One entry: its date, relevance, and the data its views read (`{{…}}` placeholders).
public struct TimelineEntryData: Sendable {
    public var date: Date
    public var relevance: Double?
    public var data: JSONNode
    /// Where the entry is in the spec, for messages.
    public var path: String
    /// Where the entry's date was written.
    public var dateAt: SourceRef

    public init(
        date: Date, relevance: Double? = nil, data: JSONNode = JSONNode(.object([])), path: String = "",
        dateAt: SourceRef = SourceRef()
    ) {
        self.date = date
        self.relevance = relevance
        self.data = data
        self.path = path
        self.dateAt = dateAt
    }
}

/// A timeline of entries.
public struct WidgetTimeline: Sendable {
    public var entries: [TimelineEntryData]
    public var policy: TimelineReloadPolicy
    /// Where the `after` date was written (policy `.after`).
    public var afterAt: SourceRef? = nil
    public init(entries: [TimelineEntryData], policy: TimelineReloadPolicy = .atEnd) {
        self.entries = entries
        self.policy = policy
    }
}
