/// A weak reference, to check that an object was released.
struct WeakReference<Object: AnyObject & Sendable>: Sendable {
    weak let object: Object?

    /// References `object`, which may already be `nil` (then `isReleased` is true at once).
    init(_ object: Object?) { self.object = object }

    /// References a live object: for leak checks that must not pass because nothing was there.
    init(live object: Object) { self.object = object }

    var isReleased: Bool { object == nil }
}

/// A weak reference to an object of any type: for collections of references of mixed types.
typealias AnyWeakReference = WeakReference<any AnyObject & Sendable>
