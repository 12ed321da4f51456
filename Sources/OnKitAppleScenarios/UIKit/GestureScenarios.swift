#if canImport(UIKit) && os(iOS)
import OnKit
import UIKit

/// Gesture recognizers: issue 22, items 8 (the bar-hiding recognizers refused), 9 (OnKit's target
/// back after `removeTarget(nil, action: nil)`) and 3 (a popped delegate).
enum GestureScenarios {
    static let all: [Scenario] = [
        Scenario("22.8", "the bar-hiding recognizers' delegates are left alone, their decisions finished") {
            let navigation = UINavigationController(rootViewController: UIViewController())
            navigation.hidesBarsOnSwipe = true
            navigation.hidesBarsOnTap = true
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            defer { window.isHidden = true }
            navigation.view.layoutIfNeeded()
            let recognizers: [UIGestureRecognizer] = [
                navigation.barHideOnSwipeGestureRecognizer, navigation.barHideOnTapGestureRecognizer,
            ]
            for recognizer in recognizers {
                try expect(recognizer.view != nil, "UIKit put \(recognizer) in a view (hidesBarsOnSwipe/Tap set)")
                let delegate = recognizer.delegate
                let subscription = recognizer.on.shouldBegin { _ in false }
                try expect(!subscription.isActive, "on.shouldBegin on \(recognizer) is finished (inactive)")
                try expect(recognizer.delegate === delegate, "\(recognizer)'s delegate is the one UIKit set")
            }
        },
        Scenario("22.9", "after removeTarget(nil, action: nil), the next on.action adds OnKit's target back, once") {
            let tap = RecordingTap()
            tap.on.action { _ in }
            try expect(tap.liveTargets == 1, "OnKit added one target (\(tap.liveTargets))")
            let appTarget = AppTarget()
            tap.addTarget(appTarget, action: #selector(AppTarget.tapped))
            tap.removeTarget(nil, action: nil)
            try expect(tap.liveTargets == 0, "removeTarget(nil, action: nil) removed every target")
            tap.on.action { _ in }
            try expect(tap.liveTargets == 1, "the next on.action added OnKit's target back (\(tap.liveTargets))")
            _ = tap.on.action.subscriberCount
            try expect(tap.liveTargets == 1, "another on.action keeps one pair (\(tap.liveTargets))")
        },
        Scenario("22.3", "a popped delegate's shouldReceive no longer answers NO for the recognizer's life") {
            let tap = UITapGestureRecognizer()
            var controller: RefusingController? = RefusingController()
            tap.delegate = controller
            tap.on.shouldBegin { _ in true }
            try expect(tap.delegate?.gestureRecognizer?(tap, shouldReceive: UITouch()) == false, "the live controller refuses")
            controller = nil  // popped
            let answer = tap.delegate?.gestureRecognizer?(tap, shouldReceive: UITouch()) ?? true
            try expect(answer, "with the controller gone, the recognizer gets touches again (UIKit's default)")
        },
    ]
}

/// A tap recognizer that counts its target-action pairs as UIKit keeps them (added, removed by
/// pair, or all at once with `nil`): UIKit lists none.
private final class RecordingTap: UITapGestureRecognizer {
    private var pairs: [(target: ObjectIdentifier, action: Selector)] = []
    var liveTargets: Int { pairs.count }

    override func addTarget(_ target: Any, action: Selector) {
        pairs.append((ObjectIdentifier(target as AnyObject), action))
        super.addTarget(target, action: action)
    }

    override func removeTarget(_ target: Any?, action: Selector?) {
        let id = target.map { ObjectIdentifier($0 as AnyObject) }
        pairs.removeAll { (id == nil || $0.target == id) && (action == nil || $0.action == action) }
        super.removeTarget(target, action: action)
    }
}

/// A target the app adds itself.
private final class AppTarget: NSObject {
    @objc func tapped() {}
}

/// A pushed controller that refuses every touch to its recognizer.
private final class RefusingController: NSObject, UIGestureRecognizerDelegate {
    func gestureRecognizer(_ recognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { false }
}
#endif
