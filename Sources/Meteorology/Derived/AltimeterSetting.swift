// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// The altimeter setting (QNH): station pressure reduced to sea level
/// through the standard atmosphere only, from pressure and elevation, with
/// no temperature. It is what ASOS/METAR stations report and what CWOP
/// asks for ("b" field), so a station is compared with its neighbours.
///
/// The formula is the NWS ASOS pressure algorithm (NWS Training Center,
/// "ASOS Pressure Algorithms", training.weather.gov/nwstc/DATAACQ/d.ALGOR/
/// d.PRES/PRESalgoProcessW8.html):
///
///     AS = [Pa^0.1903 + (1.313 × 10⁻⁵) × Ha]^5.255
///
/// with the field pressure Pa in inches of mercury and the elevation of the
/// pressure sensor Ha in feet. The Smithsonian Meteorological Tables'
/// hPa form (NWS wxcalc `altimeterSetting.pdf`, MetPy) subtracts 0.3 hPa
/// first and gives values about 0.4 hPa lower; ASOS's is the one the
/// network's neighbouring official stations use.
public enum AltimeterSetting {
    static let exponent = 0.1903
    static let inverseExponent = 5.255
    static let coefficientPerFoot = 1.313e-5
    /// Feet per metre, exactly (the international foot is 0.3048 m).
    static let metersPerFoot = 0.3048

    /// The altimeter setting, hPa, from the station pressure (hPa) and the
    /// pressure sensor's elevation above sea level (m: the ground's
    /// elevation plus the sensor's height above it); nil when either is
    /// unknown or the pressure is not positive.
    public static func hectopascals(stationPressureHectopascals: Double?, sensorElevationMeters: Double?) -> Double? {
        guard let station = stationPressureHectopascals, let elevation = sensorElevationMeters, station > 0 else { return nil }
        let pressureInchesOfMercury = Pressure(hectopascals: station).inchesOfMercury
        let elevationFeet = elevation / metersPerFoot
        let setting = pow(pow(pressureInchesOfMercury, exponent) + coefficientPerFoot * elevationFeet, inverseExponent)
        guard setting.isFinite else { return nil }
        return Pressure(inchesOfMercury: setting).hectopascals
    }
}
