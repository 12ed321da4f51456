#!/usr/bin/env bash
# Shows that a package depending on OnKit resolves none of OnKit's own tool and test
# dependencies (OpenCombine, for the Combine bridge's Linux tests; swift-docc-plugin, for the
# docs): it makes a throwaway package that depends on this checkout by path, resolves it, and
# fails if either appears among its dependencies.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A path dependency's identity is its folder's name, whatever the clone is called.
identity="$(basename "$root")"
mkdir -p "$work/Sources/App"
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Dependent",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: "$root")],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [
                .product(name: "OnKit", package: "$identity"),
                .product(name: "OnKitURLSession", package: "$identity"),
            ]
        ),
    ]
)
SWIFT
echo 'import OnKit' > "$work/Sources/App/main.swift"

(cd "$work" && swift package resolve >/dev/null && swift package show-dependencies) | tee "$work/dependencies.txt"
if grep -Ei "opencombine|swift-docc-plugin" "$work/dependencies.txt"; then
    echo "FAIL: a package that depends on OnKit resolves the dependencies above." >&2
    exit 1
fi
echo "A dependent of OnKit resolves nothing but OnKit."
