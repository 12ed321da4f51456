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

    /// A readable explanation of the error.
    public var description: String {
        switch self {
        case .negative(let descriptor):
            "\(descriptor) is not a file descriptor (negative)"
        case .notOpen(let descriptor, let errno):
            "file descriptor \(descriptor) is not open: \(String(cString: strerror(errno)))"
        }
    }
}
