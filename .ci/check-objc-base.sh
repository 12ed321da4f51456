#!/usr/bin/env bash
# The Objective-C base of the delegate proxies (Sources/OnKitObjC), checked for Apple platforms
# with the toolchain's clang and swiftc against the cached SDKs (see README, "Checking the Apple
# half"): run from the package root by .ci/run. Each platform whose SDK cache is absent is skipped
# with a "skipped:" line.
#  1. OnKitForwardingProxy.m compiles to an arm64 object for iOS and macOS (ARC, modules,
#     -Wall -Wextra -Werror), in release and DEBUG (its DEBUG log).
#  2. OnKit type-checks for iOS against the real header (apple-typecheck, Swift only, compiles
#     Sources/OnKitObjC/AppleTypecheckStandIn.swift in its place): the stand-in cannot drift.
set -euo pipefail
cd "$(dirname "$0")/.."

bin="$(dirname "$(realpath "$(command -v swiftc)")")"
work=".build/objc-base-check"
mkdir -p "$work"

compile() {  # compile TRIPLE SDK
    for define in "" "-DDEBUG=1"; do
        "$bin/clang" -target "$1" -isysroot "$2" -fobjc-arc -fmodules -fmodules-cache-path="$work/clang-modules" \
            -Wall -Wextra -Werror $define -I Sources/OnKitObjC/include \
            -c Sources/OnKitObjC/OnKitForwardingProxy.m -o "$work/OnKitForwardingProxy-$1.o"
    done
    echo "OnKitForwardingProxy.m compiles for $1 (release and DEBUG)"
}

ios_sdk="${HOME}/.cache/onkit-ios-sdk/iPhoneOS18.6.sdk"
mac_sdk="${HOME}/.cache/onkit-macos-sdk/MacOSX13.3.sdk"

if [ -d "$ios_sdk" ]; then
    compile arm64-apple-ios18.0 "$ios_sdk"
    # A resource dir with only the Swift shims and clang's headers, as apple-typecheck makes one:
    # the toolchain's own holds Linux's dispatch/ and os/ headers, which would shadow the SDK's.
    lib="$(dirname "$bin")/lib/swift"
    mkdir -p "$work/resource-dir"
    ln -sfn "$lib/shims" "$work/resource-dir/shims"
    ln -sfn "$lib/clang" "$work/resource-dir/clang"
    # The flags of Package.swift's `swiftSettings`.
    find Sources/OnKit -name '*.swift' -print0 | xargs -0 swiftc -typecheck -wmo -parse-as-library \
        -module-name OnKit -target arm64-apple-ios18.0 -sdk "$ios_sdk" \
        -resource-dir "$work/resource-dir" -I "$work/resource-dir/shims" -I Sources/OnKitObjC/include \
        -module-cache-path "$work/swift-modules" -swift-version 6 \
        -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility \
        2>&1 | tee "$work/typecheck.log"
    if grep -E "warning:|error:" "$work/typecheck.log" >/dev/null; then
        echo "FAIL: OnKit does not type-check cleanly against the real OnKitObjC header (above)." >&2
        exit 1
    fi
    echo "OnKit type-checks for arm64-apple-ios18.0 against Sources/OnKitObjC/include"
else
    echo "skipped: no iOS SDK in ${HOME}/.cache/onkit-ios-sdk (see README, \"Checking the Apple half\")"
fi

if [ -d "$mac_sdk" ]; then
    compile arm64-apple-macos15.0 "$mac_sdk"
else
    echo "skipped: no macOS SDK in ${HOME}/.cache/onkit-macos-sdk (see README, \"Checking the Apple half\")"
fi
