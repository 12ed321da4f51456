/// Progress of an upload (`didSendBodyData`) or a download (`didWriteData`), as URLSession
/// reports it.
///
/// ```swift
/// session.on.didWriteData { written in
///     let progress = written.progress
///     print(progress.totalBytes, "of", progress.totalBytesExpected)
/// }
/// ```
public struct URLTransferProgress: NamedFields, Sendable, Hashable {
    /// Bytes moved since the previous report.
    public let bytes: Int64
    /// Bytes moved so far.
    public let totalBytes: Int64
    /// Bytes expected in all; negative (`NSURLSessionTransferSizeUnknown`) when unknown.
    public let totalBytesExpected: Int64

    /// `totalBytes / totalBytesExpected`, or nil when the expected size is unknown or zero.
    public var fractionCompleted: Double? { totalBytesExpected > 0 ? Double(totalBytes) / Double(totalBytesExpected) : nil }
}
