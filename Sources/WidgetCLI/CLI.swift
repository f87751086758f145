import Foundation
import WidgetModel
import WidgetRaster
import WidgetTooling

/// A problem with the command line or its input: exit 2 with the message.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// The `widgetctl` command line as a library: the `widgetctl` executable is `exit(WidgetCommandLine.run(...))`,
/// and a Swift package that writes its widgets with the DSL gets the same `render` options for them.
public enum WidgetCommandLine {
    /// Runs a `widgetctl` command line (without the program name); returns the exit code
    /// (0 success, 1 differences or findings, 2 bad usage or input, 128 + signal when interrupted: 130 SIGINT, 143 SIGTERM).
    public static func run(_ arguments: [String]) -> Int32 { CLI.run(arguments) }

    /// Runs a `widgetctl` command line over Swift widgets (and any spec files among the
    /// arguments): `render`, `check` and `preview` take the widgets as if they were specs, so a package's
    /// executable is a `widgetctl` for its own widgets, e.g.
    /// `exit(WidgetCommandLine.run(Array(CommandLine.arguments.dropFirst()), widgets: MyBundle().widgets))`.
    /// Check findings on Swift widgets point at the Swift lines the views were written on.
    public static func run(_ arguments: [String], widgets: [WidgetDefinition]) -> Int32 { CLI.run(arguments, widgets: widgets) }

    /// Where the message of a failed command goes instead of stderr (for tests and hosts), e.g.
    /// `WidgetCommandLine.$errorSink.withValue({ messages.append($0) }) { WidgetCommandLine.run(args) }`.
    @TaskLocal public static var errorSink: (@Sendable (String) -> Void)? = nil

    /// Runs `widgetctl render` over Swift widgets (and any spec files among `arguments`), with every
    /// `render` option: `WidgetCommandLine.render([MyWidget.definition], arguments: ["--appearances", "all"])`.
    public static func render(_ widgets: [WidgetDefinition], arguments: [String]) -> Int32 {
        CLI.guarded { try RenderCommand.run(arguments, widgets: widgets) }
    }
}

enum CLI {
    static let overview = """
        OVERVIEW: Render Apple widgets headless, the way iOS/macOS 26 draw them.

        USAGE: widgetctl <subcommand> [options]

        SUBCOMMANDS:
          render      Render every entry × family × appearance of widget specs (PNG/JPEG, manifest,
                      contact sheet).
          check       Check specs for what breaks without their background (text, JSON, SARIF).
          diff        Compare two render folders (diff images, report.html, junit.xml).
          merge       Combine 'render --shard I/N' outputs into one render folder.
          preview     Show a widget on a home-screen mock in Default, Dark, Clear and Tinted looks.
          serve       Live preview: serve the galleries on localhost, re-render on save, pages reload.
          devices     List the devices and their widget sizes.
          families    List the widget families and their sizes on the default device.
          appearances List the appearances and their rendering modes.
          symbols     List the SF Symbol names that have a stand-in (or check names: symbols NAME…).
          schema      Print the JSON Schema of the spec format (for editors: completion, inline errors).
          demo        Render the raster-core demo sheets (shapes, strokes, gradients, blur, text).

        OPTIONS:
          --version   Show the version.
          -h, --help  Show help information.

          See 'widgetctl help <subcommand>' for detailed help.
        """

    static func run(_ args: [String], widgets: [WidgetDefinition] = []) -> Int32 {
        guarded {
            guard let first = args.first else {
                // No subcommand is a usage error: the overview goes to stderr and the exit code
                // tells a script that nothing was done.
                if let sink = WidgetCommandLine.errorSink {
                    sink(overview)
                } else {
                    FileHandle.standardError.write(Data((overview + "\n").utf8))
                }
                return 2
            }
            switch first {
            case "-h", "--help", "help":
                if args.count > 1, let help = helpText(for: args[1]) { print(help) } else { print(overview) }
                return 0
            case "--version":
                print("widgetctl \(widgetctlVersion)")
                return 0
            case "demo": return try DemoCommand.run(Array(args.dropFirst()))
            case "render": return try RenderCommand.run(Array(args.dropFirst()), widgets: widgets)
            case "preview": return try PreviewCommand.run(Array(args.dropFirst()), widgets: widgets)
            case "check": return try CheckCommand.run(Array(args.dropFirst()), widgets: widgets)
            case "diff": return try DiffCommand.run(Array(args.dropFirst()))
            case "merge": return try MergeCommand.run(Array(args.dropFirst()))
            case "serve": return try ServeCommand.run(Array(args.dropFirst()))
            case "devices": return TablesCommand.devices()
            case "families": return TablesCommand.families()
            case "appearances": return TablesCommand.appearances()
            case "symbols": return TablesCommand.symbols(Array(args.dropFirst()))
            case "schema":
                // The JSON Schema of the spec format, for editors (see docs/SPEC.md).
                print(SpecSchema.jsonSchema(), terminator: "")
                return 0
            default:
                let commands = [
                    "render", "check", "diff", "merge", "preview", "serve", "devices", "families", "appearances", "symbols", "schema",
                    "demo", "help",
                ]
                throw UsageError(
                    "unknown subcommand '\(first)'\(DidYouMeanCLI.hint(first, among: commands)). Run 'widgetctl --help' for the list.")
            }
        }
    }

    /// Prints an error message where failed commands print theirs (stderr, or the error sink).
    static func reportError(_ message: String) {
        if let sink = WidgetCommandLine.errorSink {
            sink(message)
        } else {
            FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        }
    }

    /// Runs a command, turning its errors into a message on stderr and exit code 2.
    static func guarded(_ body: () throws -> Int32) -> Int32 {
        do {
            return try body()
        } catch {
            // UsageError, SpecError, CodecError and BatchError describe themselves (file, path, reason).
            let message = "\(error)"
            if let sink = WidgetCommandLine.errorSink {
                sink(message)
            } else {
                FileHandle.standardError.write(Data("error: \(message)\n".utf8))
            }
            return 2
        }
    }

    static func helpText(for command: String) -> String? {
        switch command {
        case "demo": return DemoCommand.help
        case "render": return RenderCommand.help
        case "preview": return PreviewCommand.help
        case "check": return CheckCommand.help
        case "diff": return DiffCommand.help
        case "merge": return MergeCommand.help
        case "serve": return ServeCommand.help
        default: return nil
        }
    }
}
