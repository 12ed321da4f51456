import Testing
@testable import OnKit

/// The one rule for a finished source: registering on it returns an inactive subscription and
/// releases the handler at once, so nothing waits on a source that can never send.
@Suite struct FinishedSourceTests {
    @Test func registeringThroughTheFaceOfADeallocatedEventIsInactiveAndReleasesTheHandler() {
        var event: Event<Door, Int>? = Event()
        let face = event!.readOnly
        event = nil
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let subscription = face.subscribe { [captured] _, _ in _ = captured }
        captured = nil
        #expect(!subscription.isActive)
        #expect(!subscription.cancel())
        #expect(face.subscriberCount == 0)
        #expect(weakCaptured == nil, "a handler no one can ever call was kept by the face")
    }

    @Test(.timeLimit(.minutes(1)))
    func nextOnTheFaceOfADeallocatedDecisionEndsWithSourceEnded() async {
        var decision: Decision<Door, Int, Bool>? = .all()
        let face = decision!.readOnly
        decision = nil
        let ended = Counter()
        let subscription = face.once { _, _ in true }
        #expect(!subscription.isActive)
        var event: Event<Door, Int>? = Event()
        let eventFace = event!.readOnly
        event = nil
        do {
            _ = try await eventFace.next()
        } catch is SourceEndedError {
            ended.increment()
        } catch {
            Issue.record("next() threw \(error), not SourceEndedError")
        }
        #expect(ended.value == 1)
    }

    @Test func finishRemovesEveryHandlerAndRefusesLaterOnes() {
        let store = HandlerStore<Door, Int, Void>()
        let calls = Counter()
        let before = store.insert(.plain { _, _ in calls.increment() })
        store.finish()
        let after = store.insert(.plain { _, _ in calls.increment() })
        store.invokeEach(Door(), 1) { _ in true }
        #expect(calls.value == 0)
        #expect(!before.isActive && !after.isActive)
        #expect(store.count == 0)
    }
}
