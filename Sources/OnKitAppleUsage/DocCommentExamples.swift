// The examples of the `///` comments of OnKit's UIKit, KVO and Combine symbols (what DocC shows
// on their pages), verbatim, in the code an app would write around them: `.ci/check-snippets.py`
// checks that each one appears in compiled code, and apple-typecheck type-checks this file for
// iOS (also with `-default-isolation MainActor`). Never compiled on Linux.
#if canImport(UIKit) && os(iOS)  // iOS app code (UISwitch, UISlider, UIStepper): tvOS lacks them
import Combine
import OnKit
import UIKit

// What the examples call: an app's own state and functions, as stubs.
@MainActor private let photos = ["first.jpg"]
@MainActor private var picked = Set<IndexPath>()
@MainActor private var locked = Set<IndexPath>()
@MainActor private var selection = Set<IndexPath>()
@MainActor private let configuration = UIContextMenuConfiguration()
@MainActor private let menu = UIMenu(children: [])
@MainActor private let header = UIView()
@MainActor private let view = UIView()
@MainActor private let imageView = UIImageView()
@MainActor private let counter = UILabel()
@MainActor private let isSignedIn = true
@MainActor private let isLoading = false
@MainActor private let isEditing = false
@MainActor private let draft = Draft()
@MainActor private let items = [Item(isEnabled: true)]
private struct Item { let isEnabled: Bool }
@MainActor private final class Draft {
    var hasChanges = false
    func pause() {}
    func discard() {}
}
private final class AccountViewController: UIViewController {}
@MainActor private func open(_ photo: String) {}
@MainActor private func prefetch(_ indexPath: IndexPath) {}
@MainActor private func cancel(_ indexPath: IndexPath) {}
@MainActor private func log(_ viewController: UIViewController) {}
@MainActor private func confirmDiscard() {}
@MainActor private func load() {}
@MainActor private func filter(_ text: String) {}
@MainActor private func filter(scope: Int) {}
@MainActor private func showBookmarks() {}
@MainActor private func show(_ item: Item) {}
@MainActor private func loadMore() {}
@MainActor private func cancelImage(for cell: UITableViewCell) {}
@MainActor private func save(_ text: String?) {}

/// The owner forms: `self` is handed back to the handler.
@MainActor final class DocCommentExampleOwner {
    private let button = UIButton(configuration: .plain())
    private let control = UISwitch()
    private var count = 0

    private func refresh() {}

    func bind() {
        button.on.tap(owner: self) { controller, button in controller.count += 1 }
        control.on.event(.valueChanged, owner: self) { controller, control in
            controller.refresh()
        }
        control.on.event(.valueChanged, owner: self) { controller in controller.refresh() }
        control.on.event(.valueChanged, owner: self) { controller, control, _ in print(control.isSelected) }
    }
}

@MainActor func docCommentUIKitExamples(
    button: UIButton, table: UITableView, tableView: UITableView, collectionView: UICollectionView,
    scrollView: UIScrollView, searchBar: UISearchBar, field: UITextField, textView: UITextView,
    control: UIControl, nav: UINavigationController, navigationController: UINavigationController,
    tabBarController: UITabBarController, controller: UIPresentationController
) {
    button.on.tap { print("tapped") }
    table.on.didSelectRow { print($0.row) }
    field.on.shouldChangeCharacters { field, range, string in
        (field.text?.count ?? 0) + string.count - range.length <= 10
    }
    field.on.shouldChangeCharacters { change in change.replacement.allSatisfy(\.isNumber) }
    field.on.shouldChangeCharacters { field, change in change.range.location < 10 }
    scrollView.on.willEndDragging { scrollView, drag in
        let y = drag.targetContentOffset.value.y
        drag.targetContentOffset.value.y = (y / 44).rounded() * 44
    }
    control.on.event(.valueChanged) { control in print(control.isSelected) }
    control.on.event(.valueChanged) { print("changed") }
    control.on.event(.valueChanged) { control, _ in print(control.isSelected) }

    collectionView.on.didSelectItem { indexPath in open(photos[indexPath.item]) }
    collectionView.on.didDeselectItem { indexPath in picked.remove(indexPath) }
    collectionView.on.willDisplayCell { display in prefetch(display.indexPath) }
    collectionView.on.didEndDisplayingCell { display in cancel(display.indexPath) }
    collectionView.on.shouldHighlightItem { indexPath in indexPath.section == 0 }
    collectionView.on.shouldSelectItem { indexPath in !locked.contains(indexPath) }
    collectionView.on.contextMenuConfigurationForItems { request in request.indexPaths.isEmpty ? nil : configuration }

    nav.on.willShow { nav, controller, animated in print(nav.viewControllers.count, controller, animated) }
    navigationController.on.willShow { shown in shown.viewController.navigationItem.backButtonDisplayMode = .minimal }
    navigationController.on.didShow { shown in log(shown.viewController) }
    controller.on.shouldDismiss { !draft.hasChanges }
    controller.on.willDismiss { draft.pause() }
    controller.on.didDismiss { draft.discard() }
    controller.on.didAttemptToDismiss { confirmDiscard() }
    tabBarController.on.shouldSelect { viewController in isSignedIn || !(viewController is AccountViewController) }
    tabBarController.on.didSelect { viewController in log(viewController) }

    scrollView.on.didScroll { scrollView in header.alpha = scrollView.contentOffset.y < 0 ? 1 : 0 }
    scrollView.on.willBeginDragging { scrollView in view.endEditing(true) }
    scrollView.on.willEndDragging { drag in drag.targetContentOffset.value.y = 0 }
    scrollView.on.didEndDragging { willDecelerate in if !willDecelerate { load() } }
    scrollView.on.willBeginDecelerating { scrollView in print("coasting") }
    scrollView.on.didEndDecelerating { scrollView in load() }
    scrollView.on.didEndScrollingAnimation { scrollView in load() }
    scrollView.on.didZoom { scrollView in print(scrollView.zoomScale) }
    scrollView.on.didScrollToTop { scrollView in load() }
    scrollView.on.shouldScrollToTop { scrollView in !isEditing }
    scrollView.on.viewForZooming { scrollView in imageView }

    searchBar.on.shouldBeginEditing { bar in !isLoading }
    searchBar.on.didBeginEditing { bar in bar.setShowsCancelButton(true, animated: true) }
    searchBar.on.shouldEndEditing { bar in true }
    searchBar.on.didEndEditing { bar in bar.setShowsCancelButton(false, animated: true) }
    searchBar.on.textDidChange { text in filter(text) }
    searchBar.on.shouldChangeText { change in change.replacement != "\n" }
    searchBar.on.searchButtonClicked { bar in bar.resignFirstResponder() }
    searchBar.on.bookmarkButtonClicked { bar in showBookmarks() }
    searchBar.on.cancelButtonClicked { bar in bar.text = "" }
    searchBar.on.selectedScopeDidChange { scope in filter(scope: scope) }

    tableView.on.didSelectRow { indexPath in show(items[indexPath.row]) }
    tableView.on.didDeselectRow { indexPath in selection.remove(indexPath) }
    tableView.on.willDisplayCell { display in if display.indexPath.row == items.count - 1 { loadMore() } }
    tableView.on.didEndDisplayingCell { display in cancelImage(for: display.cell) }
    tableView.on.shouldHighlightRow { indexPath in indexPath.section == 0 }
    tableView.on.shouldSelectRow { indexPath in items[indexPath.row].isEnabled }
    tableView.on.contextMenuConfigurationForRow { request in UIContextMenuConfiguration(actionProvider: { _ in menu }) }

    field.on.shouldBeginEditing { field in field.isEnabled }
    field.on.didBeginEditing { field in field.backgroundColor = .systemYellow }
    field.on.shouldEndEditing { field in field.text?.isEmpty == false }
    field.on.didEndEditing { field, reason in save(field.text) }
    field.on.shouldChangeCharacters { field, change in change.replacement.allSatisfy(\.isNumber) }
    field.on.didChangeSelection { field in print(field.selectedTextRange as Any) }
    field.on.shouldClear { field in !field.isSecureTextEntry }
    field.on.shouldReturn { field in field.resignFirstResponder() }

    textView.on.shouldBeginEditing { textView in textView.isEditable }
    textView.on.didBeginEditing { textView in textView.backgroundColor = .systemYellow }
    textView.on.shouldEndEditing { textView in !textView.text.isEmpty }
    textView.on.didEndEditing { textView in save(textView.text) }
    textView.on.shouldChangeText { textView, change in textView.text.count + change.replacement.count <= 280 }
    textView.on.didChange { textView in counter.text = "\(textView.text.count)" }
    textView.on.didChangeSelection { textView in print(textView.selectedRange) }
}

/// KVO: an `@objc dynamic` property through `on.change(of:)`.
final class Player: NSObject { @objc dynamic var volume = 0.5 }

@MainActor func docCommentKeyValueObservingExample(player: Player) {
    player.on.change(of: \.volume) { _, change in
        print(change.old, "→", change.new)
    }
}

/// A subscription kept in a Combine `Set<AnyCancellable>`.
final class DocCommentThermostat: Sendable {
    let temperatureChanged = Event<DocCommentThermostat, Double>()
}

@MainActor func docCommentCombineExample(thermostat: DocCommentThermostat) -> Set<AnyCancellable> {
    var cancellables = Set<AnyCancellable>()
    thermostat.temperatureChanged { celsius in print(celsius) }.store(in: &cancellables)
    return cancellables
}
#endif
