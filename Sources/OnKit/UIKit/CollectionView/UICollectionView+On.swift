#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// `UICollectionViewDelegate` as OnKit events and decisions:
/// `collectionView.on.didSelectItem { collectionView, indexPath in … }`. A collection view is a
/// scroll view: `on.didScroll` and the other `UIScrollView` callbacks use the same proxy.
///
/// OnKit installs its proxy as the delegate on the first `on.` call and follows every adapter's
/// rules (<doc:Semantics>, "Delegate adapters"). Methods OnKit does not handle, layout delegate
/// methods included, go straight to the view's own delegate.
@MainActor
extension On where Base: UICollectionView {
    /// An item was selected: `collectionView.on.didSelectItem { indexPath in open(photos[indexPath.item]) }`.
    public var didSelectItem: ReadOnlyEvent<Base, IndexPath> { callback(\.didSelectItem) }

    /// An item was deselected: `collectionView.on.didDeselectItem { indexPath in picked.remove(indexPath) }`.
    public var didDeselectItem: ReadOnlyEvent<Base, IndexPath> { callback(\.didDeselectItem) }

    /// A cell is about to be shown: `collectionView.on.willDisplayCell { display in prefetch(display.indexPath) }`.
    public var willDisplayCell: ReadOnlyEvent<Base, CellDisplay<UICollectionViewCell>> {
        callback(\.willDisplayCell)
    }

    /// A cell left the screen: `collectionView.on.didEndDisplayingCell { display in cancel(display.indexPath) }`.
    public var didEndDisplayingCell: ReadOnlyEvent<Base, CellDisplay<UICollectionViewCell>> {
        callback(\.didEndDisplayingCell)
    }

    /// Asked before an item highlights on touch; the view's delegate first, then the handlers:
    /// all must allow (stops at the first `false`; `true` with nobody to ask):
    /// `collectionView.on.shouldHighlightItem { indexPath in indexPath.section == 0 }`.
    public var shouldHighlightItem: ReadOnlyDecision<Base, IndexPath, Bool> { callback(\.shouldHighlightItem) }

    /// Asked before an item is selected; all must allow, as for `shouldHighlightItem`:
    /// `collectionView.on.shouldSelectItem { indexPath in !locked.contains(indexPath) }`.
    public var shouldSelectItem: ReadOnlyDecision<Base, IndexPath, Bool> { callback(\.shouldSelectItem) }

    /// The context menu for the items at `indexPaths` (empty: the background): the first
    /// non-`nil` configuration wins (the view's delegate first, then the handlers); `nil` from
    /// everyone shows no menu:
    /// `collectionView.on.contextMenuConfigurationForItems { request in request.indexPaths.isEmpty ? nil : configuration }`.
    public var contextMenuConfigurationForItems: ReadOnlyDecision<
        Base, ItemsContextMenuRequest, UIContextMenuConfiguration?
    > { callback(\.contextMenuConfigurationForItems) }
}
#endif
