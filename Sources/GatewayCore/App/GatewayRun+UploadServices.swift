// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import HTTP
import Pipeline
import SystemSupport
import WeatherUploads

extension GatewayRun {
    /// The protocol of an `[[upload]]` table's service, with its key (nil
    /// only for CWOP without a ham passcode), its endpoint, and a kept-alive
    /// connection of its own.
    ///
    /// - Throws: `APRSWeatherReportError` for a CWOP table that cannot
    ///   work (no position, a callsign or server that does not read).
    static func makeUploadProtocol(_ upload: GatewayConfiguration.Upload, key: Secret?, station: UploadStation) throws -> any UploadProtocol {
        let client = HTTPClient(reusesConnection: true)
        let key = key ?? Secret("")
        switch upload.service {
        case .wunderground:
            return WundergroundProtocol(
                service: .wunderground, client: client, stationID: upload.id, key: key, url: upload.url,
                realTimeIntervalSeconds: upload.isRealTime ? Double(upload.intervalSeconds) : nil)
        case .pwsweather:
            return WundergroundProtocol(service: .pwsweather, client: client, stationID: upload.id, key: key, url: upload.url)
        case .windy:
            return WindyProtocol(client: client, stationID: upload.id, password: key, url: upload.url)
        case .weathercloud:
            return WeathercloudProtocol(client: client, stationID: upload.id, key: key, url: upload.url)
        case .openweathermap:
            return OpenWeatherMapProtocol(client: client, stationID: upload.id, key: key, station: station, url: upload.url)
        case .wow:
            return MetOfficeWOWProtocol(client: client, siteID: upload.id, key: key, url: upload.url)
        case .cwop:
            // A CWOP id logs in with -1; a ham call with its passcode, the key.
            return try CWOPProtocol(callsign: upload.id, passcode: key.isEmpty ? nil : key, station: station, server: upload.server ?? CWOPProtocol.defaultServer)
        }
    }
}
