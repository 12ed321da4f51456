@_spi(OnKitInternal) @testable import OnKit
import Testing

@MainActor final class TableScreen {
    var opened = 0
}

/// The generic half of AppKit's target-action adapters (`ActionSlot` with a host that sends two
/// actions to its one target, as a table view does), run on Linux with `StandInTable`.
@Suite @MainActor struct SlotTargetTests {
    @Test func appActionAndDoubleActionRunFirstThenTheirOwnHandlers() {
        let table = StandInTable()
        let log = Recorder<String>()
        let app = AppActionReceiver("app", log: log)
        table.target = app
        table.action = "select"
        table.doubleAction = "open"
        table.on.action { _ in log.append("click handler") }
        table.on.doubleClick { _ in log.append("double handler 1") }
        table.on.doubleClick { _ in log.append("double handler 2") }
        table.click()
        table.doubleClick()
        #expect(log.values == ["app.select", "click handler", "app.open", "double handler 1", "double handler 2"])
        #expect(table.unknownActions.isEmpty)
    }

    @Test func doubleActionIsTakenOnlyWhenAskedForOrWhenTheTableHadOne() {
        let table = StandInTable()
        table.on.action { _ in }
        #expect(table.doubleAction == nil)  // a table with a doubleAction stops editing cells on double click
        let withOne = StandInTable()
        withOne.doubleAction = "open"
        withOne.on.action { _ in }
        #expect(withOne.doubleAction == StandInSlotTarget.fireDoubleClick)  // else "open" would reach OnKit's target
    }

    @Test func addingTheDoubleClickLaterKeepsThePreviousActionAndNeverCallsOnKitItself() {
        let table = StandInTable()
        let log = Recorder<String>()
        let app = AppActionReceiver("app", log: log)
        table.target = app
        table.action = "select"
        table.on.action { _ in log.append("click") }
        table.on.doubleClick { _ in log.append("double") }
        table.on.action { _ in log.append("click 2") }
        table.click()
        table.doubleClick()
        #expect(log.values == ["app.select", "click", "click 2", "double"])
        #expect(table.unknownActions.isEmpty)
    }

    @Test func anActionSetAloneWhileOnKitHoldsTheSlotKeepsThePreviousTargetFromTheNextRegistration() {
        let table = StandInTable()
        let log = Recorder<String>()
        let app = AppActionReceiver("app", log: log)
        table.target = app
        table.action = "select"
        table.on.action { _ in log.append("handler") }
        table.action = "inspect"  // the target is still OnKit's
        table.on.action { _ in log.append("handler 2") }
        table.click()
        #expect(log.values == ["app.inspect", "handler", "handler 2"])
    }

    @Test func actionsWithoutATargetGoUpTheResponderChain() {
        let table = StandInTable()
        let log = Recorder<String>()
        let chain = AppActionReceiver("chain", log: log)
        table.responderChain = chain
        table.doubleAction = "open"
        table.on.doubleClick { _ in log.append("handler") }
        table.doubleClick()
        #expect(log.values == ["chain.open", "handler"])
    }

    @Test func ownerFormsAndRemovalWorkOnTheSecondAction() {
        let table = StandInTable()
        let screen = TableScreen()
        let first = table.on.doubleClick(owner: screen) { screen, _ in screen.opened += 1 }
        table.doubleClick()
        #expect(table.on.doubleClick -= first)
        table.doubleClick()
        #expect(screen.opened == 1)
        #expect(table.on.doubleClick.subscriberCount == 0)
    }

    @Test func tableIsNotKeptAliveAndItsHandlersGoWithIt() async {
        var table: StandInTable? = StandInTable()
        weak let weakTable = table
        var probe: Tracked? = Tracked()
        weak let weakProbe = probe
        // Sound: both were just set.
        table!.on.doubleClick { [probe = probe!] table in _ = (probe, table) }
        probe = nil
        table = nil
        #expect(weakTable == nil)
        #expect(await releaseDeadHostValues { weakProbe == nil })
    }
}
