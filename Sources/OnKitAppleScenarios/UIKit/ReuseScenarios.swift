#if canImport(UIKit) && os(iOS)
import ObjectiveC
import OnKit
import UIKit

/// The reuse hook: issue 22, item 10 (a later swizzle of a superclass's `prepareForReuse` is
/// still called for the classes OnKit hooked that only inherit it).
enum ReuseScenarios {
    static let all: [Scenario] = [
        Scenario("22.10", "a later swizzle of UICollectionReusableView.prepareForReuse runs for hooked cells") {
            for cell in [UICollectionViewCell(), UICollectionViewListCell()] {
                let reuse = cell.on.reuse  // installs OnKit's hook, once per process
                let calls = try swizzleCounting(UICollectionReusableView.self, #selector(UICollectionReusableView.prepareForReuse)) {
                    cell.prepareForReuse()
                }
                try expect(reuse.hasEnded, "\(type(of: cell))'s reuse lifetime ended")
                try expect(calls == 1, "the later swizzle ran once for \(type(of: cell)) (\(calls))")
            }
        },
    ]
}
#endif
