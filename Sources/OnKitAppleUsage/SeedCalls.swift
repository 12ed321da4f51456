#if canImport(UIKit) && os(iOS)  // iOS app code (UISwitch, UISlider, UIStepper): tvOS lacks them
import OnKit
import UIKit

/// The calls the libraries OnKit grew from lead with (EasyClosure, HandlersKit), written as a new
/// user writes them first, in every closure shape: type-checked for iOS by `apple-typecheck`,
/// also with `-default-isolation MainActor` (Xcode 26's app default; `.ci/run`).
final class SeedCallsViewController: UIViewController {
    private let button = UIButton(configuration: .plain())
    private let textField = UITextField()
    private let tableView = UITableView()
    private let toggle = UISwitch()
    private let navigation = UINavigationController()
    private var taps = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        button.on.tap { print("button was tapped") }
        button.on.tap { button in button.isSelected.toggle() }
        button.on.tap { self.taps += 1 }
        button.on.tap(owner: self) { controller, _ in controller.taps += 1 }

        textField.on.shouldChangeCharacters { textField, range, string in
            (textField.text?.count ?? 0) + string.count - range.length <= 10
        }
        textField.on.shouldChangeCharacters { change in change.replacement.allSatisfy(\.isNumber) }
        textField.on.shouldChangeCharacters { textField, change in change.range.location < 10 }
        textField.on.shouldReturn { textField in textField.resignFirstResponder() }
        textField.on.shouldClear { true }

        tableView.on.didSelectRow { print("row \($0.row) was tapped") }
        tableView.on.willDisplayCell { tableView, cell, indexPath in
            cell.alpha = indexPath.row.isMultiple(of: 2) || tableView.isEditing ? 1 : 0.9
        }
        tableView.on.willDisplayCell { display in display.cell.alpha = 1 }

        toggle.on.valueChanged { print("toggled") }
        toggle.on.valueChanged { toggle in print(toggle.isOn) }

        navigation.on.willShow { nav, controller, animated in
            print(nav.viewControllers.count, controller.title ?? "", animated)
        }
        navigation.on.didShow { shown in print(shown.viewController, shown.animated) }

        textField.on.shouldChangeCharacters.once { _, _, string in string.isEmpty }
        textField.on.shouldChangeCharacters += { change in !change.replacement.contains(" ") }
        toggle.on.valueChanged += { print("again") }
    }
}
#endif
