@_spi(OnKitInternal) @testable import OnKit
import Testing

/// A stand-in for `UITableViewCell`: its base `prepareForReuse()` renews the reuse lifetime,
/// which is what OnKit's hook adds to UIKit's base classes on iOS.
@MainActor class StandInCell: MainActorBound, OnCompatible {
    let button = StandInControl()

    func prepareForReuse() {
        On(self).renewReuseLifetime()
    }
}

/// A cell class that overrides `prepareForReuse()` and calls `super`, as Apple requires.
@MainActor final class StandInCustomCell: StandInCell {
    var resets = 0

    override func prepareForReuse() {
        super.prepareForReuse()
        resets += 1
    }
}

extension On where Base: StandInCell {
    /// The adapter, written as `UITableViewCell+Reuse.swift` is.
    @MainActor var reuse: Lifetime { currentReuseLifetime }
}

@Suite @MainActor struct ReuseLifetimeTests {
    @Test func renewEndsTheCurrentLifetimeAndBeginsAFreshOne() {
        let renewing = RenewingLifetime()
        let first = renewing.current
        #expect(renewing.current === first)
        let door = Door()
        let subscription = door.on.opened { _, _ in }
        subscription.store(in: first)
        renewing.renew()
        #expect(first.hasEnded)
        #expect(!subscription.isActive)
        let second = renewing.current
        #expect(second !== first)
        #expect(!second.hasEnded)
    }

    @Test func reusedCellNeverKeepsTheHandlersOfItsEarlierRows() {
        let cell = StandInCustomCell()
        let log = Recorder<Int>()
        for row in 0..<5 {
            cell.prepareForReuse()
            cell.button.on.valueChanged { _ in log.append(row) }.store(in: cell.on.reuse)
        }
        cell.button.sendActions(for: StandInControl.valueChanged)
        #expect(log.values == [4])
        #expect(cell.button.on.valueChanged.subscriberCount == 1)
        #expect(cell.resets == 5)
    }

    @Test func reuseEndsWhetherOrNotTheCellClassOverridesPrepareForReuse() {
        for cell in [StandInCell(), StandInCustomCell()] {
            let lifetime = cell.on.reuse
            let subscription = cell.button.on.valueChanged { _ in }
            subscription.store(in: lifetime)
            cell.prepareForReuse()
            #expect(lifetime.hasEnded)
            #expect(!subscription.isActive)
            #expect(!cell.on.reuse.hasEnded)
        }
    }

    @Test func reusingACellWhoseLifetimeWasNeverAskedForStoresNothing() {
        let cell = StandInCell()
        cell.prepareForReuse()
        #expect(On(cell).existingValue(for: ReuseLifetimeKey.key) == nil)
        #expect(!cell.on.reuse.hasEnded)
    }

    /// `RenewingLifetime` is `Sendable`: subscriptions added from many threads while another
    /// thread renews never outlive the last renewal (each went into a lifetime that ended, or
    /// into an ended one, which cancels at once).
    @Test nonisolated func noSubscriptionOutlivesARenewalUnderConcurrentUse() {
        let renewing = RenewingLifetime()
        let door = Door()
        let made = Recorder<EventSubscription>()
        coreRunOnThreads(5) { index in
            for _ in 0..<200 {
                if index == 0 {
                    renewing.renew()
                } else {
                    let subscription = door.on.opened { _, _ in }
                    renewing.current.add(subscription)
                    made.append(subscription)
                }
            }
        }
        renewing.renew()
        #expect(made.count == 800)
        #expect(made.values.allSatisfy { !$0.isActive })
        #expect(door.on.opened.subscriberCount == 0)
    }

    @Test func reuseLifetimeEndsWhenTheCellGoesAndKeepsNothingAlive() async {
        var cell: StandInCell? = StandInCell()
        weak let weakCell = cell
        let door = Door()
        var probe: Tracked? = Tracked()
        weak let weakProbe = probe
        // Sound: both were just set.
        let subscription = door.on.opened { [probe = probe!] _, _ in _ = probe }
        subscription.store(in: cell!.on.reuse)
        probe = nil
        cell = nil
        #expect(weakCell == nil)
        #expect(await releaseDeadHostValues { !subscription.isActive && weakProbe == nil })
    }
}
