#if canImport(UIKit) && os(iOS)
import OnKit
import UIKit

/// Type-checked for iOS by `apple-typecheck`: the UIKit uses that issue 14 found unsafe (items 1
/// to 8 and 15), written as an app writes them, each with what OnKit now does.
final class HardenedProxiesScreen: UIViewController, UICollectionViewDelegateFlowLayout, UITableViewDelegate {
    private let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    private let contactsTable = UITableView()
    private let archiveTable = UITableView()
    private let scrollView = UIScrollView()
    private let nameField = UITextField()
    private var selected: [IndexPath] = []
    private var analytics: AnalyticsDelegateWrapper?

    override func viewDidLoad() {
        super.viewDidLoad()

        // Item 1: the proxy forwards `sizeForItemAt` (which OnKit does not handle) to this
        // controller; while the controller is deallocating, UIKit's late calls are dropped and
        // answer `.zero` instead of raising "unrecognized selector".
        // Item 7: the proxy answers `conforms(to:)` for this controller, so the flow layout's
        // cast, and the app's own, still find the delegate's protocol.
        collectionView.delegate = self
        collectionView.on.didSelectItem(owner: self) { screen, _, indexPath in screen.selected.append(indexPath) }
        let flowDelegate = collectionView.delegate as? any UICollectionViewDelegateFlowLayout
        assert(flowDelegate != nil)

        // Item 2: a proxy handed to a second table serves only its own: the archive table's
        // selections go to this controller, never to the contacts table's handlers.
        contactsTable.delegate = self
        contactsTable.on.didSelectRow { table, indexPath in table.deselectRow(at: indexPath, animated: true) }
        archiveTable.delegate = contactsTable.delegate

        // Item 3: an analytics SDK wraps the delegate set after OnKit's proxy; OnKit's next `on.`
        // call leaves the wrapper in place (it forwards to the proxy) instead of forwarding to it.
        let analytics = AnalyticsDelegateWrapper(wrapping: contactsTable.delegate)
        self.analytics = analytics  // the table holds its delegate weakly
        contactsTable.delegate = analytics
        contactsTable.on.didDeselectRow { _, indexPath in print("deselected", indexPath) }

        // Item 4: a decision on a recognizer UIKit owns is inactive at once (a DEBUG build says
        // why) and leaves its delegate alone; its action still works.
        let refused = scrollView.panGestureRecognizer.on.shouldBegin { _ in false }
        assert(!refused.isActive)
        scrollView.panGestureRecognizer.on.action { pan in print(pan.state.rawValue) }
        if let pop = navigationController?.interactivePopGestureRecognizer {
            assert(!pop.on.shouldBegin { _ in false }.isActive)
        }

        // Item 8: after the app removes every target, the next `on.textChanged` adds OnKit's back.
        nameField.removeTarget(nil, action: nil, for: .allEvents)
        nameField.on.textChanged { _, text in print(text) }

        // Item 8: a custom view's item sends no action; subscribe to the view itself.
        let doneButton = UIButton(type: .system)
        doneButton.on.tap(owner: self) { screen, _ in screen.dismiss(animated: true) }
        navigationItem.rightBarButtonItem = UIBarButtonItem(customView: doneButton)

        // Item 8: the item's previous `primaryAction` runs first; clearing it keeps the item's
        // title, image and disabled state.
        let share = UIBarButtonItem(primaryAction: UIAction(title: "Share", attributes: .disabled) { _ in })
        share.on.tap { item in print(item.isEnabled) }
        navigationItem.leftBarButtonItem = share

        // Item 15: controls tvOS lacks exist on iOS and visionOS only.
        let toggle = UISwitch()
        toggle.on.valueChanged { toggle in print(toggle.isOn) }
    }

    func collectionView(
        _ collectionView: UICollectionView, layout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        CGSize(width: 80, height: 80)
    }
}

/// Items 5 and 6: a cell reconfigured in place (`reconfigureItems(at:)`) is not prepared for
/// reuse, so its configuration renews the reuse lifetime itself before subscribing again.
final class PhotoCell: UICollectionViewListCell {
    let likeButton = UIButton(type: .system)

    func configure(photo: String, like: @escaping @MainActor @Sendable (String) -> Void) {
        on.renewReuse()
        likeButton.on.tap { _ in like(photo) }.store(in: on.reuse)
    }
}

/// Item 5, for a table: `reconfigureRows(at:)` runs the data source's configuration again.
final class ReconfiguringTableController: UITableViewController {
    private var likes = [0, 0, 0]

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { likes.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.on.renewReuse()
        let button = UIButton(type: .system)
        button.on.tap(owner: self) { controller, _ in
            controller.likes[indexPath.row] += 1
            controller.tableView.reconfigureRows(at: [indexPath])
        }.store(in: cell.on.reuse)
        cell.accessoryView = button
        return cell
    }
}

/// Item 8: an app delegate that still implements only the deprecated single-item menu method is
/// asked it for a one-item menu even once a handler claims the multi-item one.
final class LegacyMenuDelegate: NSObject, UICollectionViewDelegate {
    @available(iOS, deprecated: 16.0)
    func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration? {
        UIContextMenuConfiguration(actionProvider: { _ in UIMenu(children: []) })
    }

    static func install(on collectionView: UICollectionView, delegate: LegacyMenuDelegate) {
        collectionView.delegate = delegate
        collectionView.on.contextMenuConfigurationForItems { _, _ in nil }
    }
}

/// Item 3: what an analytics SDK sets around every delegate: it forwards what it does not
/// implement, `onkit_reachedDelegateProxy` included, which is how OnKit recognizes it.
nonisolated final class AnalyticsDelegateWrapper: NSObject {
    private let wrapped: (any NSObjectProtocol)?

    init(wrapping wrapped: (any NSObjectProtocol)?) { self.wrapped = wrapped }

    override func responds(to selector: Selector!) -> Bool {
        super.responds(to: selector) || (wrapped?.responds(to: selector) ?? false)
    }

    override func forwardingTarget(for selector: Selector!) -> Any? { wrapped }
}

extension AnalyticsDelegateWrapper: UITableViewDelegate {}
#endif
