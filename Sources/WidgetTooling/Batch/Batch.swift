import Foundation
// Batch rendering: every chosen variant of every spec, in parallel, each written atomically to
// <out>/<kind>/<family>/<appearance>/e<N>.<ext>, then a manifest and a contact sheet per widget.
// Work is split by variant; a variant's pixels depend on nothing else, so the bytes are the same
// for any --jobs. --shard I/N keeps every N-th variant (deterministically), for CI matrices.
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

/// Output image format.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg
    public var fileExtension: String { self == .png ? "png" : "jpg" }
}

/// Options of a batch render (the flags of `widgetctl render`).
public struct BatchOptions: Sendable {
    public var outputDirectory: URL
    public var families: [WidgetFamily]? = nil
    public var appearances: [Appearance] = [.light, .dark]
    public var entries: [Int]? = nil
    /// Text sizes, locales and accessibility settings to cross the appearances with.
    public var settings: [ViewerSettings] = [.standard]
    public var device: Device = DeviceCatalog.default
    public var scale: Double? = nil
    public var format: ImageFormat = .png
    public var png: PNGOptions = .fast
    public var jpegQuality: Int = 90
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// 1-based shard index and count.
    public var shard: (index: Int, count: Int)? = nil
    /// A contact sheet per widget that has at least `ContactSheet.minimumVariants` variants in
    /// the whole render (shards included).
    public var contactSheet = true
    public var allowAbsoluteAssets = false
    /// The wallpaper behind glass and vibrancy (nil: the generated one).
    public var wallpaper: Pixmap? = nil
    /// The tint of the Tinted appearances.
    public var tint: RGBA = GlassMaterial.defaultTint
    /// Largest number of variants one run may render.
    public var maxVariants = 50_000
    /// Flush every file to the disk (fsync) before it is renamed into place, so that a power cut
    /// cannot leave an empty or partial file under its final name. Off by default: files are
    /// still written whole under a temporary name and renamed (a reader or a killed run never sees
    /// half a file); the flush only adds the disk's latency (about 5 ms a file here).
    public var flushToDisk = false

    public init(outputDirectory: URL) { self.outputDirectory = outputDirectory }

    /// A shard as `--shard` takes it: "I/N" (1-based), or "auto/N", where I comes from
    /// JOB_COMPLETION_INDEX in `environment` (the 0-based index a Kubernetes Indexed Job gives
    /// each pod; shard = index + 1).
    /// - Throws: `BatchError.badShard` with what was expected.
    public static func parseShard(_ s: String, environment: [String: String]) throws -> (index: Int, count: Int) {
        let usage = "--shard needs I/N with 1 ≤ I ≤ N (e.g. 2/4), or auto/N to take I from JOB_COMPLETION_INDEX"
        let parts = s.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let n = Int(parts[1]), (1...100_000).contains(n) else { throw BatchError.badShard(usage) }
        if parts[0] == "auto" {
            guard let raw = environment["JOB_COMPLETION_INDEX"] else {
                throw BatchError.badShard("--shard auto/\(n): JOB_COMPLETION_INDEX is not set (an indexed batch runner sets it, from 0)")
            }
            guard let i = Int(raw.trimmingWhitespace()), (0..<n).contains(i) else {
                throw BatchError.badShard(
                    "--shard auto/\(n): JOB_COMPLETION_INDEX is \"\(raw.prefix(40))\", expected a number from 0 to \(n - 1)")
            }
            return (i + 1, n)
        }
        guard let i = Int(parts[0]), (1...n).contains(i) else { throw BatchError.badShard(usage) }
        return (i, n)
    }
}

/// One file written.
public struct RenderedFile: Sendable {
    public var kind: String
    public var variant: Variant
    public var relativePath: String
    public var pixelWidth: Int, pixelHeight: Int
    public var pointSize: Size
    public var scale: Double
    public var bytes: Int
    public var sha256: String
    public var entryDate: Date
    /// The variant's place in the whole render's order (shards keep it, so `merge` can restore it).
    public var index: Int = 0
}

/// What a batch did.
public struct BatchReport: Sendable {
    public var files: [RenderedFile] = []
    public var skipped: [(kind: String, skipped: SkippedVariant)] = []
    public var manifests: [URL] = []
    public var contactSheets: [URL] = []
    public var galleries: [URL] = []
    public var seconds: Double = 0
    /// Wall time of each phase, in order: "prepare" (renderers, job list, the resolve and layout check),
    /// "render" (drawing, encoding and writing the variants), "sheets" (manifests, galleries and
    /// contact sheets).
    public var phases: [(name: String, seconds: Double)] = []
}

/// Progress of a running batch.
public struct BatchProgress: Sendable {
    public var done: Int
    public var total: Int
    public var last: String
}

public enum BatchError: Error, CustomStringConvertible {
    case tooManyVariants(Int, limit: Int)
    case write(path: String, reason: String)
    case badShard(String)
    case cancelled(done: Int, total: Int)
    /// A manifest read back that is not what `render` writes (file, JSON path, what was expected).
    case badManifest(path: String, reason: String)
    public var description: String {
        switch self {
        case .tooManyVariants(let n, let limit):
            return "\(n) variants to render, over the limit of \(limit) (narrow --families, --appearances or --entries, or use --shard)"
        case .write(let path, let reason): return "cannot write \(path): \(reason)"
        case .badShard(let s): return s
        case .cancelled(let done, let total): return "interrupted after \(done) of \(total) variants"
        case .badManifest(let path, let reason): return "\(path): \(reason)"
        }
    }
}

public final class BatchRenderer: @unchecked Sendable {
    public let options: BatchOptions
    public let library: FontLibrary
    /// Set from another thread (a signal handler's flag) to stop after the variants in flight.
    public var isCancelled: () -> Bool = { false }

    public init(options: BatchOptions, library: FontLibrary = .shared) {
        self.options = options
        self.library = library
    }

    /// Starts making what the options' looks will read and does not depend on the specs (the
    /// generated wallpaper behind glass and vibrancy) on another thread: a caller that still has
    /// specs to read calls it first. `run` does not need it; the pixels are the same.
    public func prewarm() {
        guard options.wallpaper == nil else { return }
        let variants = options.appearances.map { Variant(entry: 0, family: .systemSmall, appearance: $0) }
        guard variants.contains(where: SpecRenderer.readsBackdrop) else { return }
        SpecRenderer.prewarmWallpaper(device: options.device, scale: options.scale)
    }

    /// Renders every variant of `specs`, then of `widgets` (written with the Swift DSL).
    /// - Throws: `SpecError` or a layout error (before anything is written) when a variant cannot
    ///   be resolved or laid out;
    ///   `BatchError` for limits, shards and file system failures.
    public func run(
        _ specs: [WidgetSpec], widgets: [WidgetDefinition] = [],
        progress: ((BatchProgress) -> Void)? = nil
    ) throws -> BatchReport {
        let start = Date()
        var report = BatchReport()
        let renderers =
            specs.map { SpecRenderer(spec: $0, device: options.device, scale: options.scale, library: library) }
            + widgets.map { SpecRenderer(widget: $0, device: options.device, scale: options.scale, library: library) }
        for r in renderers {
            r.allowAbsoluteAssets = options.allowAbsoluteAssets
            r.wallpaper = options.wallpaper
            r.tint = options.tint
        }
        // The job list, in a fixed order, then this shard's part of it.
        var jobs: [(spec: Int, variant: Variant)] = []
        for (i, r) in renderers.enumerated() {
            let (render, skipped) = r.variants(
                families: options.families, appearances: options.appearances, entries: options.entries, settings: options.settings)
            jobs += render.map { (i, $0) }
            report.skipped += skipped.map { (r.spec.kind, $0) }
        }
        // Each job's place in the whole render, per widget (what a merge of shards sorts by).
        var place: [Int] = []
        var perSpec = [Int](repeating: 0, count: renderers.count)
        for j in jobs {
            place.append(perSpec[j.spec])
            perSpec[j.spec] += 1
        }
        if let shard = options.shard {
            guard shard.count > 0, (1...shard.count).contains(shard.index) else {
                throw BatchError.badShard("--shard \(shard.index)/\(shard.count): expected I/N with 1 ≤ I ≤ N")
            }
            let kept = jobs.indices.filter { $0 % shard.count == shard.index - 1 }
            jobs = kept.map { jobs[$0] }
            place = kept.map { place[$0] }
        }
        if jobs.count > options.maxVariants { throw BatchError.tooManyVariants(jobs.count, limit: options.maxVariants) }

        // Resolve and lay out everything first: a spec or layout error stops the run before any
        // file is written, and the renders find the layouts made (kept by the renderer). On
        // as many threads as jobs (it ran on one while the other cores waited); the error
        // reported is the first in job order, whatever the threads. Variants that resolve
        // identically (looks the widget cannot tell apart) are resolved once, by the first of them
        // in job order — so the first failing job is still among those resolved.
        var resolveErrors = [Error?](repeating: nil, count: jobs.count)
        var firsts: [Int] = []
        var seenGroups = Set<[AnyHashable]>()
        for (k, j) in jobs.enumerated()
        where seenGroups.insert([AnyHashable(j.spec), renderers[j.spec].layoutGroup(of: j.variant)]).inserted {
            firsts.append(k)
        }
        let resolvers = max(1, min(options.jobs, firsts.count))
        resolveErrors.withUnsafeMutableBufferPointer { errors in
            let out = errors
            DispatchQueue.concurrentPerform(iterations: resolvers) { t in
                for i in stride(from: t, to: firsts.count, by: resolvers) where !isCancelled() {
                    let k = firsts[i]
                    do { try renderers[jobs[k].spec].prepareLayout(jobs[k].variant) } catch { out[k] = error }
                }
            }
        }
        if isCancelled() { throw BatchError.cancelled(done: 0, total: jobs.count) }
        if let first = resolveErrors.first(where: { $0 != nil }), let error = first { throw error }
        // Temporary files a killed run left in the folders this run writes.
        for r in renderers {
            removeStaleTemporaryFiles(in: options.outputDirectory.appendingPathComponent(BatchRenderer.safeName(r.spec.kind)))
        }

        let total = jobs.count
        report.phases.append(("prepare", Date().timeIntervalSince(start)))
        let renderStart = Date()
        // The variants each widget's contact sheet shows (the standard settings first, at most
        // ContactSheet.maxCells): only their thumbnails are kept, so memory does not grow with
        // the size of the matrix.
        // Sheet order: by setting (standard first, then as given), then as rendered — so each
        // setting's rows are complete before the next one starts.
        // A setting's rank is where it first occurs in the widget's order: `merge` ranks them the
        // same way from the manifests, so a merged sheet is the same image.
        var settingIndex: [Int: [ViewerSettings: Int]] = [:]
        for j in jobs where settingIndex[j.spec]?[j.variant.settings] == nil {
            settingIndex[j.spec, default: [:]][j.variant.settings] = settingIndex[j.spec]?.count ?? 0
        }
        func sheetOrder(_ indices: [Int]) -> [Int] {
            indices.sorted { a, b in
                let sa = jobs[a].variant.settings
                let sb = jobs[b].variant.settings
                let ka = sa.isStandard ? -1 : (settingIndex[jobs[a].spec]?[sa] ?? 0)
                let kb = sb.isStandard ? -1 : (settingIndex[jobs[b].spec]?[sb] ?? 0)
                return ka != kb ? ka < kb : a < b
            }
        }
        // With several workers, the wallpapers and backdrop crops the glass and vibrant looks read
        // are made first, at the top level (their bands then run on every core instead of one
        // worker making them while the others wait), at the same time as the contact sheets'
        // layout below; until they are made, workers take the variants that read none (see
        // below). Same pixels either way: they are made once and shared.
        let warm = DispatchGroup()
        if options.jobs > 1 && jobs.contains(where: { SpecRenderer.readsBackdrop($0.variant) }) {
            let byRenderer = Dictionary(grouping: jobs, by: \.spec).mapValues { $0.map(\.variant) }
            let warmRenderers = renderers
            DispatchQueue.global().async(group: warm) {
                for (i, variants) in byRenderer.sorted(by: { $0.key < $1.key }) { warmRenderers[i].prepareBackdrops(for: variants) }
            }
        }
        // Each widget's sheet is laid out now, from the sizes the thumbnails will have, and each
        // thumbnail is drawn into it as soon as its variant is rendered: no thumbnail is kept.
        var sheets: [Int: ContactSheet.Builder] = [:]
        var sheetJobs = Set<Int>()
        if options.contactSheet {
            // A widget of one variant gets none: its one image is all a sheet would show.
            for i in renderers.indices where perSpec[i] >= ContactSheet.minimumVariants {
                let order = sheetOrder(jobs.indices.filter { jobs[$0].spec == i }).prefix(ContactSheet.maxCells)
                let cells = order.compactMap { j -> (Variant, Int, Int)? in
                    let v = jobs[j].variant
                    guard let frame = WidgetRenderer.frame(family: v.family, device: options.device, scale: options.scale),
                        let points = options.device.size(of: v.family)
                    else { return nil }
                    let t = ContactSheet.thumbnailSize(
                        width: frame.pixelWidth, height: frame.pixelHeight, scale: Double(frame.pixelWidth) / points.width)
                    return (v, t.width, t.height)
                }
                let r = renderers[i]
                let sheet = ContactSheet.Builder(
                    title: r.spec.displayName, subtitle: "\(r.spec.kind) · \(options.device.name)", cells: cells,
                    total: jobs.count { $0.spec == i }, library: library, streaming: true)
                sheets[i] = sheet
                sheetJobs.formUnion(order.filter { sheet.shown.contains(jobs[$0].variant) })
            }
        }
        // The order workers take variants in: a family's entries one after another, each entry's
        // looks and settings together. Two workers then render different looks at once (each
        // blurring its own backdrop) instead of waiting on the same one, and the next entry finds
        // every look's glass in the backdrop cache. Largest families first: the last variants
        // of the run, which one worker may finish alone, are then the quickest, and so is the
        // contact-sheet band they complete (bands are encoded in any order). (Files, manifests
        // and the sheet keep the job order.)
        let byArea = WidgetFamily.allCases.enumerated().sorted { a, b in
            let sa = options.device.size(of: a.element).map { $0.width * $0.height } ?? 0
            let sb = options.device.size(of: b.element).map { $0.width * $0.height } ?? 0
            return (-sa, a.offset) < (-sb, b.offset)
        }
        let familyRank = Dictionary(uniqueKeysWithValues: byArea.enumerated().map { ($1.element, $0) })
        let dispatchOrder = jobs.indices.sorted { a, b in
            let ja = jobs[a]
            let jb = jobs[b]
            let ka = (ja.spec, familyRank[ja.variant.family] ?? 0, ja.variant.entry, a)
            let kb = (jb.spec, familyRank[jb.variant.family] ?? 0, jb.variant.entry, b)
            return ka < kb
        }
        var results = [RenderedFile?](repeating: nil, count: total)
        var failure: Error? = nil
        // dispatchOrder[next...] holds every variant not taken yet, except those in `early`.
        var next = 0
        var early = Set<Int>()
        var done = 0
        let lock = NSLock()
        let workers = max(1, min(options.jobs, total))
        // With fewer variants than jobs, the spare threads help encode each image.
        let encodeThreads = max(1, options.jobs / workers)
        let out = options.outputDirectory
        // Workers still taking variants; a band encoded when this is 1 uses every core.
        var active = workers
        let encodeAll = max(1, options.jobs)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                lock.lock()
                while next < total && early.contains(dispatchOrder[next]) { next += 1 }
                if failure != nil || next >= total || isCancelled() {
                    active -= 1
                    lock.unlock()
                    return
                }
                var index = dispatchOrder[next]
                if SpecRenderer.readsBackdrop(jobs[index].variant) && warm.wait(timeout: .now()) == .timedOut {
                    // The backdrops are still being made: a variant that reads none, from
                    // further on, instead of waiting (a short look-ahead; then wait as before).
                    let end = min(total, next + 64)
                    var k = next + 1
                    while k < end && (early.contains(dispatchOrder[k]) || SpecRenderer.readsBackdrop(jobs[dispatchOrder[k]].variant)) {
                        k += 1
                    }
                    if k < end {
                        index = dispatchOrder[k]
                        early.insert(index)
                    } else {
                        next += 1
                    }
                } else {
                    next += 1
                }
                lock.unlock()
                let job = jobs[index]
                let renderer = renderers[job.spec]
                do {
                    let rendered = try renderer.render(job.variant)
                    let bytes: [UInt8] =
                        options.format == .png
                        ? try PNGCodec.encode(rendered.pixmap, options: options.png, threads: encodeThreads)
                        : try JPEGCodec.encode(rendered.pixmap, options: JPEGOptions(quality: options.jpegQuality))
                    let kind = BatchRenderer.safeName(renderer.spec.kind)
                    let relative = "\(job.variant.path).\(options.format.fileExtension)"
                    try writeAtomically(
                        bytes, to: out.appendingPathComponent(kind).appendingPathComponent(relative), root: out,
                        flush: options.flushToDisk)
                    let file = RenderedFile(
                        kind: renderer.spec.kind, variant: job.variant, relativePath: relative,
                        pixelWidth: rendered.pixmap.width, pixelHeight: rendered.pixmap.height,
                        pointSize: rendered.pointSize, scale: rendered.scale, bytes: bytes.count,
                        sha256: SHA256.hex(bytes), entryDate: renderer.spec.timeline.entries[job.variant.entry].date,
                        index: place[index])
                    if sheetJobs.contains(index) {
                        // Sheet bands are encoded as they complete, on this worker's thread
                        // while others still render, on every core once the others are done
                        // (asked every few rows). The bytes are the same either way.
                        sheets[job.spec]?.place(
                            job.variant, ContactSheet.thumbnail(rendered.pixmap, scale: rendered.scale), encode: true,
                            threads: {
                                lock.lock()
                                defer { lock.unlock() }
                                return active <= 1 ? encodeAll : 1
                            })
                    }
                    lock.lock()
                    results[index] = file
                    done += 1
                    let p = BatchProgress(done: done, total: total, last: "\(kind)/\(relative)")
                    progress?(p)
                    lock.unlock()
                } catch {
                    lock.lock()
                    if failure == nil { failure = error }
                    lock.unlock()
                }
            }
        }
        warm.wait()
        if let failure { throw failure }
        report.files = results.compactMap { $0 }
        // Cancelled, even after the last variant: no manifest, contact sheet or gallery is written.
        if report.files.count < total || isCancelled() { throw BatchError.cancelled(done: report.files.count, total: total) }

        report.phases.append(("render", Date().timeIntervalSince(renderStart)))
        // The shared backdrops and glass faces are not needed any more.
        for r in renderers { r.releaseCaches() }
        let sheetsStart = Date()
        // Per widget: manifest and contact sheet, from this run's files (in job order).
        for (i, r) in renderers.enumerated() {
            let indices = jobs.indices.filter { jobs[$0].spec == i }
            let files = indices.compactMap { results[$0] }
            let skipped = report.skipped.filter { $0.kind == r.spec.kind }.map(\.skipped)
            let dir = out.appendingPathComponent(BatchRenderer.safeName(r.spec.kind))
            let manifest = Manifest.json(spec: r.spec, device: options.device, options: options, files: files, skipped: skipped)
            let manifestURL = dir.appendingPathComponent("manifest.json")
            try writeAtomically(Array(manifest.utf8), to: manifestURL, root: out, flush: options.flushToDisk)
            report.manifests.append(manifestURL)
            // The gallery from the same facts, in memory (reading the manifest back as untrusted
            // input cost tens of megabytes for a large matrix).
            let gallery = Gallery.html(
                Manifest.file(spec: r.spec, device: options.device, options: options, files: files, skipped: skipped))
            try writeAtomically(
                Array(gallery.utf8), to: dir.appendingPathComponent("index.html"), root: out, flush: options.flushToDisk)
            report.galleries.append(dir.appendingPathComponent("index.html"))
            if options.contactSheet, !files.isEmpty, let builder = sheets[i] {
                // Most of it is encoded already, band by band as its rows were rendered.
                let png = try builder.finishPNG(threads: max(1, options.jobs))
                sheets[i] = nil
                let url = dir.appendingPathComponent("contact-sheet.png")
                try writeAtomically(png, to: url, root: out, flush: options.flushToDisk)
                report.contactSheets.append(url)
            }
        }
        report.phases.append(("sheets", Date().timeIntervalSince(sheetsStart)))
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// A widget kind as a folder name: letters, digits, '-', '_' and '.', nothing that climbs out.
    public static func safeName(_ s: String) -> String {
        var out = String(
            s.unicodeScalars.map { c -> Character in
                let ok = (c.value < 128) && (CharacterSet.alphanumerics.contains(c) || c == "-" || c == "_" || c == ".")
                return ok ? Character(c) : "_"
            })
        while out.hasPrefix(".") { out.removeFirst() }
        return out.isEmpty ? "widget" : String(out.prefix(100))
    }
}

/// Removes the temporary files (`.<name>.<pid>.<random>.tmp`, see writeAtomically) that a run which
/// was killed left under `dir`, when the process that made them is gone; a live writer's are kept.
public func removeStaleTemporaryFiles(in dir: URL) {
    guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { return }
    var budget = 100_000
    for case let url as URL in e {
        budget -= 1
        if budget < 0 { return }
        let name = url.lastPathComponent
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { continue }
        let parts = name.dropLast(4).split(separator: ".")
        guard parts.count >= 3, let pid = Int32(parts[parts.count - 2]) else { continue }
        if pid > 0 && (kill(pid, 0) == 0 || errno == EPERM) && pid != getpid() { continue }
        try? FileManager.default.removeItem(at: url)
    }
}

/// Writes through a temporary file in the same folder and a rename, so a reader (or an
/// interrupted run) never sees half a file. Refuses to write through a symlink that leaves `root`.
/// With `flush`, the file is also on the disk (fsync) before the rename: it survives a power cut.
public func writeAtomically(_ bytes: [UInt8], to url: URL, root: URL? = nil, flush: Bool = false) throws {
    let fm = FileManager.default
    let dir = url.deletingLastPathComponent()
    // Most writes go to a folder that exists already: one stat() instead of Foundation's walk.
    var folder = stat()
    if !(stat(dir.path, &folder) == 0 && folder.st_mode & S_IFMT == S_IFDIR) {
        do { try fm.createDirectory(at: dir, withIntermediateDirectories: true) } catch {
            throw BatchError.write(path: dir.path, reason: error.localizedDescription)
        }
    }
    if let root {
        let resolvedRoot = root.standardizedFileURL.resolvingSymlinksInPath().path
        let resolvedDir = dir.standardizedFileURL.resolvingSymlinksInPath().path
        guard resolvedDir == resolvedRoot || resolvedDir.hasPrefix(resolvedRoot + "/") else {
            throw BatchError.write(path: url.path, reason: "its folder resolves outside the output folder (symlink?)")
        }
        var st = stat()
        if lstat(url.path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK {
            throw BatchError.write(path: url.path, reason: "refusing to replace a symbolic link")
        }
    }
    let tmp = dir.appendingPathComponent(
        ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
    // Written with POSIX calls straight from the buffer (no Data copy); with `flush`, on the disk
    // (fsync) before the rename.
    let fd = open(tmp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else { throw BatchError.write(path: url.path, reason: String(cString: strerror(errno))) }
    var failure: Int32 = 0
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            offset += n
        }
    }
    if failure == 0 && flush && fsync(fd) != 0 { failure = errno }
    if close(fd) != 0 && failure == 0 { failure = errno }
    if failure == 0 && rename(tmp.path, url.path) != 0 { failure = errno }
    if failure != 0 {
        unlink(tmp.path)
        throw BatchError.write(path: url.path, reason: String(cString: strerror(failure)))
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
