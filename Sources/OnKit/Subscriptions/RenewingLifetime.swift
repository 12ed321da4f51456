/// A `Lifetime` that begins again: `current` is the lifetime of now, and `renew()` ends it
/// (cancelling what it holds) and begins a fresh one. For a host that is recycled rather than
/// released, such as a reused table view cell (`cell.on.reuse`).
///
/// When the renewing lifetime itself is released (with its host), the current lifetime is
/// released too and so ends, unless someone still holds it; it then ends when they let go.
final class RenewingLifetime: Sendable {
    private let lifetime = Locked(Lifetime())

    init() {}

    /// The lifetime of now: it ends at the next `renew()`.
    var current: Lifetime { lifetime.withLock { $0 } }

    /// Ends the current lifetime and begins a fresh one. The ended lifetime's subscriptions are
    /// cancelled after unlocking (cancelling releases handlers, whose deinits may run any code).
    func renew() {
        let ended = lifetime.withLock { lifetime in
            let ended = lifetime
            lifetime = Lifetime()
            return ended
        }
        ended.end()
    }
}

/// Where a host's reuse lifetime is stored.
enum ReuseLifetimeKey {
    static let key = AssociationKey<RenewingLifetime>("reuse", default: RenewingLifetime())
}

extension On {
    /// The host's reuse lifetime of now, made on first use; see `renewReuseLifetime()`.
    var currentReuseLifetime: Lifetime { self[ReuseLifetimeKey.key].current }

    /// The host was prepared for reuse: its reuse lifetime ends and a fresh one begins. Nothing
    /// is made for a host whose reuse lifetime was never asked for.
    func renewReuseLifetime() {
        existingValue(for: ReuseLifetimeKey.key)?.renew()
    }
}
