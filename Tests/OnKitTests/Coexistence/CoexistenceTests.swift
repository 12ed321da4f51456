@_spi(OnKitInternal) @testable import OnKit
import Testing

/// OnKit beside the libraries an app already has, in every order: no loop, no crash, no
/// delegate dropped that OnKit has seen, and each party called the stated number of times.
/// `swift test --filter Coexistence` prints the table.
@Suite("Coexistence") @MainActor struct CoexistenceTests {
    typealias Step = CoexistenceScene.Step
    typealias Counts = CoexistenceScene.Counts

    /// One order of steps, and what the app's delegate, OnKit's handler and the other library
    /// get from the first `scroll()` after it and from the one after that.
    struct Row: CustomTestStringConvertible, Sendable {
        let library: Library
        let steps: [Step]
        let first: Counts
        let later: Counts
        var rxAssertions = 0
        /// Why a party gets 0, or more than 1.
        var why = ""

        var testDescription: String { "\(library.rawValue): \(steps.map(\.description).joined(separator: ", "))" }
    }

    enum Library: String, Sendable {
        case rxCocoa = "RxCocoa", iqKeyboard = "IQKeyboardManager", combineCocoa = "CombineCocoa"
        case forwarder = "hand-written forwarder"

        /// The other library's own count of the callback.
        @MainActor func count(in scene: CoexistenceScene) -> Int {
            switch self {
            case .rxCocoa: scene.rx?.observed.count ?? 0
            case .iqKeyboard: scene.returnKeyHandler.calls
            case .combineCocoa: scene.combine?.intercepted ?? 0
            case .forwarder: scene.forwarder.calls
            }
        }
    }

    nonisolated static let rows: [Row] = CoexistenceTable.rows

    @Test(arguments: rows)
    func eachPartyIsCalledAsTheTableSays(_ row: Row) {
        let scene = CoexistenceScene()
        scene.run(row.steps)
        let first = scene.scroll(other: row.library.count)
        let later = scene.scroll(other: row.library.count)
        #expect(first == row.first, "first callback (app / OnKit / \(row.library.rawValue))")
        #expect(later == row.later, "later callbacks (app / OnKit / \(row.library.rawValue))")
        #expect(!scene.overflowed, "a party had to cut a loop itself: the real library would crash")
        #expect((scene.rx?.assertionsFired ?? 0) == row.rxAssertions, "RxCocoa's installForwardDelegate assertion")
    }

    @Test func printsTheTable() {
        var lines = ["library | order | first: app / OnKit / other | later | RxCocoa asserts | why"]
        for row in Self.rows {
            let scene = CoexistenceScene()
            scene.run(row.steps)
            let first = scene.scroll(other: row.library.count)
            let later = scene.scroll(other: row.library.count)
            let order = row.steps.map(\.description).joined(separator: ", ")
            let asserts = scene.rx?.assertionsFired ?? 0
            lines.append("\(row.library.rawValue) | \(order) | \(first) | \(later) | \(asserts) | \(row.why)")
            #expect(first == row.first && later == row.later)
        }
        print(lines.joined(separator: "\n"))
    }
}
