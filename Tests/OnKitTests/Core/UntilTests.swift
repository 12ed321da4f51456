import Dispatch
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import OnKit

private final class Ticker: Sendable {
    let ticked = Event<Ticker, Int>()
    let pinged = Event<Ticker, Void>()
}

/// `until`: a handler that ends its own subscription by returning `true`, with no variable
/// declared before the subscription.
@Suite struct UntilTests {
    @Test func theHandlerIsCalledUntilItReturnsTrueThenRemoved() {
        let ticker = Ticker()
        let seen = Recorder<Int>()
        let subscription = ticker.ticked.until { _, value in
            seen.append(value)
            return value == 3
        }
        for value in 1...6 { ticker.ticked.send(ticker, value) }
        #expect(seen.values == [1, 2, 3])
        #expect(!subscription.isActive)
        #expect(ticker.ticked.subscriberCount == 0)
    }

    @Test func theEndedHandlerIsReleased() {
        let ticker = Ticker()
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        ticker.ticked.until { [captured] value in
            _ = captured
            return value == 2
        }
        captured = nil
        ticker.ticked.send(ticker, 1)
        #expect(weakCaptured != nil, "still subscribed")
        ticker.ticked.send(ticker, 2)
        #expect(weakCaptured == nil)
    }

    @Test func everyShapeEndsItsSubscription() {
        let ticker = Ticker()
        let calls = Recorder<String>()
        ticker.ticked.until { value in calls.append("value \(value)"); return true }
        ticker.ticked.until { calls.append("nothing"); return true }
        ticker.pinged.until { (sender: Ticker) in calls.append("sender"); return sender === ticker }
        ticker.ticked.send(ticker, 1)
        ticker.ticked.send(ticker, 2)
        ticker.pinged.send(ticker, ())
        ticker.pinged.send(ticker, ())
        #expect(calls.values == ["value 1", "nothing", "sender"])
        #expect(ticker.ticked.subscriberCount == 0 && ticker.pinged.subscriberCount == 0)
    }

    @Test func cancellingBeforeTheEndStopsIt() {
        let ticker = Ticker()
        let calls = Counter()
        let subscription = ticker.ticked.until { _ in calls.increment(); return false }
        ticker.ticked.send(ticker, 1)
        #expect(subscription.cancel())
        ticker.ticked.send(ticker, 2)
        #expect(calls.value == 1)
    }

    @Test func concurrentSendersCallTheHandlerUntilItEnds() async {
        let ticker = Ticker()
        let calls = Counter()
        let subscription = ticker.ticked.until { value in
            calls.increment()
            return value == 100
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for value in 0..<200 { ticker.ticked.send(ticker, value) } }
            }
        }
        #expect(!subscription.isActive)
        #expect(ticker.ticked.subscriberCount == 0)
        let afterEnd = calls.value
        ticker.ticked.send(ticker, 100)
        #expect(calls.value == afterEnd, "never called after it ended")
    }

    @Test func aDispatchTimerHandlerEndsItsTimer() async throws {
        let fires = Counter()
        let timer = try DispatchTimer.every(0.005)
        timer.fired.until { timer in
            fires.increment()
            return timer.fireCount == 3
        }
        #expect(await pollUntil { !timer.isActive })
        await settle(0.05)
        #expect(fires.value == 3)
        #expect(timer.fireCount == 3)
    }

    @Test func aFoundationTimersTickHandlerEndsItsSubscription() throws {
        let timer = try Timer.on(every: 60)
        defer { timer.on.invalidate() }
        let ticks = Counter()
        let subscription = timer.on.tick.until { _ in
            ticks.increment()
            return ticks.value == 2
        }
        for _ in 1...4 { timer.fire() }  // Foundation calls the block now, on this thread
        #expect(ticks.value == 2)
        #expect(!subscription.isActive)
    }

    @Test func aFileDescriptorHandlerEndsItsWatchAtEndOfFile() async throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let text = Recorder<String>()
        let subscription = try FileDescriptorEvents.readable(ends[0]).until { fd, available in
            var buffer = [UInt8](repeating: 0, count: max(available, 64))
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return true }  // end of file: done
            text.append(String(decoding: buffer.prefix(count), as: UTF8.self))
            return false
        }
        _ = "hello".withCString { write(ends[1], $0, 5) }
        #expect(await pollUntil { text.values.joined() == "hello" })
        #expect(subscription.isActive)
        close(ends[1])
        #expect(await pollUntil { !subscription.isActive })
    }

    @Test func aParserHandlerEndsOnTheParsingThreadAndIsReleasedThere() throws {
        let parser = XMLParser(data: Data("<a><b/><c/><d/></a>".utf8))
        var names: [String] = []  // local state: the local face's handlers capture it
        let releasedOn = Recorder<ObjectIdentifier>()
        var probe: DeinitProbe? = DeinitProbe { releasedOn.append(ObjectIdentifier(Thread.current)) }
        let subscription = parser.on.didStartElement.until { [probe] element in
            _ = probe
            names.append(element.name)
            return element.name == "c"
        }
        probe = nil
        #expect(releasedOn.count == 0, "held while subscribed")
        #expect(parser.parse())
        #expect(names == ["a", "b", "c"])
        #expect(!subscription.isActive)
        #expect(releasedOn.values == [ObjectIdentifier(Thread.current)], "released by parse(), on its thread")
    }
}
