/// What a callback carries when it carries one value with named fields, such as a parser's
/// element (`element.name`, `element.attributes`) or a property's change (`change.old`,
/// `change.new`): a handler takes it whole, `{ values in }` or `{ sender, values in }`. Conforming
/// changes only the compiler's message for a handler written with the SDK's separate parameters
/// (`{ name, namespace, attributes in }`), which then names the fields; ``TwoValues``,
/// ``ThreeValues`` and ``FourValues`` are such values too.
public protocol NamedFields {}

/// What a callback carries when it carries two values, such as a text field's range and
/// replacement (`TextReplacement`, UIKit). A conforming struct keeps its field names
/// (`{ field, change in change.range.location < 10 }`), and every source of it also takes a flat handler, the
/// sender then each value: `{ field, range, string in … }`.
public protocol TwoValues: NamedFields {
    /// The first value, as a flat handler's second parameter.
    associatedtype Value1
    /// The second value.
    associatedtype Value2
    /// The values in order, for the flat handler.
    var elements: (Value1, Value2) { get }
}

/// What a callback carries when it carries three values; see ``TwoValues``.
public protocol ThreeValues: NamedFields {
    /// The first value, as a flat handler's second parameter.
    associatedtype Value1
    /// The second value.
    associatedtype Value2
    /// The third value.
    associatedtype Value3
    /// The values in order, for the flat handler.
    var elements: (Value1, Value2, Value3) { get }
}

/// What a callback carries when it carries four values; see ``TwoValues``.
public protocol FourValues: NamedFields {
    /// The first value, as a flat handler's second parameter.
    associatedtype Value1
    /// The second value.
    associatedtype Value2
    /// The third value.
    associatedtype Value3
    /// The fourth value.
    associatedtype Value4
    /// The values in order, for the flat handler.
    var elements: (Value1, Value2, Value3, Value4) { get }
}
