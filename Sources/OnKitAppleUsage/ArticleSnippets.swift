// The UIKit article's snippets (Sources/OnKit/OnKit.docc/UIKitQuickStart.md), verbatim, in the code an app
// would write around them; type-checked for iOS by apple-typecheck, never compiled on Linux.
#if canImport(UIKit) && os(iOS)  // iOS app code (UISwitch, UISlider, UIStepper): tvOS lacks them
import OnKit
import UIKit

final class ProfileViewController: UIViewController {
    private let saveButton = UIButton(configuration: .filled())
    private let nameField = UITextField()
    private let tableView = UITableView()
    private var name = ""
    private var rows = ["Ada", "Grace"]
    // Implicitly unwrapped: made in viewDidLoad (its cell provider needs `self`), before any use.
    private var dataSource: UITableViewDiffableDataSource<Int, String>!

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(FollowCell.self, forCellReuseIdentifier: FollowCell.reuseIdentifier)

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

        showRows()
    }

    /// The quick start's screen with a diffable data source: no `UITableViewDataSource`.
    private func showRows() {
dataSource = UITableViewDiffableDataSource(tableView: tableView) {
    [unowned self] tableView, indexPath, name in
    let dequeued = tableView.dequeueReusableCell(
        withIdentifier: FollowCell.reuseIdentifier, for: indexPath
    )
    guard let cell = dequeued as? FollowCell else { return dequeued }
    cell.textLabel?.text = name
    cell.followButton.on.tap(owner: self) { controller in
        controller.follow(name)
    }
        .store(in: cell.on.reuse)
    return cell
}
var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
snapshot.appendSections([0])
snapshot.appendItems(rows)
dataSource.apply(snapshot, animatingDifferences: false)

tableView.on.didSelectRow(owner: self) { controller, _, indexPath in
    if let name = controller.dataSource.itemIdentifier(for: indexPath) {
        controller.open(name)
    }
}
tableView.on.willDisplayCell { display in
    display.cell.accessoryType = .disclosureIndicator
}
    }

    private func save() { print("saving", name) }
    private func open(row: Int) { print("opening", rows[row]) }
    private func open(_ name: String) { print("opening", name) }
    private func follow(row: Int) { print("following", rows[row]) }
    private func follow(_ name: String) { print("following", name) }

    /// The article's cell snippet, where a cell is configured for a row.
    private func configure(_ cell: FollowCell, at indexPath: IndexPath) {
cell.followButton.on.tap(owner: self) { controller in
    controller.follow(row: indexPath.row)
}
    .store(in: cell.on.reuse)
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
