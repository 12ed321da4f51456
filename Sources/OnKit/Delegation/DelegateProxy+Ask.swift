extension DelegateProxy {
    /// What a delegate method that answers does, in one call: the forward target's answer (from
    /// `target` through `DelegateForwarding.answer`, while there is a target), folded with the
    /// handlers' by `decision`'s rule (see `Decision.answer(_:_:after:)`); `fallback`, the host's
    /// answer without a delegate, when nobody answers.
    ///
    /// ```swift
    /// func gestureRecognizerShouldBegin(_ recognizer: Recognizer) -> Bool {
    ///     ask(shouldBegin, recognizer, (), else: true) { $0.gestureRecognizerShouldBegin?(recognizer) }
    /// }
    /// ```
    func ask<Host, Args, Answer>(
        _ decision: Decision<Host, Args, Answer>, _ host: Host, _ args: Args, else fallback: Answer,
        _ site: StaticString = #function, target: (Delegate) -> Answer?
    ) -> Answer {
        decision.answer(host, args, after: forwarding.answer(site, target)) ?? fallback
    }
}
