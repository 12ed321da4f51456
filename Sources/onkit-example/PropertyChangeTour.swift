import Observation
import OnKit

/// A model observed through Swift's Observation.
@MainActor @Observable final class Profile: OnCompatible {
    var name = "Ada"
    var score = 0
}

/// A plain class that publishes its own changes, old and new values.
final class Account: PropertyChangeNotifying {
    let propertyChanges = PropertyChanges()
    @Notifying var balance = 0
}

@MainActor
func propertyChangeTour() async throws {
    print("\n== Property changes of a plain class (@Notifying): old and new value, at once")
    let account = Account()
    account.on.change(of: \.balance) { _, change in print("  balance: \(change.old) → \(change.new)") }
    print("  balance set to 100, to 100 again (no change: nothing printed), then to 40:")
    account.balance = 100
    account.balance = 100
    account.balance = 40

    print("\n== Property changes of an @Observable model: the new value, just after the change")
    print("  name set to Grace; score raised five times in a row (one call, the final score):")
    let profile = Profile()
    let deliveries = Counter()
    profile.on.change(of: \.name) { profile, name in
        print("  name is now \(name)")
        deliveries.increment()
    }
    profile.on.change(of: \.score) { _, score in
        print("  score is now \(score)")
        deliveries.increment()
    }
    profile.name = "Grace"
    for point in 1...5 { profile.score += point }
    try await waitFor("both changes to be delivered") { deliveries.value == 2 }
}
