import Foundation

// It names no UIKit type, so it needs no `#if canImport(UIKit)`: it compiles, and is
// type-checked, on every platform, though only UIKit callbacks carry it.

/// A proposed text change: `field.on.shouldChangeCharacters { field, range, string in … }`, or
/// `{ change in change.replacement.allSatisfy(\.isNumber) }`.
public struct TextReplacement: TwoValues, Sendable {
    /// The range of the current text to replace.
    public let range: NSRange
    /// What replaces it (`""` for a deletion).
    public let replacement: String
    /// `(range, replacement)`.
    public var elements: (NSRange, String) { (range, replacement) }
}
