/// A delegate proxy's event or decision, whose handlers a host's face gets only for that host's
/// calls (`ReadOnlyDecision.serving(_:as:abstention:)`).
protocol ProxyCallback<Sender, Args, Answer>: Subscribable where Sender: AnyObject {
    /// What a handler answers for a call that is not its host's: nothing for an event, the default
    /// for a decision.
    var abstention: @Sendable () -> Answer { get }
}

extension ProxyCallback {
    /// This callback's face for `host`'s handlers, with the sender typed `Sub` (see
    /// `ReadOnlyDecision.serving(_:as:abstention:)`).
    func serving<Sub: AnyObject>(_ host: AnyObject, as sub: Sub.Type) -> ReadOnlyDecision<Sub, Args, Answer> {
        readOnly.serving(host, as: sub, abstention: abstention)
    }
}

extension Event: ProxyCallback where Sender: AnyObject {
    var abstention: @Sendable () -> Void { {} }
}

extension Decision: ProxyCallback where Sender: AnyObject {
    var abstention: @Sendable () -> Answer { makeDefault }
}
