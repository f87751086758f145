// Resolution of a typed spec body for one variant (entry × environment): placeholders filled,
// conditions decided, ForEach expanded, colours resolved for the colour scheme, inherited text
// and accent attributes pushed down to the leaves. The result is the same ViewNode tree the Swift
// DSL builds. Split by concern: values and fields here, styles, modifiers, views and control flow
// in the files beside it.
//
// Modifiers apply in order, as SwiftUI's do: each wraps what came before. So an environment
// modifier (font, foregroundStyle, …) reaches the view and every modifier listed before it, but
// not the content of a background or overlay listed before it — that content sees only the
// modifiers that wrap the background.
import Foundation

/// A reference to an image the spec uses.
public enum ImageReference: Sendable, Hashable {
    case asset(name: String, url: URL)
    case file(URL)
    public var url: URL {
        switch self {
        case .asset(_, let u), .file(let u): return u
        }
    }
}

/// Resolves a spec's body into ResolvedWidget trees.
public struct SpecResolver {
    public let spec: WidgetSpec
    /// Decodes image files (provided by the raster codecs).
    public var loadImage: (ImageReference) throws -> ImageData
    /// Allow asset and file paths outside the spec's folder.
    public var allowAbsoluteAssets = false

    public init(spec: WidgetSpec, loadImage: @escaping (ImageReference) throws -> ImageData) {
        self.spec = spec
        self.loadImage = loadImage
    }

    /// The widget for timeline entry `entryIndex` in `environment`.
    /// - Throws: `SpecError` naming the file, the entry and the JSON path.
    public func resolve(entryIndex: Int, environment: WidgetEnvironment) throws -> ResolvedWidget {
        guard spec.timeline.entries.indices.contains(entryIndex) else {
            throw SpecError(
                file: spec.file, path: "/timeline/entries",
                message: "no entry \(entryIndex) (the timeline has \(spec.timeline.entries.count))")
        }
        let entry = spec.timeline.entries[entryIndex]
        var env = environment
        env.date = entry.date
        // The variant's locale (--locale) wins over the spec's own.
        if env.settings.locale == nil { env.locale = spec.locale }
        env.timeZone = spec.timeZone
        let scope = PlaceholderScope(data: entry.data, entryIndex: entryIndex, locale: env.locale, timeZone: spec.timeZone)
        let run = ResolveRun(resolver: self, env: env, entryIndex: entryIndex)
        var context = ResolveContext(scope: scope)
        context.text.style = .color(SystemColors.color("primary", scheme: env.colorScheme)!)
        // Text without a font is body at the variant's Dynamic Type size, as in SwiftUI.
        context.text.font = .style(.body, dynamicType: env.dynamicTypeSize)
        let nodes = try run.resolve(spec.body, context)
        let content: ViewNode = nodes.count == 1 ? nodes[0] : ViewNode(.vstack(alignment: .center, spacing: nil, children: nodes))
        return ResolvedWidget(
            content: content, containerBackground: run.containerBackground,
            contentMarginsDisabled: spec.contentMarginsDisabled,
            containerBackgroundRemovable: spec.containerBackgroundRemovable, environment: env)
    }
}

/// What a subtree inherits from the modifiers around it.
struct ResolveContext {
    var scope: PlaceholderScope
    var text = TextAttributes()
    /// The foreground style set by a `foregroundStyle` modifier (nil: the system label colours).
    /// Hierarchical styles (.secondary, …) derive from it, as SwiftUI's do.
    var foreground: ResolvedStyle? = nil
    var accentable = false
    var tint: ResolvedStyle? = nil
    var depth = 0
    /// A `dynamicTypeSize` modifier's size for the subtree (nil: the variant's).
    var dynamicTypeSize: DynamicTypeSize? = nil
}

/// One resolution pass (one variant).
final class ResolveRun {
    let resolver: SpecResolver
    let env: WidgetEnvironment
    let entryIndex: Int
    var limits: SpecLimits { resolver.spec.limits }
    /// The container background found while resolving.
    var containerBackground: ViewNode?
    /// Views made so far (the budget against nested ForEach).
    var viewCount = 0

    init(resolver: SpecResolver, env: WidgetEnvironment, entryIndex: Int) {
        self.resolver = resolver
        self.env = env
        self.entryIndex = entryIndex
    }

    func fail(_ at: SourceRef, _ message: String) -> SpecError {
        SpecError(file: resolver.spec.file, path: at.path, line: at.line, column: at.column, message: "entry \(entryIndex): " + message)
    }

    /// A field's value: the literal, or its template filled from the entry and parsed.
    func eval<T>(_ field: SpecField<T>, _ ctx: ResolveContext) throws -> T {
        switch field.value {
        case .literal(let v): return v
        case .template(let t):
            let filled: JSONValue
            do {
                if !field.textual, let single = try Placeholders.singleValue(t, ctx.scope) {
                    filled = single
                } else {
                    filled = .string(try Placeholders.fill(t, ctx.scope, maxBytes: limits.maxFilledTextBytes))
                }
            } catch let e as PlaceholderError { throw fail(field.at, e.message) }
            do { return try field.parse(filled) } catch let e as SpecValueError { throw fail(field.at, e.message) }
        }
    }

    @_disfavoredOverload
    func eval<T>(_ field: SpecField<T>?, _ ctx: ResolveContext) throws -> T? {
        guard let field else { return nil }
        return try eval(field, ctx)
    }

    /// Counts a resolved view against the budget.
    func countView(_ at: SourceRef) throws {
        viewCount += 1
        if viewCount > limits.maxResolvedViews {
            throw fail(at, "the body expands to more than \(limits.maxResolvedViews) views (nested ForEach multiply)")
        }
    }
}
