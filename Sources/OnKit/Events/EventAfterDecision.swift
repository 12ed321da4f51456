/// The read-only face of an event that a decision is asked before: a text field's `textChanged`
/// comes once `shouldChangeCharacters` has allowed the change. It is a ``ReadOnlyEvent`` in every
/// way (the whole ``Subscribable`` surface, and ``readOnly`` is that event).
///
/// `Twin` names the decision (one of ``DecisionTwin``'s types), for one purpose: a handler that
/// returns a `Bool`, as if an event could refuse, gets a deprecation warning that names the
/// decision which can, instead of Swift's "result of operator '<=' is unused". For
/// `nameField.on.textChanged { text in text.count <= 10 }`, Swift prints "'callAsFunction' is
/// deprecated: an event cannot refuse: its handler's Bool is ignored; refuse the change in
/// on.shouldChangeCharacters, which is asked before it" (<doc:Troubleshooting>).
@frozen
public struct EventAfterDecision<Sender, Args, Twin>: Subscribable {
    /// What each handler answers: nothing, as for every event.
    public typealias Answer = Void

    /// The event itself, as a plain ``ReadOnlyEvent``.
    public let readOnly: ReadOnlyEvent<Sender, Args>

    /// The face of `event`, whose decision twin is `Twin`.
    @inlinable
    public init(_ event: ReadOnlyEvent<Sender, Args>) { readOnly = event }
}

/// The decisions an ``EventAfterDecision`` can name: each type stands for one decision, and
/// selects the warning that names it. Nothing is ever made of them.
public enum DecisionTwin {
    /// A text field's `on.shouldChangeCharacters`, asked before `on.textChanged`.
    public enum ShouldChangeCharacters {}

    /// A text view's or search bar's `on.shouldChangeText`, asked before `on.didChange` (text
    /// view) and `on.textDidChange` (search bar).
    public enum ShouldChangeText {}
}
