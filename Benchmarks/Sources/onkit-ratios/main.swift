import Peers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Prints, for every comparison in `Comparisons`, the per-unit cost of OnKit and of its peer
// measured in this run, their ratio, and whether the ratio meets its goal: the newest issue's that
// sets one (issue 21 for sends, registration, reclamation, kept memory and scaling; issues 2 and 3
// for the rest; see `Comparisons`).
//
//   swift run -c release onkit-ratios [--samples 31] [--sample-ms 4] [--filter text]

var samples = 31
var sampleMilliseconds = 4.0
var filter: String?
/// `--profile NAME --rounds R`: run only the workload named NAME for R rounds, untimed, for
/// callgrind or perf (`valgrind --tool=callgrind .build/release/onkit-ratios --profile ...`).
var profiled: String?
var profileRounds = 1_000_000
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--samples": samples = arguments.next().flatMap { Int($0) } ?? samples
    case "--sample-ms": sampleMilliseconds = arguments.next().flatMap { Double($0) } ?? sampleMilliseconds
    case "--filter": filter = arguments.next()
    case "--profile": profiled = arguments.next()
    case "--rounds": profileRounds = arguments.next().flatMap { Int($0) } ?? profileRounds
    case "--list":
        for workload in Comparisons.workloads { print(workload.name) }
        exit(0)
    default:
        print("usage: onkit-ratios [--samples N] [--sample-ms MS] [--filter TEXT]")
        print("       onkit-ratios --list")
        print("       onkit-ratios --profile WORKLOAD-NAME [--rounds R]")
        exit(2)
    }
}
guard samples > 0, sampleMilliseconds > 0 else {
    print("--samples and --sample-ms must be positive")
    exit(2)
}

if let profiled {
    guard let workload = Comparisons.workloads.first(where: { $0.name == profiled }) else {
        print("no workload named \"\(profiled)\"; see --list")
        exit(2)
    }
    workload.prepare()(profileRounds)
    exit(0)
}

@MainActor
func matches(_ text: String) -> Bool {
    filter.map { text.lowercased().contains($0.lowercased()) } ?? true
}

let runner = RatioRunner(samples: samples, sampleNanoseconds: sampleMilliseconds * 1e6)
var met = 0
var missed: [String] = []

print("Time: median ns per handler (send) or per operation; ratio = OnKit / peer, the median of")
print("\(samples) interleaved pairs, [p25–p75]. Goals: issue 21's where it sets one, else issue 2's or 3's.\n")
print("| comparison | OnKit ns | peer ns | ratio [p25–p75] | goal | result |")
print("|---|---:|---:|---:|---|---|")
for comparison in Comparisons.all where matches(comparison.subject.name + " " + comparison.peer.name) {
    let result = runner.run(comparison)
    let verdict: String
    switch result.met {
    case true?:
        verdict = "PASS"
        met += 1
    case false?:
        verdict = "FAIL"
        missed.append("\(comparison.subject.name) vs \(comparison.peer.name)")
    case nil:
        verdict = "–"
    }
    var ratio = "\(format(result.ratio)) [\(format(result.ratioQuartiles.low))–\(format(result.ratioQuartiles.high))]"
    if case .cheaperBy = comparison.goal { ratio += " = \(format(1 / result.ratio, decimals: 1))× cheaper" }
    print(
        "| \(comparison.subject.name) vs \(comparison.peer.name) | \(format(result.subjectNanoseconds)) | "
            + "\(format(result.peerNanoseconds)) | \(ratio) | \(comparison.goal.description) | \(verdict) |"
    )
}

let memoryCount = 10_000
let memory = Comparisons.memory.filter { matches($0.name) }
if !memory.isEmpty {
    print("\nMemory: heap bytes per live handler, K = \(memoryCount) (mallinfo2 uordblks + hblkhd, after − before, / K).\n")
    print("| comparison | OnKit B | peer B | ratio | goal | result |")
    print("|---|---:|---:|---:|---|---|")
}
for comparison in memory {
    guard let subject = MemoryProbe.bytesPerItem(count: memoryCount, comparison.subject),
        let peer = MemoryProbe.bytesPerItem(count: memoryCount, comparison.peer)
    else {
        print("| \(comparison.name) | n/a | n/a | n/a | \(comparison.goal.description) | SKIPPED (no mallinfo2) |")
        missed.append("\(comparison.name) (not measured)")
        continue
    }
    let ratio = subject / peer
    let verdict: String
    switch comparison.goal.isMet(by: ratio) {
    case true?:
        verdict = "PASS"
        met += 1
    case false?:
        verdict = "FAIL"
        missed.append(comparison.name)
    case nil:
        verdict = "–"
    }
    print(
        "| \(comparison.name) | \(format(subject, decimals: 1)) | \(format(peer, decimals: 1)) | "
            + "\(format(ratio)) | \(comparison.goal.description) | \(verdict) |"
    )
}

if matches("empty event") {
    // Issue 15: an empty `Event` must cost no more than before the lock-free send (about 280 B
    // measured as RSS); here as heap bytes over 1M events, the array of references included.
    let count = 1_000_000
    if let bytes = MemoryProbe.bytesPerItem(count: count, tries: 2, MemoryWorkloads.emptyEvents) {
        let floor = MemoryProbe.bytesPerItem(count: count, tries: 2, MemoryWorkloads.emptyObjects) ?? 0
        print("\nEmpty event: \(format(bytes, decimals: 1)) heap bytes per event over \(count) events "
            + "(an empty object in the same array: \(format(floor, decimals: 1)) B). Goal: no more than before.")
    }
}

if matches("2 threads") {
    // Issue 15: total sends per second from 2 threads on one shared event, over 1 thread. A run
    // counts only where the nothing-shared control scaled ≥ 1.6× (both cores really free).
    print("\nScaling: total throughput of 2 threads / 1 thread; median of kept runs (control 1.6–2.2×).\n")
    print("| workload | kept runs | control | ratio [min–max] | goal | result |")
    print("|---|---:|---:|---:|---|---|")
    for handlers in [1, 10] {
        let rounds = 400_000 / handlers
        // The issue's goal (≥ 1.8×) is OnKit's; the shared closure array is shown for comparison.
        let subjects: [(name: String, body: ScalingBody, gated: Bool)] = [
            ("OnKit Event, \(handlers) plain, 2 threads", ScalingWorkloads.sharedEvent(handlers: handlers), true),
            ("shared [closure], \(handlers), 2 threads", ScalingWorkloads.sharedClosureArray(handlers: handlers), false),
        ]
        let control = ScalingWorkloads.nothingShared(handlers: handlers)
        for (name, body, gated) in subjects {
            var kept: [(ratio: Double, control: Double)] = []
            for _ in 0..<max(5, samples / 2) {
                let controlRatio = ScalingWorkloads.scaling(rounds: rounds, control)
                let ratio = ScalingWorkloads.scaling(rounds: rounds, body)
                // Above 2.2× the one-thread run itself was preempted: no better than under 1.6×.
                if (1.6...2.2).contains(controlRatio) { kept.append((ratio, controlRatio)) }
            }
            guard !kept.isEmpty else {
                print("| \(name) | 0 | – | – | ≥ 1.80× | SKIPPED (control never scaled 1.6–2.2×) |")
                continue
            }
            let ratios = kept.map(\.ratio).sorted()
            let median = ratios[ratios.count / 2]
            let controlMedian = kept.map(\.control).sorted()[kept.count / 2]
            var verdict = "–"
            var goalText = "(info)"
            if gated {
                goalText = "≥ 1.80×"
                if median >= 1.8 { verdict = "PASS"; met += 1 } else { verdict = "FAIL"; missed.append(name) }
            }
            print("| \(name) | \(kept.count) | \(format(controlMedian)) | \(format(median)) [\(format(ratios[0]))–\(format(ratios[ratios.count - 1]))] | \(goalText) | \(verdict) |")
        }
    }
}

if matches("release latency") {
    // Issue 21: with sends running continuously on other threads, a cancelled handler is
    // released at the next write or within a stated time (the reclaimer's ~10 ms); max < 100 ms.
    let latencies = ReleaseLatency.measure(count: 400, senders: 2)
    let percentile = { (p: Double) in latencies[min(latencies.count - 1, Int(p * Double(latencies.count)))] }
    let worst = latencies[latencies.count - 1]
    print("\nRelease latency: ms from cancel() to the closure's release, 2 threads sending continuously "
        + "on the event, \(latencies.count) cancels.\n")
    print("| p50 | p99 | max | goal | result |")
    print("|---:|---:|---:|---|---|")
    let passed = worst < 100
    if passed { met += 1 } else { missed.append("release latency") }
    print("| \(format(percentile(0.5))) | \(format(percentile(0.99))) | \(format(worst)) | max < 100 ms | \(passed ? "PASS" : "FAIL") |")
}

print("\n\(met) goals met, \(missed.count) missed.")
for name in missed { print("  missed: \(name)") }
