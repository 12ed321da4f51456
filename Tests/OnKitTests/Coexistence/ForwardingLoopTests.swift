@_spi(OnKitInternal) @testable import OnKit
import Testing

/// What the loop guard must not cut: a callback UIKit sends again from inside a handler or from
/// inside the app's delegate reaches every party again. And what it reports when it cuts.
@Suite @MainActor struct ForwardingLoopTests {
    typealias Step = CoexistenceScene.Step

    /// The app's delegate of a scroll view that clamps `contentOffset` in `scrollViewDidScroll`:
    /// UIKit then sends `scrollViewDidScroll` again, inside the first call.
    final class ClampingDelegate: StandInScrollerDelegate {
        var calls = 0
        /// How many calls change the offset again (from inside the call).
        let tries: Int
        init(tries: Int = 1) { self.tries = tries }
        func responds(to callback: StandInCallback) -> Bool { callback == .didScroll }
        func scrollerDidScroll(_ scroller: StandInScroller) {
            calls += 1
            if calls <= tries { scroller.scroll() }  // the clamp: the offset changes again
        }
        func viewForZooming(in scroller: StandInScroller) -> String? { nil }
        func scrollerShouldScrollToTop(_ scroller: StandInScroller) -> Bool { true }
        func scrollerWillEndDragging(_ scroller: StandInScroller, targetOffset: inout Int) {}
    }

    @Test func aCallbackSentAgainFromAHandlerReachesEveryPartyAgain() {
        let scene = CoexistenceScene()
        scene.run([.app, .rx, .onkit, .rx])  // Rx -> OnKit -> the app's delegate
        var handlerRuns = 0
        let scroller = scene.scroller
        let subscription = scroller.on.didScroll {
            handlerRuns += 1
            if handlerRuns < 3 { scroller.scroll() }  // a handler that sets contentOffset, twice
        }
        scroller.scroll()
        #expect(handlerRuns == 3)
        #expect(scene.app.calls.count == 3)
        #expect(scene.rx?.observed.count == 3)
        subscription.cancel()
    }

    @Test func aCallbackSentAgainFromInsideTheAppsDelegateReachesEveryPartyAgain() {
        let scroller = StandInScroller()
        let app = ClampingDelegate()
        scroller.delegate = app
        let rx = StandInRxProxy.proxy(for: scroller)  // Rx -> the app's delegate
        var handlerRuns = 0
        let subscription = scroller.on.didScroll { handlerRuns += 1 }  // OnKit -> Rx -> the app's
        scroller.scroll()
        #expect(app.calls == 2)
        #expect(handlerRuns == 2)
        #expect(rx.observed.count == 2)
        subscription.cancel()
    }

    /// The app's own delegate, adopted when the proxy first took the slot, cannot have stored
    /// the proxy: a callback the host nests deeper than the bound through it (a clamp that takes
    /// several tries) loses only the innermost forward, and it is never skipped afterwards.
    @Test func theAppsOwnDelegateIsNeverSkippedAfterADeepNesting() {
        let scroller = StandInScroller()
        let app = ClampingDelegate(tries: 4)  // deeper than the bound allows
        scroller.delegate = app
        var handlerRuns = 0
        let subscription = scroller.on.didScroll { handlerRuns += 1 }
        scroller.scroll()
        #expect(app.calls == ForwardGuard.maximumNesting)  // the innermost nested call was not forwarded
        #expect(handlerRuns == ForwardGuard.maximumNesting + 1)
        scroller.scroll()
        #expect(app.calls == ForwardGuard.maximumNesting + 1)  // still the target
        subscription.cancel()
    }

    /// A delegate method that answers, asked through Rx in front of OnKit and through the loop
    /// IQ's handler makes: the app's delegate is asked once per question, and its answer is
    /// folded with the handlers' as without the other library (all must allow: a handler's "no"
    /// wins over the app's "yes").
    @Test(arguments: [[Step.app, .rx, .onkit, .rx], [.app, .onkit, .iqAdd, .onkit]])
    func aQuestionReachesTheAppsDelegateOnceAndKeepsItsAnswer(_ steps: [Step]) {
        let scene = CoexistenceScene()
        scene.run(steps)
        var asked = 0
        let subscription = scene.scroller.on.shouldScrollToTop { asked += 1; return false }
        let first = scene.scroller.tapStatusBar()
        let appAskedFirst = scene.app.calls.filter { $0 == "top" }.count
        let later = scene.scroller.tapStatusBar()
        #expect(!first && !later)
        #expect(appAskedFirst == 1)
        #expect(scene.app.calls.filter { $0 == "top" }.count == 2)
        #expect(asked >= 2)
        subscription.cancel()
    }

    #if DEBUG
    @Test func aCutLoopIsReportedOnceNamingTheForwarder() {
        let scene = CoexistenceScene()
        scene.run([.app, .onkit, .iqAdd, .onkit])
        scene.scroller.scroll()
        scene.scroller.scroll()
        // Printed once per message (the table's IQ row prints the same one): exactly one names
        // the forwarder and the delegate OnKit forwards to now.
        let reports = DebugWarnings.printed.withLock { printed in
            printed.filter { $0.contains("StandInReturnKeyHandler forwards scrollerDidScroll(_:) back") }
        }
        #expect(reports.count == 1)
        #expect(reports.first?.contains("now forwards to StandInAppDelegate") == true)
    }
    #endif

    @Test func theGuardCutsTheSameMethodOfTheSameOwnerAtTheBoundOnly() {
        let objects = (IdentityStandIn(), IdentityStandIn())  // alive throughout: distinct identities
        let owner = ObjectIdentifier(objects.0)
        let other = ObjectIdentifier(objects.1)
        var opened = 0
        while ForwardGuard.open(owner, "m") { opened += 1 }
        #expect(opened == ForwardGuard.maximumNesting)
        // Another owner, or another method of the same owner, is not counted.
        #expect(ForwardGuard.open(other, "m"))
        #expect(ForwardGuard.open(owner, "n"))
        ForwardGuard.close()
        ForwardGuard.close()
        // Closing one lets one more open, and no more.
        ForwardGuard.close()
        #expect(ForwardGuard.open(owner, "m"))
        #expect(!ForwardGuard.open(owner, "m"))
        for _ in 0..<opened { ForwardGuard.close() }
        #expect(ForwardGuard.open(owner, "m"))  // all closed: a new forward opens again
        ForwardGuard.close()
        withExtendedLifetime(objects) {}
    }
}

/// An object with an identity, for the guard's owners.
private final class IdentityStandIn {}
