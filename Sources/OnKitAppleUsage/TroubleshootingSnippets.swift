// The Troubleshooting article's UIKit fixes (Sources/OnKit/OnKit.docc/Troubleshooting.md),
// verbatim, in the code an app would write around them; type-checked for iOS by apple-typecheck.
// The mistakes it shows are compiled by .ci/check-apple-diagnostics.py, which expects their
// warnings.
#if canImport(UIKit) && os(iOS)
import Observation
import OnKit
import UIKit

/// The model of "main actor-isolated property 'text' can not be mutated", marked.
@MainActor @Observable final class TroubleshootingProfile: OnCompatible, MainActorBound {
    var name = ""
}

@MainActor final class TroubleshootingScreen {
    let nameField = UITextField()
    let nameLabel = UILabel()

    func show(_ profile: TroubleshootingProfile) {
        profile.on.change(of: \.name) { name in
            self.nameLabel.text = name
        }
        nameField.on.shouldChangeCharacters { field, range, string in
            let text = (field.text ?? "") as NSString
            return text.replacingCharacters(in: range, with: string).count <= 10
        }
    }
}
#endif
