import Testing

/// The shapes users guess from the SDK's signatures get a first error that states the shape rule
/// or names a shape that fits (issue 24's table; its UIKit row is checked for iOS by
/// `.ci/typecheck-default-isolation.py`). Each snippet is compiled against the built module.
@Suite(.enabled(if: SnippetCompiler.isAvailable, SnippetCompiler.unavailableReason)) struct WrongShapeDiagnosticsTests {
    /// The first error of `body` compiled with the Foundation rows' imports, which must contain
    /// `expected`.
    private func firstError(of body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let source = """
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            #if canImport(FoundationXML)
            import FoundationXML
            #endif
            import OnKit
            import OnKitURLSession

            final class Bank: PropertyChangeNotifying {
                let propertyChanges = PropertyChanges()
                @Notifying var balance = 0
            }

            struct Replacement: TwoValues, Sendable {
                var range: Range<Int>
                var string: String
                var elements: (Range<Int>, String) { (range, string) }
            }

            @MainActor final class Field: MainActorBound, Sendable {
                let shouldChangeCharacters = Decision<Field, Replacement, Bool>.all()
            }

            \(body)
            """
        let (compiled, output) = try SnippetCompiler.compile(source, sourceLocation: sourceLocation)
        #expect(!compiled, "the wrong shape compiled", sourceLocation: sourceLocation)
        return output.split(separator: "\n").first { $0.contains("error:") }.map(String.init) ?? ""
    }

    private let rule = "two parameters are the sender and the arguments; flat forms start with the sender"

    @Test func aTextFieldsRangeAndStringWithoutTheFieldNamesTheRule() throws {
        let error = try firstError(of: """
            @MainActor func f(_ field: Field) {
                field.shouldChangeCharacters { range, string in range.count < 10 && !string.isEmpty }
            }
            """)
        #expect(error.contains(rule), "\(error)")
    }

    @Test func aDownloadsTaskAndProgressWithoutTheSessionNamesTheRule() throws {
        let error = try firstError(of: """
            func f(_ session: URLSession) {
                session.on.didWriteData { task, progress in print(task.taskIdentifier, progress.totalBytes) }
            }
            """)
        #expect(error.contains(rule), "\(error)")
        #expect(error.contains("{ sender, a, b in }"), "names a shape that fits: \(error)")
    }

    @Test func aNotifyingPropertysValueInsteadOfTheChangeNamesTheChange() throws {
        let error = try firstError(of: """
            func f(_ bank: Bank) {
                bank.on.change(of: \\.balance) { balance in balance + 1 }
            }
            """)
        #expect(error.contains("gets the change, not the value: { change in change.new }"), "\(error)")
    }

    @Test func theParsersDelegateParametersNameTheOneValue() throws {
        for body in ["", "print(name, namespace as Any, attributes)"] {
            let error = try firstError(of: """
                func f(_ parser: XMLParser) {
                    parser.on.didStartElement { name, namespace, attributes in \(body) }
                }
                """)
            #expect(error.contains("the arguments are one value with named fields: { sender, values in }"), "\(error)")
            #expect(error.contains(rule), "\(error)")
        }
    }

    private let plainValue = "the arguments are one value: { sender, value in }, or { value in }; two parameters are the sender and the arguments"

    @Test func threeParametersOnOnePlainValueSayItIsOneValue() throws {
        for body in ["bank.balanceChanged { a, b, c in print(a) }", "field.textChanged { field, text, extra in print(text) }"] {
            let error = try firstError(of: """
                final class Account: Sendable {
                    let balanceChanged = Event<Account, Int>()
                }

                extension Field {
                    var textChanged: ReadOnlyEvent<Field, String> { Event<Field, String>().readOnly }
                }

                @MainActor func f(_ bank: Account, _ field: Field) {
                    \(body)
                }
                """)
            #expect(error.contains(plainValue), "\(error)")
            #expect(!error.contains("named fields"), "a String or an Int has no named fields: \(error)")
        }
    }

    @Test func threeParametersOnACallbackWithOnlyItsSenderSaySo() throws {
        let error = try firstError(of: """
            final class Door: Sendable {
                let opened = Event<Door, Void>()
            }

            func f(_ door: Door) {
                door.opened { door, a, b in print(door) }
            }
            """)
        #expect(error.contains("the callback carries only its sender: { sender in }, or { }"), "\(error)")
    }

    @Test func threeParametersOnAParsersTextSayItIsOneValue() throws {
        let error = try firstError(of: """
            func f(_ parser: XMLParser) {
                parser.on.foundCharacters { parser, text, extra in print(text) }
            }
            """)
        #expect(error.contains(plainValue), "\(error)")
    }

    @Test func theShapesThatFitStillCompile() throws {
        let (compiled, output) = try SnippetCompiler.compile("""
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            import OnKit
            import OnKitURLSession

            final class Bank: PropertyChangeNotifying {
                let propertyChanges = PropertyChanges()
                @Notifying var balance = 0
            }

            func f(_ session: URLSession, _ bank: Bank) {
                session.on.didWriteData { session, written in print(written.task.taskIdentifier) }
                session.on.didWriteData { session, task, progress in print(task.taskIdentifier, progress.totalBytes) }
                session.on.didWriteData { written in print(written.progress.totalBytes) }
                bank.on.change(of: \\.balance) { change in print(change.new + 1) }
                bank.on.change(of: \\.balance) { bank, change in print(change.old) }
            }
            """)
        #expect(compiled, "\(output)")
    }
}
