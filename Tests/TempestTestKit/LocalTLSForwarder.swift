// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// TLS in front of a local plain server, for testing `wss://` clients: makes
/// a self-signed certificate with the `openssl` command and runs
/// `tls_forwarder.py` (python3's `ssl`), which terminates TLS on 127.0.0.1
/// and a free port and relays the bytes to the target port.
public final class LocalTLSForwarder: @unchecked Sendable {
    /// The port the forwarder listens on.
    public let port: UInt16
    /// The self-signed certificate (PEM): the CA file a client must trust.
    public let certificateFile: String
    /// `wss://127.0.0.1:<port>`.
    public var baseURL: String { "wss://127.0.0.1:\(port)" }

    private let directory: TemporaryDirectory
    private let child: ChildProcess

    /// Makes a certificate for `commonName` and `subjectAltNames` (openssl's
    /// syntax, e.g. `IP:127.0.0.1`) and starts forwarding to `targetPort`.
    public init(
        targetPort: UInt16, commonName: String = "localhost",
        subjectAltNames: [String] = ["IP:127.0.0.1", "DNS:localhost"]
    ) throws {
        directory = try TemporaryDirectory(prefix: "tls-forwarder")
        certificateFile = directory.file("certificate.pem")
        let keyFile = directory.file("key.pem")
        let made = try ChildProcess.run(
            executable: "/usr/bin/env",
            arguments: [
                "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                "-subj", "/CN=\(commonName)", "-addext", "subjectAltName=" + subjectAltNames.joined(separator: ","),
                "-keyout", keyFile, "-out", certificateFile,
            ],
            timeoutSeconds: 30)
        guard made.status == 0 else { throw TestKitError("openssl could not make a certificate: \(made.standardError)") }

        let script = (#filePath as NSString).deletingLastPathComponent + "/tls_forwarder.py"
        child = try ChildProcess(executable: "/usr/bin/env", arguments: ["python3", script, certificateFile, keyFile, String(targetPort)])
        try child.start()
        let ready = child.waitFor(timeoutSeconds: 15) { $0.standardOutputSoFar.contains("\n") || !$0.isRunning }
        guard ready, let port = UInt16(child.standardOutputSoFar.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestKitError("the TLS forwarder did not start: \(child.standardErrorSoFar)")
        }
        self.port = port
    }

    deinit {
        // End of input stops the forwarder; ChildProcess's deinit kills it if not.
        child.closeInput()
    }
}
