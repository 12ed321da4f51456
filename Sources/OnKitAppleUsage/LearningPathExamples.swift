// The UIKit snippets of the landing page (OnKit.md) and the Cookbook, verbatim, in the code an
// app would write around them: `.ci/check-snippets.py` matches them here, and apple-typecheck
// type-checks this file for iOS (also with `-default-isolation MainActor`).
#if canImport(UIKit) && !os(watchOS)
import OnKit
import UIKit

final class NewsletterViewController: UIViewController {
    let emailField = UITextField()
    let subscribeButton = UIButton(configuration: .filled())

    override func viewDidLoad() {
        super.viewDidLoad()
        emailField.on.textChanged(owner: self) { screen, text in
            screen.subscribeButton.isEnabled = text.contains("@")
        }
        emailField.on.shouldReturn { field in field.resignFirstResponder() }
        subscribeButton.on.tap(owner: self) { screen, button in
            screen.dismiss(animated: true)
        }
    }
}

@MainActor func cookbookUIKitRecipes(saveButton: UIButton) {
    saveButton.on.tap { button in button.isEnabled = false }
}
#endif
