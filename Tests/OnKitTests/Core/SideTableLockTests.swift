#if !canImport(ObjectiveC)
import Foundation
import Synchronization
@testable import OnKit
import Testing

/// The side table runs no user code under its locks, and `releaseValuesOfDeadHosts()` keeps its
/// word while other sweeps run: private tables that nothing else touches, every thread's end
/// polled, so that a deadlock fails the test instead of hanging the run.
@Suite struct SideTableLockTests {
    /// A host's deinit that reads and writes its own storage, while another thread sweeps the
    /// table: a sweep's liveness check loads a strong reference to the host, which may be the
    /// last when the dropping thread lets go meanwhile. Released under the shard lock (before
    /// the fix), the deinit took that lock again on the same thread: a hang, seen within a few
    /// thousand hosts.
    @Test func aHostsDeinitThatUsesItsStorageNeverDeadlocksAConcurrentSweep() async {
        let table = SideTable(reapsDeadHosts: false)
        let key = AssociationKey<Int?>("value")
        let sweeperDeinits = AtomicCount(), deinits = AtomicCount(), made = AtomicCount()
        let stop = AtomicFlag(), sweeperDone = AtomicFlag(), dropperDone = AtomicFlag()
        let sweeper = Thread {
            SweeperMark.isSweeper = true
            while !stop.value { table.releaseValuesOfDeadHosts(waiting: false) }
            sweeperDone.set(true)
        }
        let dropper = Thread {
            // Until the race was seen often enough, or a bound that an unloaded machine reaches
            // in a few seconds.
            while sweeperDeinits.value < 20, made.value < 300_000 {
                let host = ReentrantHost(table: table, key: key) {
                    deinits.increment()
                    if SweeperMark.isSweeper { sweeperDeinits.increment() }
                }
                table.setValue(1, on: host, for: key.identity)
                made.increment()
                // `host` goes here, maybe while the sweeper holds the only other reference.
            }
            stop.set(true)
            dropperDone.set(true)
        }
        sweeper.start()
        dropper.start()
        let ended = await pollUntil(timeout: 120) {
            sweeperDone.value && dropperDone.value
        }
        #expect(ended, "deadlocked: a host's deinit ran under a shard lock and took it again")
        guard ended else { return }  // the stuck threads hold only this test's table
        #expect(deinits.value == made.value)
        #expect(sweeperDeinits.value > 0, "the sweep never held a host's last reference")
    }

    /// A sweep on one thread is releasing a dead host's value (its deinit waits for a gate);
    /// `releaseValuesOfDeadHosts()` on another must not return before that release is done.
    @Test func releaseValuesOfDeadHostsWaitsForTheValuesAConcurrentSweepIsReleasing() async {
        let table = SideTable(reapsDeadHosts: false)
        let key = AssociationKey<DeinitProbe?>("probe")
        let entered = AtomicFlag(), gate = DispatchSemaphore(value: 0), completed = AtomicFlag()
        do {
            let host = Door()
            table.setValue(DeinitProbe {
                entered.set(true)
                gate.wait()
                completed.set(true)
            }, on: host, for: key.identity)
        }
        let firstDone = AtomicFlag()
        Thread {
            table.releaseValuesOfDeadHosts()
            firstDone.set(true)
        }.start()
        #expect(await pollUntil { entered.value }, "the sweep never released the value")

        let secondReturned = AtomicFlag(), completedWhenSecondReturned = AtomicFlag()
        Thread {
            table.releaseValuesOfDeadHosts()
            completedWhenSecondReturned.set(completed.value)
            secondReturned.set(true)
        }.start()
        // Returned (wrongly, while the value is still being released), or waiting for it.
        let settled = await pollUntil {
            secondReturned.value || table.releaseWaiterCount > 0
        }
        #expect(settled)
        gate.signal()
        #expect(await pollUntil { secondReturned.value }, "it never returned")
        #expect(await pollUntil { firstDone.value })
        #expect(
            completedWhenSecondReturned.value,
            "releaseValuesOfDeadHosts() returned while another sweep was still releasing a dead host's value")
    }

    /// A value whose deinit, run by a sweep, calls `releaseValuesOfDeadHosts()` itself: it must
    /// not wait for the sweep that runs it (itself).
    @Test func releaseValuesOfDeadHostsCalledFromAValueItReleasesReturns() async {
        let table = SideTable(reapsDeadHosts: false)
        let key = AssociationKey<DeinitProbe?>("probe")
        let nested = AtomicFlag()
        for _ in 0..<2 {
            table.setValue(DeinitProbe {
                table.releaseValuesOfDeadHosts()
                nested.set(true)
            }, on: Door(), for: key.identity)
        }
        let done = AtomicFlag()
        Thread {
            table.releaseValuesOfDeadHosts()
            done.set(true)
        }.start()
        #expect(await pollUntil { done.value }, "it waited for itself")
        #expect(nested.value)
        #expect(table.hostCount == 0)
    }
}

/// A host whose deinit uses its own storage in `table` (its own shard).
private final class ReentrantHost: Sendable {
    let table: SideTable
    let key: AssociationKey<Int?>
    let onDeinit: @Sendable () -> Void

    init(table: SideTable, key: AssociationKey<Int?>, onDeinit: @escaping @Sendable () -> Void) {
        self.table = table
        self.key = key
        self.onDeinit = onDeinit
    }

    deinit {
        _ = table.value(on: self, for: key.identity)
        table.setValue(nil, on: self, for: key.identity)
        onDeinit()
    }
}

/// A flag any thread may set and read.
private final class AtomicFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var value: Bool { flag.load(ordering: .sequentiallyConsistent) }
    func set(_ value: Bool) { flag.store(value, ordering: .sequentiallyConsistent) }
}

/// A count any thread may add to.
private final class AtomicCount: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    func increment() { count.add(1, ordering: .relaxed) }
}

/// Which thread is the sweeper: a thread-local flag.
private enum SweeperMark {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var isSweeper: Bool {
        get { pthread_getspecific(key) != nil }
        set { pthread_setspecific(key, newValue ? UnsafeRawPointer(bitPattern: 1) : nil) }
    }
}
#endif
