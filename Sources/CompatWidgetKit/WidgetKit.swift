// `import WidgetKit` on Linux: widgetctl's SwiftUI-compatible DSL (WidgetModel) under the module name a
// widget file already imports, so the file compiles unchanged, module-qualified names such as
// `WidgetKit.Widget` included. Only for building widget code against widgetctl; never on Apple platforms,
// where the real framework is used.
@_exported import WidgetModel
