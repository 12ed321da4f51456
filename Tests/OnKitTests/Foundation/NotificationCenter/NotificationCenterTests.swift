import Foundation
import Testing
import OnKit

private extension Notification.Name {
    static let ping = Notification.Name("OnKitTests.ping")
    static let pong = Notification.Name("OnKitTests.pong")
}

/// Each test posts on its own `NotificationCenter()`, so parallel tests never see each other.
@Suite struct NotificationCenterTests {
    @Test func deliversNotificationsOfTheObservedNameOnly() {
        let center = NotificationCenter()
        let names = Recorder<Notification.Name>()
        let subscription = center.on.notification(.ping) { names.append($1.name) }
        center.post(name: .ping, object: nil)
        center.post(name: .pong, object: nil)
        center.post(name: .ping, object: nil, userInfo: ["n": 2])
        #expect(names.values == [.ping, .ping])
        subscription.cancel()
    }

    @Test func objectFilterDeliversOnlyThatObjectsPosts() {
        let center = NotificationCenter()
        let door = Door("front")
        let other = Door("back")
        let senders = Recorder<String>()
        let subscription = center.on.notification(.ping, object: door) { _, notification in
            senders.append((notification.object as? Door)?.name ?? "none")
        }
        center.post(name: .ping, object: other)
        center.post(name: .ping, object: nil)
        center.post(name: .ping, object: door)
        #expect(senders.values == ["front"])
        subscription.cancel()
    }

    @Test func cancelStopsDeliveryAndIsIdempotent() {
        let center = NotificationCenter()
        let calls = Counter()
        let subscription = center.on.notification(.ping) { _, _ in calls.increment() }
        center.post(name: .ping, object: nil)
        #expect(subscription.isActive)
        #expect(subscription.cancel())
        #expect(!subscription.cancel())
        #expect(!subscription.isActive)
        center.post(name: .ping, object: nil)
        #expect(calls.value == 1)
    }

    @Test func subscriptionsToTheSameNameAreIndependent() {
        let center = NotificationCenter()
        let calls = Recorder<String>()
        let first = center.on.notification(.ping) { _, _ in calls.append("first") }
        let second = center.on.notification(.ping) { _, _ in calls.append("second") }
        center.post(name: .ping, object: nil)
        first.cancel()
        center.post(name: .ping, object: nil)
        #expect(calls.values.sorted() == ["first", "second", "second"])
        #expect(second.isActive)
        second.cancel()
    }

    @Test func discardedSubscriptionKeepsDeliveringUntilTheLifetimeEnds() {
        let center = NotificationCenter()
        let calls = Counter()
        let lifetime = Lifetime()
        center.on.notification(.ping) { _, _ in calls.increment() }.store(in: lifetime)
        center.post(name: .ping, object: nil)
        center.post(name: .ping, object: nil)
        lifetime.end()
        center.post(name: .ping, object: nil)
        #expect(calls.value == 2)
    }

    @Test func ownerIsHandedBackAndItsDeathRemovesTheObserver() {
        let center = NotificationCenter()
        var owner: Door? = Door("screen")
        weak let weakOwner = owner
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let names = Recorder<String>()
        let subscription = center.on.notification(.ping).subscribe(owner: owner!) { [captured] owner, _, _ in
            names.append(owner.name + (captured?.name ?? ""))
        }
        captured = nil
        center.post(name: .ping, object: nil)
        #expect(names.values == ["screentracked"])

        owner = nil
        #expect(weakOwner == nil)  // held weakly
        center.post(name: .ping, object: nil)  // the observer notices and removes itself
        #expect(names.values == ["screentracked"])
        #expect(!subscription.isActive)
        #expect(weakCaptured == nil)  // the handler went with the observer
    }

    @Test func postsFromSeveralThreadsDeliverExactlyOncePerHandler() {
        let center = NotificationCenter()
        let first = Counter()
        let second = Counter()
        let subscriptions = [
            center.on.notification(.ping) { _, _ in first.increment() },
            center.on.notification(.ping) { _, _ in second.increment() },
        ]
        let posts = 400
        DispatchQueue.concurrentPerform(iterations: posts) { _ in
            center.post(name: .ping, object: nil)
        }
        #expect(first.value == posts)
        #expect(second.value == posts)
        for subscription in subscriptions { subscription.cancel() }
    }

    @Test func subscribingAndCancellingWhilePostingFromSeveralThreads() {
        let center = NotificationCenter()
        let ownPostsSeen = Counter()
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let marker = Door("\(index)")
            let seen = Counter()
            let subscription = center.on.notification(.ping) { _, notification in
                if notification.object as? Door === marker { seen.increment() }
            }
            center.post(name: .ping, object: marker)
            subscription.cancel()
            center.post(name: .ping, object: marker)  // after cancel: not seen
            if seen.value == 1 { ownPostsSeen.increment() }
        }
        #expect(ownPostsSeen.value == 200)
    }

    @Test func queueOptionDeliversOnThatQueue() {
        let center = NotificationCenter()
        let queue = OperationQueue()
        queue.name = "OnKitTests.delivery"
        let queueNames = Recorder<String?>()
        let subscription = center.on.notification(.ping, queue: queue) { _, _ in
            queueNames.append(OperationQueue.current?.name)
        }
        // Whether `post` waits for the queued handler differs between Foundations: wait here.
        center.post(name: .ping, object: nil)
        queue.waitUntilAllOperationsAreFinished()
        #expect(queueNames.values == ["OnKitTests.delivery"])
        subscription.cancel()
    }

    @Test func cancelReleasesTheHandlerAndWhatItCaptured() {
        let center = NotificationCenter()
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let subscription = center.on.notification(.ping) { [captured] _, _ in _ = captured }
        captured = nil
        #expect(weakCaptured != nil)  // the center keeps the observer while subscribed
        subscription.cancel()
        #expect(weakCaptured == nil)
    }

    @Test func objectFilterIsHeldWeaklyAndItsDeathRemovesTheObserver() {
        let center = NotificationCenter()
        var door: Door? = Door()
        weak let weakDoor = door
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let subscription = center.on.notification(.ping, object: door) { [captured] _, _ in _ = captured }
        captured = nil
        door = nil
        #expect(weakDoor == nil)
        center.post(name: .ping, object: nil)  // the observer notices its object is gone
        #expect(!subscription.isActive)
        #expect(weakCaptured == nil)
    }

    @Test func keptSubscriptionDoesNotKeepTheCenterOrTheHandlerAlive() {
        var center: NotificationCenter? = NotificationCenter()
        weak let weakCenter = center
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let subscription = center!.on.notification(.ping) { [captured] _, _ in _ = captured }
        captured = nil
        center = nil
        #expect(weakCenter == nil)
        #expect(weakCaptured == nil)
        subscription.cancel()  // nothing left to remove: no crash
    }

    @Test func nilNameObservesEveryNotification() {
        let center = NotificationCenter()
        let names = Recorder<Notification.Name>()
        let subscription = center.on.notification(nil) { names.append($1.name) }
        center.post(name: .ping, object: nil)
        center.post(name: .pong, object: nil)
        #expect(names.values == [.ping, .pong])
        subscription.cancel()
    }

    @Test func handlerCanCancelItsOwnSubscriptionWhileBeingDelivered() {
        let center = NotificationCenter()
        let calls = Counter()
        let slot = Recorder<EventSubscription>()
        let subscription = center.on.notification(.ping) { _, _ in
            calls.increment()
            for subscription in slot.values { subscription.cancel() }
        }
        slot.append(subscription)
        center.post(name: .ping, object: nil)
        center.post(name: .ping, object: nil)
        #expect(calls.value == 1)
        #expect(!subscription.isActive)
    }

    @Test func postsByOtherObjectsNeverWaitForTheObserversQueue() async {
        let center = NotificationCenter()
        let door = Door("front")
        let other = Door("back")
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let calls = Counter()
        let subscription = center.on.notification(.ping, object: door, queue: queue) { _, _ in
            calls.increment()
        }
        // Keep the observer's queue busy until the unrelated post has returned.
        let release = DispatchSemaphore(value: 0)
        queue.addOperation { _ = release.wait(timeout: .now() + 20) }
        let posted = Counter()
        Thread {
            center.post(name: .ping, object: other)
            posted.increment()
        }.start()
        #expect(await pollUntil(timeout: 5) { posted.value == 1 }, "a post by another object waited for the busy queue")
        release.signal()
        let drained = Counter()
        queue.addOperation { drained.increment() }
        #expect(await pollUntil { drained.value == 1 })
        #expect(calls.value == 0)
        subscription.cancel()
    }

    @Test func anOperationOnTheQueueCanPostForAnotherObjectWithoutDeadlock() async {
        let center = NotificationCenter()
        let door = Door("front")
        let other = Door("back")
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let subscription = center.on.notification(.ping, object: door, queue: queue) { _, _ in }
        let done = Counter()
        // The operation waits for a post made on another thread: that post must not need the
        // queue, which this operation holds.
        queue.addOperation {
            let posted = DispatchSemaphore(value: 0)
            Thread {
                center.post(name: .ping, object: other)
                posted.signal()
            }.start()
            if posted.wait(timeout: .now() + 5) == .success { done.increment() }
        }
        #expect(await pollUntil(timeout: 10) { done.value == 1 }, "the post waited for the queue: deadlock")
        subscription.cancel()
    }

    @Test func aMatchingPostWaitsUntilTheHandlerRanOnTheQueue() {
        let center = NotificationCenter()
        let door = Door("front")
        let queue = OperationQueue()
        queue.name = "OnKitTests.matching"
        let queueNames = Recorder<String?>()
        let subscription = center.on.notification(.ping, object: door, queue: queue) { _, _ in
            queueNames.append(OperationQueue.current?.name)
        }
        center.post(name: .ping, object: door)
        #expect(queueNames.values == ["OnKitTests.matching"], "post returned before the handler ran")
        queue.addOperation { center.post(name: .ping, object: door) }  // on the queue: inline
        queue.waitUntilAllOperationsAreFinished()
        #expect(queueNames.values == ["OnKitTests.matching", "OnKitTests.matching"])
        subscription.cancel()
    }

    @Test func notificationIsAnEventWithTheWholeSurface() {
        let center = NotificationCenter()
        let pings = center.on.notification(.ping)
        let calls = Recorder<String>()
        pings.once { _, _ in calls.append("once") }
        let plain = pings += { sender, _ in calls.append(sender === center ? "center" : "?") }
        #expect(pings.subscriberCount == 2)
        center.post(name: .ping, object: nil)
        #expect(pings -= plain)
        center.post(name: .ping, object: nil)
        #expect(calls.values == ["once", "center"])
    }

    @Test func theObserverGoesWithTheLastHandlerAndComesBackWithTheNext() {
        let center = NotificationCenter()
        let pings = center.on.notification(.ping)
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let calls = Counter()
        pings.once { [captured] _, _ in
            _ = captured
            calls.increment()
        }
        captured = nil
        center.post(name: .ping, object: nil)
        #expect(weakCaptured == nil, "the once handler ran: nothing keeps it, nor the observer")
        let again = pings { _, _ in calls.increment() }
        center.post(name: .ping, object: nil)
        #expect(calls.value == 2)
        #expect(again.isActive)
        again.cancel()
    }

    @Test func registeringAfterTheObjectIsGoneIsInactive() {
        let center = NotificationCenter()
        var door: Door? = Door()
        let pings = center.on.notification(.ping, object: door)
        let first = pings { _, _ in }
        door = nil
        center.post(name: .ping, object: nil)  // the observer notices its object is gone
        #expect(!first.isActive)
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let late = pings { [captured] _, _ in _ = captured }
        captured = nil
        #expect(!late.isActive)
        #expect(weakCaptured == nil)
    }

    @Test func aSubscriptionOfADeadCenterIsInactive() {
        var center: NotificationCenter? = NotificationCenter()
        weak let weakCenter = center
        let subscription = center!.on.notification(.ping) { _, _ in }
        #expect(subscription.isActive)
        center = nil
        #expect(weakCenter == nil)
        #expect(!subscription.isActive, "the center is gone, and its observers with it")
        #expect(!subscription.cancel(), "nothing was left to remove")
    }
}
