#if canImport(UIKit) && os(iOS)  // iOS app code (UISwitch, UISlider, UIStepper): tvOS lacks them
import OnKit
import UIKit

/// Type-checked for iOS by `apple-typecheck`: a contacts screen written as an app would write it,
/// with UIKit delegates as OnKit events and decisions.
final class ContactsViewController: UIViewController {
    private let tableView = UITableView()
    private let searchBar = UISearchBar()
    private let phoneField = UITextField()
    private let notesView = UITextView()
    private let header = UIView()

    private var contacts = ["Ada", "Grace", "Linus", "Margaret"]
    private var filter = ""
    private var selected: String?
    private var notes = ""

    override func viewDidLoad() {
        super.viewDidLoad()

        tableView.on.didSelectRow { tableView, indexPath in
            tableView.deselectRow(at: indexPath, animated: true)
        }
        tableView.on.didSelectRow(owner: self) { screen, tableView, indexPath in
            screen.selected = screen.visibleContacts[indexPath.row]
        }
        tableView.on.didScroll(owner: self) { screen, tableView in
            screen.header.alpha = tableView.contentOffset.y > 0 ? 0 : 1
        }
        tableView.on.shouldHighlightRow { tableView, indexPath in indexPath.section == 0 }

        searchBar.on.textDidChange(owner: self) { screen, searchBar, text in
            screen.filter = text
            screen.tableView.reloadData()
        }
        searchBar.on.searchButtonClicked { searchBar in searchBar.resignFirstResponder() }

        phoneField.on.shouldChangeCharacters { field, change in
            change.replacement.allSatisfy { $0.isNumber || $0 == " " }
        }
        phoneField.on.shouldReturn { field in
            field.resignFirstResponder()
        }

        notesView.on.didChange(owner: self) { screen, textView in
            screen.notes = textView.text
        }
        notesView.on.shouldChangeText { textView, change in
            textView.text.count + change.replacement.count <= 280
        }
    }

    private var visibleContacts: [String] {
        filter.isEmpty ? contacts : contacts.filter { $0.localizedCaseInsensitiveContains(filter) }
    }

    /// A swipe down asks before dropping unsaved notes.
    func presentEditor(_ editor: UIViewController) {
        present(editor, animated: true)
        editor.presentationController?.on.shouldDismiss(owner: self) { screen, _ in screen.notes.isEmpty }
    }
}
#endif
