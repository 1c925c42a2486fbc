// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CloudFollowing
import Configuration
import Glibc
import Logging
import MQTTSink
import Pipeline
import Storage
import TempestCloud
import TempestUDP

extension GatewayRun {
    /// What the WeatherFlow cloud's followers are made of: the run's parts
    /// they feed. The followers are made at start and again on a reload
    /// that changes them; the parts stay.
    struct CloudFollowerParts: Sendable {
        var writer: StoreWriter
        var summaries: DailySummaryKeeper
        var activity: DeviceActivity
        var ingestor: Ingestor
        var quarantine: MessageQuarantine
        var outlet: RetainedStateOutlet?
        var units: PublishedUnits
        var pollIntervalSeconds: Double
        var webSocketBackoffCapSeconds: Double

        /// A message from the cloud, through the quarantine (dated too far
        /// ahead) into the ingestor, as UDP's go.
        func ingestFromCloud(_ message: TempestMessage, source: ObservationRecord.Source) {
            let now = Int64(Glibc.time(nil))
            guard let accepted = quarantine.admitCloud(message, source: source, now: now) else { return }
            ingestor.ingest(accepted, source: source, receivedAt: now, isLate: false)
        }

        /// The REST follower and, in a WebSocket mode, the WebSocket
        /// follower for `settings`; nil without a client (no token).
        func followers(_ settings: GatewayConfiguration, client: WeatherFlowClient?) -> CloudFollowers? {
            guard let client else { return nil }
            let ingest: @Sendable (TempestMessage, ObservationRecord.Source) -> Void = { message, source in
                ingestFromCloud(message, source: source)
            }
            let cloudSettings = GatewayRun.cloudSettings(settings, pollIntervalSeconds: pollIntervalSeconds)
            let roster = CloudDeviceRoster(client: client, choices: cloudSettings.choices, heardSerials: { activity.serials })
            let webSocket = GatewayRun.makeWebSocketFollower(
                settings, client: client, cloudSettings: cloudSettings, roster: roster, activity: activity,
                backoffCapSeconds: webSocketBackoffCapSeconds,
                onNearbyStrike: { strike in ingestor.ingestNearbyStrike(strike, receivedAt: Int64(Glibc.time(nil))) },
                ingest: ingest)
            let rest = CloudFollower(
                client: client, settings: cloudSettings,
                writer: writer, activity: activity, summaries: summaries, logger: Logger(label: "tempest.cloud"),
                roster: roster,
                onRainCheck: { serials, today, yesterday in
                    guard let outlet else { return }
                    for serial in serials {
                        outlet.publish(
                            MessagePublications.rainCheckValues(
                                serial: serial, todayMillimeters: today, yesterdayMillimeters: yesterday, layout: outlet.layout,
                                units: units))
                    }
                },
                liveElsewhere: { serial in webSocket?.isLive(serial: serial) ?? false },
                corrector: ingestor.corrector, ingest: ingest)
            return CloudFollowers(rest: rest, webSocket: webSocket)
        }
    }

    /// The cloud follower's settings from the effective configuration.
    static func cloudSettings(_ settings: GatewayConfiguration, pollIntervalSeconds: Double) -> CloudFollowerSettings {
        var cloud = CloudFollowerSettings()
        cloud.stationID = settings.station.stationID
        cloud.stations = settings.stations.map { CloudStationChoice(stationID: $0.stationID, serials: $0.serials) }
        cloud.quietSeconds = Int64(settings.weatherFlow.fallbackAfterSeconds)
        cloud.powerSaveQuietSeconds = max(cloud.quietSeconds, 900)
        cloud.horizonSeconds = Int64(settings.weatherFlow.backfillDays) * 86_400
        cloud.pollIntervalSeconds = pollIntervalSeconds
        return cloud
    }
}
