@_spi(OnKitInternal) @testable import OnKit
import Testing

@MainActor final class WindowScreen {
    var unsaved = true
}

/// The generic `DelegateProxyHost` path every AppKit (and UIKit) delegate adapter takes, run on
/// Linux with a window-shaped stand-in: install, claim, fold, adjust, follow a later delegate.
@Suite @MainActor struct DelegateProxyHostTests {
    @Test func shouldCloseAsksTheWindowControllerFirstAndAllMustAllow() {
        let window = StandInWindow()
        let controller = StandInWindowController(implements: [.shouldClose])
        window.delegate = controller
        let asked = Recorder<String>()
        window.on.shouldClose { _ in asked.append("first"); return true }
        window.on.shouldClose { _ in asked.append("second"); return false }
        window.on.shouldClose { _ in asked.append("third"); return true }
        #expect(window.performClose() == false)
        #expect(controller.calls == ["shouldClose"])
        #expect(asked.values == ["first", "second"])

        controller.allowsClose = false
        asked.removeAll()
        #expect(window.performClose() == false)
        #expect(asked.values.isEmpty)  // the controller refused: no handler is asked
    }

    @Test func shouldCloseWithAnOwnerClosesOnlyWhenSaved() {
        let window = StandInWindow()
        let screen = WindowScreen()
        window.on.shouldClose(owner: screen) { screen, _ in !screen.unsaved }
        #expect(window.performClose() == false)
        screen.unsaved = false
        #expect(window.performClose() == true)
    }

    @Test func willResizeStartsFromTheControllersSizeAndEachHandlerAdjustsInTurn() {
        let window = StandInWindow()
        let controller = StandInWindowController(implements: [.willResize])
        controller.minimumSize = 300
        window.delegate = controller
        let proposals = Recorder<Int>()
        window.on.willResize { _, size in
            proposals.append(size.proposed)
            size.value += 10
        }
        window.on.willResize { _, size in size.value = min(size.value, 305) }
        #expect(window.resize(to: 200) == 305)
        #expect(controller.calls == ["willResize 200"])
        #expect(proposals.values == [200])
    }

    @Test func claimsOnlyWhatHasHandlersOrWhatTheControllerHas() {
        let window = StandInWindow()
        _ = window.on.willResize
        #expect(window.claimed.isEmpty)  // an unused willResize changes no resizing
        window.on.shouldClose { _ in false }
        #expect(window.claimed == [.shouldClose])
        #expect(window.resize(to: 120) == 120)
        #expect(window.performClose() == false)
    }

    @Test func aControllerSetLaterIsFollowedFromTheNextOnCall() {
        let window = StandInWindow()
        let asked = Recorder<String>()
        window.on.shouldClose { _ in asked.append("handler"); return true }
        let controller = StandInWindowController(implements: [.shouldClose])
        window.delegate = controller
        _ = window.on.shouldClose
        #expect(window.delegate is StandInWindowProxy)
        #expect(window.performClose() == true)
        #expect(controller.calls == ["shouldClose"])
        #expect(asked.values == ["handler"])
    }

    @Test func windowIsNotKeptAliveByItsProxyOrHandlers() async {
        var window: StandInWindow? = StandInWindow()
        weak let weakWindow = window
        var probe: Tracked? = Tracked()
        weak let weakProbe = probe
        // Sound: both were just set.
        window!.on.shouldClose { [probe = probe!] _ in _ = probe; return true }
        probe = nil
        window = nil
        #expect(weakWindow == nil)
        #expect(await releaseDeadHostValues { weakProbe == nil })
    }
}
