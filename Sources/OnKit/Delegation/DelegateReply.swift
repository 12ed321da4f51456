/// The completion handler a delegate proxy hands to its forward target, for a delegate method
/// that answers through a completion handler (URLSession's redirects, challenges, responses…).
///
/// It finishes the callback exactly once: with the target's answer when called; a second call
/// is ignored (URLSession on Linux traps on some); released uncalled, it finishes without an
/// answer. A target that keeps it answers when it likes, as without OnKit.
@_spi(OnKitInternal) public final class DelegateReply<Answer>: Sendable {
    private let finish: Locked<(@Sendable (Answer?) -> Void)?>

    private init(_ finish: @escaping @Sendable (Answer?) -> Void) { self.finish = Locked(finish) }

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
    @_spi(OnKitInternal) public func callAsFunction(_ answer: Answer) { take()?(answer) }

    /// Takes the finishing action under the lock; it runs after unlocking (it calls user code).
    private func take() -> (@Sendable (Answer?) -> Void)? { finish.withLock { $0.take() } }
}

extension Decision where Sender: Sendable, Args: Sendable {
    /// Answers a delegate method that replies through a completion handler, in the base's order:
    /// `askForwardTarget` hands the target a `DelegateReply`; when that ends, `resume` runs, where
    /// handlers belong (by default where the reply ends), the handlers asked after the target's
    /// answer (`answer(_:_:after:)`), and `completion` gets the result once, `nil` if nobody answered.
    @_spi(OnKitInternal) public func reply(
        _ sender: Sender, _ args: Args, askingFirst askForwardTarget: (DelegateReply<Answer>) -> Bool,
        resumingOn resume: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { $0() },
        completion: @escaping @Sendable (Answer?) -> Void
    ) {
        DelegateReply.ask(askForwardTarget) { targetAnswer in
            let handedOver = HandedOver(value: targetAnswer)
            resume { completion(self.answer(sender, args, after: handedOver.value)) }
        }
    }
}

/// The forward target's answer, on its way to where the handlers run. Answers need not be
/// `Sendable` (URLSession's body stream is an `InputStream`).
private struct HandedOver<Value>: @unchecked Sendable {
    // @unchecked is sound: the target gave the value up by answering, as to the host's own
    // `@Sendable` completion handler, and only the one closure that folds it in uses it, once.
    let value: Value
}
