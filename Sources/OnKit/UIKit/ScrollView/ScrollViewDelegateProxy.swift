#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// The proxy of a scroll view that is not a text, table or collection view (see
/// `ScrollViewDelegateProxyBase`, which does all the work).
@MainActor final class ScrollViewDelegateProxy: ScrollViewDelegateProxyBase, DelegateProxy {
    nonisolated static let key = AssociationKey("UIScrollView.delegateProxy", default: ScrollViewDelegateProxy())
    nonisolated let forwarding = DelegateForwarding<any UIScrollViewDelegate>(objectiveC: .weak)
    nonisolated var asDelegate: any UIScrollViewDelegate { self }
}
#endif
