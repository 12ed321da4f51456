#!/usr/bin/env bash
# Shows that the README's install lines work as written, and that a package depending on OnKit
# resolves none of OnKit's own tool and test dependencies (OpenCombine, for the Combine bridge's
# Linux tests; swift-docc-plugin, for the docs).
#
# The README's Install section gives two `.package` lines: a path dependency on a clone (what
# works today), and the URL form for once the repository is published. Each is checked:
# - the path line exactly as written, against a clone of this commit put where the line says;
# - the URL line with only its URL replaced by the `file://` URL of a git copy of this commit
#   published there as `main`, so that `branch: "main"` (or a `from:` version, once the README
#   gives one) is really resolved through git.
# Each builds a throwaway package with the README's `.product` lines, whose files import exactly
# what the README's product table says (`import OnKit`; `import OnKitURLSession`, the only
# import URLSession needs) and nothing else, and use both products.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

install="$(awk '/^## Install/{on=1; next} /^## /{on=0} on' "$root/README.md")"
path_line="$(grep -E '^\.package\(path: ' <<<"$install" || true)"
url_line="$(grep -E '^\.package\(url: ' <<<"$install" || true)"
product_lines="$(grep -E '^\.product\(name: ' <<<"$install" || true)"
if [ "$(grep -c . <<<"$path_line")" -ne 1 ] || [ "$(grep -c . <<<"$url_line")" -ne 1 ] \
    || [ "$(grep -c . <<<"$product_lines")" -ne 2 ]; then
    echo "FAIL: the README's Install section must hold one .package(path:) line, one .package(url:) line and two .product lines." >&2
    exit 1
fi
# The imports of the README's product table: | `OnKit` | `import OnKit` | …
onkit_import="$(sed -nE 's/^\| `OnKit` \| `(import [A-Za-z]+)` \|.*/\1/p' <<<"$install")"
session_import="$(sed -nE 's/^\| `OnKitURLSession` \| `(import [A-Za-z]+)` \|.*/\1/p' <<<"$install")"
if [ -z "$onkit_import" ] || [ -z "$session_import" ]; then
    echo "FAIL: the README's product table must give each product's import." >&2
    exit 1
fi

# The path dependency: a clone of this commit where the README's path points, from the package.
clone_path="$(sed -E 's/^\.package\(path: "([^"]+)".*/\1/' <<<"$path_line")"
mkdir -p "$work/path/Dependent"
git clone --quiet "$root" "$work/path/Dependent/$clone_path"
git -C "$work/path/Dependent/$clone_path" checkout --quiet "$(git -C "$root" rev-parse HEAD)"

# The URL form: a git copy named as the URL's last component, so the package identity is the README's.
url="$(sed -E 's/^\.package\(url: "([^"]+)".*/\1/' <<<"$url_line")"
name="$(basename "$url" .git)"
git init --quiet --bare "$work/$name.git"
git -C "$root" push --quiet "$work/$name.git" HEAD:refs/heads/main
if grep -q 'from: "' <<<"$url_line"; then
    version="$(sed -E 's/.*from: "([^"]+)".*/\1/' <<<"$url_line")"
    git -C "$root" push --quiet "$work/$name.git" "HEAD:refs/tags/$version"
fi
url_dependency="${url_line//"$url"/file://$work/$name.git}"

dependent() {  # FOLDER DEPENDENCY-LINE
    local folder="$1" dependency="$2"
    mkdir -p "$folder/Sources/App"
    cat > "$folder/Package.swift" <<SWIFT
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
    # One file per product, each with the README's import for it and no other.
    cat > "$folder/Sources/App/Kettle.swift" <<SWIFT
$onkit_import

final class Kettle: Sendable {
    let boiled = Event<Kettle, Double>()
}

func boil() {
    let kettle = Kettle()
    kettle.boiled { celsius in print("boiled at \\(celsius) °C") }
    kettle.boiled.send(kettle, 100)
}
SWIFT
    cat > "$folder/Sources/App/main.swift" <<SWIFT
$session_import

boil()
let session = URLSession.on(configuration: .ephemeral)
session.on.didComplete { print("completed") }
session.invalidateAndCancel()
SWIFT

    echo "The dependency, as the README writes it: $dependency"
    (
        cd "$folder"
        swift package resolve >/dev/null
        swift package show-dependencies | tee "$folder/dependencies.txt"
        if grep -Ei "opencombine|swift-docc-plugin" "$folder/dependencies.txt"; then
            echo "FAIL: a package that depends on OnKit resolves the dependencies above." >&2
            exit 1
        fi
        if ! swift build > "$folder/build.log" 2>&1; then
            tail -n 30 "$folder/build.log"
            echo "FAIL: a dependent written with the README's lines ($dependency) does not build." >&2
            exit 1
        fi
        tail -n 1 "$folder/build.log"
        swift run --skip-build App
    )
}

dependent "$work/path/Dependent" "$path_line"
dependent "$work/url/Dependent" "$url_dependency"
echo "A dependent written with the README's lines (the path to a clone, and the URL form through git) builds against both products with the README's imports, and resolves nothing else."

