/// A weak reference that never changes, to hand to `@Sendable` closures or to store as a value.
///
/// Reading it needs no exclusivity check, unlike a `[weak x]` capture, which is a variable: a
/// notification's observer block reads the center through one on every delivery.
struct WeakReference<Object: AnyObject & Sendable>: Sendable {
    weak let object: Object?
    init(_ object: Object) { self.object = object }
}
