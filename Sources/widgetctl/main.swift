// widgetctl: a thin front end. The commands live in the WidgetCLI library (so a Swift package can
// run `render` over its own DSL widgets); the work itself is done by WidgetModel and WidgetRaster.
import CAllocator
import Foundation
import WidgetCLI

callocator_keep_large_blocks()
exit(WidgetCommandLine.run(Array(CommandLine.arguments.dropFirst())))
