#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// The `UICollectionViewDelegate` OnKit installs on a collection view; its scroll view callbacks
/// come from `ScrollViewDelegateProxyBase`. Each method goes to the view's own delegate first,
/// then to the handlers.
@MainActor final class CollectionViewDelegateProxy: ScrollViewDelegateProxyBase, UICollectionViewDelegate, DelegateProxy {
    typealias Display = CellDisplay<UICollectionViewCell>
    typealias MenuRequest = ItemsContextMenuRequest

    nonisolated static let key = AssociationKey(
        "UICollectionView.delegateProxy", default: CollectionViewDelegateProxy()
    )
    nonisolated let forwarding = DelegateForwarding<any UICollectionViewDelegate>(objectiveC: .weak)
    nonisolated var asDelegate: any UICollectionViewDelegate { self }

    nonisolated let didSelectItem = Event<UICollectionView, IndexPath>()
    nonisolated let didDeselectItem = Event<UICollectionView, IndexPath>()
    nonisolated let willDisplayCell = Event<UICollectionView, Display>()
    nonisolated let didEndDisplayingCell = Event<UICollectionView, Display>()
    nonisolated let shouldHighlightItem = Decision<UICollectionView, IndexPath, Bool>.all()
    nonisolated let shouldSelectItem = Decision<UICollectionView, IndexPath, Bool>.all()
    nonisolated let contextMenuConfigurationForItems = Decision<
        UICollectionView, MenuRequest, UIContextMenuConfiguration?
    >.firstNonNil()

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(collectionView(_:didSelectItemAt:)): didSelectItem
        case #selector(collectionView(_:didDeselectItemAt:)): didDeselectItem
        case #selector(collectionView(_:willDisplay:forItemAt:)): willDisplayCell
        case #selector(collectionView(_:didEndDisplaying:forItemAt:)): didEndDisplayingCell
        case #selector(collectionView(_:shouldHighlightItemAt:)): shouldHighlightItem
        case #selector(collectionView(_:shouldSelectItemAt:)): shouldSelectItem
        case #selector(collectionView(_:contextMenuConfigurationForItemsAt:point:)): contextMenuConfigurationForItems
        default: super.callback(for: selector)
        }
    }

    func collectionView(_ view: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        forwarding.forward { $0.collectionView?(view, didSelectItemAt: indexPath) }; didSelectItem.send(view, indexPath)
    }

    func collectionView(_ view: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        forwarding.forward { $0.collectionView?(view, didDeselectItemAt: indexPath) }; didDeselectItem.send(view, indexPath)
    }

    func collectionView(_ view: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        forwarding.forward { $0.collectionView?(view, willDisplay: cell, forItemAt: indexPath) }
        willDisplayCell.send(view, Display(cell: cell, indexPath: indexPath))
    }

    func collectionView(
        _ view: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        forwarding.forward { $0.collectionView?(view, didEndDisplaying: cell, forItemAt: indexPath) }
        didEndDisplayingCell.send(view, Display(cell: cell, indexPath: indexPath))
    }

    func collectionView(_ view: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        ask(shouldHighlightItem, view, indexPath, else: true) {
            $0.collectionView?(view, shouldHighlightItemAt: indexPath)
        }
    }

    func collectionView(_ view: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        ask(shouldSelectItem, view, indexPath, else: true) { $0.collectionView?(view, shouldSelectItemAt: indexPath) }
    }

    /// The iOS 16 multi-item method. Once the proxy claims it (for handlers), UIKit no longer asks
    /// the deprecated single-item method, so a forward target that has only that one is asked it
    /// from here, for a menu on one item (see `forwardContextMenu`).
    func collectionView(
        _ view: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
    ) -> UIContextMenuConfiguration? {
        ask(contextMenuConfigurationForItems, view, ItemsContextMenuRequest(indexPaths: indexPaths, point: point), else: nil) {
            $0.forwardContextMenu(view, indexPaths, point)
        }
    }
}

extension UICollectionViewDelegate {
    /// This delegate's menu: its multi-item method's answer; if it has only the deprecated
    /// single-item one (iOS 13 to 16), that one's, for one item, as UIKit would have asked it.
    fileprivate func forwardContextMenu(
        _ view: UICollectionView, _ indexPaths: [IndexPath], _ point: CGPoint
    ) -> UIContextMenuConfiguration? {
        let multiItem = #selector(CollectionViewDelegateProxy.collectionView(_:contextMenuConfigurationForItemsAt:point:))
        if responds(to: multiItem) {
            return collectionView?(view, contextMenuConfigurationForItemsAt: indexPaths, point: point) ?? nil
        }
        guard indexPaths.count == 1 else { return nil }
        // Dynamic lookup through `SingleItemContextMenu`: `responds(to:)` is checked by the `?`.
        return (self as AnyObject).singleItemContextMenu?(view, indexPaths[0], point) ?? nil
    }
}

/// The deprecated single-item method of `UICollectionViewDelegate`, declared again without its
/// deprecation, to ask an app's delegate that implements only it (calling it through
/// `UICollectionViewDelegate` would warn).
@objc private protocol SingleItemContextMenu {
    @objc(collectionView:contextMenuConfigurationForItemAtIndexPath:point:)
    optional func singleItemContextMenu(
        _ view: UICollectionView, _ indexPath: IndexPath, _ point: CGPoint
    ) -> UIContextMenuConfiguration?
}
#endif
