/// A value a callback's handlers may change in turn: UIKit's `inout`-style delegate parameters,
/// such as the target content offset of `scrollView.on.willEndDragging`.
///
/// ```swift
/// scrollView.on.willEndDragging { scrollView, drag in
///     let y = drag.targetContentOffset.value.y
///     drag.targetContentOffset.value.y = (y / 44).rounded() * 44
/// }
/// ```
///
/// ## Who changes it, in which order
/// The host's own delegate gets the value first, as it would without OnKit; `proposed` is what
/// the host proposed before anyone changed it, and `value` starts at what that delegate left.
/// Then the handlers run in the order they were added, all on one `Adjustable`: each sees the
/// value the previous one left and may change it, and the value after the last handler is what
/// the host gets. So the last change wins; a handler that wants the host's proposal rather than
/// an earlier handler's reads `proposed`.
///
/// It is a class, not `Sendable`: it lives for one callback, on the thread of that callback (the
/// main thread for UIKit). A change made after the callback returned has no effect.
public final class Adjustable<Value> {
    /// What the host proposed, before its delegate or any handler changed it.
    public let proposed: Value
    /// The value the host gets unless a later handler changes it.
    public var value: Value

    /// A value proposed as `proposed` and already changed to `value`.
    init(proposed: Value, value: Value) {
        self.proposed = proposed
        self.value = value
    }
}

extension Event {
    /// Sends `args(adjustable)` with an `Adjustable` starting at `value`, then stores in `value`
    /// what the handlers left (see `Adjustable`).
    func send<Value>(_ sender: Sender, adjusting value: inout Value, proposed: Value, _ args: (Adjustable<Value>) -> Args) {
        let adjustable = Adjustable(proposed: proposed, value: value)
        send(sender, args(adjustable))
        value = adjustable.value
    }
}
