// WidgetModel: the pure-Swift half of widgetctl. Geometry and colour today; the widget model,
// the spec decoder and the SwiftUI-compatible DSL build on them. No pixels and no C here.

// As SwiftUI does, the module brings Foundation (Date, URL, NSNumber …) to the files that import it.
@_exported import Foundation

/// The package version, shown by `widgetctl --version`.
public let widgetctlVersion = "0.1.0"
