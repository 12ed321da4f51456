@_spi(OnKitInternal) @testable import OnKit
import Testing

/// When the host's cached `responds(to:)` answers must be asked again (issue 22, items 3 and 4),
/// with stand-in hosts that cache them when their delegate is set (`StandInScroller`,
/// `StandInWindow`), as UIKit and AppKit do.
@Suite @MainActor struct HostAsksAgainWhenItsDelegateDies {
    /// A pushed controller, the delegate, is popped: plain UIKit's weak slot becomes `nil` and the
    /// host falls back to its defaults; with OnKit the proxy holds the slot, so the host must be
    /// made to ask again, and then claims only what has handlers.
    @Test func aDeadAppDelegateMakesTheHostAskAgainAndFallBackToItsDefaults() async {
        let scroller = StandInScroller()
        var app: StandInAppDelegate? = StandInAppDelegate(implements: [.shouldScrollToTop, .viewForZooming])
        app?.scrollToTopAnswer = false
        scroller.delegate = app
        scroller.on.didScroll { _ in }
        #expect(scroller.claimed == [.didScroll, .shouldScrollToTop, .viewForZooming])
        #expect(!scroller.tapStatusBar())
        let sets = scroller.delegateSets

        weak let gone = app
        app = nil
        #expect(gone == nil)
        Associations.releaseValuesOfDeadHosts()  // Linux: where the target's watch is released
        let askedAgain = await pollUntil(timeout: 5) { scroller.claimed == [.didScroll] }
        #expect(askedAgain)
        #expect(scroller.delegateSets == sets + 2)  // nil, then the proxy
        #expect(scroller.delegate is StandInScrollerProxy)
        #expect(scroller.tapStatusBar())  // the default again
    }

    @Test func aDeadWindowControllerNoLongerVetoesClosing() async {
        let window = StandInWindow()
        var controller: StandInWindowController? = StandInWindowController(implements: [.shouldClose, .willResize])
        window.delegate = controller
        window.on.willResize { _, size in size.value += 1 }
        #expect(window.claimed == [.shouldClose, .willResize])

        controller = nil
        Associations.releaseValuesOfDeadHosts()
        let askedAgain = await pollUntil(timeout: 5) { window.claimed == [.willResize] }
        #expect(askedAgain)
        #expect(window.performClose())
        #expect(window.resize(to: 10) == 11)
    }
}

@Suite @MainActor struct HostAsksAgainThroughAWrapper {
    /// An analytics SDK's wrapper holds the slot and forwards to the proxy: a first handler must
    /// still make the host ask again, through the wrapper, which stays in the slot.
    @Test func aFirstHandlerAddedBehindAWrapperMakesTheHostAskTheWrapperAgain() {
        let scroller = StandInScroller()
        _ = scroller.on.didScroll  // installs the proxy
        let wrapper = StandInWrappingDelegate(wrapping: scroller.delegate)
        scroller.delegate = wrapper  // the SDK's swizzled setter
        #expect(scroller.claimed.isEmpty)

        scroller.on.viewForZooming { _ in "image" }
        #expect(scroller.delegate === wrapper)
        #expect(scroller.claimed == [.viewForZooming])
        #expect(scroller.zoomTarget() == "image")
    }

    @Test func theWrapperForwardsEveryLaterFirstHandlerToo() {
        let scroller = StandInScroller()
        let app = StandInAppDelegate(implements: [.didScroll])
        scroller.delegate = app
        _ = scroller.on.didScroll
        let wrapper = StandInWrappingDelegate(wrapping: scroller.delegate)
        scroller.delegate = wrapper  // held by the SDK; the slot is weak
        let seen = Recorder<String>()
        scroller.on.didScroll { _ in seen.append("scrolled") }
        scroller.on.shouldScrollToTop { _ in false }
        #expect(scroller.claimed == [.didScroll, .shouldScrollToTop])
        scroller.scroll()
        #expect(app.calls == ["didScroll"])
        #expect(seen.values == ["scrolled"])
        #expect(!scroller.tapStatusBar())
        #expect(scroller.delegate === wrapper)
    }
}

@Suite struct TargetDeathWatchRuns {
    @Test func itRunsOncePerProxyWithTheLatestActionWhenTheTargetGoes() {
        let count = Recorder<String>()
        let proxyA = Watched(), proxyB = Watched()
        var target: Watched? = Watched()
        if let target {
            TargetDeathWatch.watch(target, for: proxyA) { count.append("A1") }
            TargetDeathWatch.watch(target, for: proxyA) { count.append("A2") }
            TargetDeathWatch.watch(target, for: proxyB) { count.append("B") }
        }
        #expect(count.values.isEmpty)
        target = nil
        Associations.releaseValuesOfDeadHosts()
        #expect(count.values.sorted() == ["A2", "B"])
        withExtendedLifetime((proxyA, proxyB)) {}
    }
}

/// Any object: a proxy or a target, to `TargetDeathWatch`.
private final class Watched: Sendable {}
