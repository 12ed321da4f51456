/// A plain class (no macros, no Objective-C) that publishes typed change events per property.
///
/// Conform, keep one `PropertyChanges` store, and mark the properties to publish `@Notifying`:
///
/// ```swift
/// final class Account: PropertyChangeNotifying {
///     let propertyChanges = PropertyChanges()
///     @Notifying var owner = "Ada"
///     @Notifying var balance = 0
/// }
///
/// account.on.change(of: \.balance) { account, change in
///     print("\(change.old) → \(change.new)")
/// }
/// account.balance = 10   // prints "0 → 10", synchronously, on this thread
/// ```
///
/// Changes are delivered with the semantics of `Event.send`: synchronously, on the thread that
/// sets the property, after the new value is stored, to each handler in the order they were
/// added. A property whose value is `Equatable` publishes nothing when set to an equal value
/// (as `@Observable` does); other values publish on every set.
///
/// Use it on `final` classes: subscriptions are keyed by the key path, and `\Subclass.name` is
/// not the key path `\Declaring.name` that `@Notifying` sends under.
public protocol PropertyChangeNotifying: OnCompatible {
    /// The store of this object's change events; declare it as `let propertyChanges = PropertyChanges()`.
    var propertyChanges: PropertyChanges { get }
}
