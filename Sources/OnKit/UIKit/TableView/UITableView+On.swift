#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// `UITableViewDelegate` as OnKit events and decisions: `tableView.on.didSelectRow { tableView, indexPath in … }`.
/// A table view is a scroll view: `on.didScroll` and the other `UIScrollView` callbacks use the
/// same proxy.
///
/// OnKit installs its proxy as the delegate on the first `on.` call and follows every adapter's
/// rules (<doc:Semantics>, "Delegate adapters"). Methods OnKit does not handle (`heightForRowAt`,
/// …) go straight to the table's own delegate (from a storyboard, say), and the proxy claims none
/// of them. The data source is not touched.
@MainActor
extension On where Base: UITableView {
    /// A row was selected: `tableView.on.didSelectRow { indexPath in show(items[indexPath.row]) }`.
    public var didSelectRow: ReadOnlyEvent<Base, IndexPath> { callback(\.didSelectRow) }

    /// A row was deselected: `tableView.on.didDeselectRow { indexPath in selection.remove(indexPath) }`.
    public var didDeselectRow: ReadOnlyEvent<Base, IndexPath> { callback(\.didDeselectRow) }

    /// A cell is about to be shown: `tableView.on.willDisplayCell { display in if display.indexPath.row == items.count - 1 { loadMore() } }`.
    public var willDisplayCell: ReadOnlyEvent<Base, CellDisplay<UITableViewCell>> {
        callback(\.willDisplayCell)
    }

    /// A cell left the screen: `tableView.on.didEndDisplayingCell { display in cancelImage(for: display.cell) }`.
    public var didEndDisplayingCell: ReadOnlyEvent<Base, CellDisplay<UITableViewCell>> {
        callback(\.didEndDisplayingCell)
    }

    /// Asked before a row highlights on touch; the table's delegate first, then the handlers:
    /// all must allow (stops at the first `false`; `true` with nobody to ask):
    /// `tableView.on.shouldHighlightRow { indexPath in indexPath.section == 0 }`.
    public var shouldHighlightRow: ReadOnlyDecision<Base, IndexPath, Bool> { callback(\.shouldHighlightRow) }

    /// Asked before a row is selected (UIKit's `willSelectRowAt`): the table's delegate picks the
    /// row first (it may pick another, or none); then the handlers decide on that row, and all
    /// must allow (stops at the first `false`; `true` with nobody to ask):
    /// `tableView.on.shouldSelectRow { indexPath in items[indexPath.row].isEnabled }`.
    public var shouldSelectRow: ReadOnlyDecision<Base, IndexPath, Bool> { callback(\.shouldSelectRow) }

    /// The context menu for a row: the first non-`nil` configuration wins (the table's delegate
    /// first, then the handlers); `nil` from everyone shows no menu:
    /// `tableView.on.contextMenuConfigurationForRow { request in UIContextMenuConfiguration(actionProvider: { _ in menu }) }`.
    public var contextMenuConfigurationForRow: ReadOnlyDecision<
        Base, RowContextMenuRequest, UIContextMenuConfiguration?
    > { callback(\.contextMenuConfigurationForRow) }
}
#endif
