#if canImport(UIKit) && os(iOS)  // iOS app code
import OnKit
import UIKit

// The keyboard notifications and the table's swipe actions, as the `///` examples of
// NotificationCenter+Keyboard.swift and UITableView+SwipeActions.swift show them.

/// A form that moves its content above the keyboard.
@MainActor final class KeyboardAwareForm {
    var inset: CGFloat = 0
    let scrollView = UIScrollView()

    func keyboardExamples(center: NotificationCenter) {
        center.on.keyboardWillShow { keyboard in print(keyboard.endFrame) }
        center.on.keyboardWillShow { center, keyboard in print(keyboard.duration) }
        center.on.keyboardWillShow(on: MainActor.self) { keyboard in self.inset = keyboard.endFrame.height }
        center.on.keyboardWillShow(on: MainActor.self) { center, keyboard in self.inset = keyboard.endFrame.height }
        center.on.keyboardWillHide { keyboard in print(keyboard.duration) }
        center.on.keyboardWillHide { center, keyboard in print(keyboard.duration) }
        center.on.keyboardWillHide(on: MainActor.self) { keyboard in self.inset = 0 }
        center.on.keyboardWillHide(on: MainActor.self) { center, keyboard in self.inset = 0 }
        center.on.keyboardWillChangeFrame { keyboard in print(keyboard.endFrame) }
        center.on.keyboardWillChangeFrame { center, keyboard in print(keyboard.endFrame) }
        center.on.keyboardWillChangeFrame(on: MainActor.self) { keyboard in self.inset = keyboard.endFrame.height }
        center.on.keyboardWillChangeFrame(on: MainActor.self) { center, keyboard in self.inset = keyboard.endFrame.height }
    }

    /// What a form does with it: the content inset follows the keyboard, with its animation.
    func followKeyboard() -> EventSubscription {
        NotificationCenter.default.on.keyboardWillChangeFrame(on: MainActor.self) { keyboard in
            self.follow(keyboard)
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
