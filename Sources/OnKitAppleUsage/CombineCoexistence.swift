#if canImport(Combine)
import Combine
import Foundation
import OnKit

/// Type-checked for iOS by `apple-typecheck` (never compiled on Linux, which has no Combine): a
/// file that imports both Combine and OnKit writes both Combine's `Subscription` and OnKit's
/// `EventSubscription` unqualified, and stores OnKit subscriptions in a `Set<AnyCancellable>`.
final class PriceFeed: Sendable {
    let priceChanged = Event<PriceFeed, Double>()
}

/// A Combine subscriber next to OnKit handlers, as an app would write it.
final class PriceScreen {
    var cancellables = Set<AnyCancellable>()
    var combineSubscription: (any Subscription)?
    var lastSubscription: EventSubscription?

    func bind(_ feed: PriceFeed, publisher: some Publisher<Double, Never>) {
        feed.priceChanged { _, price in print(price) }
            .store(in: &cancellables)
        lastSubscription = feed.priceChanged.once { _, _ in }
        publisher.sink { price in print(price) }
            .store(in: &cancellables)
        let cancellable = AnyCancellable(feed.priceChanged { _, _ in })
        cancellable.store(in: &cancellables)
    }
}
#endif
