// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import GatewayStatus
import HTTP
import Logging
import Meteorology
import Pipeline
import Storage
import SystemSupport
import WeatherUploads

extension GatewayRun {
    /// How long an upload sink gathers commits: a second, so that an
    /// observation and the writes that follow it (the day's summary) come
    /// in one delivery, and the first upload goes well within 30 seconds.
    static let uploadGatherSeconds = 1.0

    /// The cursor name of an upload: its service and station id, so that
    /// reordering the tables moves no position, while another id starts afresh.
    public static func uploadCursorName(_ upload: GatewayConfiguration.Upload) -> String {
        "upload \(upload.service.rawValue) \(upload.id)"
    }

    /// Whether `serial` is a device of the `number`th (1-based) station: one
    /// it lists, or for the first station, one no station lists.
    static func stationDevice(number: Int, stations: [GatewayConfiguration.Station]) -> @Sendable (String) -> Bool {
        guard stations.indices.contains(number - 1) else { return { _ in false } }
        let listed = Set(stations[number - 1].serials)
        let listedElsewhere = Set(stations.flatMap(\.serials)).subtracting(listed)
        if number == 1 { return { serial in listed.contains(serial) || (!listedElsewhere.contains(serial) && listed.isEmpty) } }
        return { serial in listed.contains(serial) }
    }

    /// The destination of the `number`th (1-based) `[[upload]]` table, its key read now.
    ///
    /// - Throws: `GatewayError.uploadUnavailable` naming the key to fix: a
    ///   key that cannot be read or is missing, a position the service needs.
    public static func makeUploadMember(
        _ upload: GatewayConfiguration.Upload, number: Int, settings: GatewayConfiguration, zone: TimeZoneRules, inbox: StoreInbox,
        databasePath: String, corrector: ObservationCorrector, logger: Logger
    ) throws -> UploadMember {
        let label = "upload[\(number)]"
        var key: Secret?
        if let source = upload.keySource {
            do {
                key = try source.load()
            } catch {
                throw GatewayError.uploadUnavailable(keys: "\(label).key_file", "\(error)")
            }
        } else if upload.service.needsKey {
            throw GatewayError.uploadUnavailable(
                keys: "\(label).key_file",
                "\(upload.service.displayName) needs the station's key: give \(label).key_file, $\(upload.service.keyEnvironmentVariable) "
                    + "or the systemd credential \(upload.service.keyCredential)")
        }
        let site = settings.stations[min(max(upload.station, 1), settings.stations.count) - 1]
        let station = UploadStation(
            latitudeDegrees: site.latitude, longitudeDegrees: site.longitude, elevationMeters: site.elevation,
            sensorHeightMeters: site.sensorHeight, name: site.stationID.map { "Tempest station \($0)" } ?? "Tempest station \(upload.station)")
        if upload.service.needsPosition, station.latitudeDegrees == nil || station.longitudeDegrees == nil {
            throw GatewayError.uploadUnavailable(
                keys: "station.latitude, station.longitude",
                "\(upload.service.displayName) (\(label)) needs the station's position: set latitude and longitude in its [station] table")
        }
        // The station's day, as its daily totals keep it.
        let stationZone = StationZones(settings.stations, first: zone).stations[min(max(upload.station, 1), settings.stations.count) - 1]
        let service: any UploadProtocol
        do {
            service = try makeUploadProtocol(upload, key: key, station: station)
        } catch {
            throw GatewayError.uploadUnavailable(keys: label, "\(error)")
        }
        let destination = UploadDestination(
            name: "upload \(number)", service: service,
            readings: StationReadings(
                station: station, zone: stationZone, corrector: corrector,
                nearCastRainStandsIn: settings.weatherFlow.mode.hasOnlyNearCastRain, isStationDevice: stationDevice(number: upload.station, stations: settings.stations)),
            intervalSeconds: upload.intervalSeconds, isRealTime: upload.isRealTime, logger: logger)
        let sink = CursorSink(
            name: "upload \(number)", cursorName: uploadCursorName(upload), inbox: inbox, databasePath: databasePath,
            destination: destination, batchSize: 500, gatherSeconds: uploadGatherSeconds, logger: logger)
        // What a reload compares: the table, the station's site and zone, and the key (by its hash: never kept in text).
        let fingerprint = "\(upload) \(station) \(stationZone.identifier) \(key?.hashValue ?? 0)"
        return UploadMember(number: number, table: upload, fingerprint: fingerprint, sink: sink, destination: destination)
    }

    /// The destinations of every enabled `[[upload]]` table of `settings`.
    static func makeUploadMembers(
        _ settings: GatewayConfiguration, zone: TimeZoneRules, inbox: StoreInbox, databasePath: String, corrector: ObservationCorrector,
        logger: Logger
    ) throws -> [UploadMember] {
        try settings.uploads.enumerated().compactMap { index, upload in
            guard upload.enabled else { return nil }
            return try makeUploadMember(
                upload, number: index + 1, settings: settings, zone: zone, inbox: inbox, databasePath: databasePath, corrector: corrector,
                logger: logger)
        }
    }

    /// The destinations of a reloaded configuration: each enabled table's,
    /// except where one cannot be made (a key that cannot be read), where
    /// the running destination of that number stays, and the reason is
    /// given in `failed`.
    static func reloadedUploadMembers(
        _ settings: GatewayConfiguration, running: [UploadMember], zone: TimeZoneRules, inbox: StoreInbox, databasePath: String,
        corrector: ObservationCorrector, logger: Logger
    ) -> (members: [UploadMember], failed: [String]) {
        var members: [UploadMember] = []
        var failed: [String] = []
        for (index, upload) in settings.uploads.enumerated() where upload.enabled {
            do {
                members.append(
                    try makeUploadMember(
                        upload, number: index + 1, settings: settings, zone: zone, inbox: inbox, databasePath: databasePath,
                        corrector: corrector, logger: logger))
            } catch {
                let current = running.first { $0.number == index + 1 }
                failed.append("upload \(index + 1) \(current == nil ? "stays off" : "stays as it was"): \(error)")
                if let current { members.append(current) }
            }
        }
        return (members, failed)
    }

    /// The upload group of the run, nil without an enabled `[[upload]]` table.
    func makeUploads(inbox: StoreInbox, corrector: ObservationCorrector) throws -> UploadGroup? {
        guard settings.uploads.contains(where: \.enabled) else { return nil }
        let logger = Logger(label: "tempest.upload")
        let members = try Self.makeUploadMembers(
            settings, zone: zone, inbox: inbox, databasePath: databasePath, corrector: corrector, logger: logger)
        return UploadGroup(members: members, inbox: inbox, logger: logger)
    }
}

extension UploadService {
    /// Whether the service needs the station's position (CWOP's report
    /// carries it; OpenWeatherMap registers the station with it).
    var needsPosition: Bool { self == .cwop || self == .openweathermap }
}

extension UploadMember {
    /// Where the destination stands now.
    public var status: UploadStatus {
        UploadStatus(
            number: number, service: table.service.rawValue, serviceName: table.service.displayName, stationID: table.id,
            station: table.station, intervalSeconds: table.intervalSeconds, sink: sink.status, lastUploadAt: destination.lastUploadAt,
            lastReadingTime: destination.lastReadingTime, lastError: destination.lastError ?? sink.status.lastError,
            outcomes: Dictionary(uniqueKeysWithValues: destination.outcomes.map { ($0.key.rawValue, $0.value) }))
    }
}
