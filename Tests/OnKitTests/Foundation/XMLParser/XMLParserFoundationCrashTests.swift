#if os(Linux)
import Foundation
import FoundationXML
import Testing

/// A crash that is Foundation's, not OnKit's, documented in the README with its input: Linux's
/// FoundationXML stops the process on an attribute name that is not valid UTF-8 whenever the
/// parser has a delegate — any delegate, OnKit's proxy or a plain one. OnKit cannot intercept it:
/// it happens inside Foundation before any delegate method is called.
@Suite struct XMLParserFoundationCrashTests {
    @Test func anInvalidUTF8AttributeNameCrashesFoundationWithAPlainDelegate() async throws {
        try await runInChildProcess(.foundationXMLCrashesOnAnInvalidUTF8AttributeName, expectingCrash: true)
    }

    @Test func withoutADelegateTheSameInputOnlyFails() {
        let parser = XMLParser(data: Data(XMLParserFoundationCrashTests.invalidAttributeName))
        #expect(!parser.parse())
    }

    /// `<a \xE9="1"/>`: ten bytes, `\xE9` alone is not UTF-8.
    static let invalidAttributeName: [UInt8] = Array("<a ".utf8) + [0xE9] + Array("=\"1\"/>".utf8)
}

/// A delegate with no methods of its own: Foundation's crash needs nothing more.
final class SilentXMLParserDelegate: NSObject, XMLParserDelegate {}

extension ChildScenario {
    /// Parses the input with a plain delegate; the child is expected to die in Foundation.
    static let foundationXMLCrashesOnAnInvalidUTF8AttributeName = ChildScenario(
        name: "foundationXMLCrashesOnAnInvalidUTF8AttributeName"
    ) {
        let parser = XMLParser(data: Data(XMLParserFoundationCrashTests.invalidAttributeName))
        let delegate = SilentXMLParserDelegate()
        parser.delegate = delegate
        _ = parser.parse()
        return withExtendedLifetime(delegate) { [] }  // reaching here means Foundation was fixed
    }
}
#endif
