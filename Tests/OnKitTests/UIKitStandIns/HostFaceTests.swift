@_spi(OnKitInternal) @testable import OnKit
import Testing

/// A host class and a subclass, as `UITableView` and an app's `MyTableView`.
@MainActor class StandInView {}
@MainActor final class StandInSubview: StandInView {}

/// Faces typed by a subclass, or serving one host, cast with checked casts: a call from a sender
/// of another class, or from another host, reaches no handler (issue 14, item 2: no unchecked
/// cast remains).
@Suite @MainActor struct HostFaceTests {
    @Test func aSubclassFaceSkipsAnEventSentByTheBaseClass() {
        let event = Event<StandInView, Int>()
        let seen = Recorder<Int>()
        event.readOnly.sent(as: StandInSubview.self).subscribe { _, value in seen.append(value) }
        event.send(StandInView(), 1)  // not a subview: skipped, not reinterpreted
        event.send(StandInSubview(), 2)
        #expect(seen.values == [2])
    }

    @Test func aHostsFaceGetsOnlyThatHostsCalls() {
        let event = Event<StandInView, Int>()
        let host = StandInSubview()
        let seen = Recorder<Int>()
        event.serving(host, as: StandInSubview.self).subscribe { _, value in seen.append(value) }
        event.send(StandInSubview(), 1)  // the right class, another object
        event.send(host, 2)
        #expect(seen.values == [2])
    }

    @Test func aHostsDecisionFaceAbstainsForAnotherSenderWithTheDefault() {
        let decision = Decision<StandInView, Void, Bool>.all()
        let host = StandInView()
        decision.serving(host, as: StandInView.self).subscribe { _, _ in false }
        #expect(decision.ask(StandInView(), ()) == true)
        #expect(decision.ask(host, ()) == false)
    }

    @Test func aHostsFaceKeepsNeitherTheHostNorItsHandlersAlive() {
        var host: StandInView? = StandInView()
        weak let weakHost = host
        let event = Event<StandInView, Int>()
        let seen = Recorder<Int>()
        event.serving(host!, as: StandInView.self).subscribe { _, value in seen.append(value) }  // just made
        host = nil
        #expect(weakHost == nil)
        event.send(StandInView(), 1)  // a new object, maybe at the same address: not the host
        #expect(seen.values.isEmpty)
    }
}
