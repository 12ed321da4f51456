import Dispatch

/// A Dispatch source that can cross threads.
///
/// `DispatchSource.make…Source` returns protocol existentials (`any DispatchSourceTimer`, …),
/// which are not `Sendable`, although every Dispatch source is a thread-safe object: the class
/// behind them is `@unchecked Sendable` in swift-corelibs-libdispatch, and libdispatch documents
/// `resume`, `cancel` and the handler setters as callable from any thread.
struct DispatchSourceHandle: @unchecked Sendable {
    // @unchecked is sound: the source is a libdispatch object, thread-safe by contract (above);
    // the reference itself is immutable.
    let source: any DispatchSourceProtocol

    init(_ source: any DispatchSourceProtocol) {
        self.source = source
    }

    func cancel() {
        source.cancel()
    }
}
