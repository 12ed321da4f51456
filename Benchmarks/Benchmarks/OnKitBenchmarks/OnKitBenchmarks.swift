import Benchmark
import Peers

/// Each workload of `Comparisons` on its own, under ordo-one/benchmark: wall clock,
/// and mallocs per round. The ratios themselves come from `onkit-ratios`, which
/// interleaves the two sides of a comparison; this target gives the detailed metrics.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // No ARC metrics (.retainCount, ...): on Linux with Swift 6.3 their runtime hooks crash unless
        // the "RuntimeInterposer" trait is on, and its package (swift-runtime-interposer) is not
        // in the mirror (ordo-one/benchmark issue 349).
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        scalingFactor: .kilo,
        maxDuration: .seconds(1)
    )
    for workload in Comparisons.workloads {
        Benchmark(workload.name) { benchmark in
            // Set-up and tear-down (freeing 10,000 handlers, say) stay out of the measurement.
            let body = workload.prepare()
            benchmark.startMeasurement()
            body(benchmark.scaledIterations.count)
            benchmark.stopMeasurement()
            withExtendedLifetime(body) {}
        }
    }
}
