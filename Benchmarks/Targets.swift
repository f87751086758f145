// `make bench`'s first section: the whole-process figures issue 19 set targets for, measured on
// the release `widgetctl` beside this binary, each beside its target. Medians of `runs` runs,
// alternating the configurations so that machine noise falls on all of them alike.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One child process: wall seconds, peak resident memory (KiB) and exit status.
func runChild(_ exe: String, _ args: [String], environment: [String: String] = [:]) -> (seconds: Double, maxRSSKiB: Int, status: Int32) {
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([exe] + args).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    let env = ProcessInfo.processInfo.environment.merging(environment) { _, b in b }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for p in env { free(p) } }
    let t0 = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, exe, &actions, nil, argv, env) == 0 else { return (0, 0, -1) }
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
    return (seconds, usage.ru_maxrss, (status >> 8) & 0xFF)
}

func median(_ xs: [Double]) -> Double { xs.isEmpty ? .nan : xs.sorted()[xs.count / 2] }

/// Megapixels and variant count of a render folder's manifests.
func renderedPixels(_ dir: URL) -> (variants: Int, mpx: Double) {
    var n = 0
    var px = 0.0
    let kinds = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    for k in kinds {
        guard let data = try? Data(contentsOf: dir.appendingPathComponent(k).appendingPathComponent("manifest.json")),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let variants = root["variants"] as? [[String: Any]]
        else { continue }
        for v in variants {
            if let s = v["pixelSize"] as? [Double], s.count == 2 { px += s[0] * s[1] }
            n += 1
        }
    }
    return (n, px / 1e6)
}

/// Every file's bytes under `dir`, by relative path.
func folderBytes(_ dir: URL) -> [String: Data] {
    var out: [String: Data] = [:]
    let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)
    while let u = e?.nextObject() as? URL {
        if !u.hasDirectoryPath, let d = try? Data(contentsOf: u) { out[u.path.replacingOccurrences(of: dir.path, with: "")] = d }
    }
    return out
}

func targetsSection(runs: Int, samples: URL, scale: Bool) {
    let exe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("widgetctl").path
    guard FileManager.default.isExecutableFile(atPath: exe) else {
        print("targets: no release widgetctl beside widgetbench (make bench builds it)")
        return
    }
    let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("widgetbench-targets-\(getpid())")
    defer { try? FileManager.default.removeItem(at: tmp) }
    let weather = samples.appendingPathComponent("weather.widget.json").path
    let looks = "light,dark,clearLight,clearDark,tintedLight,tintedDark"
    let r = max(5, runs / 2)
    print("issue 19 targets: whole widgetctl processes (release), medians of \(r) runs each, this machine, this run")

    // The 36-variant glass matrix, --jobs 1 and --jobs 2, alternating.
    var t1: [Double] = []
    var t2: [Double] = []
    var rss = 0
    for i in 0..<r {
        for jobs in [1, 2] {
            let out = tmp.appendingPathComponent("m\(jobs)-\(i)")
            let c = runChild(exe, ["render", weather, "--appearances", looks, "--jobs", "\(jobs)", "--quiet", "--out", out.path])
            if jobs == 1 { t1.append(c.seconds) } else { t2.append(c.seconds) }
            rss = max(rss, c.maxRSSKiB)
        }
    }
    let (variants, mpx) = renderedPixels(tmp.appendingPathComponent("m1-0"))
    let one = median(t1)
    let two = median(t2)
    // The speed-up of each pair run back to back (the machine's speed drifts between pairs by
    // more than the effect measured), then their median.
    let speedup = median(zip(t1, t2).map { $0 / $1 })
    let perMpx = one * 1000 / mpx
    func verdict(_ ok: Bool) -> String { ok ? "met" : "NOT MET" }
    print(
        String(
            format: "  matrix: weather × 6 home-screen looks × 2 entries = %d variants, %.1f Mpx, contact sheet and gallery included",
            variants, mpx))
    print(
        String(
            format: "    --jobs 1: %6.0f ms = %5.1f ms/Mpx   target ≤ 25 (stretch 12)      %@", one * 1000, perMpx,
            verdict(perMpx <= 25)))
    print(
        String(
            format:
                "    --jobs 2: %6.0f ms = %5.1f ms/Mpx   speed-up ×%.2f (median of %d back-to-back pairs; ×%.2f from the medians), target ≥ ×1.85   %@   (peak RSS %d MB)",
            two * 1000, two * 1000 / mpx, speedup, t1.count, one / two, verdict(speedup >= 1.85), rss / 1024))
    // What two cores give at best here: two independent --jobs 1 processes at once (no shared
    // work, no serial part). Their throughput over one process alone bounds any --jobs 2 speed-up.
    var alone: [Double] = []
    var pair: [Double] = []
    for i in 0..<r {
        let a = tmp.appendingPathComponent("alone-\(i)").path
        alone.append(runChild(exe, ["render", weather, "--appearances", looks, "--jobs", "1", "--quiet", "--out", a]).seconds)
        let t0 = DispatchTime.now().uptimeNanoseconds
        let group = DispatchGroup()
        for k in 0..<2 {
            DispatchQueue.global().async(group: group) {
                _ = runChild(exe, ["render", weather, "--appearances", looks, "--jobs", "1", "--quiet", "--out", a + "-\(k)"])
            }
        }
        group.wait()
        pair.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
    }
    print(
        String(
            format:
                "    ceiling: two independent --jobs 1 processes at once take %.0f ms for twice the work (×%.2f throughput, median of %d back-to-back pairs)",
            median(pair) * 1000, median(zip(alone, pair).map { 2 * $0 / $1 }), pair.count))
    // Determinism: every byte the same for --jobs 1 and --jobs 2.
    let same = folderBytes(tmp.appendingPathComponent("m1-0")) == folderBytes(tmp.appendingPathComponent("m2-0"))
    print("    same bytes with --jobs 1 and --jobs 2 (images, manifest, gallery, contact sheet): \(same ? "yes" : "NO")")
    // The peer pipeline, when Pillow is installed.
    let peer = Process()
    peer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let manifest = tmp.appendingPathComponent("m1-0").appendingPathComponent("WeatherWidget/manifest.json").path
    peer.arguments = [
        "python3", samples.deletingLastPathComponent().appendingPathComponent("Benchmarks/peer_compare.py").path, manifest, "\(r)",
    ]
    let pipe = Pipe()
    peer.standardOutput = pipe
    peer.standardError = FileHandle.nullDevice
    if (try? peer.run()) != nil {
        let line = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        peer.waitUntilExit()
        let words = line.split(separator: " ")
        if words.count >= 8, let peerPerMpx = Double(words[words.count - 2]) {
            print(
                String(
                    format: "    peer (%@), same sizes: %.1f ms/Mpx → widgetctl --jobs 1 costs ×%.2f of it (target ≤ ×0.25)",
                    String(words[1]), peerPerMpx, perMpx / peerPerMpx))
        } else {
            print("    peer: \(line.isEmpty ? "python3 not available" : line)")
        }
    }
    for i in 0..<r {
        try? FileManager.default.removeItem(at: tmp.appendingPathComponent("m1-\(i)"))
        try? FileManager.default.removeItem(at: tmp.appendingPathComponent("m2-\(i)"))
    }

    // One variant, whole process.
    // Short runs: more of them, with the spread (this VM's noise moves a 30-ms process by a third).
    var single: [Double] = []
    for i in 0..<max(21, r) {
        let out = tmp.appendingPathComponent("one-\(i)")
        single.append(
            runChild(
                exe,
                ["render", weather, "--families", "systemSmall", "--appearances", "light", "--entries", "0", "--quiet", "--out", out.path]
            )
            .seconds)
    }
    let s = median(single) * 1000
    print(
        String(
            format: "  one variant (systemSmall, light, entry 0): %5.0f ms   target ≤ 30   %@   (%d runs, %.0f–%.0f ms)", s,
            verdict(s <= 30), single.count, (single.min() ?? 0) * 1000, (single.max() ?? 0) * 1000))
    var bare: [Double] = []
    for _ in 0..<max(21, r) { bare.append(runChild(exe, ["--version"]).seconds) }
    print(String(format: "    (process start alone, widgetctl --version: %.0f ms)", median(bare) * 1000))

    // check of one Sample.
    var checks: [Double] = []
    for _ in 0..<max(9, r) { checks.append(runChild(exe, ["check", weather, "--format", "json"]).seconds) }
    let c = median(checks) * 1000
    print(
        String(
            format: "  check of the weather Sample: %5.0f ms   target ≤ 500   %@   (%d runs, %.0f–%.0f ms)", c, verdict(c <= 500),
            checks.count, (checks.min() ?? 0) * 1000, (checks.max() ?? 0) * 1000))

    // Scale: opt-in (about two minutes on 2 cores).
    guard scale else {
        print("  scale (10,080 variants in one process): run 'make bench-scale'")
        return
    }
    let out = tmp.appendingPathComponent("scale")
    let big = runChild(
        exe,
        [
            "render", weather, "--appearances", "all", "--dynamic-type", "all", "--accessibility", "all", "--locale",
            "default,ar,de_DE,ja_JP,fr_FR", "--jobs", "2", "--quiet", "--out", out.path,
        ])
    let (bigVariants, bigMpx) = renderedPixels(out)
    let bigPerMpx = big.seconds * 1000 / bigMpx
    print(
        String(
            format: "  scale: %d variants (%.0f Mpx) in one process, --jobs 2: %.1f s, %.1f ms/Mpx (the 36-variant matrix: %.1f, ×%.2f)",
            bigVariants, bigMpx, big.seconds, bigPerMpx, two * 1000 / mpx, bigPerMpx / (two * 1000 / mpx)))
    print(String(format: "    peak RSS %d MB   target < 300   %@", big.maxRSSKiB / 1024, verdict(big.maxRSSKiB / 1024 < 300)))
}
