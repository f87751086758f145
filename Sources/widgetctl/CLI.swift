import Foundation
import WidgetModel
import WidgetRaster

/// A problem with the command line or its input: exit 2 with the message.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

enum CLI {
    static let overview = """
    OVERVIEW: Render Apple widgets headless, the way iOS/macOS 26 draw them.

    USAGE: widgetctl <subcommand> [options]

    SUBCOMMANDS:
      demo        Render the raster-core demo sheet (shapes, strokes, gradients, blend modes, blur).

    OPTIONS:
      --version   Show the version.
      -h, --help  Show help information.

      See 'widgetctl help <subcommand>' for detailed help.
    """

    static func run(_ args: [String]) -> Int32 {
        do {
            guard let first = args.first else { print(overview); return 0 }
            switch first {
            case "-h", "--help", "help":
                if args.count > 1, let help = helpText(for: args[1]) { print(help) } else { print(overview) }
                return 0
            case "--version": print("widgetctl \(widgetctlVersion)"); return 0
            case "demo": return try DemoCommand.run(Array(args.dropFirst()))
            default: throw UsageError("unknown subcommand '\(first)'. Run 'widgetctl --help' for the list.")
            }
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            return 2
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 2
        }
    }

    static func helpText(for command: String) -> String? {
        switch command {
        case "demo": return DemoCommand.help
        default: return nil
        }
    }
}

/// Writes `bytes` to `url` through a temporary file and a rename, so a reader never sees half a file.
func writeAtomically(_ bytes: [UInt8], to url: URL) throws {
    let dir = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
    do {
        try Data(bytes).write(to: tmp)
        if rename(tmp.path, url.path) != 0 { throw UsageError("cannot rename \(tmp.path) to \(url.path): \(String(cString: strerror(errno)))") }
    } catch {
        try? FileManager.default.removeItem(at: tmp)
        throw error
    }
}
