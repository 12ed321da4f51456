import Foundation
import Testing
import OnKit

@Suite struct NotifyingChangeTests {
    @Test func everySetDeliversOldAndNewSynchronouslyOnTheSettingThread() {
        let account = Account()
        let changes = Recorder<PropertyChange<Int>>()
        let threads = Recorder<Bool>()
        let setter = pthread_self()
        account.on.change(of: \.balance) { account, change in
            changes.append(change)
            threads.append(pthread_equal(pthread_self(), setter) != 0 && account.balance == change.new)
        }
        account.balance = 10
        #expect(changes.values == [PropertyChange(old: 0, new: 10)], "delivered before the set returned")
        account.balance = 25
        account.balance = 5
        #expect(changes.values == [
            PropertyChange(old: 0, new: 10), PropertyChange(old: 10, new: 25), PropertyChange(old: 25, new: 5),
        ])
        #expect(threads.values == [true, true, true], "on the setting thread, after the store")
    }

    @Test func severalKeyPathsAndHandlersEachGetTheirOwnChanges() {
        let account = Account()
        let calls = Recorder<String>()
        account.on.change(of: \.owner) { _, change in calls.append("first \(change.old)→\(change.new)") }
        account.on.change(of: \.owner) { _, change in calls.append("second \(change.old)→\(change.new)") }
        account.on.change(of: \.balance) { _, change in calls.append("balance \(change.new)") }
        account.on.change(of: \.limit) { _, change in calls.append("limit \(change.old)→\(change.new)") }
        account.owner = "Grace"
        account.balance = 3
        account.limit = 50
        #expect(calls.values == ["first Ada→Grace", "second Ada→Grace", "balance 3", "limit 100→50"])
    }

    @Test func cancelStopsDeliveryAndReleasesTheHandler() {
        let account = Account()
        let calls = Recorder<Int>()
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let subscription = account.on.change(of: \.balance) { [captured] _, change in
            _ = captured
            calls.append(change.new)
        }
        captured = nil
        account.balance = 1
        #expect(subscription.cancel())
        #expect(!subscription.cancel())
        #expect(!subscription.isActive)
        #expect(weakCaptured == nil)
        account.balance = 2
        #expect(calls.values == [1])
    }

    @Test func modelDeallocationReleasesHandlersAndCapturedObjects() {
        var account: Account? = Account()
        weak let weakAccount = account
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let subscription = account?.on.change(of: \.balance) { [captured] _, _ in _ = captured }
        account?.on.change(of: \.owner).subscribe(owner: Tracked()) { _, _, _ in }
        captured = nil
        #expect(weakCaptured != nil, "the handler holds what it captured while the model lives")
        account = nil
        #expect(weakAccount == nil, "subscriptions do not keep the model alive")
        #expect(weakCaptured == nil, "the model's store released its handlers")
        #expect(subscription?.isActive == false)
        #expect(subscription?.cancel() == false)
    }

    @Test func ownerFormHandsBackTheOwnerAndStopsWhenItIsGone() {
        let account = Account()
        var owner: Tracked? = Tracked("screen")
        weak let weakOwner = owner
        let calls = Recorder<String>()
        account.on.change(of: \.owner).subscribe(owner: owner!) { owner, _, change in
            calls.append("\(owner.name) \(change.new)")
        }
        account.owner = "Grace"
        owner = nil
        #expect(weakOwner == nil)
        account.owner = "Barbara"
        #expect(calls.values == ["screen Grace"])
    }

    @Test func changesFromSeveralThreadsDeliverExactlyOncePerHandler() {
        let shared = SharedAccount()
        let first = Recorder<Int>()
        let second = Counter()
        shared.withAccount { account in
            account.on.change(of: \.balance) { _, change in first.append(change.new) }
            account.on.change(of: \.balance) { _, _ in second.increment() }
        }
        DispatchQueue.concurrentPerform(iterations: 8) { writer in
            for step in 1...100 {
                shared.withAccount { $0.balance = writer * 1000 + step }
            }
        }
        #expect(first.count == 800)
        #expect(second.value == 800)
        let expected = Set((0..<8).flatMap { writer in (1...100).map { writer * 1000 + $0 } })
        #expect(Set(first.values) == expected, "each value set was delivered, none invented")
    }

    @Test func settingAnEqualEquatableValueSendsNothing() {
        let account = Account()
        let owners = Recorder<PropertyChange<String>>()
        account.on.change(of: \.owner) { _, change in owners.append(change) }
        account.owner = "Ada"
        #expect(owners.values.isEmpty)
        account.owner = "Grace"
        #expect(owners.values == [PropertyChange(old: "Ada", new: "Grace")])
    }

    @Test func aValueThatIsNotEquatableSendsOnEverySet() {
        let account = Account()
        let counter = Counter()
        account.on.change(of: \.tags) { _, _ in counter.increment() }
        account.tags = Account.Tags()
        account.tags = Account.Tags()
        #expect(counter.value == 2)
    }

    @Test func anExplicitSendSendsEvenEqualValues() {
        let account = Account()
        let limits = Recorder<PropertyChange<Int>>()
        account.on.change(of: \.limit) { _, change in limits.append(change) }
        account.limit = 100
        #expect(limits.values == [PropertyChange(old: 100, new: 100)])
    }

    @Test func theChangeEventOffersOnceAndValues() async {
        let account = Account()
        let once = Recorder<Int>()
        let changes = account.on.change(of: \.balance)
        changes.once { _, change in once.append(change.new) }
        let stream = changes.values
        account.balance = 1
        account.balance = 2
        #expect(once.values == [1])
        #expect(await first(2, of: stream)?.map(\.new) == [1, 2])
    }

    @Test func noSubscriberMeansNoEventIsMade() {
        let account = Account()
        account.balance = 1
        #expect(!account.propertyChanges.hasSubscribers(for: \Account.balance))
        let subscription = account.on.change(of: \.balance) { _, _ in }
        #expect(account.propertyChanges.hasSubscribers(for: \Account.balance))
        subscription.cancel()
        #expect(!account.propertyChanges.hasSubscribers(for: \Account.balance))
    }

    @Test @MainActor func anActorIsolatedClassPublishesToo() {
        let wallet = Wallet()
        let coins = Recorder<PropertyChange<Int>>()
        wallet.on.change(of: \.coins) { _, change in coins.append(change) }
        wallet.coins = 2
        #expect(coins.values == [PropertyChange(old: 0, new: 2)])
    }
}
