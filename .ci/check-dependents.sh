#!/usr/bin/env bash
# Shows that the README's install lines work as written, and that a package depending on OnKit
# resolves none of OnKit's own tool and test dependencies (OpenCombine, for the Combine bridge's
# Linux tests; swift-docc-plugin, for the docs).
#
# It takes the README's Package.swift lines exactly (the `.package(url: …)` line and the
# `.product(…)` lines of its Install section), replaces only the URL with the `file://` URL of a
# git copy of this commit published there as `main`, so that `branch: "main"` (or a `from:`
# version, once the README gives one) is really resolved through git, and builds a throwaway
# package that imports and uses both products.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

install="$(awk '/^## Install/{on=1; next} /^## /{on=0} on' "$root/README.md")"
package_line="$(grep -E '^\.package\(url: ' <<<"$install" || true)"
product_lines="$(grep -E '^\.product\(name: ' <<<"$install" || true)"
if [ "$(grep -c . <<<"$package_line")" -ne 1 ] || [ "$(grep -c . <<<"$product_lines")" -ne 2 ]; then
    echo "FAIL: the README's Install section must hold one .package(url:) line and two .product lines." >&2
    exit 1
fi
url="$(sed -E 's/^\.package\(url: "([^"]+)".*/\1/' <<<"$package_line")"

# The copy is named as the URL's last component, so the package identity is the README's.
name="$(basename "$url" .git)"
git init --quiet --bare "$work/$name.git"
git -C "$root" push --quiet "$work/$name.git" HEAD:refs/heads/main
if grep -q 'from: "' <<<"$package_line"; then
    version="$(sed -E 's/.*from: "([^"]+)".*/\1/' <<<"$package_line")"
    git -C "$root" push --quiet "$work/$name.git" "HEAD:refs/tags/$version"
fi
dependency="${package_line//"$url"/file://$work/$name.git}"

mkdir -p "$work/Dependent/Sources/App"
cat > "$work/Dependent/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Dependent",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        $dependency
    ],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [
                $product_lines
            ]
        ),
    ]
)
SWIFT
cat > "$work/Dependent/Sources/App/main.swift" <<'SWIFT'
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking  // Linux: URLSession's module (until OnKitURLSession re-exports it)
#endif
import OnKit
import OnKitURLSession

final class Kettle: Sendable {
    let boiled = Event<Kettle, Double>()
}

let kettle = Kettle()
kettle.boiled { celsius in print("boiled at \(celsius) °C") }
kettle.boiled.send(kettle, 100)
let session = URLSession.on(configuration: .ephemeral)
session.on.didComplete { print("completed") }
session.invalidateAndCancel()
SWIFT

echo "The dependency, as the README writes it (URL replaced): $dependency"
cd "$work/Dependent"
swift package resolve >/dev/null
swift package show-dependencies | tee "$work/dependencies.txt"
if grep -Ei "opencombine|swift-docc-plugin" "$work/dependencies.txt"; then
    echo "FAIL: a package that depends on OnKit resolves the dependencies above." >&2
    exit 1
fi
if ! swift build > "$work/build.log" 2>&1; then
    tail -n 30 "$work/build.log"
    echo "FAIL: a dependent written with the README's lines does not build." >&2
    exit 1
fi
tail -n 1 "$work/build.log"
swift run --skip-build App
echo "A dependent written with the README's lines resolves OnKit through git, builds against both products, and resolves nothing else."
