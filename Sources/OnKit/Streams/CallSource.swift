/// What a stream of a source's calls subscribes to: one element per call, the call's arguments,
/// or its sender where the call carries nothing else (`Subscribable.values`). `values`, `next()`
/// and `publisher` are each written once over it, whatever they yield.
struct CallSource<Element>: Sendable {
    /// Adds a handler that gets each later call's element; cancelling the result removes it.
    let subscribe: @Sendable (@escaping @Sendable (Element) -> Void) -> EventSubscription
}

extension Subscribable where Answer == Void {
    /// Each call's arguments.
    var argumentsOfCalls: CallSource<Args> { projectionsOfCalls { $0 } }

    /// `project`'s result for each call's arguments, computed in the handler, on the thread
    /// that calls: what a stream of arguments that are not `Sendable` carries instead.
    func projectionsOfCalls<Element>(_ project: @escaping @Sendable (Args) -> Element) -> CallSource<Element> {
        let source = readOnly
        return CallSource { yield in source.subscribe { _, args in yield(project(args)) } }
    }
}

extension Subscribable where Answer == Void, Args == Void, Sender: Sendable {
    /// Each call's sender: a call that carries nothing else.
    var sendersOfCalls: CallSource<Sender> {
        let source = readOnly
        return CallSource { yield in source.subscribe { sender, _ in yield(sender) } }
    }
}
