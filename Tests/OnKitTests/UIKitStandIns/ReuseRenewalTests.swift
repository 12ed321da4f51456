@_spi(OnKitInternal) @testable import OnKit
import Testing

extension On where Base: StandInCell {
    /// The adapter, written as `UITableViewCell+Reuse.swift`'s `renewReuse()` is.
    @MainActor func renewReuse() { renewReuseLifetime() }
}

/// A cell configured again in place (`reconfigureRows(at:)`, `reconfigureItems(at:)`, a diffable
/// data source's `reconfigureItems(_:)`) is not prepared for reuse: `on.renewReuse()` renews
/// its reuse lifetime by hand (issue 14, item 5).
@Suite @MainActor struct ReuseRenewalTests {
    /// What a data source's configuration code does, the way the documentation shows it.
    private func configure(_ cell: StandInCell, row: Int, log: Recorder<Int>) {
        cell.on.renewReuse()
        cell.button.on.valueChanged { _ in log.append(row) }.store(in: cell.on.reuse)
    }

    @Test func aCellConfiguredAgainInPlaceFiresOncePerAction() {
        let cell = StandInCell()
        let log = Recorder<Int>()
        configure(cell, row: 3, log: log)
        configure(cell, row: 3, log: log)  // reconfigured: no prepareForReuse in between
        cell.button.sendActions(for: StandInControl.valueChanged)
        #expect(log.values == [3])
        #expect(cell.button.on.valueChanged.subscriberCount == 1)
    }

    @Test func renewingRightAfterAReuseEndsNothingButAnEmptyLifetime() {
        let cell = StandInCustomCell()
        let log = Recorder<Int>()
        for row in 0..<3 {
            cell.prepareForReuse()
            configure(cell, row: row, log: log)
        }
        cell.button.sendActions(for: StandInControl.valueChanged)
        #expect(log.values == [2])
        #expect(!cell.on.reuse.hasEnded)
    }

    @Test func renewingLetsLaterSubscriptionsLiveUntilTheNextRenewal() {
        let cell = StandInCell()
        let ended = cell.on.reuse
        cell.on.renewReuse()
        #expect(ended.hasEnded)
        let subscription = cell.button.on.valueChanged { _ in }
        subscription.store(in: cell.on.reuse)
        #expect(subscription.isActive)
        cell.on.renewReuse()
        #expect(!subscription.isActive)
    }
}
