// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CCurl

/// Makes libcurl ready before the first transfer.
///
/// The binary does not link libcurl: CCurl's loader opens it with `dlopen`
/// on the first request. libcurl and the ~25 libraries it brings (GnuTLS,
/// Kerberos, LDAP, libssh2, nghttp2, …) cost ~3.8 MB of resident memory, and
/// most gateways never make an HTTP request (only the WeatherFlow cloud and
/// Open-Meteo forecasts do). Every libcurl call goes through CCurl's
/// `tempest_curl_*` wrappers, never `curl_*` directly (those are not linked).
enum CurlGlobal {
    /// The shared library loaded, by its soname.
    static let library = TEMPEST_CURL_LIBRARY

    /// Loads libcurl and runs `curl_global_init`, both once per process
    /// (`curl_global_init` must run before any other thread uses libcurl; a
    /// global `let` is initialised exactly once, thread-safely). Nil when
    /// libcurl is ready, else the error for a request to `url`.
    static func ensureInitialised(for url: String) -> HTTPError? {
        switch readiness {
        case .ready: nil
        case .notLoaded(let reason): .libcurlUnavailable(library: library, reason: reason, url: url)
        case .notInitialised(let message): .other(message: "libcurl could not be initialised: \(message)", url: url)
        }
    }

    /// Loads and initialises libcurl like `ensureInitialised(for:)`; nil when
    /// ready, else a sentence saying why not (for callers outside HTTP).
    static func unavailableReason() -> String? {
        switch readiness {
        case .ready: nil
        case .notLoaded(let reason): "libcurl (\(library)) could not be loaded: \(reason); install it with: apt-get install libcurl4"
        case .notInitialised(let message): "libcurl could not be initialised: \(message)"
        }
    }
}

private enum Readiness {
    case ready
    case notLoaded(reason: String)
    case notInitialised(message: String)
}

private let readiness: Readiness = {
    var reason: UnsafePointer<CChar>? = nil
    guard tempest_curl_load(&reason) else {
        return .notLoaded(reason: reason.map { String(cString: $0) } ?? "unknown reason")
    }
    let code = tempest_curl_global_init(Int(CURL_GLOBAL_SSL))
    return code == CURLE_OK ? .ready : .notInitialised(message: String(cString: tempest_curl_easy_strerror(code)))
}()
