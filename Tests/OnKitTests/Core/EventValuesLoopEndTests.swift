import OnKit
import Testing

/// `values` ends its subscription when its loop ends, however it ends, even while the sequence
/// is still held in a variable (as Getting started writes it: `let rings = door.rung.values`),
/// and keeps a bounded buffer. Written against the surface only, so that these also compile
/// against the `AsyncStream` that `values` used to be (where the held sequence kept buffering).
@Suite struct EventValuesLoopEndTests {
    @Test func breakEndsTheSubscriptionWhileTheSequenceIsStillHeld() async {
        let event = Event<Void, Int>()
        let rings = event.values
        event.send(1)
        for await ring in rings where ring == 1 { break }
        #expect(event.subscriberCount == 0, "the held sequence is still subscribed after `break`")
        withExtendedLifetime(rings) {}
    }

    @Test func returnFromInsideTheLoopEndsTheSubscriptionWhileTheSequenceIsStillHeld() async {
        let event = Event<Void, Int>()
        let rings = event.values
        for value in [3, 8, 5] { event.send(value) }
        #expect(await firstAbove(4, in: rings) == 8)
        #expect(event.subscriberCount == 0, "the held sequence is still subscribed after `return`")
        withExtendedLifetime(rings) {}
    }

    @Test func aThrowOutOfTheLoopEndsTheSubscriptionWhileTheSequenceIsStillHeld() async {
        struct Stop: Error {}
        let event = Event<Void, Int>()
        let rings = event.values
        event.send(1)
        await #expect(throws: Stop.self) {
            for await _ in rings { throw Stop() }
        }
        #expect(event.subscriberCount == 0, "the held sequence is still subscribed after a throw")
        withExtendedLifetime(rings) {}
    }

    @Test func cancellingTheLoopsTaskEndsTheSubscriptionWhileTheSequenceIsStillHeld() async {
        let event = Event<Void, Int>()
        let rings = event.values
        let received = Counter()
        let loop = Task {
            for await _ in rings { received.increment() }
        }
        event.send(1)
        #expect(await pollUntil { received.value == 1 }, "the loop never received a value")
        loop.cancel()
        await loop.value  // a loop whose task is cancelled ends
        #expect(event.subscriberCount == 0)
        withExtendedLifetime(rings) {}
    }

    @Test func callsSentAfterTheLoopEndedAreNotKept() async {
        let event = Event<Void, Blob>()
        let rings = event.values
        event.send(Blob())
        for await _ in rings { break }
        var late: Blob? = Blob()
        let kept = WeakReference(live: late!)  // Sound: just made.
        event.send(late!)  // Sound: just made. Nobody listens: not kept.
        late = nil
        #expect(kept.isReleased, "a call sent after the loop ended was buffered")
        withExtendedLifetime(rings) {}
    }

    @Test func aSequenceDroppedWithoutALoopUnsubscribes() {
        let event = Event<Void, Int>()
        _ = event.values
        #expect(event.subscriberCount == 0)
    }

    @Test func everyCallSentBeforeTheLoopStartsIsKeptByDefault() async {
        let event = Event<Void, Int>()
        let rings = event.values
        for value in 1...5_000 { event.send(value) }  // nobody takes them yet: all kept
        var received: [Int] = []
        for await value in rings {
            received.append(value)
            if value == 5_000 { break }
        }
        #expect(received == Array(1...5_000), "the default buffer keeps every call, in order")
    }

    @Test func theNextLoopOverAnEndedSequenceEndsAtOnce() async {
        let event = Event<Void, Int>()
        let rings = event.values
        event.send(1)
        for await _ in rings { break }
        let second = Recorder<Int>()
        let ended = Counter()
        let loop = Task {
            for await value in rings { second.append(value) }
            ended.increment()
        }
        event.send(2)
        let endedAtOnce = await pollUntil { ended.value == 1 }
        #expect(endedAtOnce, "a second loop over the same sequence kept waiting")
        if !endedAtOnce { loop.cancel() }  // so that the test ends, red
        await loop.value
        #expect(second.values.isEmpty)
    }

    /// Returns from inside the loop: the first value above `threshold`.
    private func firstAbove<Rings: AsyncSequence>(_ threshold: Int, in rings: Rings) async -> Int?
    where Rings.Element == Int, Rings.Failure == Never {
        for await value in rings where value > threshold { return value }
        return nil
    }
}

/// A value whose release a test can see.
private final class Blob: Sendable {}
