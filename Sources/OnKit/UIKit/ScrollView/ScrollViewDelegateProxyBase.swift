#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// The `UIScrollViewDelegate` half of every scroll view's proxy, written once: the proxies of
/// `UIScrollView`, `UITextView`, `UITableView` and `UICollectionView` inherit it (their delegate
/// protocols refine `UIScrollViewDelegate`, and a host has one delegate, so one proxy serves both
/// halves).
///
/// A subclass overrides `callback(for:)` with its own selectors, ending in `super.callback(for:)`.
@MainActor class ScrollViewDelegateProxyBase: ObjCDelegateProxy, UIScrollViewDelegate {

    nonisolated let didScroll = Event<UIScrollView, Void>()
    nonisolated let willBeginDragging = Event<UIScrollView, Void>()
    nonisolated let willEndDragging = Event<UIScrollView, DragEnd>()
    /// Whether it will decelerate.
    nonisolated let didEndDragging = Event<UIScrollView, Bool>()
    nonisolated let willBeginDecelerating = Event<UIScrollView, Void>()
    nonisolated let didEndDecelerating = Event<UIScrollView, Void>()
    nonisolated let didEndScrollingAnimation = Event<UIScrollView, Void>()
    nonisolated let didZoom = Event<UIScrollView, Void>()
    nonisolated let didScrollToTop = Event<UIScrollView, Void>()
    nonisolated let shouldScrollToTop = Decision<UIScrollView, Void, Bool>.all()
    nonisolated let viewForZooming = Decision<UIScrollView, Void, UIView?>.firstNonNil()

    /// Calls `body` with the forward target as a scroll view delegate (every subclass's delegate
    /// protocol refines it), as it is: no conformance cast decides whether there is one
    /// (`objCProtocolView`). Guarded against a loop, as every forward (`ObjCDelegateProxy.forward`).
    @discardableResult
    nonisolated final func scrollTarget<Result>(_ site: StaticString = #function, _ body: (any UIScrollViewDelegate) -> Result?) -> Result? {
        forward(site) { objCProtocolView(of: $0, as: (any UIScrollViewDelegate).self).flatMap(body) }
    }

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(scrollViewDidScroll(_:)): didScroll
        case #selector(scrollViewWillBeginDragging(_:)): willBeginDragging
        case #selector(scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)): willEndDragging
        case #selector(scrollViewDidEndDragging(_:willDecelerate:)): didEndDragging
        case #selector(scrollViewWillBeginDecelerating(_:)): willBeginDecelerating
        case #selector(scrollViewDidEndDecelerating(_:)): didEndDecelerating
        case #selector(scrollViewDidEndScrollingAnimation(_:)): didEndScrollingAnimation
        case #selector(scrollViewDidZoom(_:)): didZoom
        case #selector(scrollViewDidScrollToTop(_:)): didScrollToTop
        case #selector(scrollViewShouldScrollToTop(_:)): shouldScrollToTop
        case #selector(viewForZooming(in:)): viewForZooming
        default: nil
        }
    }

    // One line per method: the scroll view's own delegate, then the handlers.

    func scrollViewDidScroll(_ view: UIScrollView) {
        scrollTarget { $0.scrollViewDidScroll?(view) }; didScroll.send(view, ())
    }

    func scrollViewWillBeginDragging(_ view: UIScrollView) {
        scrollTarget { $0.scrollViewWillBeginDragging?(view) }; willBeginDragging.send(view, ())
    }

    /// The delegate may move the target through the pointer first; then the handlers adjust it
    /// in turn and the last value wins (see `Adjustable`).
    func scrollViewWillEndDragging(
        _ view: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        let proposed = targetContentOffset.pointee
        scrollTarget { $0.scrollViewWillEndDragging?(view, withVelocity: velocity, targetContentOffset: targetContentOffset) }
        willEndDragging.send(view, adjusting: &targetContentOffset.pointee, proposed: proposed) { DragEnd(velocity: velocity, targetContentOffset: $0) }
    }

    func scrollViewDidEndDragging(_ view: UIScrollView, willDecelerate decelerate: Bool) {
        scrollTarget { $0.scrollViewDidEndDragging?(view, willDecelerate: decelerate) }; didEndDragging.send(view, decelerate)
    }

    func scrollViewWillBeginDecelerating(_ view: UIScrollView) {
        scrollTarget { $0.scrollViewWillBeginDecelerating?(view) }; willBeginDecelerating.send(view, ())
    }

    func scrollViewDidEndDecelerating(_ view: UIScrollView) {
        scrollTarget { $0.scrollViewDidEndDecelerating?(view) }; didEndDecelerating.send(view, ())
    }

    func scrollViewDidEndScrollingAnimation(_ view: UIScrollView) {
        scrollTarget { $0.scrollViewDidEndScrollingAnimation?(view) }; didEndScrollingAnimation.send(view, ())
    }

    func scrollViewDidZoom(_ view: UIScrollView) {
        scrollTarget { $0.scrollViewDidZoom?(view) }; didZoom.send(view, ())
    }

    func scrollViewDidScrollToTop(_ view: UIScrollView) {
        scrollTarget { $0.scrollViewDidScrollToTop?(view) }; didScrollToTop.send(view, ())
    }

    func scrollViewShouldScrollToTop(_ view: UIScrollView) -> Bool {
        shouldScrollToTop.answer(view, (), after: scrollTarget { $0.scrollViewShouldScrollToTop?(view) }) ?? true
    }

    func viewForZooming(in view: UIScrollView) -> UIView? {
        viewForZooming.answer(view, (), after: scrollTarget { $0.viewForZooming?(in: view) }) ?? nil
    }
}
#endif
