#if canImport(Combine)
import Combine
import Foundation
import OnKit

/// Type-checked for iOS by `apple-typecheck`: `.publisher` on an `Event` and on an adapter
/// callback (a read-only face), through Combine operators into `sink`, stored as an app would.
final class FeedScreen {
    var cancellables = Set<AnyCancellable>()
    private(set) var lastPrice = 0.0
    private(set) var elementNames: [String] = []

    func bind(_ feed: PriceFeed, parser: XMLParser) {
        feed.priceChanged.publisher
            .removeDuplicates()
            .receive(on: DispatchQueue.main)
            .sink { [weak self] price in self?.lastPrice = price }
            .store(in: &cancellables)

        parser.on.didStartElement.publisher
            .map(\.name)
            .sink { [weak self] name in self?.elementNames.append(name) }
            .store(in: &cancellables)

        // A publisher is a value: erase it to hand it on, as a view model would.
        let documentEnded: AnyPublisher<Void, Never> = parser.on.didEndDocument.publisher.eraseToAnyPublisher()
        documentEnded
            .sink(receiveCompletion: { _ in print("parser gone") }, receiveValue: { print("parsed") })
            .store(in: &cancellables)
    }
}
#endif
