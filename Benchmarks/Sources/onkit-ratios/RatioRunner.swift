import Peers

/// Measures each comparison's two workloads interleaved, many times, and reports medians.
///
/// Why interleaved: this machine is shared and its speed drifts (whole phases run 1.5× slower).
/// A subject sample and a peer sample taken back to back see the same conditions, so the ratio
/// of each adjacent pair is far steadier than either time; the table reports the median of those
/// ratios, with their interquartile range. The order alternates (AB, BA, ...) so that neither side
/// always runs on a warm or cold cache.
struct RatioRunner {
    var samples: Int
    /// How long one sample should take, which sets the rounds per sample.
    var sampleNanoseconds: Double

    struct Result {
        let comparison: Comparison
        let subjectNanoseconds: Double
        let peerNanoseconds: Double
        let ratio: Double
        let ratioQuartiles: (low: Double, high: Double)
        var met: Bool? { comparison.goal.isMet(by: ratio) }
    }

    func run(_ comparison: Comparison) -> Result {
        let subject = Timed(comparison.subject, sampleNanoseconds: sampleNanoseconds)
        let peer = Timed(comparison.peer, sampleNanoseconds: sampleNanoseconds)
        var subjectTimes: [Double] = []
        var peerTimes: [Double] = []
        var ratios: [Double] = []
        for sample in 0..<samples {
            let subjectTime: Double
            let peerTime: Double
            if sample % 2 == 0 {
                subjectTime = subject.nanosecondsPerUnit()
                peerTime = peer.nanosecondsPerUnit()
            } else {
                peerTime = peer.nanosecondsPerUnit()
                subjectTime = subject.nanosecondsPerUnit()
            }
            subjectTimes.append(subjectTime)
            peerTimes.append(peerTime)
            ratios.append(subjectTime / peerTime)
        }
        ratios.sort()
        return Result(
            comparison: comparison,
            subjectNanoseconds: median(subjectTimes),
            peerNanoseconds: median(peerTimes),
            ratio: median(ratios),
            ratioQuartiles: (ratios[ratios.count / 4], ratios[(ratios.count * 3) / 4])
        )
    }
}

/// A prepared workload with the number of rounds that makes one sample last about as long as
/// asked.
struct Timed {
    let workload: Workload
    let body: (Int) -> Void
    let rounds: Int

    init(_ workload: Workload, sampleNanoseconds: Double) {
        self.workload = workload
        body = workload.prepare()
        // Warm up (caches, lazily built metadata), then double the rounds until a sample is
        // long enough to time reliably, and scale to the target length.
        var rounds = 1
        var elapsed = Self.time(body, rounds: rounds)
        while elapsed < sampleNanoseconds / 8 {
            rounds *= 2
            elapsed = Self.time(body, rounds: rounds)
        }
        self.rounds = max(1, Int(Double(rounds) * sampleNanoseconds / elapsed))
    }

    func nanosecondsPerUnit() -> Double {
        Self.time(body, rounds: rounds) / Double(rounds * workload.unitsPerRound)
    }

    static func time(_ body: (Int) -> Void, rounds: Int) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        body(rounds)
        let elapsed = clock.now - start
        let (seconds, attoseconds) = elapsed.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
