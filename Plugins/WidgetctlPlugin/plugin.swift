// `swift package widgetctl …`: widgetctl's commands over the widgets of the package it runs in.
//
//     swift package --allow-writing-to-package-directory widgetctl render [--target T] [render options]
//     swift package --allow-writing-to-package-directory widgetctl check  [--target T] [check options]
//     swift package --allow-writing-to-package-directory widgetctl preview [--target T] [preview options]
//     swift package --allow-writing-to-package-directory widgetctl previews [--target T] [render options]
//
// A plugin cannot link the package's code, so it writes a small runner package in its work folder
// that depends on this package and on widgetctl, lists the `Widget` types it finds in the target's
// sources (`@testable import`, so internal types do), and runs it with `swift run` in the package's
// folder: relative paths (--out, --output) and SARIF locations are relative to the package.
import Foundation
import PackagePlugin

@main
struct WidgetctlPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let rest = extractor.remainingArguments
        guard let verb = rest.first, ["render", "check", "preview", "previews"].contains(verb) else {
            Diagnostics.error(
                "usage: swift package widgetctl render|check|preview|previews [--target NAME] [options] "
                    + "(the options of 'widgetctl render', 'check' or 'preview'; previews renders the #Previews)")
            return
        }
        let package = context.package
        let candidates = package.targets.compactMap { $0 as? SwiftSourceModuleTarget }.filter { $0.kind == .generic }
        let chosen: [SwiftSourceModuleTarget]
        if targetNames.isEmpty {
            chosen = candidates.filter { !Self.widgetTypes(in: $0).isEmpty || (verb == "previews" && Self.hasPreviews($0)) }
        } else {
            chosen = try targetNames.map { name in
                guard let t = candidates.first(where: { $0.name == name }) else {
                    throw PluginError(
                        "no Swift library target named \"\(name)\" in \(package.displayName); targets: "
                            + candidates.map(\.name).joined(separator: ", "))
                }
                return t
            }
        }
        guard !chosen.isEmpty else {
            throw PluginError("no target of \(package.displayName) declares a Widget (struct … : Widget); choose one with --target")
        }
        // Each target must be in a library product, so the runner package can depend on it.
        var products: [(product: String, target: SwiftSourceModuleTarget)] = []
        for t in chosen {
            guard let product = package.products.first(where: { $0 is LibraryProduct && $0.targets.contains { $0.name == t.name } }) else {
                throw PluginError(
                    "target \(t.name) is in no library product; add .library(name: \"\(t.name)\", targets: [\"\(t.name)\"]) to the package's products"
                )
            }
            products.append((product.name, t))
        }
        guard let widgetctl = Self.findWidgetctl(package) else {
            throw PluginError("cannot find the widgetctl package among \(package.displayName)'s dependencies")
        }
        let runner = URL(fileURLWithPath: context.pluginWorkDirectory.appending("runner").string)
        try Self.writeRunner(
            at: runner, package: URL(fileURLWithPath: package.directory.string), widgetctl: widgetctl, products: products,
            previews: verb == "previews")
        let swift = (try? context.tool(named: "swift")).map { URL(fileURLWithPath: $0.path.string) } ?? URL(fileURLWithPath: "/usr/bin/env")
        let process = Process()
        process.executableURL = swift
        let command = verb == "previews" ? ["render"] + rest.dropFirst() : Array(rest)
        process.arguments =
            (swift.lastPathComponent == "env" ? ["swift"] : []) + [
                "run", "--package-path", runner.path, "--scratch-path", runner.appendingPathComponent(".build").path, "-q",
                "WidgetctlRunner",
            ] + command
        process.currentDirectoryURL = URL(fileURLWithPath: package.directory.string)
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw PluginError("widgetctl \(verb) exited with status \(process.terminationStatus)")
        }
    }

    /// `struct Name: … Widget …` declarations a runner can reach (not private), in source order.
    static func widgetTypes(in target: SwiftSourceModuleTarget) -> [String] {
        var names: [String] = []
        let pattern =
            #"(?m)^(?!.*\b(?:private|fileprivate)\b)[^\n/]*\b(?:struct|class)\s+(\w+)\s*:\s*(?:[\w.]+\s*,\s*)*(?:WidgetKit\.|SwiftUI\.|WidgetModel\.)?Widget\s*(?:[,{]|$)"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        for file in target.sourceFiles(withSuffix: "swift").sorted(by: { $0.path.string < $1.path.string }) {
            guard let text = try? String(contentsOfFile: file.path.string, encoding: .utf8), text.utf8.count < 4 << 20 else { continue }
            let range = NSRange(text.startIndex..., in: text)
            for m in regex.matches(in: text, range: range) {
                if let r = Range(m.range(at: 1), in: text) { names.append(String(text[r])) }
            }
        }
        return names
    }

    static func hasPreviews(_ target: SwiftSourceModuleTarget) -> Bool {
        target.sourceFiles(withSuffix: "swift").contains { file in
            ((try? String(contentsOfFile: file.path.string, encoding: .utf8)) ?? "").contains("#Preview")
        }
    }

    /// The widgetctl package: the dependency that has the WidgetCLI product.
    static func findWidgetctl(_ package: Package) -> Package? {
        var seen = Set<String>()
        var queue = package.dependencies.map(\.package)
        while let p = queue.first, seen.count < 1000 {
            queue.removeFirst()
            guard seen.insert(p.id).inserted else { continue }
            if p.products.contains(where: { $0.name == "WidgetCLI" }) { return p }
            queue += p.dependencies.map(\.package)
        }
        return nil
    }

    static func writeRunner(
        at dir: URL, package: URL, widgetctl: Package, products: [(product: String, target: SwiftSourceModuleTarget)], previews: Bool
    ) throws {
        let sources = dir.appendingPathComponent("Sources/WidgetctlRunner")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        func identity(_ url: URL) -> String { url.standardizedFileURL.lastPathComponent.lowercased() }
        func literal(_ s: String) -> String {
            "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let pkg = identity(package)
        let tool = identity(URL(fileURLWithPath: widgetctl.directory.string))
        let manifest = """
            // swift-tools-version:5.9
            // Written by widgetctl's package plugin; rewritten on every run.
            import PackageDescription
            let package = Package(
                name: "WidgetctlRunner",
                dependencies: [.package(path: \(literal(package.path))), .package(path: \(literal(widgetctl.directory.string)))],
                targets: [
                    .executableTarget(
                        name: "WidgetctlRunner",
                        dependencies: [
                            \(products.map { ".product(name: \(literal($0.product)), package: \(literal(pkg)))" }.joined(separator: ", ")),
                            .product(name: "WidgetCLI", package: \(literal(tool))), .product(name: "WidgetTooling", package: \(literal(tool))),
                        ])
                ])

            """
        var main = """
            // Written by widgetctl's package plugin; rewritten on every run.
            import Foundation
            import WidgetCLI
            import WidgetModel
            import WidgetTooling

            """
        for (_, target) in products { main += "@testable import \(target.moduleName)\n" }
        // Unqualified names (a type may share its module's name, which breaks `Module.Type`);
        // qualified only when two targets declare the same name.
        let found = products.flatMap { p in widgetTypes(in: p.target).map { (module: p.target.moduleName, type: $0) } }
        let counts = Dictionary(found.map { ($0.type, 1) }, uniquingKeysWith: +)
        let widgets = found.map { counts[$0.type, default: 0] > 1 ? "\($0.module).\($0.type).definition" : "\($0.type).definition" }
        main +=
            previews
            ? "\nlet widgets = WidgetPreviews.declared()\n"
            : "\nlet widgets: [WidgetDefinition] = [\(widgets.joined(separator: ", "))]\n"
        main += "exit(WidgetCommandLine.run(Array(CommandLine.arguments.dropFirst()), widgets: widgets))\n"
        try write(manifest, to: dir.appendingPathComponent("Package.swift"))
        try write(main, to: sources.appendingPathComponent("main.swift"))
    }

    /// Writes only when the text changed, so an unchanged runner is not rebuilt.
    static func write(_ text: String, to url: URL) throws {
        if let old = try? String(contentsOf: url, encoding: .utf8), old == text { return }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
