#if canImport(ObjectiveC)
import Foundation
import OnKit

// Issue 31: the Foundation proxies on Apple platforms take the delegate as it is, as UIKit's do.

/// The Foundation scenarios of issue 31.
enum FoundationScenarios {
    static var all: [Scenario] {
        [
            Scenario("31.6", "a parser delegate that adopts no protocol keeps its callbacks beside OnKit's handlers") {
                let parser = XMLParser(data: Data("<feed><title>One</title></feed>".utf8))
                let informal = InformalParserDelegate()
                parser.setValue(informal, forKey: "delegate")  // as a xib or an Objective-C caller sets it
                var handled: [String] = []
                parser.on.didStartElement { element in handled.append(element.name) }
                _ = parser.parse()
                try expect(informal.elements == ["feed", "title"], "the app's delegate gets every element first")
                try expect(handled == ["feed", "title"], "and so do the handlers")
            },
        ]
    }
}

/// An XML parser delegate that implements one method and adopts no protocol.
private final class InformalParserDelegate: NSObject {
    var elements: [String] = []

    @objc(parser:didStartElement:namespaceURI:qualifiedName:attributes:)
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
        elements.append(name)
    }
}
#endif
