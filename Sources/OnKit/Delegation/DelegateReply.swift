/// The completion handler a delegate proxy hands to its forward target, for a delegate method
/// that answers through a completion handler rather than a return value (URLSession's
/// redirects, challenges, responses, caching, body streams).
///
/// It finishes the callback exactly once: with the target's answer when called; a second call
/// is ignored (URLSession on Linux traps on some); released uncalled, it finishes without an
/// answer, so the host is not left waiting. A target that keeps it answers when it likes, as
/// without OnKit.
@_spi(OnKitInternal) public final class DelegateReply<Answer>: Sendable {
    private let finish: Locked<(@Sendable (Answer?) -> Void)?>

    private init(_ finish: @escaping @Sendable (Answer?) -> Void) {
        self.finish = Locked(finish)
    }

    deinit { take()?(nil) }

    /// Asks the forward target through `ask`, which hands it the reply and returns `false` when
    /// there is no target or it does not implement the method; then `finish` runs once, with the
    /// target's answer or `nil` when it gave none.
    ///
    /// `finish` runs where the reply ends: inside `ask` for a target that answers at once (the
    /// usual case), otherwise on the thread that calls or releases the reply.
    @_spi(OnKitInternal) public static func ask(_ ask: (DelegateReply) -> Bool, finish: @escaping @Sendable (Answer?) -> Void) {
        let reply = DelegateReply(finish)
        if !ask(reply) { reply.take()?(nil) }
    }

    /// The target's answer.
    @_spi(OnKitInternal) public func callAsFunction(_ answer: Answer) {
        take()?(answer)
    }

    /// Takes the finishing action under the lock; it runs after unlocking (it calls user code).
    private func take() -> (@Sendable (Answer?) -> Void)? {
        finish.withLock { finish in
            let taken = finish
            finish = nil
            return taken
        }
    }
}

extension Decision where Sender: Sendable, Args: Sendable {
    /// Answers a delegate method that replies through a completion handler, in the base's order:
    /// `askForwardTarget` hands the forward target a `DelegateReply`; when that reply ends,
    /// `resume` runs the rest where handlers belong — the handlers are asked with the target's
    /// answer folded first (`answer(_:_:after:)`) — and `completion` gets the result exactly
    /// once, `nil` when nobody answered.
    ///
    /// - Parameter resume: runs its argument where handlers must run (a URLSession's delegate
    ///   queue); by default, where the reply ends.
    @_spi(OnKitInternal) public func reply(
        _ sender: Sender,
        _ args: Args,
        askingFirst askForwardTarget: (DelegateReply<Answer>) -> Bool,
        resumingOn resume: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { $0() },
        completion: @escaping @Sendable (Answer?) -> Void
    ) {
        DelegateReply.ask(askForwardTarget) { targetAnswer in
            let handedOver = HandedOver(targetAnswer)
            resume { completion(self.answer(sender, args, after: handedOver.value)) }
        }
    }
}

/// The forward target's answer, on its way from the thread that answered to where the handlers
/// run. Answers need not be `Sendable` (URLSession's body stream is an `InputStream`).
private struct HandedOver<Value>: @unchecked Sendable {
    // @unchecked is sound: the target gave the value up by answering — as the host's own
    // completion handler, which is `@Sendable`, would take it — and only the one closure that
    // folds it in uses it from then on, once.
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
