import OnKit

/// Something an owner-bound handler can be bound to.
final class Owner: Sendable {}

/// What went wrong, for the exit status.
@MainActor var failures: [String] = []

/// Exercises every member of the surface on `source` and checks what each must do to the count
/// of handlers: called once per public adapter callback, so that a release build compiles and
/// runs the generic surface specialized for each of them.
@MainActor
func touch<Source: Subscribable>(_ name: String, _ source: Source, answer: @escaping @Sendable () -> Source.Answer) {
    let before = source.subscriberCount
    let owner = Owner()
    let subscriptions = [
        source { _, _ in answer() },
        source.subscribe { _, _ in answer() },
        source { answer() },
        source { _ in answer() },
        source.subscribe(owner: owner) { _, _, _ in answer() },
        source(owner: owner) { _, _, _ in answer() },
        source.once { _, _ in answer() },
        source += { _, _ in answer() },
    ]
    checkAddedThenRemoved(name, subscriptions, from: before, count: { source.subscriberCount }) {
        (source -= subscriptions[0]) && source.unsubscribe(subscriptions[1])
    }
    withExtendedLifetime(owner) {}
}

/// Checks that `subscriptions` added one handler each to `count()` (which was `before`), then
/// removes the first two with `removeFirstTwo` (the `-=` and `unsubscribe` forms), cancels the
/// rest, and checks the count is back.
@MainActor
func checkAddedThenRemoved(
    _ name: String, _ subscriptions: [EventSubscription], from before: Int, count: () -> Int, removeFirstTwo: () -> Bool
) {
    if count() != before + subscriptions.count {
        failures.append("\(name): \(count()) handlers after adding \(subscriptions.count) to \(before)")
    }
    var removed = removeFirstTwo()
    for subscription in subscriptions.dropFirst(2) { removed = subscription.cancel() && removed }
    if !removed || count() != before {
        failures.append("\(name): \(count()) handlers after removing them all (was \(before))")
    }
}

/// The same for a local face (``ReadOnlyLocalDecision``): its own forms, then the `Sendable` face's.
@MainActor
func touch<Sender, Args, Answer>(
    _ name: String, _ source: ReadOnlyLocalDecision<Sender, Args, Answer>, answer: @escaping @Sendable () -> Answer
) {
    let before = source.subscriberCount
    let owner = Owner()
    var calls = 0  // local state a local handler may change
    let subscriptions = [
        source { _, _ in calls += 1; return answer() },
        source.subscribe { calls += 1; return answer() },
        source { _ in answer() },
        source(owner: owner) { _, _, _ in answer() },
        source.once { _, _ in answer() },
        source += { answer() },
    ]
    let name = "\(name) (local)"
    if source.subscriberCount != before + subscriptions.count {
        failures.append("\(name): \(source.subscriberCount) handlers after adding \(subscriptions.count) to \(before)")
    }
    var removed = (source -= subscriptions[0]) && source.unsubscribe(subscriptions[1])
    for subscription in subscriptions.dropFirst(2) { removed = subscription.cancel() && removed }
    if !removed || source.subscriberCount != before {
        failures.append("\(name): \(source.subscriberCount) handlers after removing them all (was \(before))")
    }
    if calls != 0 { failures.append("\(name): a handler ran with nothing sent") }
    withExtendedLifetime(owner) {}
    touch(name, source.shared, answer: answer)
}

/// The same, for a source whose finished state refuses registrations: every form must return an
/// inactive subscription.
@MainActor
func touchFinished<Source: Subscribable>(_ name: String, _ source: Source, answer: @escaping @Sendable () -> Source.Answer) {
    let subscriptions = [source { _, _ in answer() }, source.once { _, _ in answer() }]
    if subscriptions.contains(where: \.isActive) {
        failures.append("\(name): a registration on a finished source is active")
    }
}
