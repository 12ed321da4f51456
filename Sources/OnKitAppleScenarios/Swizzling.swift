#if canImport(ObjectiveC)
import ObjectiveC

/// Replaces `selector` (`void (id, SEL)`) of `type` with an implementation that counts its calls
/// and calls the one it replaced, as a library swizzling after OnKit would; runs `body`, puts the
/// original back and answers the count.
@MainActor func swizzleCounting(_ type: AnyClass, _ selector: Selector, during body: () -> Void) throws -> Int {
    typealias Implementation = @convention(c) (AnyObject, Selector) -> Void
    guard let method = class_getInstanceMethod(type, selector) else {
        throw ScenarioFailure(description: "\(type) has no \(selector)", line: #line)
    }
    let original = method_getImplementation(method)
    // Sound: `selector` is a `prepareForReuse`-shaped method, `void (id, SEL)`.
    let call = unsafeBitCast(original, to: Implementation.self)
    let counter = Counter()
    let counting: @convention(block) (AnyObject) -> Void = { host in
        counter.count += 1
        call(host, selector)
    }
    method_setImplementation(method, imp_implementationWithBlock(counting))
    body()
    method_setImplementation(method, original)
    return counter.count
}

/// A count, shared with the swizzled block (called on the main thread only).
private final class Counter {
    var count = 0
}
#endif
