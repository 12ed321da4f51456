/// A plain class (no macros, no Objective-C) that publishes typed change events per property.
///
/// Conform, keep one `PropertyChanges` store, and mark the properties to publish `@Notifying`:
///
/// ```swift
/// final class Savings: PropertyChangeNotifying {
///     let propertyChanges = PropertyChanges()
///     @Notifying var owner = "Ada"
///     @Notifying var balance = 0
/// }
///
/// savings.on.change(of: \.balance) { _, change in
///     print("\(change.old) → \(change.new)")
/// }
/// savings.balance = 10   // prints "0 → 10", synchronously, on this thread
/// ```
///
/// Changes are sent as `Event.send` does: synchronously on the setting thread, after the store,
/// in subscription order; an equal `Equatable` value publishes nothing (as with `@Observable`).
///
/// Use it on `final` classes: `\Subclass.name` is not the key path `\Declaring.name` that
/// `@Notifying` sends under.
public protocol PropertyChangeNotifying: OnCompatible {
    /// The store of this object's change events; declare it as `let propertyChanges = PropertyChanges()`.
    var propertyChanges: PropertyChanges { get }
}
