import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An error `XMLParser` reported, with where it happened: what `parser.on.parseError` and
/// `parser.on.validationError` hand to their handlers.
///
/// `line` and `column` are the parser's position when it reported the error (1-based; Foundation
/// on Linux puts nothing about the position in the error itself).
///
/// `underlying.code` is libxml2's error number (76 is a tag-name mismatch, 5 a premature end).
/// On Apple platforms it equals the raw value of `XMLParser.ErrorCode`; on Linux that enum is
/// numbered from 0 instead of 1 and drifts further, so `XMLParser.ErrorCode(rawValue:)` names
/// the wrong case there: compare codes as numbers.
public struct XMLParseError: Error, Sendable, CustomStringConvertible {
    /// The error as Foundation reported it (domain `XMLParser.errorDomain` for parse errors).
    public let underlying: NSError
    /// The line the parser was on when it reported the error, from 1.
    public let line: Int
    /// The column the parser was on when it reported the error, from 1.
    public let column: Int

    /// Wraps an error reported at `line` and `column`.
    public init(underlying: NSError, line: Int, column: Int) {
        self.underlying = underlying
        self.line = line
        self.column = column
    }

    /// `XML error <domain> <code> at line L, column C`, such as
    /// `XML error NSXMLParserErrorDomain 76 at line 3, column 8`.
    public var description: String {
        "XML error \(underlying.domain) \(underlying.code) at line \(line), column \(column)"
    }
}
