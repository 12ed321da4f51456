@_spi(OnKitInternal) @testable import OnKit
import Testing

/// A long-lived delegate (an app-wide one, set on many views) keeps one death-watch action per
/// live proxy forwarding to it: a proxy's action goes when it adopts another target, and when
/// the proxy is gone. Before, every proxy ever made left its action there for the target's life.
@Suite @MainActor struct TargetDeathWatchTests {
    private func actions(on target: AnyObject) -> Int {
        On(target).existingValue(for: TargetDeathWatch.key)?.count ?? 0
    }

    @Test func aProxyThatAdoptsAnotherTargetLeavesTheFirstTargetsWatch() {
        let scroller = StandInScroller()
        let first = StandInAppDelegate(implements: [.didScroll])
        let second = StandInAppDelegate(implements: [.didScroll])
        scroller.delegate = first
        _ = scroller.on.didScroll
        #expect(actions(on: first) == 1)
        scroller.delegate = second
        _ = scroller.on.didScroll
        #expect(actions(on: first) == 0)
        #expect(actions(on: second) == 1)
    }

    @Test func theActionsOfGoneProxiesAreDroppedAtTheNextWatch() async {
        let shared = StandInAppDelegate(implements: [.didScroll])
        weak var lastProxy: StandInScrollerProxy?
        for _ in 0..<5 {
            let scroller = StandInScroller()
            scroller.delegate = shared
            _ = scroller.on.didScroll
            lastProxy = scroller.delegate as? StandInScrollerProxy
        }
        #expect(await releaseDeadHostValues { lastProxy == nil })  // Linux: the hosts' proxies go
        let kept = StandInScroller()
        kept.delegate = shared
        _ = kept.on.didScroll
        #expect(actions(on: shared) == 1)
    }
}
