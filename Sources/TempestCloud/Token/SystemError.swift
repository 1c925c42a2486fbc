import Glibc

enum SystemError {
    /// `strerror` text for an errno value.
    static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
