// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension GatewayConfiguration {
    /// One `[[upload]]` table: a weather network that receives the
    /// station's readings (`docs/uploads.md`).
    public struct Upload: Sendable, Equatable {
        /// `service`: the network.
        public var service: UploadService
        /// `station`: which station's readings, 1-based in file order.
        public var station: Int
        /// `id`: the network's station id (CWOP: the callsign).
        public var id: String
        /// `key_file`: a file holding the password or API key.
        public var keyFile: String?
        /// `interval_seconds`: seconds between uploads (the service's default when not given).
        public var intervalSeconds: Int
        /// `url`: the endpoint (nil: the service's own). Not for CWOP.
        public var url: String?
        /// `server`: CWOP's APRS-IS server as `host:port` (nil: the default).
        public var server: String?
        /// `enabled`: whether the destination is used.
        public var enabled: Bool

        init(_ values: ConfigurationValues) {
            service = values.string("upload.service").flatMap(UploadService.init(rawValue:)) ?? .wunderground
            station = values.required("upload.station", values.integer)
            id = values.string("upload.id") ?? ""
            keyFile = values.string("upload.key_file")
            intervalSeconds = values.integer("upload.interval_seconds") ?? service.defaultIntervalSeconds
            url = values.string("upload.url")
            server = values.string("upload.server")
            enabled = values.required("upload.enabled", values.boolean)
        }
    }
}

/// A weather network the gateway uploads to (`[[upload]] service`), with
/// the intervals its documentation gives (`docs/uploads.md` has the sources).
public enum UploadService: String, Sendable, CaseIterable {
    case wunderground, pwsweather, windy, weathercloud, openweathermap, wow, cwop

    /// Seconds between uploads when `interval_seconds` is not given.
    public var defaultIntervalSeconds: Int {
        switch self {
        case .wunderground, .pwsweather, .windy, .openweathermap, .wow: 300
        // Weathercloud's free accounts take one reading per 10 minutes;
        // CWOP prefers 10 minutes.
        case .weathercloud, .cwop: 600
        }
    }

    /// The fewest seconds between uploads the service allows.
    public var minimumIntervalSeconds: Int {
        switch self {
        // Weather Underground's RapidFire takes a reading every 2.5 s at most.
        case .wunderground: 3
        // Undocumented: a minute, a station's own pace.
        case .pwsweather, .openweathermap: 60
        // Weathercloud's paid accounts take one a minute.
        case .weathercloud: 60
        // Windy: "update interval is 5 minutes"; WOW recommends at least 5
        // minutes; CWOP: "not faster than one data packet every 5 minutes".
        case .windy, .wow, .cwop: 300
        }
    }

    /// The environment variable holding its key: `TEMPEST_UPLOAD_<SERVICE>_KEY`.
    public var keyEnvironmentVariable: String { "TEMPEST_UPLOAD_\(rawValue.uppercased())_KEY" }

    /// The systemd credential holding its key: `upload-<service>`.
    public var keyCredential: String { "upload-\(rawValue)" }

    /// Whether it needs a key (CWOP does not, unless a ham call's passcode).
    public var needsKey: Bool { self != .cwop }

    /// Its name as people know it.
    public var displayName: String {
        switch self {
        case .wunderground: "Weather Underground"
        case .pwsweather: "PWSweather"
        case .windy: "Windy"
        case .weathercloud: "Weathercloud"
        case .openweathermap: "OpenWeatherMap"
        case .wow: "Met Office WOW"
        case .cwop: "CWOP"
        }
    }
}
