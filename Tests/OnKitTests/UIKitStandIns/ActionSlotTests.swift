@_spi(OnKitInternal) @testable import OnKit
import Testing

@MainActor final class ItemScreen {
    var taps = 0
}

@Suite @MainActor struct ActionSlotTests {
    @Test func previousActionRunsFirstThenEveryHandlerInOrder() {
        let item = StandInBarItem()
        let log = Recorder<String>()
        let app = AppResponder("app", log: log)
        item.target = app
        item.action = "done"
        item.on.tap { _ in log.append("handler 1") }
        item.on.tap { _ in log.append("handler 2") }
        item.tap()
        item.tap()
        #expect(log.values == ["app.done", "handler 1", "handler 2", "app.done", "handler 1", "handler 2"])
    }

    @Test func itemWithoutAnActionCallsOnlyTheHandlers() {
        let item = StandInBarItem()
        let log = Recorder<String>()
        item.on.tap { _ in log.append("handler") }
        item.tap()
        #expect(log.values == ["handler"])
    }

    @Test func registeringAgainNeverAdoptsOnKitsOwnActionAsThePreviousOne() {
        let item = StandInBarItem()
        let log = Recorder<String>()
        for index in 0..<3 { item.on.tap { _ in log.append("handler \(index)") } }
        _ = item.on.tap.subscriberCount
        item.tap()
        #expect(log.values == ["handler 0", "handler 1", "handler 2"])
    }

    @Test func handlersAreRemovableAndTheSlotKeepsWorking() {
        let item = StandInBarItem()
        let log = Recorder<String>()
        let first = item.on.tap { _ in log.append("first") }
        item.on.tap { _ in log.append("second") }
        #expect(item.on.tap -= first)
        item.tap()
        #expect(log.values == ["second"])
        #expect(item.on.tap.subscriberCount == 1)
    }

    @Test func actionSetLaterDisplacesOnKitUntilTheNextRegistrationWhichCallsItFirst() {
        let item = StandInBarItem()
        let log = Recorder<String>()
        let old = AppResponder("old", log: log)
        item.target = old
        item.action = "save"
        item.on.tap { _ in log.append("handler") }
        let new = AppResponder("new", log: log)
        item.target = new
        item.action = "share"
        item.tap()
        #expect(log.values == ["new.share"])
        log.removeAll()
        item.on.tap { _ in log.append("handler 2") }
        item.tap()
        #expect(log.values == ["new.share", "handler", "handler 2"])
    }

    @Test func handlersGetTheItemTypedAndOwnerFormsWork() {
        let item = StandInTitledItem()
        let screen = ItemScreen()
        let titles = Recorder<String>()
        item.on.tap { item in titles.append(item.title) }
        item.on.tap(owner: screen) { screen, _ in screen.taps += 1 }
        item.tap()
        #expect(titles.values == ["Done"])
        #expect(screen.taps == 1)
    }

    @Test func previousTargetIsHeldWeaklyAndTheItemIsNotKeptAlive() async {
        var item: StandInBarItem? = StandInBarItem()
        weak let weakItem = item
        let log = Recorder<String>()
        var app: AppResponder? = AppResponder("app", log: log)
        weak let weakApp = app
        // Sound: both were just set.
        item!.target = app
        item!.action = "done"
        item!.on.tap { _ in log.append("handler") }
        app = nil
        #expect(weakApp == nil)
        item!.tap()
        #expect(log.values == ["handler"])
        var probe: Tracked? = Tracked()
        weak let weakProbe = probe
        item!.on.tap { [probe = probe!] item in _ = (probe, item) }
        probe = nil
        item = nil
        #expect(weakItem == nil)
        #expect(await releaseDeadHostValues { weakProbe == nil })
    }
}
