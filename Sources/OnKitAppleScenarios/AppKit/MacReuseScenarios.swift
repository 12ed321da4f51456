#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import OnKit

/// The reuse hook on the Mac: issue 22, item 10 (a later swizzle of `NSView.prepareForReuse` is
/// still called for the hooked table views that only inherit it).
enum MacReuseScenarios {
    static let all: [Scenario] = [
        Scenario("22.10", "a later swizzle of NSView.prepareForReuse runs for hooked table cell and row views") {
            for view in [NSTableCellView(), NSTableRowView()] {
                let reuse = view.on.reuse  // installs OnKit's hook, once per process
                let calls = try swizzleCounting(NSView.self, #selector(NSView.prepareForReuse)) {
                    view.prepareForReuse()
                }
                try expect(reuse.hasEnded, "\(type(of: view))'s reuse lifetime ended")
                try expect(calls == 1, "the later swizzle ran once for \(type(of: view)) (\(calls))")
            }
        },
    ]
}
#endif
