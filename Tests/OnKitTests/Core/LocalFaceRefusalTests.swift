import OnKit
import Testing

/// The routes by which a local face's handler could run, or be released, away from the state it
/// captured (issue 21): each is refused by the compiler. Each test compiles a control that must
/// compile, then the route, which must not, with the compiler's own words.
@Suite(.enabled(if: SnippetCompiler.isAvailable, SnippetCompiler.unavailableReason)) struct LocalFaceRefusalTests {
    /// Compiles `control` (must compile) and `route` (must not, saying `expected`).
    private func expectRefused(
        control: String, route: String, saying expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let kept = try SnippetCompiler.compile(control, sourceLocation: sourceLocation)
        #expect(kept.compiled, "the control should compile: \(kept.output)", sourceLocation: sourceLocation)
        let refused = try SnippetCompiler.compile(route, sourceLocation: sourceLocation)
        #expect(!refused.compiled, "the route compiled", sourceLocation: sourceLocation)
        #expect(refused.output.contains(expected), "\(refused.output)", sourceLocation: sourceLocation)
    }

    /// Route 1: no public way to make a local face from a `Sendable` one (the old
    /// `ReadOnlyLocalEvent(event.readOnly)`, or any other initializer).
    @Test(arguments: [
        "ReadOnlyLocalEvent(event.readOnly)",
        "ReadOnlyLocalEvent<Int, Int>(local: event.readOnly, shared: event.readOnly)",
    ])
    func aLocalFaceCannotBeMadeFromASharedOne(make: String) throws {
        func snippet(_ face: String) -> String {
            """
            import OnKit
            func count(_ event: Event<Int, Int>, _ local: LocalEvent<Int, Int>) -> Int {
                var count = 0
                let face = \(face)
                face { count += $0 }
                return count
            }
            """
        }
        try expectRefused(control: snippet("local.readOnly"), route: snippet(make), saying: "is inaccessible due to 'internal' protection level")
    }

    /// Route 2: the bit-casting members live on OnKit's class, which cannot be subclassed (nor
    /// is there a protocol to adopt); a `Sendable` face takes only `@Sendable` handlers.
    @Test func theLocalFaceClassCannotBeAdoptedOutsideOnKit() throws {
        try expectRefused(
            control: """
                import OnKit
                func take(_ face: ReadOnlyLocalEvent<Int, Int>) { var count = 0; face { count += $0 } }
                """,
            route: """
                import OnKit
                final class AnyFace: ReadOnlyLocalDecision<Int, Int, Void> {}
                """,
            saying: "cannot inherit from non-open class 'ReadOnlyLocalDecision<Int, Int, Void>' outside of its defining module"
        )
        try expectRefused(
            control: """
                import OnKit
                func take(_ face: ReadOnlyLocalEvent<Int, Int>) { var count = 0; face { count += $0 } }
                """,
            route: """
                import OnKit
                struct AnyFace: LocalSubscribable { let shared: ReadOnlyEvent<Int, Int> }
                """,
            saying: "cannot find type 'LocalSubscribable' in scope"
        )
    }

    @Test func aSharedFaceTakesNoHandlerThatChangesLocalState() throws {
        func snippet(_ face: String) -> String {
            """
            import OnKit
            func count(_ event: Event<Int, Int>, _ local: LocalEvent<Int, Int>) -> Int {
                var count = 0
                \(face) { count += $0 }
                return count
            }
            """
        }
        try expectRefused(
            control: snippet("local"), route: snippet("local.shared"),
            saying: "mutation of captured var 'count' in concurrently-executing code"
        )
        try expectRefused(
            control: snippet("local"), route: snippet("event.readOnly"),
            saying: "mutation of captured var 'count' in concurrently-executing code"
        )
    }

    /// Route 3: a local face's subscription is not `Sendable`: it cannot be cancelled on another
    /// thread, nor stored in a (`Sendable`) `Lifetime`.
    @Test func aLocalSubscriptionIsCancelledWhereItWasMade() throws {
        func snippet(_ cancel: String) -> String {
            """
            import OnKit
            final class Download { let progressed = LocalEvent<Download, Double>() }
            func run() async -> [Double] {
                let download = Download()
                var seen: [Double] = []
                let subscription = download.progressed { seen.append($0) }
                \(cancel)
                return seen
            }
            """
        }
        let control = snippet("subscription.cancel()")
        try expectRefused(
            control: control, route: snippet("await Task.detached { subscription.cancel() }.value"),
            saying: "risks causing data races"
        )
        try expectRefused(
            control: control, route: snippet("let box: any Sendable = subscription; _ = box"),
            saying: "conformance of 'LocalSubscription' to 'Sendable' is unavailable"
        )
        try expectRefused(
            control: control, route: snippet("subscription.store(in: Lifetime())"),
            saying: "value of type 'LocalSubscription' has no member 'store'"
        )
        try expectRefused(
            control: control, route: snippet("Lifetime().add(subscription)"),
            saying: "cannot convert value of type 'LocalSubscription' to expected argument type 'EventSubscription'"
        )
    }

    /// Route 4: a `@MainActor` function cannot route main-actor state into a local handler that
    /// then runs on another thread: the handler is main-actor isolated, so the face joins the
    /// main actor's region, and sending it elsewhere is refused.
    @Test(arguments: [
        "await Task.detached { event.send((), 1) }.value",
        "Task.detached { event.send((), 1) }",
    ])
    func mainActorStateCannotReachALocalHandlerRunElsewhere(send: String) throws {
        func snippet(_ run: String) -> String {
            """
            import OnKit
            @MainActor var total = 0
            @MainActor func run() async {
                let event = LocalEvent<Void, Int>()
                event { total += $0 }
                \(run)
            }
            """
        }
        try expectRefused(
            control: snippet("event.send((), 1)"), route: snippet(send),
            saying: "risks causing data races between main actor-isolated code and concurrent execution of the closure"
        )
    }

    /// The route issue 21 found: a `Sendable` type adopting the old protocol took a `@MainActor`
    /// function's handler and ran it on a detached task. There is no protocol to adopt.
    @Test func mainActorStateCannotReachALocalHandlerThroughAFaceOfOnesOwn() throws {
        try expectRefused(
            control: """
                import OnKit
                @MainActor var total = 0
                @MainActor func run(_ event: LocalEvent<Void, Int>) { event { total += $0 } }
                """,
            route: """
                import OnKit
                struct AnyFace: LocalSubscribable, Sendable { let shared: ReadOnlyEvent<Void, Int> }
                @MainActor var total = 0
                @MainActor func run(_ event: Event<Void, Int>) async {
                    AnyFace(shared: event.readOnly) { total += $0 }
                    await Task.detached { event.send((), 1) }.value
                }
                """,
            saying: "cannot find type 'LocalSubscribable' in scope"
        )
    }

    /// The same through a parser, and with a handler marked `@MainActor` outright.
    @Test func mainActorStateCannotReachAParsersHandlerRunElsewhere() throws {
        func snippet(_ handler: String, _ run: String) -> String {
            """
            import Foundation
            #if canImport(FoundationXML)
            import FoundationXML
            #endif
            import OnKit
            @MainActor var total = 0
            @MainActor func run() async {
                let parser = XMLParser(data: Data("<a>x</a>".utf8))
                parser.on.foundCharacters \(handler)
                \(run)
            }
            """
        }
        let control = snippet("{ total += $0.count }", "_ = parser.parse()")
        try expectRefused(
            control: control, route: snippet("{ total += $0.count }", "await Task.detached { _ = parser.parse() }.value"),
            saying: "risks causing data races"
        )
        try expectRefused(
            control: control, route: snippet("{ @MainActor in total += $0.count }", "await Task.detached { _ = parser.parse() }.value"),
            saying: "risks causing data races between main actor-isolated code and concurrent execution of the closure"
        )
    }

    /// Off the main actor, a `@MainActor` closure is not a local handler at all.
    @Test func aMainActorClosureIsNoLocalHandler() throws {
        func snippet(_ handler: String) -> String {
            """
            import OnKit
            @MainActor var total = 0
            func run() async {
                let event = LocalEvent<Void, Int>()
                var local = 0
                event \(handler)
                await Task.detached { event.send((), 1) }.value
            }
            """
        }
        try expectRefused(
            control: snippet("{ local += $0 }"), route: snippet("{ @MainActor in total += $0 }"),
            saying: "converting function value of type '@MainActor @Sendable (Int) -> Void' to '(Int) -> Void' loses global actor 'MainActor'"
        )
    }
}
