@_spi(OnKitInternal) @testable import OnKit

/// Stand-ins for a UIKit scroll view and its delegate, with what matters to a delegate proxy on
/// Apple platforms and Linux lacks: optional methods the host calls only if its delegate
/// claimed them when it was set (UIKit's cached `responds(to:)`), and an `inout`-style argument.
enum StandInCallback: Hashable, Sendable {
    case didScroll, viewForZooming, shouldScrollToTop, willEndDragging, other
}

@MainActor protocol StandInScrollerDelegate: AnyObject {
    /// Objective-C's `responds(to:)`, by key.
    func responds(to callback: StandInCallback) -> Bool
    func scrollerDidScroll(_ scroller: StandInScroller)
    func viewForZooming(in scroller: StandInScroller) -> String?
    func scrollerShouldScrollToTop(_ scroller: StandInScroller) -> Bool
    func scrollerWillEndDragging(_ scroller: StandInScroller, targetOffset: inout Int)
}

@MainActor final class StandInScroller: MainActorBound, OnCompatible {
    /// Set whenever `delegate` is set: what the host asked the delegate then, as UIKit caches it.
    private(set) var claimed: Set<StandInCallback> = []
    private(set) var delegateSets = 0

    weak var delegate: (any StandInScrollerDelegate)? {
        didSet {
            delegateSets += 1
            let all: [StandInCallback] = [.didScroll, .viewForZooming, .shouldScrollToTop, .willEndDragging, .other]
            claimed = Set(all.filter { delegate?.responds(to: $0) ?? false })
        }
    }

    /// UIKit calls an optional method only if the delegate claimed it when it was set.
    func scroll() {
        if claimed.contains(.didScroll) { delegate?.scrollerDidScroll(self) }
    }

    func zoomTarget() -> String? {
        claimed.contains(.viewForZooming) ? delegate?.viewForZooming(in: self) : nil
    }

    func tapStatusBar() -> Bool {
        claimed.contains(.shouldScrollToTop) ? delegate?.scrollerShouldScrollToTop(self) ?? true : true
    }

    func endDragging(proposing offset: Int) -> Int {
        var target = offset
        if claimed.contains(.willEndDragging) { delegate?.scrollerWillEndDragging(self, targetOffset: &target) }
        return target
    }
}

/// The app's own delegate: records calls, answers as configured, claims what it implements.
@MainActor final class StandInAppDelegate: StandInScrollerDelegate {
    let implements: Set<StandInCallback>
    var calls: [String] = []
    var zoomAnswer: String?
    var scrollToTopAnswer = true
    var dragAdjustment = 0

    init(implements: Set<StandInCallback>) { self.implements = implements }

    func responds(to callback: StandInCallback) -> Bool { implements.contains(callback) }
    func scrollerDidScroll(_ scroller: StandInScroller) { calls.append("didScroll") }
    func viewForZooming(in scroller: StandInScroller) -> String? { calls.append("zoom"); return zoomAnswer }
    func scrollerShouldScrollToTop(_ scroller: StandInScroller) -> Bool { calls.append("top"); return scrollToTopAnswer }
    func scrollerWillEndDragging(_ scroller: StandInScroller, targetOffset: inout Int) {
        calls.append("drag \(targetOffset)")
        targetOffset += dragAdjustment
    }
}

/// The proxy, shaped as the UIKit proxies are: forward first, then send or ask, one line each;
/// `responds(to:)` through `DelegateCallbacks`, as `ObjCDelegateProxy` answers it.
@MainActor final class StandInScrollerProxy: StandInScrollerDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey<StandInScrollerProxy>(
        "StandInScroller.delegateProxy", default: StandInScrollerProxy()
    )
    nonisolated let forwarding = DelegateForwarding<any StandInScrollerDelegate>(ownership: .weak)
    nonisolated var asDelegate: any StandInScrollerDelegate { self }

    nonisolated let didScroll = Event<StandInScroller, Void>()
    nonisolated let viewForZooming = Decision<StandInScroller, Void, String?>.firstNonNil()
    nonisolated let shouldScrollToTop = Decision<StandInScroller, Void, Bool>.all()
    nonisolated let willEndDragging = Event<StandInScroller, Adjustable<Int>>()

    nonisolated init() {}

    nonisolated func callback(for key: StandInCallback) -> (any Subscribable)? {
        switch key {
        case .didScroll: didScroll
        case .viewForZooming: viewForZooming
        case .shouldScrollToTop: shouldScrollToTop
        case .willEndDragging: willEndDragging
        case .other: nil
        }
    }

    func responds(to callback: StandInCallback) -> Bool {
        let targetResponds = forwarding.forward { $0.responds(to: callback) } ?? false
        return DelegateCallbacks.responds(self.callback(for: callback), targetResponds: { targetResponds }) ?? targetResponds
    }

    func scrollerDidScroll(_ scroller: StandInScroller) {
        forwarding.forward { $0.scrollerDidScroll(scroller) }; didScroll.send(scroller, ())
    }

    func viewForZooming(in scroller: StandInScroller) -> String? {
        viewForZooming.answer(scroller, (), after: forwarding.forward { $0.viewForZooming(in: scroller) }) ?? nil
    }

    func scrollerShouldScrollToTop(_ scroller: StandInScroller) -> Bool {
        shouldScrollToTop.answer(scroller, (), after: forwarding.forward { $0.scrollerShouldScrollToTop(scroller) }) ?? true
    }

    func scrollerWillEndDragging(_ scroller: StandInScroller, targetOffset: inout Int) {
        let proposed = targetOffset
        forwarding.forward { $0.scrollerWillEndDragging(scroller, targetOffset: &targetOffset) }
        willEndDragging.send(scroller, adjusting: &targetOffset, proposed: proposed) { $0 }
    }
}

@MainActor
extension On where Base: StandInScroller {
    private func face<Source: ProxyCallback>(
        _ source: (StandInScrollerProxy) -> Source
    ) -> ReadOnlyDecision<Base, Source.Args, Source.Answer> where Source.Sender == StandInScroller {
        StandInScrollerProxy.face(source, on: base as StandInScroller, as: Base.self, slot: \.delegate)
    }

    var didScroll: ReadOnlyEvent<Base, Void> { face(\.didScroll) }
    var viewForZooming: ReadOnlyDecision<Base, Void, String?> { face(\.viewForZooming) }
    var shouldScrollToTop: ReadOnlyDecision<Base, Void, Bool> { face(\.shouldScrollToTop) }
    var willEndDragging: ReadOnlyEvent<Base, Adjustable<Int>> { face(\.willEndDragging) }
}
