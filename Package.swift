// swift-tools-version: 6.0
import PackageDescription

/// Settings shared by every target, in one place.
let swiftSettings: [SwiftSetting] = [
    // `any P` spelled out: existentials cost more than generics, so make them visible.
    .enableUpcomingFeature("ExistentialAny"),
    // Members of a module are visible only where that module is imported.
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The platforms with an Objective-C runtime, where OnKit's delegate proxies stand on `OnKitObjC`.
let applePlatforms: [Platform] = [.iOS, .macOS, .tvOS, .watchOS, .visionOS, .macCatalyst]

let package = Package(
    name: "OnKit",
    // `Synchronization.Atomic` sets the Apple floor; Linux has no floor.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "OnKit", targets: ["OnKit"]),
        // A product of its own so that only its users link FoundationNetworking (libcurl on Linux).
        .library(name: "OnKitURLSession", targets: ["OnKitURLSession"]),
        .executable(name: "onkit-example", targets: ["onkit-example"]),
        // Touches every public adapter entry point; CI builds and runs it in release mode.
        .executable(name: "onkit-adapter-check", targets: ["onkit-adapter-check"]),
    ],
    // Test-only: OpenCombine stands in for Combine on Linux in OnKitCombineTests. No product
    // uses it, so packages that depend on OnKit never resolve it (.ci/check-dependents.sh).
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .target(
            name: "OnKit",
            dependencies: [
                .target(name: "OnKitObjC", condition: .when(platforms: applePlatforms)),
                .target(name: "OnKitThreadLocal", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: swiftSettings
        ),
        // The Objective-C base of the delegate proxies on Apple platforms (forwarding that cannot
        // raise: Swift cannot override `forwardInvocation:`). Its files are wrapped in `#if
        // __APPLE__`, so it builds empty elsewhere. `sources` leaves out AppleTypecheckStandIn.swift,
        // which only apple-typecheck (Swift only) compiles; see that file.
        .target(name: "OnKitObjC", path: "Sources/OnKitObjC", sources: ["OnKitForwardingProxy.m"]),
        // A send's thread-local hazard record on Linux, in C (Swift has no thread-local storage):
        // one load instead of `pthread_getspecific`. AppleTypecheckStandIn.swift is left out as
        // in OnKitObjC.
        .target(name: "OnKitThreadLocal", path: "Sources/OnKitThreadLocal", sources: ["OnKitThreadLocal.c"]),
        .target(name: "OnKitURLSession", dependencies: ["OnKit"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "onkit-example",
            dependencies: ["OnKit"],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        // Code written as an app would write it, type-checked for iOS by apple-typecheck (Combine,
        // UIKit); iOS app code, so on tvOS and Linux its UIKit files compile to nothing. Not a product: nobody depends on it.
        .target(name: "OnKitAppleUsage", dependencies: ["OnKit"], swiftSettings: swiftSettings),
        // The same for macOS (AppKit), type-checked by `apple-typecheck --platform macos`.
        .target(name: "OnKitMacUsage", dependencies: ["OnKit"], swiftSettings: swiftSettings),
        // Run-time scenarios of the UIKit and AppKit adapters against real platform objects,
        // type-checked for iOS and macOS by apple-typecheck (compiled empty on Linux), run by
        // OnKitAppleTests on Apple platforms. Not a product: nobody depends on it.
        .target(name: "OnKitAppleScenarios", dependencies: ["OnKit"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "onkit-adapter-check",
            dependencies: ["OnKit", "OnKitURLSession"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "OnKitTests", dependencies: ["OnKit", "OnKitURLSession"], swiftSettings: swiftSettings),
        // The scenarios above, run on macOS (`swift test`) and on an iOS simulator (`xcodebuild
        // test`) by .github/workflows/ci.yml; on Linux it holds no test.
        .testTarget(name: "OnKitAppleTests", dependencies: ["OnKitAppleScenarios"], swiftSettings: swiftSettings),
        // The Combine bridge (Sources/OnKit/Bridges/Combine, linked here) tested against OpenCombine.
        .testTarget(
            name: "OnKitCombineTests",
            dependencies: ["OnKit", .product(name: "OpenCombine", package: "OpenCombine")],
            swiftSettings: swiftSettings + [.define("ONKIT_OPENCOMBINE")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The DocC plugin, only for building the documentation (`ONKIT_DOCS=1 swift package
// generate-documentation …`, as .ci/run does): a package that depends on OnKit never resolves it.
if Context.environment["ONKIT_DOCS"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
