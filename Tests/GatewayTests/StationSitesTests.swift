// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Meteorology
import Testing

@testable import CloudFollowing
@testable import Forecasting
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// Sea-level pressure takes the facts of the station a device belongs to.
@Suite("station sites: each device's elevation and sensor height")
struct StationSitesTests {
    @Test("a device takes its station's elevation and sensor height; an unlisted one the first station's; a station without elevation none")
    func perStation() throws {
        let loaded = ConfigurationLoader.resolve(
            fileText: """
                [[station]]
                elevation = 100
                sensor_height = 2
                serials = ["ST-00000001"]
                [[station]]
                elevation = 1400
                serials = ["AR-00000002"]
                [[station]]
                serials = ["SK-00000003"]
                """, path: nil, environment: [:])
        let sites = StationSites(try loaded.validConfiguration().stations)
        #expect(sites.site(for: "ST-00000001") == DerivedObservation.Site(elevationMeters: 100, sensorHeightAboveGroundMeters: 2))
        #expect(sites.site(for: "AR-00000002") == DerivedObservation.Site(elevationMeters: 1400, sensorHeightAboveGroundMeters: 0))
        #expect(sites.site(for: "SK-00000003") == nil)
        #expect(sites.site(for: "ST-00000009") == DerivedObservation.Site(elevationMeters: 100, sensorHeightAboveGroundMeters: 2))
        // Derived sea-level pressure differs by station for the same reading.
        var inputs = DerivedObservation.Inputs()
        inputs.airTemperatureCelsius = 10
        inputs.stationPressureMillibars = 900
        let low = DerivedObservation(inputs, site: sites.site(for: "ST-00000001")).seaLevelPressureMillibars
        let high = DerivedObservation(inputs, site: sites.site(for: "AR-00000002")).seaLevelPressureMillibars
        #expect(low != nil && high != nil && (high ?? 0) > (low ?? 0) + 100)
    }
}
