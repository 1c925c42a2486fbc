// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// Sunshine duration from global radiation, by the WMO's definition: the sun
/// shines while the direct beam is at least 120 W/m² (WMO, 2003). The
/// Tempest measures only global radiation, so whether the beam is that
/// strong is estimated the way the WMO's CIMO Guide (WMO-No. 8, part I,
/// chapter 8, "pyranometric method") allows: the Carpentras method of
/// Météo-France (Oliviéri), which compares the measured global irradiance G
/// with a clear-sky model of it, G₀ = 1080 · (sin h)^1.25 W/m² at solar
/// elevation h, and counts the minute as sunshine when
///
///     h > 3°  and  G ≥ F · G₀,  F = 0.7.
///
/// Below 3° the beam hardly reaches 120 W/m² even in a clear sky, and the
/// sensor's cosine error is large: no sunshine is counted. F is the
/// method's factor for a site with typical turbidity (the guide gives it as
/// the one constant a station may tune); Oliviéri's comparisons with a
/// pyrheliometer at Carpentras give daily sums within about 0.5 h.
///
/// Without the station's position there is no solar elevation: the older
/// rule counts a minute as sunshine when G itself is at least 120 W/m²
/// (`fallbackThresholdWattsPerSquareMeter`), which overcounts under bright
/// haze and undercounts with a low sun.
public enum SunshineDuration {
    /// The WMO threshold of the direct beam, W/m².
    public static let directBeamThresholdWattsPerSquareMeter = 120.0
    /// The clear-sky global irradiance at the zenith of the model, W/m².
    public static let clearSkyZenithWattsPerSquareMeter = 1_080.0
    /// The model's exponent of sin h.
    public static let clearSkyExponent = 1.25
    /// The fraction of the clear-sky global irradiance that counts as sunshine.
    public static let clearSkyFraction = 0.7
    /// The solar elevation below which no sunshine is counted, degrees.
    public static let minimumElevationDegrees = 3.0
    /// Without a position: global radiation at least this counts, W/m².
    public static let fallbackThresholdWattsPerSquareMeter = directBeamThresholdWattsPerSquareMeter

    /// The global irradiance at or above which the sun counts as shining at
    /// solar elevation `elevationDegrees`, W/m²; nil when the sun is too
    /// low for any sunshine.
    public static func thresholdWattsPerSquareMeter(elevationDegrees: Double) -> Double? {
        guard elevationDegrees > minimumElevationDegrees else { return nil }
        let sine = sin(elevationDegrees * .pi / 180)
        return clearSkyFraction * clearSkyZenithWattsPerSquareMeter * pow(sine, clearSkyExponent)
    }

    /// Whether the sun shone during the observation at `timestamp` (seconds
    /// since 1970 UTC) with global radiation `wattsPerSquareMeter`, at a
    /// station at `latitudeDegrees`, `longitudeDegrees` (both nil: the
    /// fallback rule).
    public static func isSunshine(
        wattsPerSquareMeter: Double, at timestamp: Int64, latitudeDegrees: Double?, longitudeDegrees: Double?
    ) -> Bool {
        guard let latitudeDegrees, let longitudeDegrees else {
            return wattsPerSquareMeter >= fallbackThresholdWattsPerSquareMeter
        }
        let elevation = SolarPosition.elevationDegrees(at: timestamp, latitudeDegrees: latitudeDegrees, longitudeDegrees: longitudeDegrees)
        guard let threshold = thresholdWattsPerSquareMeter(elevationDegrees: elevation) else { return false }
        return wattsPerSquareMeter >= threshold
    }
}
