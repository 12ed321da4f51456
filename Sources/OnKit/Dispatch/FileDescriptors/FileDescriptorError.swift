#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a file descriptor cannot be watched.
public enum FileDescriptorError: Error, Equatable, CustomStringConvertible {
    /// A negative number: never a descriptor.
    case negative(Int32)
    /// No open descriptor has this number (`fcntl(F_GETFD)` failed with `errno`).
    case notOpen(Int32, errno: Int32)
    /// A directory: it has no data to read, so it never becomes readable.
    case directory(Int32)
    /// Open for writing only (such as the write end of a pipe): it never has data to read.
    case writeOnly(Int32)
    /// A Linux `O_PATH` descriptor: it names a file but cannot be read.
    case pathOnly(Int32)

    public var description: String {
        switch self {
        case .negative(let descriptor): "\(descriptor) is not a file descriptor (negative)"
        case .notOpen(let descriptor, let errno): "file descriptor \(descriptor) is not open: \(String(cString: strerror(errno)))"
        case .directory(let descriptor): "file descriptor \(descriptor) is a directory: it never has data to read"
        case .writeOnly(let descriptor): "file descriptor \(descriptor) is open for writing only: it never has data to read"
        case .pathOnly(let descriptor): "file descriptor \(descriptor) was opened with O_PATH: it cannot be read"
        }
    }
}
