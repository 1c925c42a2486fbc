import ArgumentParser
import GatewayCore
import Glibc
import TempestUDP

/// `tempest-gateway status`: ask the running gateway how it is doing.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what the running gateway hears, stores and publishes.",
        discussion: """
            Asks the running gateway over its status socket (the database path plus .sock) and prints, per \
            device, how long ago each kind of message arrived, its source, battery and power mode; the MQTT \
            connection and the outbox; and the datagram counters (received, decoded, rejected by reason, \
            duplicates, late, dropped by the kernel). Exit status 1 when the gateway does not answer.

            Examples:
              tempest-gateway status
              tempest-gateway status --json --database /var/lib/tempest-gateway/tempest-gateway.db
            """
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @Flag(help: "Print the gateway's JSON document.")
    var json = false

    func run() throws {
        let socketPath = StatusServer.socketPath(database: databaseOptions.path)
        guard let answer = StatusCommand.fetch(socketPath: socketPath, format: json ? "json" : "text") else {
            StandardOutput.errorLine(
                "The gateway is not running, or not with this database: nothing answers on \(socketPath).")
            throw ExitCode(1)
        }
        StandardOutput.line(answer)
    }

    /// Sends the wanted format ("json" or "text") and reads the answer.
    static func fetch(socketPath: String, format: String) -> String? {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var address = StatusServer.address(socketPath)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { return nil }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request = format + "\n"
        _ = request.withUTF8 { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < 16 << 20 {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        while let last = bytes.last, last == 0x0A || last == 0x20 { bytes.removeLast() }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
