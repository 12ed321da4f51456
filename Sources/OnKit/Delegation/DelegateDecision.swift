/// A delegate method that returns a value, answered by the forward target and OnKit's handlers
/// together.
///
/// `answer(_:_:after:)` takes the answer given so far — the forward target's, or an earlier
/// decision's — and folds the handlers' answers into it with `combine`, left to right. Asking
/// stops once the folded answer satisfies `stopWhen`: if the forward target's answer already
/// does, no handler is asked. When nobody answered (no forward target, no handler) the result is
/// `nil`, and the proxy answers what Foundation does for a host without a delegate.
///
/// The two rules OnKit's adapters use:
/// - `allAgree()` for `should…` methods: `true` only if the forward target and every handler
///   say `true`; stops at the first `false`.
/// - `firstAnswer()` for methods returning an optional: the first non-`nil` answer wins.
final class DelegateDecision<Sender, Args, Answer>: Sendable {
    /// `nil` from `ask` means that no handler is registered.
    private let handlers: Decision<Sender, Args, Answer?>
    private let combine: @Sendable (Answer, Answer) -> Answer
    private let stopWhen: @Sendable (Answer) -> Bool

    init(
        combine: @escaping @Sendable (Answer, Answer) -> Answer,
        stopWhen: @escaping @Sendable (Answer) -> Bool
    ) {
        self.combine = combine
        self.stopWhen = stopWhen
        handlers = Decision(
            default: nil,
            combine: { folded, next in
                guard let folded else { return next }
                guard let next else { return folded }
                return combine(folded, next)
            },
            stopWhen: { folded in folded.map(stopWhen) ?? false }
        )
    }

    /// Adds a handler, asked on every later callback until cancelled.
    func subscribe(_ handler: @escaping @Sendable (Sender, Args) -> Answer) -> Subscription {
        handlers.subscribe { sender, args in .some(handler(sender, args)) }
    }

    /// Folds the handlers' answers into `prior`; `nil` when nobody answered.
    func answer(_ sender: Sender, _ args: Args, after prior: Answer?) -> Answer? {
        if let prior, stopWhen(prior) { return prior }
        guard let fromHandlers = handlers.ask(sender, args) else { return prior }
        guard let prior else { return fromHandlers }
        return combine(prior, fromHandlers)
    }
}

extension DelegateDecision where Answer == Bool {
    /// `true` only if everyone who answers says `true`; stops at the first `false`.
    static func allAgree() -> DelegateDecision {
        DelegateDecision(combine: { $0 && $1 }, stopWhen: { !$0 })
    }
}

extension DelegateDecision {
    /// The first non-`nil` answer wins; later handlers are not asked.
    static func firstAnswer<Wrapped>() -> DelegateDecision where Answer == Wrapped? {
        DelegateDecision(combine: { $0 ?? $1 }, stopWhen: { $0 != nil })
    }
}
