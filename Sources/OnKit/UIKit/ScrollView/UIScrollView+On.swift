#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// `UIScrollViewDelegate` as OnKit events and decisions, on every scroll view — text, table
/// and collection views included: `tableView.on.didScroll { tableView in … }`.
///
/// OnKit installs its proxy as the delegate on the first `on.` call and follows every adapter's
/// rules (<doc:Semantics>, "Delegate adapters"). A scroll view has one delegate, so each kind has
/// one proxy that serves its own delegate protocol and these callbacks: a table view's
/// `on.didScroll` and `on.didSelectRow` share it. The proxy claims a delegate method
/// (`responds(to:)`) only while it has handlers or the view's own delegate has it, so an unused
/// `viewForZooming` does not turn zooming on.
@MainActor
extension On where Base: UIScrollView {
    /// The callback of whichever proxy serves this kind of scroll view.
    private func face<Source: ProxyCallback>(
        _ source: (ScrollViewDelegateProxyBase) -> Source
    ) -> ReadOnlyDecision<Base, Source.Args, Source.Answer> where Source.Sender == UIScrollView {
        switch base as UIScrollView {
        case let table as UITableView:
            TableViewDelegateProxy.face(source, on: table, as: Base.self, slot: \.delegate)
        case let collection as UICollectionView:
            CollectionViewDelegateProxy.face(source, on: collection, as: Base.self, slot: \.delegate)
        case let text as UITextView:
            TextViewDelegateProxy.face(source, on: text, as: Base.self, slot: \.delegate)
        case let scrollView:
            ScrollViewDelegateProxy.face(source, on: scrollView, as: Base.self, slot: \.delegate)
        }
    }

    /// The content offset changed: `scrollView.on.didScroll { scrollView in header.alpha = scrollView.contentOffset.y < 0 ? 1 : 0 }`.
    public var didScroll: ReadOnlyEvent<Base, Void> { face(\.didScroll) }

    /// The user started dragging: `scrollView.on.willBeginDragging { scrollView in view.endEditing(true) }`.
    public var willBeginDragging: ReadOnlyEvent<Base, Void> { face(\.willBeginDragging) }

    /// The user lifted the finger: the velocity, and the target offset, which each handler may
    /// change in turn — the last value wins (see `Adjustable`):
    /// `scrollView.on.willEndDragging { drag in drag.targetContentOffset.value.y = 0 }`.
    public var willEndDragging: ReadOnlyEvent<Base, DragEnd> {
        face(\.willEndDragging)
    }

    /// Dragging ended; `true` if the view will decelerate:
    /// `scrollView.on.didEndDragging { willDecelerate in if !willDecelerate { load() } }`.
    public var didEndDragging: ReadOnlyEvent<Base, Bool> { face(\.didEndDragging) }

    /// Deceleration starts: `scrollView.on.willBeginDecelerating { scrollView in print("coasting") }`.
    public var willBeginDecelerating: ReadOnlyEvent<Base, Void> { face(\.willBeginDecelerating) }

    /// Deceleration ended: `scrollView.on.didEndDecelerating { scrollView in load() }`.
    public var didEndDecelerating: ReadOnlyEvent<Base, Void> { face(\.didEndDecelerating) }

    /// An animated scroll (`setContentOffset(_:animated: true)`) ended:
    /// `scrollView.on.didEndScrollingAnimation { scrollView in load() }`.
    public var didEndScrollingAnimation: ReadOnlyEvent<Base, Void> { face(\.didEndScrollingAnimation) }

    /// The zoom scale changed: `scrollView.on.didZoom { scrollView in print(scrollView.zoomScale) }`.
    public var didZoom: ReadOnlyEvent<Base, Void> { face(\.didZoom) }

    /// A tap on the status bar scrolled the view to the top: `scrollView.on.didScrollToTop { scrollView in load() }`.
    public var didScrollToTop: ReadOnlyEvent<Base, Void> { face(\.didScrollToTop) }

    /// Asked before a status-bar tap scrolls to the top; all must allow (the view's own delegate
    /// first, then the handlers; stops at the first `false`; `true` with nobody to ask):
    /// `scrollView.on.shouldScrollToTop { scrollView in !isEditing }`.
    public var shouldScrollToTop: ReadOnlyDecision<Base, Void, Bool> { face(\.shouldScrollToTop) }

    /// The view to scale when zooming: the first non-`nil` answer wins (the view's own delegate
    /// first, then the handlers); `nil` from everyone means no zooming:
    /// `scrollView.on.viewForZooming { scrollView in imageView }`.
    public var viewForZooming: ReadOnlyDecision<Base, Void, UIView?> { face(\.viewForZooming) }
}
#endif
