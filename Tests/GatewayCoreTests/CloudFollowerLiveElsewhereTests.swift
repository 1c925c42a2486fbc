// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CloudFollowing
import GatewayCore
import Pipeline
import Storage
import TempestCloud
import TempestTestKit
import Testing

/// The REST fallback stands aside while the device's data arrives live
/// another way (the WebSocket follower), and takes over when it stops.
@Suite struct CloudFollowerLiveElsewhereTests {
    @Test func restPollingIsSkippedWhileTheDeviceIsLiveElsewhere() async throws {
        let start: Int64 = 1_710_390_000
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("/stations", .init(body: RESTFixtures.stations))
        server.route("/observations/device/211522", .init(body: RESTFixtures.deviceObservations([start + 900])))
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("rest.db"))
        defer { writer.shutdown() }
        let now = Locked(start)
        let live = Locked(true)
        let ingested = Locked<[ObservationRecord.Source]>([])
        let log = LogRecorder()
        let follower = CloudFollower(
            client: WeatherFlowClient(token: APIToken("rest-secret")!, baseURL: server.baseURL),
            settings: CloudFollowerSettings(horizonSeconds: 0, rainCheckIntervalSeconds: 1_000_000), writer: writer,
            activity: DeviceActivity(), summaries: DailySummaryKeeper(timeZone: .utc), logger: log.logger(),
            clock: { now.withLock { $0 } }, liveElsewhere: { serial in serial == "ST-00054321" && live.withLock { $0 } },
            ingest: { _, source in ingested.withLock { $0.append(source) } })
        func devicePolls() -> Int { server.requests.filter { $0.path.hasPrefix("/observations/device") }.count }

        now.withLock { $0 = start + 1_000 }  // UDP silent since start-up
        await follower.round()
        #expect(devicePolls() == 0)
        #expect(follower.state.devices["ST-00054321"]?.pollingREST == false)

        live.withLock { $0 = false }
        await follower.round()
        #expect(devicePolls() == 1)
        #expect(ingested.withLock { $0 } == [.rest])
        #expect(follower.state.devices["ST-00054321"]?.pollingREST == true)

        live.withLock { $0 = true }
        await follower.round()
        #expect(devicePolls() == 1)
        #expect(follower.state.devices["ST-00054321"]?.pollingREST == false)
        #expect(log.lines.contains { $0.text.contains("arrive over the WeatherFlow WebSocket; REST polling stopped") })
    }
}
