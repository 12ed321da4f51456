@testable import OnKit
import Testing

/// A key path with a subscript index hashes and compares the index with the index type's own
/// `hash(into:)` and `==`: user code, run with no OnKit lock held. Before, `PropertyChanges` and
/// `ObservationLoops` ran it under their lock, and an index that touched the same object's
/// changes re-entered that lock (DEBUG: OnKit's re-entrancy stop; release: a hang).
@Suite struct KeyPathUserCodeTests {
    /// A subscript index whose hashing and comparing run `touch` first.
    struct Cell: Hashable, Sendable {
        let name: String
        let touch: @Sendable () -> Void

        static func == (lhs: Cell, rhs: Cell) -> Bool {
            lhs.touch()
            return lhs.name == rhs.name
        }

        func hash(into hasher: inout Hasher) {
            touch()
            hasher.combine(name)
        }
    }

    final class Sheet: Sendable {
        var title: String { "" }
        subscript(cell: Cell) -> Int { cell.name.count }
    }

    @Test func propertyChangesHashAndCompareASubscriptIndexWithNoLockHeld() {
        let changes = PropertyChanges()
        let touches = Counter()
        let cell = Cell(name: "A1") {
            touches.increment()
            _ = changes.hasSubscribers(for: \Sheet.title)  // the same object's changes, re-entered
        }
        let received = Recorder<Int>()
        let subscription = changes.event(for: \Sheet.[cell]).subscribe { _, change in received.append(change.new) }
        _ = changes.event(for: \Sheet.[Cell(name: "B2", touch: cell.touch)])  // a second entry
        changes.send(Sheet(), \Sheet.[cell], old: 0, new: 7)
        #expect(received.values == [7])
        #expect(changes.hasSubscribers(for: \Sheet.[cell]))
        #expect(touches.value > 0)
        subscription.cancel()
    }

    @Test func observationLoopsHashAndCompareASubscriptIndexWithNoLockHeld() {
        let loops = ObservationLoops()
        let sheet = Sheet()
        let other = Cell(name: "B2") {}
        let cell = Cell(name: "A1") { _ = loops.loop(of: sheet, \Sheet.[other]) }  // the same loops, re-entered
        let first = loops.loop(of: sheet, \Sheet.[cell])
        let again = loops.loop(of: sheet, \Sheet.[cell])
        #expect(first === again)
        #expect(loops.loop(of: sheet, \Sheet.[other]) !== first)
    }

    @Test func aGoneLoopIsReplacedAndDropped() {
        let loops = ObservationLoops()
        let sheet = Sheet()
        weak var gone: ObservationLoop<Sheet, String>?
        do {
            let loop = loops.loop(of: sheet, \Sheet.title)
            gone = loop
        }
        #expect(gone == nil)
        let made = loops.loop(of: sheet, \Sheet.title)
        #expect(loops.loop(of: sheet, \Sheet.title) === made)
    }
}
