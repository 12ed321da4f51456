/// The completion handler OnKit hands to the pre-existing delegate: it finishes the callback
/// exactly once, whatever the delegate does with it.
///
/// - Called once: finishes with the delegate's answer.
/// - Called again: ignored (URLSession on Linux traps on a second call of some handlers).
/// - Never called and released: finishes as if the delegate had not answered, so the task is
///   not left hanging. (A delegate that keeps the handler to call it later keeps it alive.)
final class DelegateReply<Answer>: Sendable {
    private let finish: Locked<(@Sendable (Answer?) -> Void)?>

    /// `finish` gets the delegate's answer, or nil when it released the reply without one.
    init(_ finish: @escaping @Sendable (Answer?) -> Void) {
        self.finish = Locked(finish)
    }

    deinit { take()?(nil) }

    /// The delegate's answer.
    func callAsFunction(_ answer: Answer) {
        take()?(answer)
    }

    /// Finishes without an answer: there is no delegate, or it does not implement the method.
    func abstain() {
        take()?(nil)
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
