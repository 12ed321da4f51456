/// One change of a property: the value before and the value after.
///
/// Handed to handlers of plain classes (`@Notifying` properties) and, on Apple platforms, of
/// KVO properties: `model.on.change(of: \.owner) { _, change in print(change.old, "→", change.new) }`.
public struct PropertyChange<Value>: NamedFields {
    /// The value before the change.
    public let old: Value
    /// The value after the change: the one the property holds when the handler runs (unless a
    /// handler or another thread changed it again since).
    public let new: Value

    /// Creates a change from `old` to `new`: `PropertyChange(old: 0, new: 10)`.
    public init(old: Value, new: Value) {
        self.old = old
        self.new = new
    }
}

extension PropertyChange: Sendable where Value: Sendable {}
extension PropertyChange: Equatable where Value: Equatable {}
extension PropertyChange: Hashable where Value: Hashable {}
