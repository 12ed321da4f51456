import Dispatch
import Foundation
import Testing
import OnKit

// In `SignalTests`' serialized suite: signal dispositions are process-wide.
extension SignalTests {
    @Test func aSignalHandlerEndsItsOwnSubscription() async throws {
        let received = Counter()
        let subscription = try Signal.user1.received.until { _ in
            received.increment()
            return received.value == 2
        }
        kill(getpid(), SIGUSR1)
        #expect(await pollUntil { received.value == 1 })
        #expect(subscription.isActive)
        kill(getpid(), SIGUSR1)
        #expect(await pollUntil { received.value == 2 })
        #expect(await pollUntil { !subscription.isActive })
        // The source stops on the signal's queue, right after the cancel that ended it.
        #expect(await pollUntil { disposition(of: SIGUSR1) == .default }, "the last handler gone, the disposition is back")
    }
}
