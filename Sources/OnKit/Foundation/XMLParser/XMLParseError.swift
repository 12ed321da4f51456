import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An error `XMLParser` reported, with where it happened: what `parser.on.parseError` and
/// `parser.on.validationError` hand to their handlers.
///
/// ```swift
/// parser.on.parseError { parser, error in
///     print("line \(error.line), column \(error.column): \(error.code.map { "\($0)" } ?? "?")")
/// }
/// ```
///
/// `line` and `column` are the parser's position when it reported the error (1-based; Foundation
/// on Linux puts nothing about the position in the error itself).
public struct XMLParseError: Error, Sendable, CustomStringConvertible {
    /// The error as Foundation reported it (domain `XMLParser.errorDomain` for parse errors).
    public let underlying: NSError
    /// The line the parser was on when it reported the error, from 1.
    public let line: Int
    /// The column the parser was on when it reported the error, from 1.
    public let column: Int

    /// Wraps an error reported at `line` and `column`.
    ///
    /// ```swift
    /// let error = XMLParseError(underlying: parser.parserError! as NSError, line: 3, column: 8)
    /// ```
    public init(underlying: NSError, line: Int, column: Int) {
        self.underlying = underlying
        self.line = line
        self.column = column
    }

    /// The parser's error code, when the error is in `XMLParser.errorDomain` and the code is known.
    ///
    /// ```swift
    /// if error.code == .prematureDocumentEndError { print("truncated document") }
    /// ```
    public var code: XMLParser.ErrorCode? {
        guard underlying.domain == XMLParser.errorDomain else { return nil }
        return XMLParser.ErrorCode(rawValue: underlying.code)
    }

    /// `XML error <domain> <code> at line L, column C`, with the code's name when known.
    public var description: String {
        let name = code.map { " (\($0))" } ?? ""
        return "XML error \(underlying.domain) \(underlying.code)\(name) at line \(line), column \(column)"
    }
}
