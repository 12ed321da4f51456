/// An event whose handlers answer: the replacement for delegate methods that return a value.
///
/// ```swift
/// let shouldChange = Decision<NameField, String, Bool>(
///     default: true, combine: { $0 && $1 }
/// )
/// shouldChange += { text in text.count <= 10 }
/// let allowed = shouldChange.ask(field, "hello")   // true: 5 characters
/// ```
///
/// ## How answers combine
/// `ask` calls the handlers in the order they were added, on the asking thread. With no handler
/// it returns the default. With handlers it folds their answers left to right:
/// `combine(combine(first, second), third)…` — the default does not take part. If the decision
/// has a `stopWhen` rule, `ask` stops as soon as the folded answer satisfies it and later
/// handlers are not asked (`.all()` stops at the first `false`, `.any()` at the first `true`).
///
/// Subscribing, cancelling, re-entrancy and threading work as for ``Event``.
public final class Decision<Sender, Args, Answer>: Subscribable {
    @usableFromInline let store: HandlerStore<Sender, Args, Answer>
    @usableFromInline let makeDefault: @Sendable () -> Answer
    @usableFromInline let combine: @Sendable (Answer, Answer) -> Answer
    @usableFromInline let stopWhen: (@Sendable (Answer) -> Bool)?

    /// Creates a decision that folds the handlers' answers with `combine`, and stops asking as
    /// soon as the folded answer satisfies `stopWhen`, if given. The smallest limit any handler
    /// asks for, stopping at 0: `Decision<Cache, Void, Int>(default: .max, combine: min, stopWhen: { $0 == 0 })`.
    ///
    /// - Parameters:
    ///   - default: the answer when no handler is registered.
    ///   - combine: folds the answer so far with the next handler's answer.
    ///   - stopWhen: when the folded answer is final, so later handlers are not asked.
    @inlinable
    public convenience init(
        default: @autoclosure @escaping @Sendable () -> Answer, combine: @escaping @Sendable (Answer, Answer) -> Answer,
        stopWhen: (@Sendable (Answer) -> Bool)? = nil
    ) {
        // Delegates, as `Event.init()` does (library evolution), making the store here.
        self.init(store: HandlerStore(), makeDefault: `default`, combine: combine, stopWhen: stopWhen)
    }

    @usableFromInline
    init(
        store: HandlerStore<Sender, Args, Answer>, makeDefault: @escaping @Sendable () -> Answer,
        combine: @escaping @Sendable (Answer, Answer) -> Answer, stopWhen: (@Sendable (Answer) -> Bool)?
    ) {
        self.store = store
        self.makeDefault = makeDefault
        self.combine = combine
        self.stopWhen = stopWhen
    }

    /// Releases the handlers even where a read-only face still holds the store, and refuses
    /// later registrations through it (see `Event`).
    deinit { store.finish() }

    /// Asks the handlers; see the type's documentation for order, folding and stopping.
    @inlinable
    public func ask(_ sender: Sender, _ args: Args) -> Answer { answer(sender, args, after: nil) ?? makeDefault() }

    /// Folds the handlers' answers into `prior` (a delegate proxy's forward target's answer) by
    /// this decision's rule; `nil` when nobody answered. A `prior` that satisfies `stopWhen` asks
    /// no handler. The default takes no part: a proxy answers Foundation's no-delegate answer instead.
    @inlinable
    func answer(_ sender: Sender, _ args: Args, after prior: Answer?) -> Answer? {
        if let prior, stopWhen?(prior) == true { return prior }
        var folded = prior
        store.invokeEach(sender, args) { answer in
            let next = folded.map { combine($0, answer) } ?? answer
            folded = next
            return !(stopWhen?(next) ?? false)
        }
        return folded
    }

    /// Removes every handler.
    public func removeAll() { store.removeAll() }

    /// A face of this decision that can subscribe but not ask.
    @inlinable
    public var readOnly: ReadOnlyDecision<Sender, Args, Answer> { ReadOnlyDecision(store) }
}

extension Decision {
    /// The first non-`nil` answer wins; later handlers are not asked. `nil` with no handler.
    public static func firstNonNil<Wrapped>() -> Decision where Answer == Wrapped? {
        Decision(default: nil, combine: { $0 ?? $1 }, stopWhen: { $0 != nil })
    }
}

extension Decision where Answer == Bool {
    /// Allowed only if every handler allows (`default` with no handler); stops at the first `false`.
    public static func all(default: Bool = true) -> Decision {
        Decision(default: `default`, combine: { $0 && $1 }, stopWhen: { !$0 })
    }

    /// Allowed if any handler allows (`default` with no handler); stops at the first `true`.
    public static func any(default: Bool = false) -> Decision {
        Decision(default: `default`, combine: { $0 || $1 }, stopWhen: { $0 })
    }
}
