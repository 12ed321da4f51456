import Dispatch

/// A Dispatch source that can cross threads (`DispatchSource.make…` returns non-`Sendable`
/// existentials).
struct DispatchSourceHandle: @unchecked Sendable {
    // @unchecked is sound: libdispatch documents `resume`, `cancel` and the handler setters as
    // callable from any thread (the class is `@unchecked Sendable` in corelibs); the reference is immutable.
    let source: any DispatchSourceProtocol

    init(_ source: any DispatchSourceProtocol) { self.source = source }

    func cancel() { source.cancel() }
}
