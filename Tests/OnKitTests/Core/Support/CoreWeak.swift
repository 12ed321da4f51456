/// A weak reference, to check that an object was released.
struct CoreWeak<Object: AnyObject & Sendable>: Sendable {
    weak let object: Object?
    init(_ object: Object?) { self.object = object }
    var isReleased: Bool { object == nil }
}
