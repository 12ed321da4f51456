import Foundation
import Testing

/// The compiler errors the Troubleshooting article quotes, made by the code it shows: each
/// snippet below is the article's "what you wrote", compiled against this build's OnKit module,
/// and must fail with the message the article names. If OnKit's diagnostics change (a clearer
/// message for a wrong shape, say), this fails until the article says what the compiler says.
@Suite(.enabled(if: SnippetCompiler.isAvailable, SnippetCompiler.unavailableReason)) struct TroubleshootingRefusalTests {
    /// Declarations the snippets share: a sender that is not on the main actor.
    private static let boiler = """
        import OnKit

        final class Boiler: Sendable {
            let boiled = Event<Boiler, Double>()
        }

        """

    @Test func aMainActorHandlerOnAPlainSenderIsRefused() throws {
        let result = try SnippetCompiler.compile(Self.boiler + """
            @MainActor final class BoilerScreen {
                var label = ""

                func show(_ boiler: Boiler) {
                    boiler.boiled(owner: self) { screen, celsius in
                        screen.label = "\\(celsius) °C"
                    }
                }
            }
            """)
        #expect(!result.compiled)
        #expect(result.output.contains("main actor-isolated property 'label' can not be mutated from a Sendable closure"), "\(result.output)")
    }

    @Test func aHandlerWithTooManyParametersIsRefused() throws {
        let result = try SnippetCompiler.compile(Self.boiler + """
            func listen(_ boiler: Boiler) {
                boiler.boiled { boiler, celsius, extra in print(celsius) }
            }
            """)
        #expect(!result.compiled)
        // The message the article quotes (an unavailable overload of the wrong shapes): a
        // `Double` is one plain value, with no named fields.
        #expect(result.output.contains("the arguments are one value: { sender, value in }, or { value in }"), "\(result.output)")
    }

    /// UIKit's main-actor annotations are `@preconcurrency`, so a main-actor model without
    /// ``MainActorBound`` whose handler sets a label gets a warning, not an error: the article
    /// must quote it as the warning it is. `Label` stands in for `UILabel` (its text is the one
    /// `.ci/check-apple-diagnostics.py` compares with the real UIKit's).
    @Test func aMainActorModelWithoutTheMarkerSettingUIKitStateIsOnlyAWarning() throws {
        let result = try SnippetCompiler.compile("""
            import Observation
            import OnKit

            @preconcurrency @MainActor final class Label {
                var text: String?
                nonisolated init() {}
            }

            @MainActor @Observable final class Profile: OnCompatible {
                var name = ""
            }

            @MainActor final class ProfileScreen {
                let nameLabel = Label()

                func show(_ profile: Profile) {
                    profile.on.change(of: \\.name) { name in self.nameLabel.text = name }
                }
            }
            """)
        let message = "main actor-isolated property 'text' can not be mutated from a Sendable closure"
        #expect(result.compiled, "only a warning: \(result.output)")
        #expect(result.output.contains("warning: " + message), "\(result.output)")
        let article = try String(contentsOf: Self.troubleshooting, encoding: .utf8)
        #expect(article.contains("### A warning: \"\(message)\""), "the article quotes it as a warning")
    }

    @Test func aHandlerThatCancelsItsOwnSubscriptionIsRefused() throws {
        let result = try SnippetCompiler.compile(Self.boiler + """
            func listen(_ boiler: Boiler) {
                let subscription = boiler.boiled { celsius in
                    if celsius > 90 { subscription.cancel() }
                }
            }
            """)
        #expect(!result.compiled)
        #expect(result.output.contains("closure captures 'subscription' before it is declared"), "\(result.output)")
    }

    #if os(Linux)
    @Test func anXMLParserWithoutFoundationXMLIsRefusedOnLinux() throws {
        let result = try SnippetCompiler.compile("""
            import Foundation
            import OnKit

            func titles(_ feed: Data) {
                let parser = XMLParser(data: feed)
                parser.on.foundCharacters { text in print(text) }
            }
            """)
        #expect(!result.compiled)
        #expect(result.output.contains("'XMLParser' (aka 'AnyObject') cannot be constructed because it has no accessible initializers"), "\(result.output)")
    }
    #endif

    /// The Troubleshooting article, in this checkout.
    private static var troubleshooting: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/OnKit/OnKit.docc/Troubleshooting.md")
    }
}
