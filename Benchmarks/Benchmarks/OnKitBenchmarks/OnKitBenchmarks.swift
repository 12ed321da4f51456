import Benchmark
import Peers

/// Each workload of `Comparisons` on its own, under ordo-one/benchmark: wall clock, CPU,
/// mallocs and ARC traffic per round. The ratios themselves come from `onkit-ratios`, which
/// interleaves the two sides of a comparison; this target gives the detailed metrics.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .retainCount, .releaseCount],
        scalingFactor: .kilo,
        maxDuration: .seconds(1)
    )
    for workload in Comparisons.workloads {
        Benchmark(workload.name) { benchmark in
            let body = workload.prepare()
            benchmark.startMeasurement()
            body(benchmark.scaledIterations.count)
        }
    }
}
