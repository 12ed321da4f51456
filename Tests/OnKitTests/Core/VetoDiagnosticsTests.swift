import Foundation
import Testing

/// A handler that returns a `Bool` on an event that a decision is asked before (an
/// `EventAfterDecision`: a text field's `textChanged`, a search bar's `textDidChange`, a text
/// view's `didChange`) is taken with a deprecation warning that names the decision which can
/// refuse; every other event keeps Swift's own unused-result warning. The UIKit events are
/// checked for iOS by `.ci/check-apple-diagnostics.py`; here a main-actor stand-in has the same
/// faces.
@Suite(.enabled(if: SnippetCompiler.isAvailable, SnippetCompiler.unavailableReason)) struct VetoDiagnosticsTests {
    private static let field = """
        import OnKit

        @MainActor final class Field: MainActorBound, Sendable {
            let changed = Event<Field, String>()
            let edited = Event<Field, Void>()
            var textChanged: EventAfterDecision<Field, String, DecisionTwin.ShouldChangeCharacters> {
                EventAfterDecision(changed.readOnly)
            }
            var didChange: EventAfterDecision<Field, Void, DecisionTwin.ShouldChangeText> {
                EventAfterDecision(edited.readOnly)
            }
            var selectionChanged: ReadOnlyEvent<Field, String> { changed.readOnly }
            @discardableResult func resignFirstResponder() -> Bool { true }
        }

        @MainActor final class Screen: Sendable {}

        """

    /// The warnings of `body`, which must compile, without their group tag.
    private func warnings(of body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let (compiled, output) = try SnippetCompiler.compile(Self.field + body, sourceLocation: sourceLocation)
        #expect(compiled, "\(output)", sourceLocation: sourceLocation)
        return output.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: ": warning: ") else { return nil }
            return String(line[range.upperBound...].split(separator: " [#").first ?? "")
        }
    }

    private let charactersVeto = "is deprecated: an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeCharacters, which is asked before it"
    private let textVeto = "is deprecated: an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeText, which is asked before it"

    @Test func aBoolHandlerOnATwinnedEventNamesTheDecision() throws {
        let forms = [
            "field.textChanged { text in text.count <= 10 }",
            "field.textChanged { field, text in text.count <= 10 }",
            "field.textChanged.subscribe { text in text.count <= 10 }",
            "field.textChanged.once { text in text.count <= 10 }",
            "field.textChanged += { text in text.count <= 10 }",
            "field.textChanged(owner: screen) { screen, text in text.count <= 10 }",
        ]
        for form in forms {
            let found = try warnings(of: "@MainActor func f(_ field: Field, _ screen: Screen) {\n    \(form)\n}")
            #expect(found.count == 1 && found.allSatisfy { $0.hasSuffix(charactersVeto) }, "\(form): \(found)")
        }
        let found = try warnings(of: "@MainActor func f(_ field: Field) {\n    field.didChange { field in field.resignFirstResponder() }\n}")
        #expect(found == ["'callAsFunction' " + textVeto], "\(found)")
    }

    @Test func otherEventsKeepSwiftsUnusedResultWarning() throws {
        let found = try warnings(of: "@MainActor func f(_ field: Field) {\n    field.selectionChanged { text in text.count <= 10 }\n}")
        #expect(found == ["result of operator '<=' is unused"], "\(found)")
        // And a twinned event keeps it too wherever its handler is not a Bool closure.
        let twinned = try warnings(of: """
            @MainActor func f(_ field: Field, _ screen: Screen) {
                field.textChanged { text in print(text) }
                field.textChanged { field, text in _ = field.resignFirstResponder() }
                field.textChanged(owner: screen) { screen, field, text in print(text) }
                field.didChange { print("changed") }
                field.textChanged { text in
                    let short = text.count <= 10
                    print(short)
                }
            }
            """)
        #expect(twinned.isEmpty, "\(twinned)")
    }
}
