@_spi(OnKitInternal) @testable import OnKit
import Testing

/// What an analytics SDK does on Apple platforms: it swizzles `setDelegate:` and puts a wrapper
/// around every delegate set, forwarding what it does not implement to the wrapped delegate.
/// On Apple platforms such a wrapper passes OnKit's marker message on; here it says so through
/// `DelegateProxyWrapper`. It counts how deep calls nest through it, to report a cycle (proxy ->
/// wrapper -> proxy) instead of overflowing the stack.
@MainActor final class StandInWrappingDelegate: StandInScrollerDelegate, DelegateProxyWrapper {
    let wrapped: (any StandInScrollerDelegate)?
    private(set) var depth = 0
    private(set) var deepest = 0

    init(wrapping wrapped: (any StandInScrollerDelegate)?) { self.wrapped = wrapped }

    nonisolated var wrappedDelegateProxy: AnyObject? {
        MainActor.assumeIsolated { wrapped as? StandInScrollerProxy }
    }

    func responds(to callback: StandInCallback) -> Bool { wrapped?.responds(to: callback) ?? false }

    func scrollerDidScroll(_ scroller: StandInScroller) {
        depth += 1
        deepest = max(deepest, depth)
        defer { depth -= 1 }
        if depth < 10 { wrapped?.scrollerDidScroll(scroller) }  // a cycle stops here, not in a crash
    }

    func viewForZooming(in scroller: StandInScroller) -> String? { wrapped?.viewForZooming(in: scroller) ?? nil }
    func scrollerShouldScrollToTop(_ scroller: StandInScroller) -> Bool { wrapped?.scrollerShouldScrollToTop(scroller) ?? true }
    func scrollerWillEndDragging(_ scroller: StandInScroller, targetOffset: inout Int) {
        wrapped?.scrollerWillEndDragging(scroller, targetOffset: &targetOffset)
    }
}

/// A proxy never adopts a delegate that is, or wraps, an OnKit proxy (issue 14, item 3).
@Suite @MainActor struct ProxyNeverAdoptsAProxy {
    @Test func aWrapperAroundTheProxyStaysInTheSlotAndNothingLoops() {
        let scroller = StandInScroller()
        let app = StandInAppDelegate(implements: [.didScroll])
        scroller.delegate = app
        let seen = Recorder<String>()
        scroller.on.didScroll { _ in seen.append("handler") }
        let proxy = scroller.delegate as? StandInScrollerProxy
        let wrapper = StandInWrappingDelegate(wrapping: scroller.delegate)  // the SDK's swizzled setter
        scroller.delegate = wrapper

        scroller.on.didScroll { _ in seen.append("second") }  // the next `on.` call
        #expect(scroller.delegate === wrapper)  // it forwards to the proxy already
        #expect(proxy?.forwarding.target === app)  // not the wrapper: that would loop
        scroller.scroll()
        #expect(wrapper.deepest == 1)
        #expect(app.calls == ["didScroll"])
        #expect(seen.values == ["handler", "second"])
    }

    @Test func anotherHostsProxyGivesItsOwnTargetInsteadOfItself() {
        let first = StandInScroller()
        let second = StandInScroller()
        let app = StandInAppDelegate(implements: [.didScroll])
        first.delegate = app
        _ = first.on.didScroll
        second.delegate = first.delegate  // legal app code: the first view's proxy
        _ = second.on.didScroll
        let secondProxy = second.delegate as? StandInScrollerProxy
        #expect(secondProxy !== first.delegate)
        #expect(secondProxy?.forwarding.target === app)
    }

    @Test func twoHostsSwappingProxiesForwardWithoutACycle() {
        let first = StandInScroller()
        let second = StandInScroller()
        _ = first.on.didScroll
        second.delegate = first.delegate
        _ = second.on.didScroll
        first.delegate = second.delegate
        _ = first.on.didScroll
        let firstProxy = first.delegate as? StandInScrollerProxy
        let secondProxy = second.delegate as? StandInScrollerProxy
        #expect(firstProxy?.forwarding.target == nil)
        #expect(secondProxy?.forwarding.target == nil)
    }
}

/// A proxy serves only its own host: a call from another object is forwarded, and reaches none
/// of the host's handlers (issue 14, item 2).
@Suite @MainActor struct ProxyServesOnlyItsHost {
    @Test func anotherHostsCallsAreForwardedButReachNoHandler() {
        let first = StandInScroller()
        let second = StandInScroller()
        let app = StandInAppDelegate(implements: [.didScroll])
        first.delegate = app
        let seen = Recorder<String>()
        first.on.didScroll { scroller in seen.append(scroller === first ? "first" : "other") }
        second.delegate = first.delegate  // the first view's proxy serves the second too
        second.scroll()
        #expect(app.calls == ["didScroll"])
        #expect(seen.values.isEmpty)
        first.scroll()
        #expect(seen.values == ["first"])
    }

    @Test func anotherHostsQuestionGetsTheAnswerOfNobodyAsked() {
        let first = StandInScroller()
        let second = StandInScroller()
        first.on.viewForZooming { _ in "first's image" }
        first.on.shouldScrollToTop { _ in false }
        second.delegate = first.delegate
        #expect(second.zoomTarget() == nil)
        #expect(second.tapStatusBar() == true)
        #expect(first.zoomTarget() == "first's image")
        #expect(first.tapStatusBar() == false)
    }

    @Test func aOnceHandlerIsNotUsedUpByAnotherHost() {
        let first = StandInScroller()
        let second = StandInScroller()
        let seen = Recorder<String>()
        let subscription = first.on.didScroll.once { _, _ in seen.append("once") }
        second.delegate = first.delegate
        second.scroll()
        #expect(subscription.isActive)
        first.scroll()
        first.scroll()
        #expect(seen.values == ["once"])
        #expect(!subscription.isActive)
    }

    @Test func aOnceHandlerThatRanIsReleased() async {
        let first = StandInScroller()
        var captured: Tracked? = Tracked()
        let weakCaptured = WeakReference(live: captured!)  // just made
        first.on.didScroll.once { [captured] _, _ in _ = captured }
        captured = nil
        first.scroll()
        first.scroll()  // the store removes a handler whose owner went at the next call
        #expect(weakCaptured.isReleased)
    }
}
