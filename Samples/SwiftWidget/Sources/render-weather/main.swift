// A `widgetctl` for the Weather widget: every `render` option, and `check` with findings at the
// widget's Swift lines, e.g.
//   swift run render-weather --out renders --appearances all
//   swift run render-weather --verify goldens --families systemSmall
//   swift run render-weather check [--format sarif --output check.sarif]
import Foundation
import WeatherWidget
import WidgetCLI

let arguments = Array(CommandLine.arguments.dropFirst())
if let first = arguments.first, ["check", "render", "help", "--help", "-h"].contains(first) {
    exit(WidgetCommandLine.run(arguments, widgets: [WeatherWidget.definition]))
}
exit(WidgetCommandLine.render([WeatherWidget.definition], arguments: arguments))
