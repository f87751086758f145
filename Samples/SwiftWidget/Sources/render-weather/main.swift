// Renders the Weather widget with every `widgetctl render` option, e.g.
//   swift run render-weather --out renders --appearances all
//   swift run render-weather --verify goldens --families systemSmall
import Foundation
import WeatherWidget
import WidgetCLI

exit(WidgetCommandLine.render([WeatherWidget.definition], arguments: Array(CommandLine.arguments.dropFirst())))
