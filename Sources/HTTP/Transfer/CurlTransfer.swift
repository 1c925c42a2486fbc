// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CCurl
import Glibc

/// One blocking libcurl easy transfer. `perform()` runs on a thread of its
/// own (``HTTPClient/get(_:)``), never on Swift's cooperative pool.
struct CurlTransfer {
    let request: HTTPRequest
    let userAgent: String
    let state: TransferState

    /// Runs the transfer to completion on a handle of its own and maps the outcome.
    func perform() -> Result<HTTPResponse, HTTPError> {
        if let error = CurlGlobal.ensureInitialised(for: request.url) { return .failure(error) }
        guard let handle = tempest_curl_easy_init() else {
            return .failure(.other(message: "curl_easy_init failed", url: request.url))
        }
        defer { tempest_curl_easy_cleanup(handle) }
        return perform(on: handle)
    }

    /// Runs the transfer on `handle`, whose options it sets afresh (its
    /// open connection, if any, is used again).
    func perform(on handle: UnsafeMutableRawPointer) -> Result<HTTPResponse, HTTPError> {
        let url = request.url
        tempest_curl_easy_reset(handle)

        var headerList: UnsafeMutablePointer<curl_slist>? = nil
        for header in request.headers {
            // "Name:" with nothing after it removes a header libcurl would add (such as Expect).
            headerList = tempest_curl_slist_append(headerList, header.value.isEmpty ? "\(header.name):" : "\(header.name): \(header.value)")
        }
        defer { tempest_curl_slist_free_all(headerList) }

        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let statePointer = Unmanaged.passUnretained(state).toOpaque()

        let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { errorBytes in
            tempest_curl_setopt_string(handle, CURLOPT_URL, url)
            tempest_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBytes.baseAddress)
            // Signals cannot be used for timeouts in a threaded process.
            tempest_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
            if let body = request.body {
                // Size first, so that COPYPOSTFIELDS copies that many bytes (NULs included).
                tempest_curl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count)
                _ = body.withUnsafeBytes { bytes in
                    tempest_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                }
            } else {
                tempest_curl_setopt_long(handle, CURLOPT_HTTPGET, 1)
            }
            tempest_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
            tempest_curl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
            tempest_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
            tempest_curl_setopt_long(handle, CURLOPT_MAXREDIRS, request.maximumRedirects)
            tempest_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeoutSeconds))
            tempest_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(request.totalTimeoutSeconds))
            // Fails early when Content-Length already announces too much; the
            // write callback enforces the limit on the decoded bytes.
            tempest_curl_setopt_long(handle, CURLOPT_MAXFILESIZE, request.maximumResponseBytes)
            tempest_curl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
            tempest_curl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
            if let caFile = request.caFile { tempest_curl_setopt_string(handle, CURLOPT_CAINFO, caFile) }
            // "" asks for every encoding this libcurl can decode.
            tempest_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
            tempest_curl_setopt_string(handle, CURLOPT_USERAGENT, userAgent)
            tempest_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList)
            tempest_curl_setopt_write_function(handle, curlWriteCallback)
            tempest_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, statePointer)
            tempest_curl_setopt_header_function(handle, curlHeaderCallback)
            tempest_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, statePointer)
            tempest_curl_setopt_progress_function(handle, curlProgressCallback)
            tempest_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, statePointer)
            tempest_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
            return tempest_curl_easy_perform(handle)
        }

        if code == CURLE_OK {
            var status = 0
            tempest_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            let buffers = state.buffers.withLock { $0 }
            return .success(HTTPResponse(statusCode: status, headers: buffers.headers, body: buffers.body))
        }
        let detail = errorBuffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return .failure(mapError(code, detail: detail))
    }

    private func mapError(_ code: CURLcode, detail: String) -> HTTPError {
        let url = request.url
        let message = detail.isEmpty ? String(cString: tempest_curl_easy_strerror(code)) : detail
        let (host, port) = RedactedURL.hostAndPort(of: url)
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .nameResolution(host: host, url: url)
        case CURLE_COULDNT_CONNECT:
            return .connection(host: host, port: port, reason: message, url: url)
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout(seconds: request.totalTimeoutSeconds, url: url)
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects(limit: request.maximumRedirects, url: url)
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled(url: url)
        case CURLE_WRITE_ERROR where state.buffers.withLock({ $0.exceededLimit }), CURLE_FILESIZE_EXCEEDED:
            return .tooLarge(limit: request.maximumResponseBytes, url: url)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CRL_BADFILE:
            return .tls(reason: message, url: url)
        default:
            if state.isCancelled.load(ordering: .relaxed) { return .cancelled(url: url) }
            return .other(message: message, url: url)
        }
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        max(1, Int((seconds * 1000).rounded(.up)))
    }
}

private func curlWriteCallback(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    // Returning a different count makes libcurl stop with CURLE_WRITE_ERROR.
    return state.appendBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private func curlHeaderCallback(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    state.appendHeaderLine(UnsafeRawBufferPointer(start: data, count: length))
    return length
}

private func curlProgressCallback(_ context: UnsafeMutableRawPointer?, _: curl_off_t, _: curl_off_t, _: curl_off_t, _: curl_off_t) -> Int32 {
    guard let context else { return 0 }
    let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
    // Non-zero aborts the transfer with CURLE_ABORTED_BY_CALLBACK.
    return state.isCancelled.load(ordering: .relaxed) ? 1 : 0
}
