import Foundation

/// Runs `body(0..<iterations)` on up to `threads` threads: the caller's and `threads − 1` from
/// the global pool, each taking the next index until none is left.
///
/// Not `DispatchQueue.concurrentPerform`: called from inside one (a batch worker encoding a
/// contact-sheet band once the other workers are done), libdispatch runs a nested apply on the
/// calling thread alone, and the encode that was meant for every core ran on one (seen in a
/// `perf` timeline of `render --jobs 2`: 40 ms at one core's use at the end of the batch).
enum Parallel {
    static func forEach(iterations: Int, threads: Int, _ body: @escaping (Int) -> Void) {
        let n = max(0, iterations)
        let t = max(1, min(threads, n))
        if t <= 1 {
            for i in 0..<n { body(i) }
            return
        }
        let counter = Counter()
        let group = DispatchGroup()
        let work = Work(n: n, counter: counter, body: body)
        for _ in 1..<t { DispatchQueue.global(qos: .userInitiated).async(group: group) { work.run() } }
        work.run()
        group.wait()
    }

    /// The loop each thread runs (a class, so the pool's blocks capture one reference).
    private final class Work: @unchecked Sendable {
        let n: Int
        let counter: Counter
        let body: (Int) -> Void
        init(n: Int, counter: Counter, body: @escaping (Int) -> Void) {
            self.n = n
            self.counter = counter
            self.body = body
        }
        func run() {
            while true {
                let i = counter.next()
                if i >= n { return }
                body(i)
            }
        }
    }

    /// The next index to take, shared by the threads.
    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            let v = value
            value += 1
            return v
        }
    }
}
