// widgetctl: a thin front end. It parses arguments, reads and writes files and reports; the
// work itself is done by WidgetModel and WidgetRaster, which Swift code can call directly.
import Foundation
import WidgetModel
import WidgetRaster

let exitCode = CLI.run(Array(CommandLine.arguments.dropFirst()))
exit(exitCode)
