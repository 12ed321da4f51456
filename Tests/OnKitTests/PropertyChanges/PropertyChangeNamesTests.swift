import Foundation
import Observation
import OnKit
import Testing

/// One pair of names on `@Notifying` and `@Observable` properties: `change(of:)` for the closure
/// (and, on `@Notifying`, the event), `values(of:)` for the sequence of new values; and the
/// closure shapes of `change(of:)`: `{ }`, `{ value in }`, `{ sender, value in }`.
@Suite struct PropertyChangeNamesTests {
    @Test func notifyingChangeTakesEveryClosureShapeAndTwoParametersAreTheObjectAndTheChange() {
        let account = Account()
        let calls = Recorder<String>()
        account.on.change(of: \.balance) { calls.append("none") }
        account.on.change(of: \.balance) { change in calls.append("change \(change.old)→\(change.new)") }
        account.on.change(of: \.balance) { sender, change in calls.append("sender \(sender.balance) \(change.new)") }
        account.on.change(of: \.balance) { calls.append("anonymous \($0.new)") }

        account.balance = 7

        #expect(calls.values == ["none", "change 0→7", "sender 7 7", "anonymous 7"])
    }

    @Test func notifyingChangeWithoutAClosureIsTheEventWithEveryMemberOfTheSurface() {
        let account = Account()
        let owner = Tracked("screen")
        let calls = Recorder<String>()
        let event: ReadOnlyEvent<Account, PropertyChange<Int>> = account.on.change(of: \.balance)
        event.subscribe(owner: owner) { owner, _, change in calls.append("\(owner.name) \(change.new)") }
        event.once { _, change in calls.append("once \(change.new)") }

        account.balance = 1
        account.balance = 2

        #expect(calls.values == ["screen 1", "once 1", "screen 2"])
    }

    @Test func notifyingValuesYieldsTheNewValues() async {
        let account = Account()
        let balances = account.on.values(of: \.balance)
        account.balance = 10  // before iterating: the subscription is made with the call
        account.balance = 20
        #expect(await first(2, of: balances) == [10, 20])
    }

    @Test func notifyingValuesFinishesWhenTheObjectGoes() async {
        var account: Account? = Account()
        let owners = account!.on.values(of: \.owner)  // Sound: just made.
        account = nil
        #expect(await first(1, of: owners) == [], "finished, with nothing delivered")
    }

    @Test @MainActor func observableChangeTakesEveryClosureShape() async {
        let profile = Profile()
        let calls = Recorder<String>()
        profile.on.change(of: \.name) { calls.append("none") }
        profile.on.change(of: \.name) { name in calls.append("value \(name)") }
        profile.on.change(of: \.name) { sender, name in calls.append("sender \(sender === profile) \(name)") }
        profile.on.change(of: \.name) { calls.append("anonymous \($0)") }

        profile.name = "Ada"

        #expect(await pollUntil { calls.count == 4 })
        #expect(Set(calls.values) == ["none", "value Ada", "sender true Ada", "anonymous Ada"])
    }

    @Test @MainActor func observableValuesYieldsTheNewValues() async {
        let profile = Profile()
        let ages = profile.on.values(of: \.age)
        profile.age = 36
        #expect(await first(1, of: ages) == [36])
    }
}
