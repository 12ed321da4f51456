#if canImport(ObjectiveC)
import Foundation

// Key-value observing of `@objc dynamic` properties: Apple platforms only.
//
// NOT COMPILED ON LINUX (no Objective-C runtime, no KVO there), hence not built nor tested by
// `.ci/run`: written from Apple's documented signature of
// `observe(_:options:changeHandler:)` (`changeHandler: @escaping @Sendable (Self,
// NSKeyValueObservedChange<Value>) -> Void`, returning an `NSKeyValueObservation` that stops
// observing when invalidated or deinitialized). Keep it a thin layer.

extension On where Base: NSObject {
    /// Calls `handler` with the old and the new value after every change of an `@objc dynamic`
    /// property, through key-value observing. Apple platforms only (not compiled on Linux).
    ///
    /// ```swift
    /// final class Player: NSObject { @objc dynamic var volume = 0.5 }
    /// player.on.change(of: \.volume) { player, change in print(change.old, "→", change.new) }
    /// ```
    ///
    /// Runs synchronously on the thread that changes the property, after the change (KVO's own
    /// delivery, options `[.old, .new]`). Every change is delivered; KVO reports a set of an
    /// equal value too. Lives until cancelled or until the object is deallocated: the
    /// `NSKeyValueObservation` is kept with the object (host-bound storage), not by the
    /// subscription, which never keeps the object alive.
    ///
    /// ## When a type matches several forms of `change(of:)`
    /// - An `NSObject` subclass that is also `PropertyChangeNotifying` gets the
    ///   `PropertyChangeNotifying` form (a more specific overload below): `@Notifying`
    ///   properties are not KVO-compliant.
    /// - An `NSObject` subclass that is also `@Observable` matches this form and the
    ///   `Observable` one, whose handlers differ in their second parameter (`PropertyChange`
    ///   here, the new value there); an unannotated handler is then a compile-time ambiguity.
    ///   Annotate it: `{ (model, name: String) in }` for `@Observable` properties (they are not
    ///   KVO-compliant, KVO would never report them), `{ (model, change: PropertyChange<String>)
    ///   in }` for `@objc dynamic` ones. Ambiguity is an error, never a silent wrong choice.
    @discardableResult
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
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
}

extension On where Base: NSObject & PropertyChangeNotifying {
    /// The `PropertyChangeNotifying` form, chosen for an `NSObject` subclass that publishes
    /// with `@Notifying` (whose properties KVO cannot see); see `PropertyChangeNotifying`.
    @discardableResult
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @Sendable (Base, PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        base.propertyChanges.event(for: keyPath).subscribe(handler)
    }
}

/// The KVO observations made through `on.change(of:)` on one object, kept with it so that a
/// discarded subscription does not end them; released (and so stopped) with the object.
final class KeyValueObservations: Sendable {
    static let key = AssociationKey<KeyValueObservations>("keyValueObservations", default: KeyValueObservations())

    /// One observation, handed from thread to thread but used by one at a time.
    private struct Kept: @unchecked Sendable {
        // @unchecked is sound: the observation is made by `change(of:)` and handed over at once;
        // then it is only stored under the lock, and taken out under it by the one caller that
        // removes it, which alone invalidates it (or it is released with the object).
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

/// `nil` as a `Value` when `Value` is an `Optional` (KVO reports a `nil` property value as a
/// missing value); `nil` (no value at all) for any other type.
private func nilValue<Value>(of _: Value.Type) -> Value? {
    guard let optional = Value.self as? any ExpressibleByNilLiteral.Type else { return nil }
    return optional.init(nilLiteral: ()) as? Value
}
#endif
