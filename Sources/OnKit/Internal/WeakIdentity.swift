/// A weak reference used only to tell whether an object is alive and whether it is a given one.
struct WeakIdentity: @unchecked Sendable {
    // @unchecked is sound: the object is never used through this reference, only compared by
    // identity (`===`) and tested for nil, and weak loads and stores are atomic in the runtime.
    private weak var object: AnyObject?

    init(_ object: AnyObject) { self.object = object }

    var isAlive: Bool { object != nil }

    func refers(to other: AnyObject) -> Bool { object === other }
}
