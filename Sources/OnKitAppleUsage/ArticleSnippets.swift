// The UIKit article's snippets (Sources/OnKit/OnKit.docc/UIKitQuickStart.md), verbatim, in the code an app
// would write around them; type-checked for iOS by apple-typecheck, never compiled on Linux.
#if canImport(UIKit) && os(iOS)  // iOS app code (UISwitch, UISlider, UIStepper): tvOS lacks them
import OnKit
import UIKit

final class ProfileViewController: UIViewController, UITableViewDataSource {
    private let saveButton = UIButton(configuration: .filled())
    private let nameField = UITextField()
    private let tableView = UITableView()
    private var name = ""
    private var rows = ["Ada", "Grace"]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(FollowCell.self, forCellReuseIdentifier: FollowCell.reuseIdentifier)
        tableView.dataSource = self

saveButton.on.tap { button in button.isEnabled = false }
saveButton.on.tap(owner: self) { controller, button in controller.save() }

nameField.on.textChanged(owner: self) { controller, _, text in
    controller.name = text
}
nameField.on.shouldReturn { field in
    field.resignFirstResponder()
    return true
}
nameField.on.shouldChangeCharacters { edit in
    !edit.replacement.contains(where: \.isNewline)
}

tableView.on.didSelectRow(owner: self) { controller, _, indexPath in
    controller.open(row: indexPath.row)
}
    }

    private func save() { print("saving", name) }
    private func open(row: Int) { print("opening", rows[row]) }
    private func follow(row: Int) { print("following", rows[row]) }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let dequeued = tableView.dequeueReusableCell(withIdentifier: FollowCell.reuseIdentifier, for: indexPath)
        guard let cell = dequeued as? FollowCell else { return dequeued }
        cell.textLabel?.text = rows[indexPath.row]
cell.followButton.on.tap(owner: self) { controller in
    controller.follow(row: indexPath.row)
}
    .store(in: cell.on.reuse)
        return cell
    }
}

/// A cell with a button whose handler belongs to the row the cell shows.
final class FollowCell: UITableViewCell {
    static let reuseIdentifier = "FollowCell"
    let followButton = UIButton(configuration: .plain())

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        contentView.addSubview(followButton)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
#endif
