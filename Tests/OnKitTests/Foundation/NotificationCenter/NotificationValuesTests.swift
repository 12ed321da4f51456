import Foundation
import OnKit
import Testing

/// `Notification` is not `Sendable` (on any platform in Swift 6 mode), so a notification event's
/// stream and wait take a projection: the `Sendable` parts, read where the notification is posted.
@Suite struct NotificationValuesTests {
    private let name = Notification.Name("OnKitTests.orderPlaced")

    @Test func valuesCarryWhatTheProjectionTakesAndEndWithTheLoop() async {
        let center = NotificationCenter()
        let placed = center.on.notification(name)
        let ids = placed.values { $0.userInfo?["id"] as? Int }
        #expect(placed.subscriberCount == 1, "subscribed when read")
        center.post(name: name, object: nil, userInfo: ["id": 7])
        center.post(name: name, object: nil, userInfo: nil)
        var received: [Int?] = []
        for await id in ids {
            received.append(id)
            if received.count == 2 { break }
        }
        #expect(received == [7, nil])
        #expect(placed.subscriberCount == 0, "the loop's end removed the observer's handler")
    }

    @Test func nextReturnsTheFirstValueTheProjectionGives() async throws {
        let center = NotificationCenter()
        let placed = center.on.notification(name)
        let wait = Task { try await placed.next { $0.userInfo?["id"] as? Int } }
        #expect(await pollUntil { placed.subscriberCount == 1 }, "next() never subscribed")
        center.post(name: name, object: nil, userInfo: nil)  // no id: not the one awaited
        center.post(name: name, object: nil, userInfo: ["id": 9])
        #expect(try await wait.value == 9)
        #expect(placed.subscriberCount == 0)
    }

    @Test func anyEventTakesAProjection() async throws {
        let turned = Event<Door, Int>()
        let doubled = turned.values { $0 * 2 }
        turned.send(Door(), 21)
        for await value in doubled {
            #expect(value == 42)
            break
        }
        #expect(turned.subscriberCount == 0)
    }
}
