// Dev-only: what gen's template engine costs per page, on one thread and on two (scripts/bench-engine).
//
// Renders report pages through the built-in templates (layout, report, report body, field rows) from values
// shaped as gen's view models make them, on one thread and then on two threads at once, and reports the CPU
// time per page of each. Beside it, the same harness times a cast of `Any` to a protocol, the runtime call that
// swift-mustache made per lookup: its cost rises on two threads (a shared cache line in the runtime), which
// shows the harness can see contention. Not part of the build; nothing here is timed by a test.
import Foundation
import GenTemplates
import MustacheEngine

/// The CPU time of the calling thread, in seconds.
func threadCPU() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Runs `work` on `threads` threads at once; the CPU seconds each used.
func onThreads(_ threads: Int, _ work: @escaping @Sendable (Int) -> Void) -> [Double] {
    final class Times: @unchecked Sendable {  // each slot written by its own thread before the join
        var seconds: [Double]
        init(_ n: Int) { seconds = Array(repeating: 0, count: n) }
    }
    let times = Times(threads)
    let group = DispatchGroup()
    for t in 0..<threads {
        group.enter()
        Thread {
            let start = threadCPU()
            work(t)
            times.seconds[t] = threadCPU() - start
            group.leave()
        }.start()
    }
    group.wait()
    return times.seconds
}

func key(_ n: Int) -> MustacheKey { MustacheKey(high: 0x6265_6e63_68, low: UInt64(n)) }

/// A field row as `FieldRow` makes it; rows recur across reports, as job types and yes/no answers do.
func row(_ n: Int) -> MustacheValue {
    let labels = ["Job Type", "School", "Photos Taken", "Weather", "Round Trip Miles", "Retakes", "Notes", "Arrival"]
    let value: MustacheValue = [
        "label": .text(labels[n % labels.count]), "origin": n % 5 == 0 ? "Automatic" : nil, "originStyle": "automatic",
        "problem": nil, "isEmpty": false, "text": .text("value \(n % 23) <with> & entities")
    ]
    return .shared(MustacheShared(key: key(n % 97), value: value))
}

/// A report page's values as `PageContext` and `ReportView` make them.
func page(_ n: Int) -> MustacheValue {
    let body: MustacheValue = [
        "facts": .list((0..<4).map { ["label": .text("Fact \($0)"), "value": .text("Oct \(n % 28 + 1), 2024"), "inHead": false] }),
        "notes": ["Arrived early; the gym was set up by 8.", "Retakes on the 14th."], "valid": true, "problems": [],
        "problemCount": "Valid", "hasFields": true, "fields": .list((0..<18).map { row(n * 7 + $0) }), "hasOthers": false,
        "others": [], "hasOrigins": true, "route": nil
    ]
    let report: MustacheValue = [
        "anchor": .text("r\(n)"), "heading": .text("Report \(n) · Ann Lee"), "pageHref": nil, "dayHref": "../daily/2024-10-03/index.html",
        "validity": "valid", "problemCount": "Valid", "hasSchools": true,
        "schools": [["name": "Lincoln Elementary", "href": "../../schools/s1.html", "more": false]],
        "body": .shared(MustacheShared(key: key(1_000_000 + n), value: body))
    ]
    let nav: MustacheValue = .list(
        ["Overview", "Reports", "Mileage", "Schools", "Statistics"].map { ["title": .text($0), "href": "x", "current": false] })
    return [
        "siteTitle": "Field Reports", "title": .text("Report \(n)"), "root": "../../", "organization": ["name": "Org", "id": "org"],
        "header": .shared(
            MustacheShared(
                key: key(2_000_000),
                value: ["siteTitle": "Field Reports", "root": "../../", "organization": ["name": "Org", "id": "org"], "nav": nav, "hasNav": true])),
        "hasNav": true, "printHeading": "\"Org · Report\"", "page": ["report": report, "markdownHref": .text("r\(n).md")]
    ]
}

let pagesPerThread = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 4_000
var sources: [String: String] = [:]
for (path, bytes) in BuiltInTemplates.files where path.hasSuffix(".mustache") {
    sources[String(path.dropLast(".mustache".count))] = String(decoding: bytes, as: UTF8.self)
}
let library = try MustacheLibrary(templates: sources, contentTypes: ["HTML": MustacheHTML(), "MARKDOWN": MustacheHTML()])
let pages = (0..<(2 * pagesPerThread)).map(page)
let pageBox = UnsafeSendable(pages)

/// The CPU time per page, in microseconds, with `threads` threads each rendering its own pages.
func renderPerPage(threads: Int) -> Double {
    let memo: MustacheMemo? = ProcessInfo.processInfo.environment["NO_MEMO"] == nil ? MustacheMemo() : nil
    let seconds = onThreads(threads) { t in
        var bytes = 0
        for i in 0..<pagesPerThread { bytes += try! library.render("report-page", pageBox.value[t * pagesPerThread + i], memo: memo)!.count }
        precondition(bytes > 0)
    }
    return seconds.reduce(0, +) / Double(threads * pagesPerThread) * 1e6
}

protocol Probe {}
let casts = 2_000_000
/// The CPU time of one cast of `Any` (a struct) to a protocol it does not conform to, in nanoseconds.
func castCost(threads: Int) -> Double {
    struct Leaf { let n: Int }
    let seconds = onThreads(threads) { _ in
        let values: [Any] = [Leaf(n: 1), "text", 3]
        var hits = 0
        for i in 0..<casts where values[i % 3] is Probe { hits += 1 }
        precondition(hits == 0)
    }
    return seconds.reduce(0, +) / Double(threads * casts) * 1e9
}

/// The CPU time of a step of arithmetic on private data, in nanoseconds: what two threads cost each other
/// with nothing shared (the machine's own share of any rise).
func arithmeticCost(threads: Int) -> Double {
    let seconds = onThreads(threads) { t in
        var x = UInt64(t + 1)
        for _ in 0..<(casts * 4) { x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
        precondition(x != 0)
    }
    return seconds.reduce(0, +) / Double(threads * casts * 4) * 1e9
}

/// The CPU time of copying private memory, in nanoseconds per KiB: what two threads cost each other through
/// the machine's caches and memory, with nothing shared.
func copyCost(threads: Int) -> Double {
    let rounds = 400
    let seconds = onThreads(threads) { _ in
        let source = [UInt8](repeating: 7, count: 1 << 20)
        var target: [UInt8] = []
        target.reserveCapacity(1 << 20)
        for _ in 0..<rounds {
            target.removeAll(keepingCapacity: true)
            target += source
        }
        precondition(target.count == source.count)
    }
    return seconds.reduce(0, +) / Double(threads * rounds * 1024) * 1e9
}

/// The CPU time of sorting a private array of 4,096 numbers, in microseconds: branchy work on private data
/// in the caches, as rendering is, with nothing shared. Where two threads share a physical core (a virtual
/// machine's two processors may be one core's two hardware threads), this rises too.
func sortCost(threads: Int) -> Double {
    let rounds = 300
    let seconds = onThreads(threads) { t in
        var state = UInt64(t + 7)
        let numbers = (0..<4096).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        var checksum: UInt64 = 0
        for _ in 0..<rounds {
            var copy = numbers
            copy.sort()
            checksum &+= copy[2048]
        }
        precondition(checksum != 0)
    }
    return seconds.reduce(0, +) / Double(threads * rounds) * 1e6
}

struct UnsafeSendable<T>: @unchecked Sendable {  // read only, after it is made
    let value: T
    init(_ value: T) { self.value = value }
}

_ = renderPerPage(threads: 1)  // warm up
if CommandLine.arguments.count > 2 { print(renderPerPage(threads: 1), renderPerPage(threads: 2)); exit(0) }

/// One thread, then two, `rounds` times in turn (this machine's speed drifts): the median of each, and the
/// median of the ratios of the pairs.
func paired(_ measure: (Int) -> Double, rounds: Int = 7) -> (one: Double, two: Double, ratio: Double) {
    var ones: [Double] = []
    var twos: [Double] = []
    for _ in 0..<rounds {
        ones.append(measure(1))
        twos.append(measure(2))
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return (median(ones), median(twos), median(zip(twos, ones).map { $0 / $1 }))
}

let rows: [(String, String, (Int) -> Double)] = [
    ("render a report page", "µs", { renderPerPage(threads: $0) }),
    ("cast `Any` to a protocol", "ns", { castCost(threads: $0) }),
    ("a step of arithmetic, nothing shared", "ns", { arithmeticCost(threads: $0) }),
    ("copy a KiB of private memory", "ns", { copyCost(threads: $0) }),
    ("sort 4,096 private numbers", "µs", { sortCost(threads: $0) })
]
print("gen's engine: report pages through the built-in templates, \(pagesPerThread) per thread; CPU time per item,")
print("one thread and two threads in turn, 7 pairs: medians, and the median of the pairs' ratios")
print("")
print("| what | 1 thread | 2 threads | 2 / 1 |")
print("|---|---:|---:|---:|")
for (what, unit, measure) in rows {
    let (one, two, ratio) = paired(measure)
    print(String(format: "| %@ (%@) | %.2f | %.2f | %.2f |", what, unit, one, two, ratio))
}
