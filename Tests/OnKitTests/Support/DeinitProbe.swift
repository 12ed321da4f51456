/// An object that runs `action` when it is deallocated: to run user code at the moment a
/// library releases a value (a deinit of a handler's capture, of a stored value).
final class DeinitProbe: Sendable {
    private let action: @Sendable () -> Void
    init(_ action: @escaping @Sendable () -> Void) { self.action = action }
    deinit { action() }
}
