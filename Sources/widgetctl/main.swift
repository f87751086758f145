// widgetctl: a thin front end. The commands live in the WidgetCLI library (so a Swift package can
// run `render` over its own DSL widgets); the work itself is done by WidgetModel and WidgetRaster.
import Foundation
import WidgetCLI

exit(WidgetCommandLine.run(Array(CommandLine.arguments.dropFirst())))
