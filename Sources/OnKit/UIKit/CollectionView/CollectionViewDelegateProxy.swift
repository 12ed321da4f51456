#if canImport(UIKit)
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
    nonisolated let forwarding = DelegateForwarding<any UICollectionViewDelegate>(ownership: .weak)
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
        forwarding.target?.collectionView?(view, didSelectItemAt: indexPath); didSelectItem.send(view, indexPath)
    }

    func collectionView(_ view: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        forwarding.target?.collectionView?(view, didDeselectItemAt: indexPath); didDeselectItem.send(view, indexPath)
    }

    func collectionView(_ view: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        forwarding.target?.collectionView?(view, willDisplay: cell, forItemAt: indexPath)
        willDisplayCell.send(view, Display(cell: cell, indexPath: indexPath))
    }

    func collectionView(
        _ view: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        forwarding.target?.collectionView?(view, didEndDisplaying: cell, forItemAt: indexPath)
        didEndDisplayingCell.send(view, Display(cell: cell, indexPath: indexPath))
    }

    func collectionView(_ view: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        shouldHighlightItem.answer(
            view, indexPath, after: forwarding.target?.collectionView?(view, shouldHighlightItemAt: indexPath)
        ) ?? true
    }

    func collectionView(_ view: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        shouldSelectItem.answer(
            view, indexPath, after: forwarding.target?.collectionView?(view, shouldSelectItemAt: indexPath)
        ) ?? true
    }

    /// The iOS 16 multi-item method. A forward target that has only the deprecated single-item
    /// method is not asked from here (UIKit would not ask it either once a delegate has this one).
    func collectionView(
        _ view: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
    ) -> UIContextMenuConfiguration? {
        contextMenuConfigurationForItems.answer(
            view, ItemsContextMenuRequest(indexPaths: indexPaths, point: point),
            after: forwarding.target?.collectionView?(view, contextMenuConfigurationForItemsAt: indexPaths, point: point)
        ) ?? nil
    }
}
#endif
