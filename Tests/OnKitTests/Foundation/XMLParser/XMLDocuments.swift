import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The documents the XMLParser tests parse, real XML as a program would read it.
enum XMLDocuments {
    /// Well-formed: a DTD with declarations Foundation on Linux can report, a processing
    /// instruction, two namespaces, attributes (one defaulted by the DTD), an entity, a comment
    /// and a CDATA section. Parses without a single error.
    static let catalog = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE catalog [
          <!ELEMENT catalog (book*)>
          <!ATTLIST book format (paper|ebook) "paper">
          <!NOTATION png PUBLIC "-//PNG" "image/png">
        ]>
        <?render mode="fast"?>
        <catalog xmlns="urn:books" xmlns:x="urn:extra">
          <!-- two books -->
          <book id="1" x:lang="en">Dune &amp; more</book>
          <x:book id="2"><![CDATA[<raw> & stuff]]></x:book>
        </catalog>
        """

    /// Well-formed, with an unparsed entity declaration besides. (Foundation on Linux reports a
    /// spurious parse error, code 521, for the unparsed entity.)
    static let declarations = """
        <?xml version="1.0"?>
        <!DOCTYPE catalog [
          <!ELEMENT catalog (book*)>
          <!ATTLIST book format (paper|ebook) "paper">
          <!NOTATION png PUBLIC "-//PNG" "image/png">
          <!ENTITY cover PUBLIC "-//COVER" "cover.png" NDATA png>
        ]>
        <catalog/>
        """

    /// A malformed document, where Foundation should report the first error, and a name.
    struct Malformed: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        /// The line of the first parse error.
        let line: Int

        var testDescription: String { name }
    }

    static let malformed: [Malformed] = [
        Malformed(name: "unclosed tag", text: "<root>\n  <item>\n</root>", line: 3),
        Malformed(name: "undeclared entity", text: "<root>\n  &bogus;\n</root>", line: 2),
        Malformed(name: "entity without semicolon", text: "<root>&amp</root>", line: 1),
        Malformed(name: "garbage after root", text: "<root/>\n<other/>", line: 2),
        Malformed(name: "text after root", text: "<root/>\n\njunk", line: 3),
        Malformed(name: "not XML at all", text: "hello world", line: 1),
    ]

    /// A document of `count` elements named `name`.
    static func repeating(_ name: String, count: Int) -> String {
        "<list>" + String(repeating: "<\(name)>x</\(name)>", count: count) + "</list>"
    }

    /// A parser over `text`, with namespace processing and prefix reporting on.
    static func parser(_ text: String, namespaces: Bool = true) -> XMLParser {
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldProcessNamespaces = namespaces
        parser.shouldReportNamespacePrefixes = namespaces
        return parser
    }
}
