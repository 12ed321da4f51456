import OnKit

/// What K live handlers cost in memory. Every handler closure captures one class reference (a
/// shared `Sink`, made before measuring), so both sides pay for the same closures and the
/// difference is the registration itself. Subscriptions are discarded (the handler stays).
package enum MemoryWorkloads {
    private static let sink = Sink()

    /// An event with `count` plain handlers.
    package static func onKit(count: Int) -> Any {
        let event = Event<Emitter, Int>()
        for _ in 0..<count { event.subscribe(makeHandler(sink)) }
        return event
    }

    /// An event with `count` handlers bound to one owner.
    package static func onKitOwned(count: Int) -> Any {
        let event = Event<Emitter, Int>()
        for _ in 0..<count { event.subscribe(owner: sink) { sink, _, value in sink.add(value) } }
        return event
    }

    /// An array of `count` closures.
    package static func closureArray(count: Int) -> Any {
        var array: [Handler] = []
        for _ in 0..<count { array.append(makeHandler(sink)) }
        return array
    }

    /// `count` subscriptions kept by the caller in an array (what `Lifetime` or a `Set` would
    /// hold on top of the event's own storage).
    package static func keptSubscriptions(count: Int) -> Any {
        let event = Event<Emitter, Int>()
        var kept: [EventSubscription] = []
        for _ in 0..<count { kept.append(event.subscribe(makeHandler(sink))) }
        return (event, kept)
    }
}

extension MemoryWorkloads {
    /// `count` events with no handler (events are made by the thousand: each must stay small).
    package static func emptyEvents(count: Int) -> Any {
        (0..<count).map { _ in Event<Emitter, Int>() }
    }

    /// `count` empty class instances holding one reference, in an array: the floor for an object.
    package static func emptyObjects(count: Int) -> Any {
        (0..<count).map { _ in Emitter() }
    }
}
