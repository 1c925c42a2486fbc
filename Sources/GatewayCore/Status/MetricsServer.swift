import Glibc
import Synchronization
import SystemSupport

/// An optional HTTP endpoint on 127.0.0.1 (never another address): `GET
/// /healthz` answers `ok` while `health` says so (else 503 with its
/// reason), `GET /metrics` the
/// counters in Prometheus' text format. One request per connection.
public final class MetricsServer: Sendable {
    /// Why the endpoint could not be opened.
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The port actually bound.
    public let port: UInt16
    private let descriptor: Int32
    private let stopping = Atomic<Bool>(false)
    private let thread = Mutex<NamedThread?>(nil)
    private let metrics: @Sendable () -> String
    private let health: @Sendable () -> HealthVerdict

    public init(port: UInt16, metrics: @escaping @Sendable () -> String, health: @escaping @Sendable () -> HealthVerdict) throws(SetupError) {
        self.metrics = metrics
        self.health = health
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketDescriptor >= 0 else { throw SetupError(description: "cannot create the metrics socket") }
        var reuse: Int32 = 1
        setsockopt(socketDescriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socketDescriptor, 16) == 0 else {
            let reason = SystemError.current.message
            close(socketDescriptor)
            throw SetupError(description: "cannot serve metrics on 127.0.0.1:\(port): \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketDescriptor, $0, &length) }
        }
        descriptor = socketDescriptor
        self.port = UInt16(bigEndian: address.sin_port)
        // No accept timeout: `stop()` wakes the blocked accept with
        // shutdown(2), so a quiet gateway never wakes for this thread.
        let started = try? NamedThread(named: "metrics-http") { self.serve() }
        thread.withLock { $0 = started }
    }

    private func serve() {
        while !stopping.load(ordering: .relaxed) {
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else {
                // Woken by stop(), or interrupted; anything else (out of file
                // descriptors, say) is retried after a pause, never in a spin.
                if errno != EINTR && !stopping.load(ordering: .relaxed) { usleep(100_000) }
                continue
            }
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var request = [UInt8](repeating: 0, count: 2048)
            let count = max(0, recv(client, &request, request.count, 0))
            let line = String(decoding: request[0..<count].prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
            let parts = line.split(separator: " ")
            let response: (status: String, body: String, type: String)
            if parts.count >= 2 && parts[0] == "GET" && parts[1] == "/metrics" {
                response = ("200 OK", metrics(), "text/plain; version=0.0.4; charset=utf-8")
            } else if parts.count >= 2 && parts[0] == "GET" && parts[1] == "/healthz" {
                switch health() {
                case .healthy: response = ("200 OK", "ok\n", "text/plain")
                case .unhealthy(let reason): response = ("503 Service Unavailable", reason + "\n", "text/plain")
                }
            } else {
                response = ("404 Not Found", "try /healthz or /metrics\n", "text/plain")
            }
            SocketText.send(
                "HTTP/1.1 \(response.status)\r\nContent-Type: \(response.type)\r\n"
                    + "Content-Length: \(response.body.utf8.count)\r\nConnection: close\r\n\r\n\(response.body)",
                to: client)
            close(client)
        }
    }

    /// Stops serving.
    public func stop() {
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))  // wakes the accept
        thread.withLock { $0 }?.join()
        close(descriptor)
    }
}
