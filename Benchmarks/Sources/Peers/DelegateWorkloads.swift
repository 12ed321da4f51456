@_spi(OnKitInternal) import OnKit

/// One delegate callback forwarded by a delegate proxy to the app's delegate: through
/// `DelegateForwarding.forward`, as every OnKit proxy forwards (the lock-held snapshot, the
/// check for a target that forwards back, and the nesting guard, `ForwardGuard`), and as a
/// host calls a weakly held delegate itself. The ratio is what a proxy adds to each callback
/// before its handlers run.
package enum DelegateWorkloads {
    /// `forwarding.forward { $0.tick() }`.
    package static func forward() -> Workload {
        Workload("proxy forward to a delegate") {
            let delegate = TickDelegate()
            let forwarding = DelegateForwarding<TickDelegate>(ownership: .weak, target: delegate)
            return { rounds in
                for _ in 0..<rounds { forwarding.forward { $0.tick() } }
                blackHole(delegate.ticks)
            }
        }
    }

    /// `host.delegate?.tick()`, with the delegate held weakly, as UIKit holds it.
    package static func weakDelegate() -> Workload {
        Workload("weak delegate call") {
            let delegate = TickDelegate()
            let host = TickHost(delegate)
            return { rounds in
                for _ in 0..<rounds { host.delegate?.tick() }
                blackHole(delegate.ticks)
            }
        }
    }
}

/// The app's delegate: counts its callbacks.
package final class TickDelegate: @unchecked Sendable {
    // @unchecked is sound: a workload's body runs on one thread at a time.
    package private(set) var ticks = 0
    package func tick() { ticks &+= 1 }
}

/// A host holding its delegate weakly.
final class TickHost: @unchecked Sendable {
    // @unchecked is sound: a workload's body runs on one thread at a time.
    weak var delegate: TickDelegate?
    init(_ delegate: TickDelegate) { self.delegate = delegate }
}
