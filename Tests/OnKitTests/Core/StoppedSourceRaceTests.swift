import Foundation
import Testing
@testable import OnKit

/// A source that finishes when its mechanism stops (a Dispatch timer) refuses every later
/// handler, also while another thread is stopping it: a registration that returns after the
/// source has ended is inactive. Found by CI's TSan run of `DispatchTimerTests`: the settling
/// thread let other threads go on before it finished the store, so a handler registered in that
/// gap was active on a stopped timer, until the store's finish removed it.
@Suite struct StoppedSourceRaceTests {
    @Test func aRegistrationAfterTheSourceEndedIsInactiveWhileAnotherThreadStopsIt() async {
        let rounds = 5_000
        let activeAfterEnd = Counter()
        for _ in 0..<rounds {
            let source = DemandSource<Int, Int>(restarts: false, start: { _ in true }, stop: {})
            let first = source.insert(StoredHandler(plain: { _, _ in }))
            let ready = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                ready.signal()
                while !source.hasEnded {}  // the moment the stopping thread has decided
                let late = source.insert(StoredHandler(plain: { _, _ in }))
                if late.isActive { activeAfterEnd.increment() }
                done.signal()
            }
            ready.wait()
            _ = first.cancel()  // the last handler: stops the mechanism, which finishes the source
            done.wait()
        }
        #expect(activeAfterEnd.value == 0, "of \(rounds) registrations after the end, some were active")
    }
}
