import CCurl

/// `curl_global_init` must run once per process before any other thread uses
/// libcurl; a global `let` is initialised exactly once, thread-safely.
private let curlGlobalInitResult: Int32 = Int32(bitPattern: curl_global_init(Int(CURL_GLOBAL_SSL)).rawValue)

enum CurlGlobal {
    /// Runs `curl_global_init` if it has not run yet; true when it succeeded.
    static func ensureInitialised() -> Bool { curlGlobalInitResult == 0 }
}
