#if canImport(ObjectiveC)
import Foundation
import Observation

// Key-value observing of `@objc dynamic` properties. Apple platforms only: not built nor tested
// on Linux (only type-checked by `apple-typecheck`), so keep it a thin layer over
// `observe(_:options:changeHandler:)`.

extension On where Base: NSObject {
    /// Calls `handler` with the object and the change (old and new value) after every change of
    /// an `@objc dynamic` property, through key-value observing. Apple platforms only (not
    /// compiled on Linux). Also `{ change in }`, `{ }`, and the sequence `values(of:)`.
    ///
    /// ```swift
    /// final class Player: NSObject { @objc dynamic var volume = 0.5 }
    ///
    /// player.on.change(of: \.volume) { _, change in
    ///     print(change.old, "→", change.new)
    /// }
    /// ```
    ///
    /// Runs synchronously on the changing thread, after the change (KVO, `[.old, .new]`), for
    /// every set, equal values included. Lives until cancelled or until the object goes: the
    /// observation is kept with the object, not by the subscription.
    ///
    /// An `NSObject` that is also `PropertyChangeNotifying` gets that form (overload below). One
    /// that is also `@Observable` matches the `Observable` form too: annotate the handler,
    /// `{ (model, name: String) in }` for `@Observable` properties, `{ (model, change:
    /// PropertyChange<String>) in }` for `@objc dynamic` ones (a compile-time ambiguity otherwise).
    @discardableResult @_disfavoredOverload
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @Sendable (Base, PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        observe(keyPath, handler)
    }

    /// The observation behind every KVO form.
    fileprivate func observe<Value>(
        _ keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @Sendable (Base, PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        let observation = base.observe(keyPath, options: [.old, .new]) { object, change in
            // Optional properties: KVO reports `nil` as a missing value; restore it.
            guard let old = change.oldValue ?? nilValue(of: Value.self),
                  let new = change.newValue ?? nilValue(of: Value.self)
            else { return }
            handler(object, PropertyChange(old: old, new: new))
        }
        let observations = self[KeyValueObservations.key]
        let id = observations.add(observation)
        return EventSubscription { [weak observations] in
            observations?.remove(id)
        }
    }

    // The closure shapes, one overload each (a method call's trailing closure never reaches
    // `callAsFunction`), and the sequence; `{ object, change in }` is the form above. Disfavored:
    // on an `NSObject` that is also `PropertyChangeNotifying`, that protocol's forms must win.

    /// Calls `handler` with the change after every change of the property (as the form with the
    /// object): `player.on.change(of: \.volume) { change in print(change.new) }`.
    @discardableResult @_disfavoredOverload
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @Sendable (PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        change(of: keyPath, ignoringSender(handler))
    }

    /// Calls `handler` after every change of the property (as the form with the object):
    /// `player.on.change(of: \.volume) { print("volume changed") }`.
    @discardableResult @_disfavoredOverload
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @Sendable () -> Void
    ) -> EventSubscription {
        change(of: keyPath, ignoringParameters(handler))
    }

    /// The new values of an `@objc dynamic` property, one per change, as an `AsyncSequence`;
    /// the subscription is made now and ends with the loop or its task:
    /// `for await volume in player.on.values(of: \.volume) { print(volume) }`.
    @_disfavoredOverload
    public func values<Value: Sendable>(of keyPath: KeyPath<Base, Value>) -> AsyncStream<Value> {
        propertyValues { yield in change(of: keyPath, ignoringSender { change in yield(change.new) }) }
    }
}

extension On where Base: NSObject & PropertyChangeNotifying {
    /// The `PropertyChangeNotifying` form, for an `NSObject` publishing with `@Notifying` (not
    /// KVO-compliant). Both KVO's and `PropertyChangeNotifying`'s closure forms are
    /// `@_disfavoredOverload` (so that `MainActorBound` models get their `@MainActor` forms):
    /// these, in a narrower extension, pick `PropertyChangeNotifying`'s. (`values(of:)` needs no
    /// such overload: KVO's alone is disfavored.)
    @discardableResult @_disfavoredOverload
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @Sendable (Base, PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        base.propertyChanges.event(for: keyPath).subscribe(handler)
    }

    /// The `PropertyChangeNotifying` form with the change only (see above).
    @discardableResult @_disfavoredOverload
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @Sendable (PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        base.propertyChanges.event(for: keyPath).subscribe(handler)
    }

    /// The `PropertyChangeNotifying` form with no parameters (see above).
    @discardableResult @_disfavoredOverload
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @Sendable () -> Void
    ) -> EventSubscription {
        base.propertyChanges.event(for: keyPath).subscribe(handler)
    }
}

extension On where Base: NSObject & PropertyChangeNotifying & MainActorBound {
    /// The `PropertyChangeNotifying` form on the main actor, for a marked `NSObject` publishing
    /// with `@Notifying` (picked over KVO's main-actor form, as above).
    @discardableResult
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @MainActor @Sendable (Base, PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        base.propertyChanges.event(for: keyPath).subscribe(handler)
    }

    /// The `PropertyChangeNotifying` form on the main actor, with the change only.
    @discardableResult
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @MainActor @Sendable (PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        base.propertyChanges.event(for: keyPath).subscribe(handler)
    }

    /// The `PropertyChangeNotifying` form on the main actor, with no parameters.
    @discardableResult
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @MainActor @Sendable () -> Void
    ) -> EventSubscription {
        base.propertyChanges.event(for: keyPath).subscribe(handler)
    }
}

/// The `@MainActor` forms of KVO's `change(of:)`, for an object marked ``MainActorBound``: its
/// properties change on the main actor, where KVO calls, so the handlers may touch main-actor
/// state (the marker picks the isolation, as for every source). A change anywhere else stops the
/// program with OnKit's message. The `@Sendable` forms above are disfavored so that these win.
extension On where Base: NSObject & MainActorBound {
    /// Calls `handler` on the main actor with the object and the change after every change of an
    /// `@objc dynamic` property; otherwise as the `@Sendable` form.
    @discardableResult
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @MainActor @Sendable (Base, PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        observe(keyPath) { object, change in
            MainActorCheck.stopUnlessOnMainActor()
            // Sound: the check above stopped the program unless this runs on the main actor; the
            // object and the change are only used synchronously, on this thread.
            nonisolated(unsafe) let (object, change) = (object, change)
            MainActor.assumeIsolated { handler(object, change) }
        }
    }

    /// Calls `handler` on the main actor with the change after every change of the property.
    @discardableResult
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @MainActor @Sendable (PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        change(of: keyPath) { @MainActor (_: Base, change: PropertyChange<Value>) in handler(change) }
    }

    /// Calls `handler` on the main actor after every change of the property.
    @discardableResult
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @MainActor @Sendable () -> Void
    ) -> EventSubscription {
        change(of: keyPath) { @MainActor (_: Base, _: PropertyChange<Value>) in handler() }
    }
}

/// An `@Observable` `NSObject`: its lighter shapes are the `Observable` forms, not KVO's (a
/// property that is not `@objc dynamic` cannot be observed with KVO). Both families are
/// `@_disfavoredOverload`, so these decide, as for `NSObject & PropertyChangeNotifying`.
/// Known limit: on such a model also marked `MainActorBound`, these `@Sendable` forms still win
/// for `{ value in }` and `{ }` (Swift ranks a nonisolated closure parameter above a
/// `@MainActor` one); its `@MainActor` handlers take the typed two-parameter shape,
/// `{ (model, name: String) in }`.
extension On where Base: NSObject & Observable & Sendable {
    /// The `Observable` form with the new value only (see `change(of:isolation:_:)`).
    @discardableResult
    public func change<Value: Sendable>(
        of keyPath: KeyPath<Base, Value>,
        isolation: isolated any Actor = #isolation,
        _ handler: @escaping @Sendable (Value) -> Void
    ) -> EventSubscription {
        change(of: keyPath, isolation: isolation) { @Sendable (_: Base, value: Value) in handler(value) }
    }

    /// The `Observable` form with no parameters (see `change(of:isolation:_:)`).
    @discardableResult
    public func change<Value: Sendable>(
        of keyPath: KeyPath<Base, Value>,
        isolation: isolated any Actor = #isolation,
        _ handler: @escaping @Sendable () -> Void
    ) -> EventSubscription {
        change(of: keyPath, isolation: isolation) { @Sendable (_: Base, _: Value) in handler() }
    }
}

/// The KVO observations made through `on.change(of:)` on one object, kept with it so that a
/// discarded subscription does not end them; released (and so stopped) with the object.
final class KeyValueObservations: Sendable {
    static let key = AssociationKey<KeyValueObservations>("keyValueObservations", default: KeyValueObservations())

    /// One observation, handed from thread to thread but used by one at a time.
    private struct Kept: @unchecked Sendable {
        // @unchecked is sound: handed over at once, then only stored and taken out under the lock,
        // by the one caller that invalidates it (or released with the object).
        let observation: NSKeyValueObservation
    }

    private struct Held {
        var observations: [UInt64: Kept] = [:]
        var nextID: UInt64 = 0
    }

    private let held = Locked(Held())

    /// Keeps `observation`; returns its id for `remove(_:)`.
    func add(_ observation: NSKeyValueObservation) -> UInt64 {
        let kept = Kept(observation: observation)
        return held.withLock { held in
            let id = held.nextID
            held.nextID += 1
            held.observations[id] = kept
            return id
        }
    }

    /// Stops and releases the observation `id`, if still kept.
    func remove(_ id: UInt64) {
        let removed = held.withLock { $0.observations.removeValue(forKey: id) }
        removed?.observation.invalidate()  // after the lock: it calls into the runtime
    }
}

/// `nil` as a `Value` when `Value` is an `Optional`; no value at all for any other type.
private func nilValue<Value>(of _: Value.Type) -> Value? {
    guard let optional = Value.self as? any ExpressibleByNilLiteral.Type else { return nil }
    return optional.init(nilLiteral: ()) as? Value
}
#endif
