// `import OnKitURLSession` is all an app writes to use the adapter, on every platform.
//
// - On Linux, `URLSession` lives in FoundationNetworking, not Foundation. Without this
//   re-export, a file that imports only Foundation and OnKitURLSession sees Foundation's
//   placeholder `URLSession` (an unavailable alias of `AnyObject`) and fails with "type
//   'URLSession' (aka 'AnyObject') has no member 'on'", which reads as if OnKit were broken.
//   Apple platforms keep URLSession in Foundation and have no such module.
// - `session.on` and the event types it returns are OnKit's; re-exporting OnKit makes them
//   visible without a second import (the package builds with MemberImportVisibility, under which
//   a member is visible only where its module is imported).
// - The module's own files see these imports too (an `@_exported import` is visible in every file
//   of its module): the Linux-only FoundationNetworking import is written here once, and the
//   other files import Foundation as on Apple platforms.
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
@_exported import OnKit
