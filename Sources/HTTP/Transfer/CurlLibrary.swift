// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// libcurl for the other modules that drive it themselves (the WebSocket
/// client uses its connect-only mode): the same once-per-process loading
/// and `curl_global_init` as HTTP's own transfers, so both share one state.
public enum CurlLibrary {
    /// Loads libcurl (with dlopen, on the first call) and initialises it.
    /// Nil when it is ready, else a sentence saying why not and what to
    /// install.
    public static func prepare() -> String? {
        CurlGlobal.unavailableReason()
    }
}
