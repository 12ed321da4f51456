import OnKit
import Testing

/// `Event.values`: delivery, and the subscription's end when the loop ends or the event goes.
/// Waits are for asynchronous delivery only, with generous limits that fail the test loudly.
@Suite struct EventValuesTests {
    @Test func valuesDeliversEverySendInOrderFromTheMomentItIsRead() async {
        let event = Event<Void, Int>()
        event.send((), 0)  // before: not delivered
        let stream = event.values
        #expect(event.subscriberCount == 1)
        for value in 1...5 { event.send((), value) }  // before iteration starts: kept
        var received: [Int] = []
        for await value in stream {
            received.append(value)
            if value == 5 { break }
        }
        #expect(received == [1, 2, 3, 4, 5])
    }

    @Test func breakingOutOfTheLoopRemovesTheSubscription() async {
        let event = Event<Void, Int>()
        let sender = Task {
            // Send once the loop below has subscribed.
            guard await pollUntil({ event.subscriberCount == 1 }) else { return false }
            for value in 1...3 { event.send((), value) }
            return true
        }
        var received: [Int] = []
        for await value in event.values {
            received.append(value)
            if value == 2 { break }
        }
        #expect(await sender.value, "the loop never subscribed")
        #expect(received == [1, 2])
        #expect(event.subscriberCount == 0)
    }

    @Test func droppingTheIteratorRemovesTheSubscription() async {
        let event = Event<Void, Int>()
        var iterator: EventValues<Int>.Iterator? = event.values.makeAsyncIterator()
        #expect(event.subscriberCount == 1)
        event.send((), 7)
        #expect(await iterator?.next() == 7)
        iterator = nil
        #expect(event.subscriberCount == 0)
    }

    @Test func cancellingTheIteratingTaskRemovesTheSubscription() async {
        let event = Event<Void, Int>()
        let stream = event.values
        #expect(event.subscriberCount == 1)
        let received = Recorder<Int>()
        let loop = Task {
            for await value in stream {
                received.append(value)
                if value < 0 { break }  // escape hatch, only used if cancelling fails
            }
        }
        event.send((), 1)
        #expect(await pollUntil { received.count == 1 }, "the loop never received a value")
        loop.cancel()
        let removed = await pollUntil { event.subscriberCount == 0 }
        #expect(removed, "cancelling the task left the subscription in place")
        if !removed { event.send((), -1) }
        await loop.value
        #expect(event.subscriberCount == 0)
        #expect(received.values == [1])
    }

    @Test func waitingLoopEndsWhenTheEventIsDeallocated() async {
        var event: Event<Void, Int>? = Event()
        let weakEvent = WeakReference(event)
        // Sound: just created.
        let stream = event!.values
        let received = Recorder<Int>()
        let ended = Counter()
        let loop = Task {
            for await value in stream { received.append(value) }
            ended.increment()
        }
        event?.send((), 1)
        event?.send((), 2)
        #expect(await pollUntil { received.count == 2 }, "the loop never received the values")
        // The loop now waits (or is about to) for a value that will never come.
        event = nil
        #expect(weakEvent.isReleased)
        let finished = await pollUntil { ended.value == 1 }
        #expect(finished, "the for await loop still waits after its event was deallocated")
        if !finished { loop.cancel() }  // so that the test ends, red
        await loop.value
        #expect(received.values == [1, 2])
    }

    @Test func readOnlyValuesComeFromTheSameEvent() async {
        let event = Event<Void, String>()
        var iterator = event.readOnly.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
        #expect(event.subscriberCount == 1)
        event.send((), "dropped")
        event.send((), "kept")
        #expect(await iterator.next() == "kept")
    }

    @Test func boundedBufferingKeepsTheOldestWhenAskedTo() async {
        let event = Event<Void, Int>()
        var iterator = event.values(bufferingPolicy: .bufferingOldest(2)).makeAsyncIterator()
        for value in 1...5 { event.send((), value) }
        #expect(await iterator.next() == 1)
        #expect(await iterator.next() == 2)
        event.send((), 6)
        #expect(await iterator.next() == 6)
    }

    // `next()`'s cancellation paths besides a cancel while waiting (CoreRegressionTests).

    @Test func nextInATaskAlreadyCancelledThrowsAtOnceAndSubscribesNothing() async {
        let event = Event<Void, Int>()
        let outcome = Recorder<String>()
        // Not awaited directly: a wait that never resumes must fail this test, not hang it.
        Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                outcome.append("returned \(try await event.next())")
            } catch {
                outcome.append(error is CancellationError ? "cancelled" : "threw \(error)")
            }
        }
        #expect(await pollUntil { outcome.count == 1 }, "next() in a cancelled task never ended")
        #expect(outcome.values == ["cancelled"])
        #expect(event.subscriberCount == 0)
    }

    @Test func nextRacingACallAndACancelEndsOnceAndLeavesNoHandler() async {
        let event = Event<Void, Int>()
        for round in 1...200 {
            let task = Task { try await event.next() }
            guard await pollUntil({ event.subscriberCount == 1 }) else {
                Issue.record("round \(round): next() never subscribed")
                task.cancel()
                return
            }
            let sender = Task.detached { event.send(round) }
            task.cancel()
            await sender.value
            switch await task.result {
            case .success(let value): #expect(value == round)
            case .failure(let error): #expect(error is CancellationError)
            }
            #expect(event.subscriberCount == 0)
        }
    }
}
