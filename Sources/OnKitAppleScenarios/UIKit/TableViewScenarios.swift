#if canImport(UIKit) && os(iOS)
import OnKit
import UIKit

/// Table views: issue 22, item 1 (a delegate that declares no conformance), and issue 24's swipe
/// actions (the table's delegate first, then the handlers, the first non-`nil` wins).
enum TableViewScenarios {
    static let all: [Scenario] = [
        Scenario("22.1", "a table delegate that declares no UITableViewDelegate conformance keeps its callbacks") {
            let table = UITableView()
            let delegate = InformalTableDelegate()
            table.setValue(delegate, forKey: "delegate")  // as a xib connects it: no conformance needed
            var handled = 0
            table.on.didSelectRow { _ in handled += 1 }
            let row = IndexPath(row: 0, section: 0)
            table.delegate?.tableView?(table, didSelectRowAt: row)
            try expect(delegate.selections == 1, "the app's delegate got didSelectRow (\(delegate.selections))")
            try expect(handled == 1, "the handler got didSelectRow (\(handled))")
            let height = #selector((any UITableViewDelegate).tableView(_:heightForRowAt:))
            try expect(table.delegate?.responds(to: height) == true, "heightForRowAt is still the app's")
            try expect(table.delegate?.tableView?(table, heightForRowAt: row) == 88, "heightForRowAt answers 88")
        },
        Scenario("24.4", "swipe actions: the table's delegate first, then the handlers; the first non-nil wins") {
            let table = UITableView()
            let delegate = SwipingDelegate()
            table.delegate = delegate
            let fromHandler = UISwipeActionsConfiguration(actions: [])
            table.on.leadingSwipeActionsConfigurationForRow { _ in fromHandler }
            let first = table.delegate?.tableView?(table, leadingSwipeActionsConfigurationForRowAt: IndexPath(row: 0, section: 0))
            try expect(first === delegate.configuration, "row 0: the delegate's configuration")
            let second = table.delegate?.tableView?(table, leadingSwipeActionsConfigurationForRowAt: IndexPath(row: 1, section: 0))
            try expect(second === fromHandler, "row 1: the handler's configuration")
            let trailing = #selector((any UITableViewDelegate).tableView(_:trailingSwipeActionsConfigurationForRowAt:))
            try expect(table.delegate?.responds(to: trailing) == false, "trailing actions: nobody answers, not claimed")
        },
    ]
}

/// What a xib's owner looks like to UIKit: the methods, and no declared conformance.
private final class InformalTableDelegate: NSObject {
    var selections = 0

    @objc(tableView:didSelectRowAtIndexPath:) func tableView(_ table: UITableView, didSelectRowAt indexPath: IndexPath) {
        selections += 1
    }

    @objc(tableView:heightForRowAtIndexPath:) func tableView(_ table: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        88
    }
}

/// A delegate with leading swipe actions for row 0 only.
private final class SwipingDelegate: NSObject, UITableViewDelegate {
    let configuration = UISwipeActionsConfiguration(actions: [])

    func tableView(
        _ table: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
        indexPath.row == 0 ? configuration : nil
    }
}
#endif
