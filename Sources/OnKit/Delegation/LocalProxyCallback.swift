/// One callback of a delegate proxy whose host is not `Sendable` and calls back synchronously on
/// the thread that drives it (`XMLParser`): the handlers of the host's local faces, in a local
/// store (`Decision.init(localStore:…)`), and those of its `Sendable` face, apart.
///
/// The local store is sent to, asked, and written only on the host's thread: by the proxy's
/// callbacks, by local faces and their subscriptions (none of them `Sendable`), and by
/// `removeLocalHandlers()`, which the proxy calls where the host's parse ends. The proxy itself
/// is `Sendable` (host storage needs that), so its deinit may run anywhere; on Linux it runs on
/// whichever thread the side table releases a dead host's values. There, a local store that
/// still holds handlers is kept, never released: releasing it would run the handlers' captures'
/// deinits on that thread.
final class LocalProxyCallback<Sender: AnyObject, Args, Answer>: Sendable {
    /// Local handlers: called first.
    let local: Decision<Sender, Args, Answer>
    /// The `Sendable` face's handlers: called after the local ones.
    let shared: Decision<Sender, Args, Answer>

    /// A callback whose answers fold by this rule (see `Decision`).
    init(
        default: @escaping @Sendable () -> Answer, combine: @escaping @Sendable (Answer, Answer) -> Answer,
        stopWhen: (@Sendable (Answer) -> Bool)?
    ) {
        local = Decision(localStore: (), default: `default`, combine: combine, stopWhen: stopWhen)
        shared = Decision(store: HandlerStore(), makeDefault: `default`, combine: combine, stopWhen: stopWhen)
    }

    deinit {
        #if !canImport(ObjectiveC)
        // Linux: the side table releases a dead parser's proxy on the thread that happens to
        // reap it. Handlers left here (a parse that never ended, a parser never parsed) belong to
        // the parser's thread: they are kept for the life of the process rather than released
        // here (Semantics, "Local faces"). The check and the finish are one step with a face's
        // subscribe: a face that outlives the parser, adding a handler on its thread meanwhile,
        // either got in first (the store is kept) or finds the store finished (its handler is
        // released at once, on its own thread); the store never leaves here with a handler.
        if !local.store.finishIfEmpty() {
            // Sound: an unbalanced retain; `local`, its store and its handlers are never freed.
            _ = Unmanaged.passRetained(local)
            debugWarning(
                "OnKit: an XMLParser was freed on Linux with local handlers that no parse released; they are kept, "
                    + "not released on another thread. Call parser.on.removeLocalHandlers() on its thread after "
                    + "abortParsing(), or for a parser you do not parse."
            )
        }
        #endif
    }

    /// The host's local face of this callback, with the sender typed `Sub` and only `host`'s
    /// calls (see `ReadOnlyDecision.serving(_:as:abstention:)`).
    func face<Sub: AnyObject>(serving host: AnyObject, as sub: Sub.Type) -> ReadOnlyLocalDecision<Sub, Args, Answer> {
        ReadOnlyLocalDecision(local: local.serving(host, as: sub), shared: shared.serving(host, as: sub))
    }

    /// Asks the local handlers, then the shared ones, folding into `prior` (see `Decision`).
    func answer(_ sender: Sender, _ args: Args, after prior: Answer?) -> Answer? {
        shared.answer(sender, args, after: local.answer(sender, args, after: prior))
    }
}

extension LocalProxyCallback where Answer == Void {
    /// An event.
    convenience init() { self.init(default: {}, combine: { _, _ in }, stopWhen: nil) }

    /// Calls the local handlers, then the shared ones.
    func send(_ sender: Sender, _ args: Args) { _ = answer(sender, args, after: nil) }
}

extension LocalProxyCallback {
    /// The first non-`nil` answer wins (see `Decision.firstNonNil()`).
    static func firstNonNil<Wrapped>() -> LocalProxyCallback where Answer == Wrapped? {
        LocalProxyCallback(default: { nil }, combine: { $0 ?? $1 }, stopWhen: { $0 != nil })
    }
}

/// What a proxy with local callbacks releases where its host's work ends.
protocol LocalHandlersHolder: Sendable {
    /// Removes every local handler, releasing them on this thread (the host's).
    func removeLocalHandlers()
}

extension LocalProxyCallback: LocalHandlersHolder {
    func removeLocalHandlers() { local.removeAll() }
}
