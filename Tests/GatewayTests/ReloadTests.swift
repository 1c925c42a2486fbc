import Foundation
import Storage
import Testing
import TempestTestKit

/// SIGHUP: `run` reads its configuration again while it keeps listening;
/// nothing sent meanwhile is lost, and a broken file changes nothing.
@Suite("configuration reload on SIGHUP", .serialized)
struct ReloadTests {
    @Test("a reload applies retention and cloud settings, names what needs a restart, loses no datagram, and survives a broken file")
    func reload() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        let database = directory.file("g.db")
        let port = try FreePort.udp()
        let original = """
            [udp]
            address = "127.0.0.1"
            port = \(port)
            [storage]
            database = "\(database)"
            [mqtt]
            enabled = false
            """
        try original.write(toFile: config, atomically: true, encoding: .utf8)
        let gateway = try ChildProcess(executable: Gateway.path, arguments: ["run", "--config", config, "--print", "none"])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })

        let sender = try UDPSender(port: port)
        let first: Int64 = 1_720_850_400
        var sent = 0
        func send(_ count: Int) throws {
            for _ in 0..<count {
                try sender.send(#"{"serial_number":"ST-00054321","type":"rapid_wind","hub_sn":"HB-00012345","ob":[\#(first + Int64(sent) * 3),1.5,90]}"#)
                sent += 1
                usleep(2_000)
            }
        }
        try send(100)
        try (original + "\n[weatherflow]\nbackfill_days = 2\n[storage]\n").write(toFile: config, atomically: true, encoding: .utf8)
        // A table given twice is a problem: this file must not be applied.
        gateway.send(signal: SIGHUP)
        try send(100)
        #expect(gateway.waitFor(timeoutSeconds: 10) { $0.standardErrorSoFar.contains("Configuration not reloaded, the running one stays") })

        try original.replacingOccurrences(of: "[mqtt]\nenabled = false", with: "hub_status_days = 5\n[mqtt]\nenabled = false\nhost = \"elsewhere\"\n[weatherflow]\nbackfill_days = 2")
            .write(toFile: config, atomically: true, encoding: .utf8)
        gateway.send(signal: SIGHUP)
        try send(100)
        #expect(gateway.waitFor(timeoutSeconds: 10) { $0.standardErrorSoFar.contains("Configuration reloaded: ") })
        try send(100)
        usleep(500_000)
        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 30)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains(
            "Configuration reloaded: applied retention ([storage] days), the WeatherFlow cloud ([weatherflow], station.station_id); after a restart: [mqtt]."))
        let store = try Store(readOnlyPath: database)
        #expect(try store.rapidWind(serial: "ST-00054321", from: 0, to: .max).count == sent, "every datagram stored")
    }
}
