/// Progress of an upload (`didSendBodyData`) or a download (`didWriteData`), as URLSession
/// reports it.
///
/// ```swift
/// session.on.didWriteData { _, written in
///     print(written.progress.totalBytes, "of", written.progress.totalBytesExpected)
/// }
/// ```
public struct URLTransferProgress: Sendable, Hashable {
    /// Bytes moved since the previous report.
    public var bytes: Int64
    /// Bytes moved so far.
    public var totalBytes: Int64
    /// Bytes expected in all; negative (`NSURLSessionTransferSizeUnknown`) when unknown.
    public var totalBytesExpected: Int64

    /// Creates a progress report.
    public init(bytes: Int64, totalBytes: Int64, totalBytesExpected: Int64) {
        self.bytes = bytes
        self.totalBytes = totalBytes
        self.totalBytesExpected = totalBytesExpected
    }

    /// `totalBytes / totalBytesExpected`, or nil when the expected size is unknown or zero.
    public var fractionCompleted: Double? {
        totalBytesExpected > 0 ? Double(totalBytes) / Double(totalBytesExpected) : nil
    }
}
