import Foundation
import Observation
import OnKit

/// An `@Observable` model on the main actor (hence `Sendable`), as an app's models are.
@MainActor @Observable final class Profile: OnCompatible {
    var name = ""
    var age = 0
    @ObservationIgnored var note = ""
}

/// A plain class publishing its changes with `@Notifying`.
final class Account: PropertyChangeNotifying {
    let propertyChanges = PropertyChanges()
    @Notifying var owner = "Ada"
    @Notifying var balance = 0
    @Notifying var tags = Tags()
    var limit = 100 {
        didSet { propertyChanges.send(self, \.limit, old: oldValue, new: limit) }
    }

    /// A value that is not `Equatable`.
    struct Tags {
        var names: [String] = []
    }
}

/// An `Account` shared by threads that serialize every access with `lock`.
final class SharedAccount: @unchecked Sendable {
    // @unchecked is sound: `account` is only touched while `lock` is held.
    private let lock = NSLock()
    private let account = Account()

    func withAccount<T>(_ body: (Account) -> T) -> T {
        lock.withLock { body(account) }
    }
}

/// The first `count` elements of `stream` (fewer if it finishes first), or `nil` if `timeout`
/// passes first, which the test then reports: a wait that cannot hang a test. The bound is
/// generous: under the thread sanitizer, with the whole suite on two cores, the reading task
/// once waited over 5 s for a thread of the cooperative pool.
func first<Stream: AsyncSequence & Sendable>(
    _ count: Int,
    of stream: Stream,
    timeout: Duration = .seconds(30)
) async -> [Stream.Element]? where Stream.Element: Sendable, Stream.Failure == Never {
    let collected = Recorder<Stream.Element>()
    let done = Counter()
    let reader = Task {
        for await element in stream {
            collected.append(element)
            if collected.count == count { break }
        }
        done.increment()
    }
    let ended = await pollUntil(timeout: Double(timeout.components.seconds)) { done.value > 0 }
    reader.cancel()
    return ended ? collected.values : nil
}

/// A plain class on the main actor (hence `Sendable`) publishing with `@Notifying`.
@MainActor final class Wallet: PropertyChangeNotifying {
    let propertyChanges = PropertyChanges()
    @Notifying var coins = 0
}

/// An `@Observable` model with nonisolated state, changed only on one `GaugeStore`.
@Observable final class Gauge: OnCompatible, @unchecked Sendable {
    // @unchecked is sound: the tests change and read `level` only on the one `GaugeStore` they
    // subscribe with (or, for one that never changes it, only read it there).
    var level = 0
}

/// The actor that changes a `Gauge`, and where its subscribers get their deliveries.
actor GaugeStore {
    func set(_ gauge: Gauge, to level: Int) {
        gauge.level = level
    }

    func subscribe(_ gauge: Gauge, _ handler: @escaping @Sendable (Int) -> Void) -> EventSubscription {
        gauge.on.change(of: \.level) { _, level in handler(level) }
    }
}
