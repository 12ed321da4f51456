// Twenty-five registrations of every kind (long-lived sources, plain events, main-actor events;
// the four shapes, owner:, once, +=), with multi-operator bodies: what the type checker resolves
// in a real screen. Timed by Scripts/typecheck-time.sh; never built by the package.

import Foundation
import OnKit

final class Thermostat: Sendable { let changed = Event<Thermostat, Double>() }
@MainActor final class Button: MainActorBound { let tapped = Event<Button, Void>() }
@MainActor final class Screen: Sendable { var count = 0; func reload() {} }
extension Notification.Name { static let zone = Notification.Name("zone") }

@MainActor func register(center: NotificationCenter, t: Thermostat, b: Button, s: Screen, lifetime: Lifetime) throws {
    let n = center.on.notification(.zone)
    let a1 = n { note in print(note.name.rawValue.count + 1 > 2 ? "a" : "b") }
    let a2 = n { c, note in print(note.name.rawValue.count * 2 + 1) }
    let a3 = n { print("x" + "y") }
    let a4 = n += { note in print(note.name.rawValue.count + 3) }
    n.subscribe(owner: s) { s, note in print(note.name.rawValue.count + 1) }
    n.once { note in print(note.name.rawValue.count - 1) }
    let a5 = center.on.notification(.zone) { note in print(note.name.rawValue.count + 1 > 2) }
    let timer = try DispatchTimer.every(1)
    let a6 = timer.fired { timer in print(timer.fireCount + 1 > 2) }
    let a7 = timer.fired { print(1 + 2 * 3) }
    t.changed { c in print(c * 2 + 1 > 3 ? "hot" : "cold") }
    t.changed { th, c in print(c * 2 + 1) }
    t.changed += { c in print(c + 1) }
    t.changed(owner: s) { s, c in print(c + 1) }
    b.tapped { s.count += 1 + 2 }
    b.tapped { button in s.count += 2 * 3 }
    b.tapped += { s.count = s.count * 2 + 1 }
    b.tapped(owner: s) { s in s.count += 1 }
    _ = (a1, a2, a3, a4, a5, a6, a7)
}
