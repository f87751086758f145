// `widgetctl serve`: the gallery on localhost, re-rendered when a spec file is saved, the page
// updating itself — the designer's loop Xcode's canvas gives on a Mac.
//
// Three parts, all in this file: a watcher (polls the specs' size, time and inode; a save is
// rendered once the file has stopped changing), the renders (the same BatchRenderer as
// `widgetctl render`, one spec at a time, files written atomically so a reader never sees half an
// image), and a small HTTP/1.1 server (GET and HEAD only, one request per connection). Every HTML
// page it serves gets a script that long-polls /__live/wait?since=N and reloads the page when the
// version moves on; a spec that fails to load shows its error at the top of every page while the
// last good render stays.
import Foundation
import WidgetModel

#if canImport(Glibc)
    import Glibc
#endif

/// Serves a render folder and keeps it up to date with its spec files.
public final class LiveServer: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// The address to listen on (loopback by default: the server is for the person at the machine).
        public var host = "127.0.0.1"
        /// The port; 0 picks a free one (`start()` returns it).
        public var port = 8040
        /// How long a page's update request is held open before it is answered "no change".
        public var holdSeconds = 20.0
        /// How often the spec files are looked at.
        public var pollInterval = 0.25
        /// Connections handled at once; more are answered 503.
        public var maxConnections = 32
        public init() {}
    }

    /// The state of one watched spec.
    struct Watched {
        var url: URL
        var stamp: FileStamp?
        var kind: String?
        var error: String?
    }

    struct FileStamp: Equatable {
        var size: Int64
        var modified: Int64
        var inode: UInt64
    }

    public let configuration: Configuration
    public let options: BatchOptions
    /// Lines for the terminal (renders, errors); called on the watcher's thread.
    public var log: (String) -> Void = { _ in }

    let lock = NSCondition()
    var watched: [Watched]
    var versionValue = 1
    var waiting = 0
    var requests: [String] = []
    var listener: Int32 = -1
    var running = false
    var closing = false
    var active = 0

    public init(specs: [URL], options: BatchOptions, configuration: Configuration = Configuration()) {
        self.options = options
        self.configuration = configuration
        watched = specs.map { Watched(url: $0) }
    }

    /// Increases each time a render finishes or a spec's error changes; pages reload when it does.
    public var version: Int {
        lock.lock()
        defer { lock.unlock() }
        return versionValue
    }

    /// Pages waiting for the next version.
    public var waitingClients: Int {
        lock.lock()
        defer { lock.unlock() }
        return waiting
    }

    /// The request targets answered so far (the last 1000), in the order their answers were sent.
    public var requestedPaths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return requests
    }

    /// The current error of each spec that fails to load (file path → message).
    public var errors: [String: String] {
        lock.lock()
        defer { lock.unlock() }
        var out: [String: String] = [:]
        for w in watched { if let e = w.error { out[w.url.path] = e } }
        return out
    }

    // MARK: Rendering

    /// Renders every spec once (those that fail keep their error for the pages).
    public func renderAll() {
        for i in watched.indices { render(i) }
    }

    /// Looks at every spec once and re-renders those saved since the last look. A file is rendered
    /// when two looks in a row see the same size and time, so a save in progress is not read half
    /// written. Returns the specs rendered.
    @discardableResult
    public func checkForChanges() -> [URL] {
        var changed: [URL] = []
        for i in watched.indices {
            let now = LiveServer.stamp(watched[i].url)
            guard now != watched[i].stamp else { continue }
            // Wait until the file holds still for one interval.
            Thread.sleep(forTimeInterval: configuration.pollInterval)
            guard LiveServer.stamp(watched[i].url) == now else { continue }
            render(i)
            changed.append(watched[i].url)
        }
        return changed
    }

    func render(_ i: Int) {
        let url = watched[i].url
        lock.lock()
        watched[i].stamp = LiveServer.stamp(url)
        lock.unlock()
        let start = Date()
        var failure: String? = nil
        var kind: String? = nil
        var count = 0
        do {
            let spec = try WidgetSpec.load(contentsOf: url)
            kind = spec.kind
            var o = options
            o.jobs = max(1, options.jobs)
            let report = try BatchRenderer(options: o).run([spec])
            count = report.files.count
        } catch {
            let text = "\(error)"
            failure = text.isEmpty ? "the spec could not be rendered" : text
        }
        lock.lock()
        let before = watched[i].error
        watched[i].error = failure
        if let kind { watched[i].kind = kind }
        if failure == nil || failure != before { versionValue += 1 }
        let v = versionValue
        lock.broadcast()
        lock.unlock()
        if let failure {
            log(LiveServer.naming(url, failure))
        } else {
            log(
                String(
                    format: "rendered %@: %d variants in %.2f s (version %d)", url.lastPathComponent, count,
                    Date().timeIntervalSince(start), v))
        }
    }

    /// An error message that names its file (spec errors already start with it).
    static func naming(_ url: URL, _ message: String) -> String {
        message.contains(url.lastPathComponent) ? message : "\(url.path): \(message)"
    }

    static func stamp(_ url: URL) -> FileStamp? {
        var st = stat()
        guard stat(url.path, &st) == 0 else { return nil }
        return FileStamp(
            size: Int64(st.st_size), modified: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec),
            inode: UInt64(st.st_ino))
    }

    // MARK: The server

    /// Binds and starts accepting connections on a background thread; returns the port.
    /// - Throws: `LiveServerError` when the address cannot be used (the port is taken, …).
    @discardableResult
    public func start() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LiveServerError("cannot create a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(configuration.port).bigEndian)
        guard inet_pton(AF_INET, configuration.host, &addr.sin_addr) == 1 else {
            close(fd)
            throw LiveServerError("--host \"\(configuration.host)\" is not an IPv4 address (e.g. 127.0.0.1)")
        }
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            throw LiveServerError(
                "cannot listen on \(configuration.host):\(configuration.port): \(why)\(configuration.port != 0 ? " (another server there? try --port 0 for any free port)" : "")"
            )
        }
        var actual = sockaddr_in()
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        lock.lock()
        listener = fd
        running = true
        lock.unlock()
        let thread = Thread { [self] in acceptLoop(fd) }
        thread.name = "widgetctl-serve-accept"
        thread.start()
        return Int(UInt16(bigEndian: actual.sin_port))
    }

    /// Watches the specs until `shouldStop` says so (checked every poll interval).
    public func watch(until shouldStop: () -> Bool) {
        while !shouldStop() {
            checkForChanges()
            Thread.sleep(forTimeInterval: configuration.pollInterval)
        }
    }

    /// Tells every open page that no more updates will come (their held requests are answered
    /// with `"closing": true`, and the pages stop asking); files are still served.
    public func endUpdates() {
        lock.lock()
        closing = true
        lock.broadcast()
        lock.unlock()
    }

    /// Ends the updates, stops accepting connections and answers every held request.
    public func stop() {
        endUpdates()
        lock.lock()
        running = false
        let fd = listener
        listener = -1
        lock.broadcast()
        lock.unlock()
        if fd >= 0 {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    func acceptLoop(_ fd: Int32) {
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 {
                lock.lock()
                let stillRunning = running
                lock.unlock()
                if stillRunning && (errno == EINTR || errno == ECONNABORTED) { continue }
                return
            }
            lock.lock()
            let tooMany = active >= configuration.maxConnections
            if !tooMany { active += 1 }
            lock.unlock()
            if tooMany {
                send(client, status: "503 Service Unavailable", type: "text/plain", body: Array("busy\n".utf8), head: false)
                close(client)
                continue
            }
            // A slow or silent client cannot hold a handler forever.
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let t = Thread { [self] in
                handle(client)
                close(client)
                lock.lock()
                active -= 1
                lock.unlock()
            }
            t.start()
        }
    }

    /// Reads one request head (at most 16 KB) and answers it.
    func handle(_ client: Int32) {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 16 << 10 {
            let n = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return }
            let from = max(0, head.count - 3)
            head += buffer[0..<n]
            if LiveServer.endsHead(head, from: from) { break }
        }
        guard let line = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false).first else {
            return
        }
        let parts = line.split(separator: " ")
        guard parts.count == 3 else {
            send(client, status: "400 Bad Request", type: "text/plain", body: Array("bad request\n".utf8), head: false)
            return
        }
        let method = String(parts[0])
        guard method == "GET" || method == "HEAD" else {
            send(client, status: "405 Method Not Allowed", type: "text/plain", body: Array("GET or HEAD only\n".utf8), head: false)
            return
        }
        let target = String(parts[1])
        let (status, type, body) = respond(to: target)
        send(client, status: status, type: type, body: body, head: method == "HEAD")
        // Logged once answered (a held update request, when it returns).
        lock.lock()
        requests.append(target)
        if requests.count > 1000 { requests.removeFirst(requests.count - 1000) }
        lock.unlock()
    }

    /// Whether CR LF CR LF occurs in `bytes` at or after `from`.
    static func endsHead(_ bytes: [UInt8], from: Int) -> Bool {
        var i = from
        while i + 3 < bytes.count {
            if bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 { return true }
            i += 1
        }
        return false
    }

    func send(_ client: Int32, status: String, type: String, body: [UInt8], head: Bool) {
        let header =
            "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
        var bytes = Array(header.utf8)
        if !head { bytes += body }
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    /// The response to a request target: status, content type, body.
    func respond(to target: String) -> (String, String, [UInt8]) {
        let pathPart = String(target.prefix { $0 != "?" })
        let query = target.contains("?") ? String(target[target.index(after: target.firstIndex(of: "?")!)...]) : ""
        switch pathPart {
        case "/__live/wait":
            let since =
                query.split(separator: "&").compactMap { kv -> Int? in
                    let p = kv.split(separator: "=", maxSplits: 1)
                    return p.count == 2 && p[0] == "since" ? Int(p[1]) : nil
                }.first ?? 0
            return ("200 OK", "application/json", Array(waitJSON(since: since).utf8))
        case "/__live/live.js":
            return ("200 OK", "text/javascript; charset=utf-8", Array(LiveServer.script.utf8))
        case "/", "/index.html":
            return ("200 OK", "text/html; charset=utf-8", Array(inject(indexPage()).utf8))
        default:
            guard let url = file(for: pathPart) else {
                return ("404 Not Found", "text/html; charset=utf-8", Array(inject(notFound(pathPart)).utf8))
            }
            guard let data = try? BoundedFile.read(url, maxBytes: BoundedFile.maxImageBytes) else {
                return ("404 Not Found", "text/html; charset=utf-8", Array(inject(notFound(pathPart)).utf8))
            }
            let type = LiveServer.contentType(url.pathExtension)
            if url.pathExtension == "html" { return ("200 OK", type, Array(inject(String(decoding: data, as: UTF8.self)).utf8)) }
            return ("200 OK", type, data)
        }
    }

    /// Holds the request until the version passes `since` or the hold time is up.
    func waitJSON(since: Int) -> String {
        let deadline = Date().addingTimeInterval(configuration.holdSeconds)
        lock.lock()
        waiting += 1
        while versionValue <= since && running && !closing && Date() < deadline {
            _ = lock.wait(until: min(deadline, Date().addingTimeInterval(1)))
        }
        waiting -= 1
        let v = versionValue
        let end = closing
        lock.unlock()
        return end ? "{\"version\":\(v),\"closing\":true}" : "{\"version\":\(v)}"
    }

    /// The file under the render folder a path names, or nil (outside it, hidden, or not a file).
    func file(for path: String) -> URL? {
        guard let decoded = path.removingPercentEncoding, !decoded.contains("\0") else { return nil }
        let parts = decoded.split(separator: "/")
        guard !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix(".") }) else { return nil }
        var url = options.outputDirectory
        for p in parts { url.appendPathComponent(String(p)) }
        guard BoundedFile.isRegularFile(url.path) else { return nil }
        // A symbolic link inside the folder must not lead out of it.
        let root = options.outputDirectory.resolvingSymlinksInPath().path + "/"
        guard url.resolvingSymlinksInPath().path.hasPrefix(root) else { return nil }
        return url
    }

    static func contentType(_ ext: String) -> String {
        switch ext.lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "json", "sarif": return "application/json"
        case "xml": return "application/xml"
        case "css": return "text/css"
        case "js": return "text/javascript"
        default: return "application/octet-stream"
        }
    }

    // MARK: Pages

    /// The live script and the current errors, put into a page before its </body>.
    func inject(_ html: String) -> String {
        lock.lock()
        let v = versionValue
        let errs = watched.compactMap { w in w.error.map { (w.url, $0) } }
        let anyRendered = watched.contains { $0.error != nil && $0.kind != nil }
        lock.unlock()
        var banner = ""
        if !errs.isEmpty {
            banner =
                "<div id=\"widgetctl-live-error\" style=\"position:sticky;top:0;z-index:9;background:#b3261e;color:#fff;font:13px/1.4 ui-monospace,monospace;padding:10px 16px;white-space:pre-wrap\">"
                + errs.map { Gallery.escape(LiveServer.naming($0.0, $0.1)) }.joined(separator: "\n")
                + (anyRendered
                    ? "\n(showing the last good render; fix and save the file)" : "\n(nothing rendered yet; fix and save the file)")
                + "</div>"
        }
        let tail = "<script>window.widgetctlLive={version:\(v)};</script><script src=\"/__live/live.js\"></script>"
        // Every image URL carries the version, so a refreshed page never shows a cached image.
        var out = html.replacingOccurrences(of: ".png\"", with: ".png?v=\(v)\"").replacingOccurrences(
            of: ".jpg\"", with: ".jpg?v=\(v)\"")
        if let r = out.range(of: "</body>", options: .backwards) {
            out.replaceSubrange(r, with: tail + "</body>")
        } else {
            out += tail
        }
        // The error goes first in the body, where it is seen.
        if !banner.isEmpty {
            if let b = out.range(of: "<body"), let end = out[b.upperBound...].firstIndex(of: ">") {
                out.insert(contentsOf: banner, at: out.index(after: end))
            } else {
                out = banner + out
            }
        }
        return out
    }

    func indexPage() -> String {
        lock.lock()
        let items = watched
        lock.unlock()
        let rows = items.map { w -> String in
            let name = Gallery.escape(w.url.lastPathComponent)
            guard let kind = w.kind,
                BoundedFile.isRegularFile(options.outputDirectory.appendingPathComponent(kind).appendingPathComponent("index.html").path)
            else { return "<li>\(name) — not rendered yet</li>" }
            let k = Gallery.escape(kind)
            let href = kind.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? kind
            return "<li><a href=\"/\(href)/index.html\">\(k)</a> <span style=\"color:#777\">\(name)</span></li>"
        }
        return """
            <!doctype html><html><head><meta charset="utf-8"><title>widgetctl serve</title></head>
            <body style="font:15px/1.5 -apple-system,Inter,sans-serif;margin:24px">
            <h1 style="font-size:20px">widgetctl serve</h1><p>Galleries of the watched specs; each page reloads itself when its spec is saved.</p>
            <ul>\(rows.joined())</ul></body></html>
            """
    }

    func notFound(_ path: String) -> String {
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>Not found</title></head><body style=\"font:15px sans-serif;margin:24px\"><p>\(Gallery.escape(path)) is not in the render. <a href=\"/\">All galleries</a></p></body></html>"
    }

    /// The page side: wait for the next version, then fetch the page again and swap its body in
    /// place, running the new body's scripts (each in a block of its own, so the gallery's
    /// top-level constants do not clash). No navigation: the page keeps its scroll position, and
    /// a headless browser's virtual time is not disturbed. Image URLs carry the version (the
    /// server adds `?v=N`), so no image comes from a cache.
    static let script = """
        (function () {
          var v = (window.widgetctlLive || {}).version || 0;
          function refresh() {
            return fetch(location.href, { cache: 'no-store' })
              .then(function (r) { return r.text(); })
              .then(function (html) {
                var doc = new DOMParser().parseFromString(html, 'text/html');
                document.title = doc.title;
                document.body.replaceWith(document.adoptNode(doc.body));
                document.body.querySelectorAll('script').forEach(function (old) {
                  if (old.src || old.textContent.indexOf('widgetctlLive') >= 0) { return; }
                  var s = document.createElement('script');
                  s.textContent = '{\\n' + old.textContent + '\\n}';
                  old.replaceWith(s);
                });
              });
          }
          function poll() {
            fetch('/__live/wait?since=' + v, { cache: 'no-store' })
              .then(function (r) { return r.json(); })
              .then(function (j) {
                if (j.closing) {
                  var note = document.createElement('div');
                  note.textContent = 'widgetctl serve has stopped: this page no longer updates.';
                  note.style.cssText = 'position:fixed;bottom:0;left:0;right:0;background:#333;color:#fff;font:13px sans-serif;padding:6px 16px';
                  document.body.appendChild(note);
                  return;
                }
                if (j.version > v) {
                  v = j.version;
                  document.documentElement.setAttribute('data-live-version', String(v));
                  return refresh().then(function () { setTimeout(poll, 500); });
                }
                setTimeout(poll, 1000);
              })
              .catch(function () { setTimeout(poll, 2000); });
          }
          document.documentElement.setAttribute('data-live-version', String(v));
          poll();
        })();
        """
}

public struct LiveServerError: Error, CustomStringConvertible {
    public let description: String
    public init(_ d: String) { description = d }
}
