import Foundation
import OnKit
import Testing

private extension Notification.Name {
    static let mainActorFace = Notification.Name("OnKitTests.mainActorFace")
}

/// `center.on.notification(name, on: MainActor.self)` is a `MainActorEvent`: the whole surface
/// (every shape, `owner:`, `once`, `+=`, `until`), with `@MainActor` handlers, run on the main
/// actor for posts from any thread. On the old code `notification(_:object:on:)` without a
/// handler did not exist (nor did any main-actor face of a non-`MainActorBound` sender), so this
/// file did not compile.
@Suite struct MainActorEventTests {
    @Test @MainActor func theFaceTakesEveryShapeAndFormOnTheMainActor() async {
        let center = NotificationCenter()
        let screen = FaceScreen()
        let face = center.on.notification(.mainActorFace, on: MainActor.self)
        let lifetime = Lifetime()
        face { screen.calls.append("none") }.store(in: lifetime)
        face { notification in screen.calls.append("value") }.store(in: lifetime)
        face { center, notification in screen.calls.append("sender and value") }.store(in: lifetime)
        (face += { screen.calls.append("+=") }).store(in: lifetime)
        face.once { screen.calls.append("once") }
        face.until { screen.calls.append("until"); return true }
        face.subscribe(owner: screen) { screen in screen.calls.append("owner") }
        face.subscribe(owner: screen) { screen, notification in screen.calls.append("owner and value") }
        face(owner: screen) { screen, center, notification in screen.calls.append("owner, sender and value") }

        center.post(name: .mainActorFace, object: nil)  // on the main actor: inline
        let all = ["none", "value", "sender and value", "+=", "once", "until", "owner", "owner and value", "owner, sender and value"]
        #expect(screen.calls == all)

        screen.calls = []
        Thread { center.post(name: .mainActorFace, object: nil) }.start()  // waits for the main queue
        #expect(await pollUntil { screen.calls.count == 7 })
        #expect(screen.calls == all.filter { $0 != "once" && $0 != "until" })
    }

    @Test @MainActor func anOwnerFormKeepsNoScreenAlive() async {
        let center = NotificationCenter()
        var screen: FaceScreen? = FaceScreen()
        let released = WeakReference(live: screen!)  // non-nil: just made
        let subscription = center.on.notification(.mainActorFace, on: MainActor.self).subscribe(owner: screen!) { screen in
            screen.calls.append("owner")
        }
        screen = nil
        #expect(released.isReleased)
        center.post(name: .mainActorFace, object: nil)
        #expect(!subscription.isActive, "the owner is gone: the handler ends at the next post")
    }

    @Test @MainActor func theDocumentedExampleReloadsTheScreen() {
        let center = NotificationCenter()
        let screen = ExampleScreen()
center.on.notification(.settingsChanged, on: MainActor.self)
    .subscribe(owner: screen) { screen, notification in
        screen.reload()                // on the main actor
    }
        center.post(name: .settingsChanged, object: nil)
        #expect(screen.shown.values == ["reload"])
    }
}

/// Main-actor state that the face's handlers change.
@MainActor private final class FaceScreen {
    var calls: [String] = []
}
