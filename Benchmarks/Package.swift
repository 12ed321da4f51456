// swift-tools-version: 6.1
import PackageDescription

/// Benchmarks live in a package of their own so that users of OnKit never resolve their
/// dependencies. Run them from this directory; see BENCHMARKS.md at the repository root.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "OnKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder name (a clone may be
        // called anything).
        .package(name: "OnKit", path: ".."),
        // The malloc counters (bytes and allocations per iteration) need this trait.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        // `swift package benchmark` runs this one (ordo-one/benchmark's harness).
        .executableTarget(
            name: "OnKitBenchmarks",
            dependencies: [
                "Peers",
                .product(name: "OnKit", package: "OnKit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/OnKitBenchmarks",
            swiftSettings: swiftSettings,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // `swift run -c release onkit-ratios`: interleaved pairs, medians, ratios with PASS/FAIL.
        .executableTarget(
            name: "onkit-ratios",
            dependencies: [
                "Peers",
                .product(name: "OnKit", package: "OnKit"),
            ],
            swiftSettings: swiftSettings
        ),
        // The workloads, shared by both runners so that they measure the same code.
        .target(
            name: "Peers",
            dependencies: [
                "CHeapStats",
                .product(name: "OnKit", package: "OnKit"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            swiftSettings: swiftSettings
        ),
        // glibc's `mallinfo2`, which Swift's Glibc module does not export.
        .target(name: "CHeapStats"),
    ],
    swiftLanguageModes: [.v6]
)
