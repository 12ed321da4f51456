#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

// `header.on.reuse` for table headers and footers: the rules of `UITableViewCell+Reuse.swift`.

extension On where Base: UITableViewHeaderFooterView {
    /// The header's or footer's subscriptions until its next reuse:
    ///
    /// ```swift
    /// header.toggle.on.valueChanged { toggle in
    ///     expand(section, toggle.isOn)
    /// }.store(in: header.on.reuse)
    /// ```
    @MainActor public var reuse: Lifetime { hookedReuseLifetime }

    /// Ends `reuse` and begins a fresh one, for a header or footer configured again in place
    /// (see `UITableViewCell`'s `on.renewReuse()`): `header.on.renewReuse()`.
    @MainActor public func renewReuse() { renewReuseLifetime() }
}
#endif
