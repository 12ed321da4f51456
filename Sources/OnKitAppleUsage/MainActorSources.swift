// Timers, notifications and property changes as a main-actor app writes them: the calls of
// issue 13 for these sources, in every shape. Compiled on every platform (no UIKit), type-checked
// for iOS by apple-typecheck, and by .ci/typecheck-default-isolation.py with
// `-default-isolation MainActor` (the Xcode 26 app template's setting).
import Foundation
import Observation
import OnKit

extension Notification.Name {
    /// A notification the usage screen refreshes on.
    static let usageRefresh = Notification.Name("OnKitAppleUsage.refresh")
}

/// An `@Observable` model on the main actor, as an app's models are.
@MainActor @Observable final class UsageUser: OnCompatible {
    var name = ""
}

/// A `@Notifying` model on the main actor.
@MainActor final class UsageAccount: PropertyChangeNotifying {
    let propertyChanges = PropertyChanges()
    @Notifying var balance = 0
}

/// Main-actor state that every handler below changes directly: no hop, no box, no `assumeIsolated`.
@MainActor final class UsageClockScreen {
    private(set) var ticks = 0
    private(set) var title = ""
    let user = UsageUser()
    let account = UsageAccount()
    private var timers: [DispatchTimer] = []
    private let lifetime = Lifetime()

    func refresh() { ticks += 1 }

    func start() throws {
        user.on.change(of: \.name) { print($0) }
        user.on.change(of: \.name) { name in print("now", name) }
        user.on.change(of: \.name) { name in print(name) }
        user.on.change(of: \.name) { print("renamed") }
        user.on.change(of: \.name, owner: self) { screen, _, name in print(name, screen) }
        account.on.change(of: \.balance).subscribe(owner: self) { screen, _, change in print(change.new, screen) }
        account.on.change(of: \.balance) { change in print(change.old, "→", change.new) }

        // The default center outlives the screen: plain handlers are stored, the screen is an owner.
        NotificationCenter.default.on.notification(.usageRefresh) { notification in print(notification.name) }.store(in: lifetime)
        NotificationCenter.default.on.notification(.usageRefresh) { print("refresh") }.store(in: lifetime)
        NotificationCenter.default.on.notification(.usageRefresh, on: MainActor.self).subscribe(owner: self) { screen, _ in screen.refresh() }
        NotificationCenter.default.on.notification(.usageRefresh, on: MainActor.self).subscribe(owner: self) { screen in screen.refresh() }

        let ticking = try DispatchTimer.every(0.3, on: MainActor.self) { timer in
            self.refresh()
            if self.ticks == 10 { timer.cancel() }
        }
        timers.append(ticking)
        print(ticking.fireCount)
        try DispatchTimer.after(2, on: MainActor.self) { self.title = "later" }
        timers.append(try DispatchTimer.every(1) { print("tick") })
        let clockTimer = try Timer.on(every: 1, on: MainActor.self) { _ in print("tick") }
        clockTimer.on.invalidate()
        try Timer.on(after: 1, on: MainActor.self) { self.title = "once" }
        let timer = Timer(timeInterval: 1, repeats: true) { _ in }
        timer.on.tick { print("tick") }

        Task {
            for await name in user.on.values(of: \.name) { self.title = name }
        }
    }
}

#if canImport(ObjectiveC)
/// A KVO property, and an `NSObject` publishing with `@Notifying`: each takes every shape, and
/// the second gets the `PropertyChangeNotifying` forms, not KVO's.
@MainActor final class UsagePlayer: NSObject {
    @objc dynamic var volume = 0.5
}

@MainActor final class UsageWallet: NSObject, PropertyChangeNotifying {
    let propertyChanges = PropertyChanges()
    @Notifying var coins = 0
}

@MainActor func usePropertyChangesOfObjects(_ player: UsagePlayer, _ wallet: UsageWallet) async {
    player.on.change(of: \.volume) { player, change in print(player, change.new) }
    player.on.change(of: \.volume) { change in print(change.old, "→", change.new) }
    player.on.change(of: \.volume) { print("volume changed") }
    wallet.on.change(of: \.coins) { wallet, change in print(wallet, change.new) }
    wallet.on.change(of: \.coins) { change in print(change.new) }
    wallet.on.change(of: \.coins) { print("coins changed") }
    for await volume in player.on.values(of: \.volume) { print(volume) }
    for await coins in wallet.on.values(of: \.coins) { print(coins) }
}
#endif

#if canImport(ObjectiveC)
/// The KVO adapter's `///` example, compiled.
@MainActor func kvoDocCommentExample(player: UsagePlayer) {
    player.on.change(of: \.volume) { change in print(change.new) }
}
#endif
