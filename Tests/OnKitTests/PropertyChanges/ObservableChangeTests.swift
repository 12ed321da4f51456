import Foundation
import Observation
import Testing
import OnKit

@Suite struct ObservableChangeTests {
    @Test @MainActor func everyChangeDeliversTheNewValueInOrder() async throws {
        let profile = Profile()
        // (delivered value, value the model holds when the handler runs, on the main actor)
        let calls = Recorder<[String]>()
        profile.on.change(of: \.name) { profile, name in
            let current = MainActor.assumeIsolated { profile.name }
            calls.append([name, current])
        }
        for (index, name) in ["Ada", "Grace", "Barbara"].enumerated() {
            profile.name = name
            #expect(calls.count == index, "delivered synchronously, at willSet")
            #expect(await pollUntil { calls.count == index + 1 })
        }
        #expect(calls.values == [["Ada", "Ada"], ["Grace", "Grace"], ["Barbara", "Barbara"]])
    }

    @Test @MainActor func aBurstInOneJobIsDeliveredOnceWithTheLatestValue() async {
        let profile = Profile()
        let names = Recorder<String>()
        profile.on.change(of: \.name) { _, name in names.append(name) }
        profile.name = "a"
        profile.name = "b"
        profile.name = "c"
        #expect(await pollUntil { names.count >= 1 })
        profile.name = "d"  // a later change: any delivery of the burst would come before it
        #expect(await pollUntil { names.values.last == "d" })
        #expect(names.values == ["c", "d"])
    }

    @Test @MainActor func severalKeyPathsAndHandlersEachGetTheirOwnChanges() async {
        let profile = Profile()
        let calls = Recorder<String>()
        profile.on.change(of: \.name) { _, name in calls.append("first name \(name)") }
        profile.on.change(of: \.name) { _, name in calls.append("second name \(name)") }
        profile.on.change(of: \.age) { _, age in calls.append("age \(age)") }
        profile.name = "Ada"
        #expect(await pollUntil { calls.count == 2 })
        profile.age = 36
        #expect(await pollUntil { calls.count == 3 })
        #expect(Set(calls.values) == ["first name Ada", "second name Ada", "age 36"])
        #expect(calls.values.last == "age 36")
    }

    @Test @MainActor func cancelStopsDeliveryAndReleasesTheHandler() async {
        let profile = Profile()
        let cancelled = Recorder<String>()
        let kept = Recorder<String>()
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let subscription = profile.on.change(of: \.name) { [captured] _, name in
            _ = captured
            cancelled.append(name)
        }
        captured = nil
        profile.on.change(of: \.name) { _, name in kept.append(name) }
        #expect(subscription.isActive)
        #expect(subscription.cancel())
        #expect(!subscription.cancel())
        #expect(!subscription.isActive)
        #expect(weakCaptured == nil)
        profile.name = "Ada"
        #expect(await pollUntil { kept.count == 1 })
        #expect(cancelled.values.isEmpty)
    }

    @Test @MainActor func cancellingWhileADeliveryIsScheduledSkipsIt() async {
        let profile = Profile()
        let names = Recorder<String>()
        let witness = Recorder<String>()
        let subscription = profile.on.change(of: \.name) { _, name in names.append(name) }
        profile.on.change(of: \.name) { _, name in witness.append(name) }
        profile.name = "Ada"  // both deliveries scheduled, neither can run before this job ends
        subscription.cancel()
        #expect(await pollUntil { witness.count == 1 })
        #expect(names.values.isEmpty)
    }

    @Test @MainActor func modelDeallocationReleasesHandlersAndCapturedObjects() async throws {
        var profile: Profile? = Profile()
        weak let weakProfile = profile
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let subscription = profile?.on.change(of: \.name) { [captured] _, _ in _ = captured }
        let stream = profile?.on.values(of: \.age)
        captured = nil
        #expect(weakCaptured != nil, "the handler holds what it captured while the model lives")
        profile = nil
        #expect(weakProfile == nil, "neither subscription nor stream keeps the model alive")
        #expect(weakCaptured == nil, "the model's registrar released the handler with it")
        #expect(subscription?.isActive == false)
        let rest = await first(1, of: try #require(stream))
        #expect(rest == [], "the stream finished when the model went, with nothing")
    }

    @Test @MainActor func keptSubscriptionsDoNotKeepTheModelAlive() async {
        var profile: Profile? = Profile()
        weak let weakProfile = profile
        let subscriptions = [
            profile?.on.change(of: \.name) { _, _ in },
            profile?.on.change(of: \.age, owner: Tracked()) { _, _, _ in },
        ]
        profile = nil
        #expect(weakProfile == nil)
        #expect(subscriptions.allSatisfy { $0?.isActive == false })
    }

    @Test @MainActor func aChangeMadeByTheHandlerItselfIsDelivered() async {
        let profile = Profile()
        let names = Recorder<String>()
        profile.on.change(of: \.name) { profile, name in
            names.append(name)
            if name == "first" {
                MainActor.assumeIsolated { profile.name = "second" }
            }
        }
        profile.name = "first"
        // Generous: under the thread sanitizer the whole suite shares the main actor.
        #expect(await pollUntil(timeout: 120) { names.count == 2 })
        #expect(names.values == ["first", "second"])
    }

    @Test @MainActor func settingAnEqualValueIsNotAChange() async {
        let profile = Profile()
        profile.name = "Ada"
        let names = Recorder<String>()
        profile.on.change(of: \.name) { _, name in names.append(name) }
        profile.name = "Ada"
        profile.age = 1  // a barrier on another property: its delivery comes after any of `name`
        let ages = Recorder<Int>()
        profile.on.change(of: \.age) { _, age in ages.append(age) }
        profile.age = 2
        #expect(await pollUntil { ages.count == 1 })
        #expect(names.values.isEmpty)
        profile.name = "Grace"
        #expect(await pollUntil { names.count == 1 })
        #expect(names.values == ["Grace"])
    }

    @Test func changesFromSeveralThreadsEndWithTheFinalValueAndOnlyValuesThatWereSet() async {
        let profile = await Profile()
        let ages = Recorder<Int>()
        let subscription = await MainActor.run {
            profile.on.change(of: \.age) { _, age in ages.append(age) }
        }
        // 8 tasks on the global pool's threads, each setting its own 50 values on the main actor.
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for step in 1...50 { await profile.setAge(writer * 1000 + step) }
                }
            }
        }
        let final = await profile.age
        #expect(await pollUntil { ages.values.last == final })
        await profile.setAge(-1)  // anything still on its way would come before this
        #expect(await pollUntil { ages.values.last == -1 })
        let delivered = ages.values.dropLast()
        #expect(delivered.last == final)
        let wasSet = { (age: Int) in (1...50).contains(age % 1000) && (0..<8).contains(age / 1000) }
        #expect(delivered.allSatisfy(wasSet), "only values that were set are delivered")
        #expect(delivered.count <= 400)
        subscription.cancel()
    }

    @Test @MainActor func ownerFormHandsBackTheOwnerAndStopsWhenItIsGone() async {
        let profile = Profile()
        var owner: Tracked? = Tracked("screen")
        weak let weakOwner = owner
        let calls = Recorder<String>()
        let witness = Recorder<String>()
        let subscription = profile.on.change(of: \.name, owner: owner!) { owner, _, name in
            calls.append("\(owner.name) \(name)")
        }
        // The owner forms take the shapes with the owner first (not on the old code).
        let withValue = profile.on.change(of: \.name, owner: owner!) { owner, name in calls.append("\(owner.name) value \(name)") }
        let ownerOnly = profile.on.change(of: \.name, owner: owner!) { owner in calls.append("\(owner.name) only") }
        profile.on.change(of: \.name) { _, name in witness.append(name) }
        profile.name = "Ada"
        #expect(await pollUntil { calls.count == 3 && witness.count == 1 })
        owner = nil
        #expect(weakOwner == nil, "the subscriptions hold their owner weakly")
        profile.name = "Grace"
        #expect(await pollUntil { witness.count == 2 })
        #expect(Set(calls.values) == ["screen Ada", "screen value Ada", "screen only"])
        #expect(!subscription.isActive && !withValue.isActive && !ownerOnly.isActive)
    }

    @Test @MainActor func theValuesSequenceYieldsDeliveriesToAwait() async {
        let profile = Profile()
        let names = profile.on.values(of: \.name)
        profile.name = "Ada"  // before iterating: tracking started with the call
        #expect(await first(1, of: names) == ["Ada"])
        let more = profile.on.values(of: \.name)
        profile.name = "Grace"
        #expect(await first(1, of: more) == ["Grace"])
    }

    @Test func subscribeCancelCyclesKeepNothingOfTheCancelledSubscriptions() async {
        let gauge = Gauge()
        // Each cycle on its own actor: a registration kept by the model's registrar after
        // cancel would keep its subscriber's actor (where it delivers) alive with it.
        var stores: [WeakReference<GaugeStore>] = []
        for _ in 0..<500 {
            let store = GaugeStore()
            let subscription = await store.subscribe(gauge) { _ in }
            #expect(subscription.cancel())
            stores.append(WeakReference(live: store))
        }
        let kept = stores.filter { !$0.isReleased }.count
        #expect(kept == 0, "\(kept) of 500 cancelled subscriptions are still registered")
        // The shared registration still works for a new subscriber.
        let store = GaugeStore()
        let levels = Recorder<Int>()
        let subscription = await store.subscribe(gauge) { levels.append($0) }
        await store.set(gauge, to: 7)
        #expect(await pollUntil { levels.values == [7] })
        subscription.cancel()
    }

    @Test func aSubscriberWithoutAnActorOfItsOwnLosesNoChangeMadeOnTheModelsActor() async {
        // Nonisolated code (this test) must name the actor that makes the changes; every set,
        // each awaited from here on another thread, is then delivered.
        let gauge = Gauge()
        let store = GaugeStore()
        let levels = Recorder<Int>()
        let subscription = await gauge.on.change(of: \.level, isolation: store) { _, level in
            levels.append(level)
        }
        var lost: [Int] = []
        for level in 1...3_000 {
            await store.set(gauge, to: level)
            if !(await pollUntil(timeout: 2) { levels.values.last == level }) { lost.append(level) }
        }
        #expect(lost.isEmpty, "changes never delivered: \(lost.prefix(20))")
        subscription.cancel()
    }

    @Test @MainActor func aKeyPathToAnIgnoredPropertyGivesAnInactiveSubscription() {
        let profile = Profile()
        let subscription = profile.on.change(of: \.note) { _, _ in }
        #expect(!subscription.isActive)
    }
}

extension Profile {
    func setAge(_ age: Int) {
        self.age = age
    }
}
