#if canImport(UIKit) && os(iOS)  // iOS app code
import OnKit
import UIKit

// The keyboard notifications and the table's swipe actions, as the `///` examples of
// NotificationCenter+Keyboard.swift and UITableView+SwipeActions.swift show them.

/// A form that moves its content above the keyboard.
@MainActor final class KeyboardAwareForm {
    var inset: CGFloat = 0
    var bottomInset: CGFloat = 0
    let scrollView = UIScrollView()
    let lifetime = Lifetime()

    /// Every keyboard member is an event: the four shapes, `owner:`, `once`, `+=`, `values`, with
    /// and without `on: MainActor.self`. Plain registrations on the center are stored (they are
    /// not discardable: the center outlives the form).
    func keyboardExamples(center: NotificationCenter) {
        center.on.keyboardWillShow { keyboard in print(keyboard.endFrame) }.store(in: lifetime)
        center.on.keyboardWillShow { center, keyboard in print(keyboard.duration) }.store(in: lifetime)
        center.on.keyboardWillShow { print("showing") }.store(in: lifetime)
        center.on.keyboardWillShow.once { keyboard in print(keyboard.endFrame) }
        center.on.keyboardWillShow(owner: self) { form, keyboard in print(keyboard.endFrame) }
        let shown = center.on.keyboardWillShow += { keyboard in print(keyboard.endFrame) }
        center.on.keyboardWillShow -= shown
        let frames = center.on.keyboardWillShow.values
        _ = frames
        center.on.keyboardWillShow(on: MainActor.self) { keyboard in print(keyboard.endFrame) }.store(in: lifetime)
        center.on.keyboardWillShow(on: MainActor.self) { center, keyboard in print(keyboard.duration) }.store(in: lifetime)
        center.on.keyboardWillShow(on: MainActor.self) { print("showing") }.store(in: lifetime)
        center.on.keyboardWillShow(on: MainActor.self).subscribe(owner: self) { form, keyboard in form.inset = keyboard.endFrame.height }
        center.on.keyboardWillShow(on: MainActor.self).subscribe(owner: self) { form in form.inset = 0 }
        center.on.keyboardWillShow(on: MainActor.self).once { keyboard in print(keyboard.endFrame) }
        center.on.keyboardWillShow(on: MainActor.self).subscribe(owner: self) { screen, keyboard in screen.bottomInset = keyboard.endFrame.height }
        center.on.keyboardWillHide { keyboard in print(keyboard.duration) }.store(in: lifetime)
        center.on.keyboardWillHide { center, keyboard in print(keyboard.duration) }.store(in: lifetime)
        center.on.keyboardWillHide(on: MainActor.self).subscribe(owner: self) { form in form.inset = 0 }
        center.on.keyboardWillHide(on: MainActor.self).subscribe(owner: self) { screen, keyboard in screen.bottomInset = 0 }
        center.on.keyboardWillChangeFrame { keyboard in print(keyboard.endFrame) }.store(in: lifetime)
        center.on.keyboardWillChangeFrame { center, keyboard in print(keyboard.endFrame) }.store(in: lifetime)
        center.on.keyboardWillChangeFrame(on: MainActor.self).subscribe(owner: self) { screen, keyboard in screen.bottomInset = keyboard.endFrame.height }
        let showing = center.on.keyboardWillShow { keyboard in print(keyboard.endFrame) }
        let hiding = center.on.keyboardWillHide { keyboard in print(keyboard.duration) }
        let following = center.on.keyboardWillChangeFrame { keyboard in print(keyboard.endFrame) }
        for subscription in [showing, hiding, following] { subscription.store(in: lifetime) }
    }

    /// What a form does with it: the content inset follows the keyboard, with its animation. The
    /// owner form ends with the form, which it never keeps alive.
    func followKeyboard() {
        NotificationCenter.default.on.keyboardWillChangeFrame(on: MainActor.self).subscribe(owner: self) { form, keyboard in
            form.follow(keyboard)
        }
    }

    private func follow(_ keyboard: KeyboardChange) {
        let space: (any UICoordinateSpace)? = scrollView.window?.windowScene?.screen.coordinateSpace
        let frame = space.map { scrollView.convert(keyboard.endFrame, from: $0) } ?? keyboard.endFrame
        let overlap = max(0, scrollView.bounds.maxY - frame.minY)
        UIView.animate(withDuration: keyboard.duration, delay: 0, options: keyboard.animationOptions, animations: {
            self.scrollView.contentInset.bottom = overlap
        })
    }
}

/// A mailbox whose rows swipe.
@MainActor final class SwipeActionsScreen {
    let tableView = UITableView()

    func wire() {
        let markRead = UIContextualAction(style: .normal, title: "Read") { _, _, done in done(true) }
        let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }
        tableView.on.leadingSwipeActionsConfigurationForRow { indexPath in UISwipeActionsConfiguration(actions: [markRead]) }
        tableView.on.trailingSwipeActionsConfigurationForRow { indexPath in UISwipeActionsConfiguration(actions: [delete]) }
        // Rows of section 0 only; `nil` leaves other rows to the table's delegate or UIKit's default.
        tableView.on.trailingSwipeActionsConfigurationForRow { tableView, indexPath in
            indexPath.section == 0 ? UISwipeActionsConfiguration(actions: [delete]) : nil
        }
    }
}
#endif
