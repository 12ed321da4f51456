import OpenCombine
@testable import OnKit
import Testing

/// `publisher` follows `values`: a call that carries nothing but a `Sendable` sender publishes
/// the sender; one whose sender is not `Sendable` publishes `Void`.
@Suite struct EventPublisherSenderTests {
    @Test func anArgumentlessCallPublishesItsSender() {
        let tapped = Event<Knob, Void>()
        let names = Locked<[String]>([])
        let cancellable = tapped.publisher.map(\.name).sink { name in names.withLock { $0.append(name) } }
        tapped.send(Knob("volume"))
        tapped.send(Knob("balance"))
        #expect(names.withLock { $0 } == ["volume", "balance"])
        cancellable.cancel()
        #expect(tapped.subscriberCount == 0)
    }

    @Test func aSenderThatIsNotSendablePublishesVoid() {
        let finished = Event<Dial, Void>()
        let count = Locked(0)
        let publisher = finished.publisher
        #expect(type(of: publisher) == EventPublisher<Void>.self)
        let cancellable = publisher.sink { count.withLock { $0 += 1 } }
        finished.send(Dial())
        #expect(count.withLock { $0 } == 1)
        cancellable.cancel()
    }

    @Test func aCallWithArgumentsStillPublishesTheArguments() {
        let turned = Event<Knob, Int>()
        let publisher = turned.publisher
        #expect(type(of: publisher) == EventPublisher<Int>.self)
    }
}

private final class Knob: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// Not `Sendable`.
private final class Dial {}
