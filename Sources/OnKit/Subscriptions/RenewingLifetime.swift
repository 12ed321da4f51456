/// A `Lifetime` that begins again: `renew()` ends `current` and begins a fresh one. For a host
/// recycled rather than released, such as a reused cell (`cell.on.reuse`). Released with its
/// host, it releases (so ends) the current lifetime, unless someone else still holds it.
final class RenewingLifetime: Sendable {
    private let lifetime = Locked(Lifetime())

    init() {}

    /// The lifetime of now: it ends at the next `renew()`.
    var current: Lifetime { lifetime.withLock { $0 } }

    /// Ends the current lifetime (after unlocking: cancelling may run any deinit) and begins a fresh one.
    func renew() {
        lifetime.withLock { lifetime in
            defer { lifetime = Lifetime() }
            return lifetime
        }.end()
    }
}

/// Where a host's reuse lifetime is stored.
enum ReuseLifetimeKey {
    static let key = AssociationKey<RenewingLifetime>("reuse", default: RenewingLifetime())
}

extension On {
    /// The host's reuse lifetime of now, made on first use; see `renewReuseLifetime()`.
    var currentReuseLifetime: Lifetime { self[ReuseLifetimeKey.key].current }

    /// The host was prepared for reuse: its reuse lifetime (if ever asked for) is renewed.
    func renewReuseLifetime() { existingValue(for: ReuseLifetimeKey.key)?.renew() }
}
