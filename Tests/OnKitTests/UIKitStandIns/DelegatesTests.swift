@_spi(OnKitInternal) @testable import OnKit
import Testing

/// The generic half of the UIKit delegate adapters, run on Linux with main-actor stand-ins
/// (`DelegatesStandIns.swift`): what the proxy claims, making the host ask again, forwarding
/// and re-installing, folding answers, adjusting a value, and lifetimes.
@Suite @MainActor struct DelegatesResponds {
    @Test func claimsNoCallbackWithoutHandlersOrAnAppDelegateThatHasIt() {
        let scroller = StandInScroller()
        _ = scroller.on.viewForZooming  // installs the proxy, adds no handler
        #expect(scroller.delegate is StandInScrollerProxy)
        #expect(scroller.claimed.isEmpty)
        #expect(scroller.zoomTarget() == nil)
    }

    @Test func firstHandlerMakesTheHostAskAgainSoItIsCalled() {
        let scroller = StandInScroller()
        let seen = Recorder<String>()
        scroller.on.didScroll { _ in seen.append("scrolled") }
        #expect(scroller.claimed == [.didScroll])
        scroller.scroll()
        #expect(seen.values == ["scrolled"])
    }

    @Test func onlyTheFirstHandlerOfACallbackMakesTheHostAskAgain() {
        let scroller = StandInScroller()
        scroller.on.didScroll { _ in }
        let sets = scroller.delegateSets
        scroller.on.didScroll { _ in }
        #expect(scroller.delegateSets == sets)
        scroller.on.viewForZooming { _ in "image" }
        #expect(scroller.delegateSets == sets + 2)  // nil, then the proxy
        #expect(scroller.claimed == [.didScroll, .viewForZooming])
    }

    @Test func claimsWhatTheAppDelegateHasAndForwardsItWithoutHandlers() {
        let scroller = StandInScroller()
        let app = StandInAppDelegate(implements: [.didScroll, .other])
        scroller.delegate = app
        _ = scroller.on.shouldScrollToTop
        #expect(scroller.claimed == [.didScroll, .other])
        scroller.scroll()
        #expect(app.calls == ["didScroll"])
    }

    @Test func askingAgainKeepsTheAppDelegateFirst() {
        let scroller = StandInScroller()
        let app = StandInAppDelegate(implements: [.didScroll])
        scroller.delegate = app
        scroller.on.didScroll { _ in app.calls.append("handler") }
        scroller.scroll()
        #expect(app.calls == ["didScroll", "handler"])
    }

    @Test func handlerAddedOffTheMainThreadMakesTheHostAskAgainInATask() async {
        let scroller = StandInScroller()
        let face = scroller.on.didScroll
        let seen = Recorder<String>()
        _ = await Task.detached { face { _ in seen.append("scrolled") } }.value
        let claimed = await pollUntil { scroller.claimed == [.didScroll] }
        #expect(claimed)
        scroller.scroll()
        #expect(seen.values == ["scrolled"])
    }

    @Test func doesNotTouchASlotSomeoneElseHolds() {
        let scroller = StandInScroller()
        let face = scroller.on.didScroll
        let app = StandInAppDelegate(implements: [])
        scroller.delegate = app
        face { _ in }
        #expect(scroller.delegate === app)
    }
}

@Suite @MainActor struct DelegatesForwarding {
    @Test func laterDelegateReplacesTheProxyUntilTheNextOnCall() {
        let scroller = StandInScroller()
        let first = StandInAppDelegate(implements: [.didScroll])
        scroller.delegate = first
        let seen = Recorder<String>()
        scroller.on.didScroll { _ in seen.append("handler") }
        let second = StandInAppDelegate(implements: [.didScroll])
        scroller.delegate = second
        scroller.scroll()
        #expect(second.calls == ["didScroll"])
        #expect(seen.values.isEmpty)

        _ = scroller.on.didScroll  // puts the proxy back, forwarding to `second`
        scroller.scroll()
        #expect(first.calls.isEmpty)  // replaced by `second`: never called again
        #expect(second.calls == ["didScroll", "didScroll"])
        #expect(seen.values == ["handler"])
    }

    @Test func subscriptionsCancelThroughTheFace() {
        let scroller = StandInScroller()
        let seen = Recorder<String>()
        let subscription = scroller.on.didScroll { _ in seen.append("one") }
        #expect(scroller.on.didScroll.subscriberCount == 1)
        #expect(scroller.on.didScroll -= subscription)
        scroller.scroll()
        #expect(seen.values.isEmpty)
        #expect(scroller.on.didScroll.subscriberCount == 0)
    }
}

@Suite @MainActor struct DelegatesDecisions {
    @Test func allAsksTheAppDelegateFirstAndStopsAtTheFirstNo() {
        let scroller = StandInScroller()
        let app = StandInAppDelegate(implements: [.shouldScrollToTop])
        scroller.delegate = app
        let asked = Recorder<String>()
        scroller.on.shouldScrollToTop { _ in asked.append("first"); return true }
        scroller.on.shouldScrollToTop { _ in asked.append("second"); return false }
        scroller.on.shouldScrollToTop { _ in asked.append("third"); return true }
        #expect(scroller.tapStatusBar() == false)
        #expect(app.calls == ["top"])
        #expect(asked.values == ["first", "second"])

        app.scrollToTopAnswer = false
        asked.removeAll()
        #expect(scroller.tapStatusBar() == false)
        #expect(asked.values.isEmpty)
    }

    @Test func firstNonNilAnswerWinsAndLaterOnesAreNotAsked() {
        let scroller = StandInScroller()
        let app = StandInAppDelegate(implements: [.viewForZooming])
        scroller.delegate = app
        let asked = Recorder<String>()
        scroller.on.viewForZooming { _ in asked.append("nil"); return nil }
        scroller.on.viewForZooming { _ in asked.append("image"); return "image" }
        scroller.on.viewForZooming { _ in asked.append("late"); return "late" }
        #expect(scroller.zoomTarget() == "image")
        #expect(asked.values == ["nil", "image"])

        app.zoomAnswer = "app's"
        asked.removeAll()
        #expect(scroller.zoomTarget() == "app's")
        #expect(asked.values.isEmpty)
    }
}

@Suite @MainActor struct DelegatesAdjustable {
    @Test func appDelegateThenHandlersInOrderAndTheLastValueWins() {
        let scroller = StandInScroller()
        let app = StandInAppDelegate(implements: [.willEndDragging])
        app.dragAdjustment = 5
        scroller.delegate = app
        let seen = Recorder<String>()
        scroller.on.willEndDragging { _, offset in
            seen.append("first saw \(offset.value), proposed \(offset.proposed)")
            offset.value *= 10
        }
        scroller.on.willEndDragging { _, offset in
            seen.append("second saw \(offset.value)")
            offset.value += 1
        }
        #expect(scroller.endDragging(proposing: 100) == 1051)
        #expect(app.calls == ["drag 100"])
        #expect(seen.values == ["first saw 105, proposed 100", "second saw 1050"])
    }

    @Test func withoutHandlersTheAppDelegatesValueStands() {
        let scroller = StandInScroller()
        let app = StandInAppDelegate(implements: [.willEndDragging])
        app.dragAdjustment = -3
        scroller.delegate = app
        _ = scroller.on.willEndDragging
        #expect(scroller.endDragging(proposing: 10) == 7)
    }
}

@Suite @MainActor struct DelegatesLifetime {
    @Test func hostGoingReleasesTheProxyAndTheHandlers() async {
        var scroller: StandInScroller? = StandInScroller()
        var captured: Tracked? = Tracked()
        let weakCaptured = WeakReference(live: captured!)  // just made
        scroller!.on.didScroll { [captured] _ in _ = captured }  // just made
        let weakProxy = WeakReference(live: scroller!.delegate as! StandInScrollerProxy)  // installed above
        let weakScroller = WeakReference(live: scroller!)  // just made
        captured = nil
        scroller = nil
        #expect(weakScroller.isReleased)
        #expect(await releaseDeadHostValues { weakProxy.isReleased && weakCaptured.isReleased })
    }

    @Test func aKeptFaceKeepsNeitherHostNorProxy() async {
        var scroller: StandInScroller? = StandInScroller()
        let face = scroller!.on.didScroll  // just made
        let weakProxy = WeakReference(live: scroller!.delegate as! StandInScrollerProxy)  // installed above
        let weakScroller = WeakReference(live: scroller!)  // just made
        scroller = nil
        #expect(weakScroller.isReleased)
        #expect(await releaseDeadHostValues { weakProxy.isReleased })
        face { _ in }  // the host is gone: adding does not reach it, and does not crash
    }

    @Test func appDelegateIsHeldWeaklyAsTheHostHeldIt() {
        let scroller = StandInScroller()
        var app: StandInAppDelegate? = StandInAppDelegate(implements: [.didScroll])
        let weakApp = WeakReference(live: app!)  // just made
        scroller.delegate = app
        scroller.on.didScroll { _ in }
        app = nil
        #expect(weakApp.isReleased)
        scroller.scroll()  // forwards to nobody
    }
}
