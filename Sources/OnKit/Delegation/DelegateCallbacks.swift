/// Which of a delegate proxy's optional callbacks it claims in `responds(to:)`: RxCocoa's
/// lesson that a proxy claiming every method changes what the host does.
///
/// A host such as a `UIScrollView` asks its delegate, when the delegate is set, which optional
/// methods it implements, and behaves differently for each one it does: a delegate that
/// implements `viewForZooming(in:)` is asked before every zoom; one that implements
/// `tableView(_:willSelectRowAt:)` is asked before every selection. So a proxy, which implements
/// every method it can forward, claims a callback only
/// - while the callback has handlers, or
/// - if its forward target implements it (the host would have seen it without OnKit).
///
/// A proxy names its callbacks by a key (an Objective-C selector on Apple platforms) and looks
/// each up as its event or decision; anything else it answers as for any object. When a
/// callback gets its first handler the host's cached answers are stale, and the proxy makes the
/// host ask again (see `DelegateProxy.face(_:on:as:slot:)`).
enum DelegateCallbacks {
    /// What a proxy answers to `responds(to:)` for a key whose callback is `callback`: `nil` when
    /// the key is not one of its callbacks (answer as for any other selector), otherwise whether
    /// it has handlers or `targetResponds()` (asked only when it has none).
    static func responds(_ callback: (any Subscribable)?, targetResponds: () -> Bool) -> Bool? {
        guard let callback else { return nil }
        return callback.subscriberCount > 0 || targetResponds()
    }
}
