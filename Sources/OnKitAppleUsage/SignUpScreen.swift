#if canImport(UIKit) && os(iOS)  // iOS app code (UISwitch, UISlider, UIStepper): tvOS lacks them
import OnKit
import UIKit

/// Type-checked for iOS by `apple-typecheck` (never compiled on Linux, which has no UIKit): a
/// sign-up screen written as an app would write it, with OnKit's target-action API. The
/// README's UIKit snippets are copied from here.
final class SignUpViewController: UIViewController {
    private let nameField = UITextField()
    private let emailField = UITextField()
    private let termsSwitch = UISwitch()
    private let ageStepper = UIStepper()
    private let planControl = UISegmentedControl(items: ["Free", "Pro"])
    private let signUpButton = UIButton(configuration: .filled())
    private let avatarView = UIImageView()
    private let cancelItem = UIBarButtonItem(systemItem: .cancel)
    private let plansTable = UITableView()

    private var email = ""
    private var attempts = 0
    private var plans = ["Free", "Pro", "Team"]

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.leftBarButtonItem = cancelItem
        for subview in [nameField, emailField, termsSwitch, ageStepper, planControl, signUpButton, avatarView, plansTable] {
            view.addSubview(subview)
        }
        plansTable.register(PlanCell.self, forCellReuseIdentifier: PlanCell.reuseIdentifier)
        plansTable.dataSource = self

        emailField.on.textChanged { field, text in
            field.textColor = text.contains("@") ? .label : .systemRed
        }
        emailField.on.textChanged(owner: self) { controller, _, text in
            controller.email = text
            controller.updateSignUpButton()
        }
        nameField.on.editingDidEndOnExit { [emailField] _ in
            emailField.becomeFirstResponder()
        }
        emailField.on.editingDidBegin { field in field.backgroundColor = .secondarySystemBackground }
        emailField.on.editingDidEnd { field in field.backgroundColor = nil }

        termsSwitch.on.valueChanged(owner: self) { controller, _ in controller.updateSignUpButton() }
        ageStepper.on.valueChanged { stepper in stepper.accessibilityValue = "\(Int(stepper.value))" }
        planControl.on.event(.valueChanged) { control in
            print("plan", control.selectedSegmentIndex)
        }

        signUpButton.on.tap(owner: self) { controller, button in
            controller.attempts += 1
            button.isEnabled = false
            controller.submit()
        }

        cancelItem.on.tap(owner: self) { controller, _ in
            controller.dismiss(animated: true)
        }

        let doubleTap = UITapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        doubleTap.on.action { recognizer in
            recognizer.view?.transform = .identity
        }
        doubleTap.on.shouldReceiveTouch { _, touch in !(touch.view is UIControl) }
        avatarView.addGestureRecognizer(doubleTap)
        avatarView.isUserInteractionEnabled = true

        let pan = UIPanGestureRecognizer()
        pan.on.action { pan in
            guard let view = pan.view, pan.state == .changed else { return }
            view.transform = CGAffineTransform(translationX: pan.translation(in: view).x, y: 0)
        }
        pan.on.shouldBegin(owner: self) { controller, _ in controller.termsSwitch.isOn }
        pan.on.shouldRecognizeSimultaneously { _, other in other === doubleTap }
        avatarView.addGestureRecognizer(pan)

        updateSignUpButton()
    }

    private func updateSignUpButton() {
        signUpButton.isEnabled = termsSwitch.isOn && email.contains("@")
    }

    private func submit() {
        print("signing up", email, "attempt", attempts)
    }
}

extension SignUpViewController: UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        plans.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        // Sound: `PlanCell` is the class registered for this identifier in `viewDidLoad`.
        let cell = tableView.dequeueReusableCell(withIdentifier: PlanCell.reuseIdentifier, for: indexPath) as! PlanCell
        let plan = plans[indexPath.row]
        cell.textLabel?.text = plan
        cell.chooseButton.on.tap(owner: self) { controller, _ in
            controller.planControl.selectedSegmentIndex = indexPath.row
        }.store(in: cell.on.reuse)
        cell.favoriteSwitch.on.valueChanged { toggle in
            print(plan, "favorite:", toggle.isOn)
        }.store(in: cell.on.reuse)
        return cell
    }
}

/// A cell with controls; it does not override `prepareForReuse`, and needs not for `on.reuse`.
final class PlanCell: UITableViewCell {
    static let reuseIdentifier = "PlanCell"
    let chooseButton = UIButton(configuration: .plain())
    let favoriteSwitch = UISwitch()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        contentView.addSubview(chooseButton)
        contentView.addSubview(favoriteSwitch)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// A cell that overrides `prepareForReuse`, calling `super` as Apple requires: `on.reuse` still
/// ends at each reuse.
final class PlanHeaderCell: UICollectionViewCell {
    let infoButton = UIButton(type: .infoLight)

    override func prepareForReuse() {
        super.prepareForReuse()
        infoButton.isSelected = false
    }

    func configure(plan: String) {
        infoButton.on.tap { button in button.isSelected.toggle() }
            .store(in: on.reuse)
        infoButton.on.event([.touchDown, .touchDragEnter]) { button in button.alpha = 0.5 }
            .store(in: on.reuse)
    }
}
#endif
