// The `///` examples of OnKit's UIKit members declared `@MainActor public …` on one line, which
// `.ci/check-snippets.py` once skipped: verbatim, in the code an app would write around them.
// apple-typecheck type-checks this file for iOS (also with `-default-isolation MainActor`).
#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import OnKit
import UIKit

/// A sign-up screen: the owner forms of a button and a bar button item.
@MainActor final class DocCommentSignUpController: UIViewController {
    private let signUpButton = UIButton(configuration: .filled())
    private let doneItem = UIBarButtonItem(title: "Done")

    private func submit() {}

    func bind() {
        signUpButton.on.tap(owner: self) { controller, button in
            controller.submit()
        }
        doneItem.on.tap(owner: self) { controller, item in
            controller.dismiss(animated: true)
        }
    }
}

/// A collection view cell with a button.
final class DocCommentPhotoCell: UICollectionViewCell {
    let likeButton = UIButton(configuration: .plain())
}

/// A table view cell with a button.
final class DocCommentUserCell: UITableViewCell {
    let followButton = UIButton(configuration: .plain())
}

/// A section header with a switch.
final class DocCommentSectionHeader: UITableViewHeaderFooterView {
    let toggle = UISwitch()
}

@MainActor private let card = UIView()
@MainActor private let label = UILabel()
@MainActor private let passwordField = UITextField()
@MainActor private func reload(_ done: @escaping @MainActor () -> Void) { done() }
@MainActor private func validate(_ text: String?) {}
@MainActor private func save(_ value: Float) {}
@MainActor private func like(_ photo: String) {}
@MainActor private func follow(_ user: String) {}
@MainActor private func expand(_ section: Int, _ isExpanded: Bool) {}

@MainActor func docCommentMainActorMemberExamples(
    toggle: UISwitch, slider: UISlider, refresh: UIRefreshControl, field: UITextField,
    emailField: UITextField, swipe: UISwipeGestureRecognizer, pinch: UIPinchGestureRecognizer,
    tap: UITapGestureRecognizer, tableView: UITableView, photoCell: DocCommentPhotoCell,
    userCell: DocCommentUserCell, header: DocCommentSectionHeader
) {
    toggle.on.valueChanged { toggle in print(toggle.isOn) }
    slider.on.valueChanged { slider in print(slider.value) }
    refresh.on.valueChanged { refresh in reload { refresh.endRefreshing() } }

    field.on.editingDidBegin { field in field.selectAll(nil) }
    field.on.editingDidEnd { field in validate(field.text) }
    field.on.editingDidEndOnExit { field in passwordField.becomeFirstResponder() }
    emailField.on.textChanged { field, text in
        field.textColor = text.contains("@") ? .label : .systemRed
    }

    let pan = UIPanGestureRecognizer()
    pan.on.action { pan in
        guard pan.state == .changed else { return }
        card.center.x += pan.translation(in: card).x
    }
    swipe.on.shouldBegin { swipe in !tableView.isEditing }
    pinch.on.shouldRecognizeSimultaneously { pinch, other in
        other is UIRotationGestureRecognizer
    }
    let (singleTap, doubleTap) = (tap, UITapGestureRecognizer())
    singleTap.on.shouldRequireFailure { tap, other in other === doubleTap }
    doubleTap.on.shouldBeRequiredToFail { tap, other in other === singleTap }
    tap.on.shouldReceiveTouch { tap, touch in !(touch.view is UIControl) }

    let photo = "first.jpg", user = "ada", section = 0
    do {
        let cell = photoCell
        cell.likeButton.on.tap { button in like(photo) }.store(in: cell.on.reuse)
    }
    do {
        let cell = userCell
        cell.followButton.on.tap { button in follow(user) }.store(in: cell.on.reuse)
        cell.on.renewReuse(); cell.followButton.on.tap { button in follow(user) }.store(in: cell.on.reuse)
    }
    header.toggle.on.valueChanged { toggle in
        expand(section, toggle.isOn)
    }.store(in: header.on.reuse)

    slider.on.event(.valueChanged) { slider in label.text = "\(slider.value)" }
    let changes = slider.on.event([.touchUpInside, .touchUpOutside])
    let subscription = changes += { slider, _ in save(slider.value) }
    changes -= subscription
}
#endif
