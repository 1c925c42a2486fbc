// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors


/// A row the WeatherFlow cloud sends with both kinds of rain: the haptic
/// gauge's raw rain (`rain_accumulated`, `local_day_rain_accumulation`) and
/// the NearCast-corrected rain (`nc_rain_accumulation`,
/// `local_day_nc_rain_accumulation`), with the precipitation analysis type
/// that says whether NearCast was applied (spec 4.2; obs_st indices 12, 18,
/// 19, 20 and 21, obs_sky 3, 11, 14, 15 and 16).
///
/// The two kinds must never be added together, so each is kept in its own
/// field: see ``moveRainToNearCastWhenAnalysed()`` for the WebSocket's rows.
public protocol CloudRainRow {
    /// Rain in the interval as the row calls it (raw over UDP and REST), mm.
    var rainAccumulatedMillimeters: Double? { get set }
    /// Rain since local midnight as the row calls it, mm.
    var localDayRainAccumulationMillimeters: Double? { get set }
    /// NearCast-corrected rain in the interval, mm.
    var nearCastRainAccumulationMillimeters: Double? { get set }
    /// NearCast-corrected rain since local midnight, mm.
    var localDayNearCastRainAccumulationMillimeters: Double? { get set }
    /// 0 no analysis, 1 NearCast shown to the user, 2 NearCast not shown.
    var precipitationAnalysisType: Int64? { get }
}

extension CloudRainRow {
    /// Whether WeatherFlow analysed this row's rain with NearCast (analysis
    /// type 1 or 2, whether or not the user chose to see it).
    public var isNearCastAnalysed: Bool {
        precipitationAnalysisType == 1 || precipitationAnalysisType == 2
    }

    /// For a WebSocket row: moves the rain the row calls raw into the
    /// NearCast fields when NearCast analysed it, leaving raw rain unknown.
    ///
    /// Why: since mid-2025 the WebSocket's `obs_st` carries NearCast values
    /// in its rain fields, not the gauge's (reported by the maintainer of
    /// WeatherFlow_PiConsole, peted-davis/WeatherFlow_PiConsole#156; not
    /// stated by WeatherFlow's API pages, which describe index 12 only as
    /// "rain accumulation during the reporting interval"). A row without
    /// analysis (type 0 or none: a station outside NearCast's coverage) has
    /// nothing corrected, so its rain is the gauge's and stays raw. The
    /// cloud's own NearCast fields win when it sends them.
    public mutating func moveRainToNearCastWhenAnalysed() {
        guard isNearCastAnalysed else { return }
        nearCastRainAccumulationMillimeters = nearCastRainAccumulationMillimeters ?? rainAccumulatedMillimeters
        localDayNearCastRainAccumulationMillimeters =
            localDayNearCastRainAccumulationMillimeters ?? localDayRainAccumulationMillimeters
        rainAccumulatedMillimeters = nil
        localDayRainAccumulationMillimeters = nil
    }

    /// For what a gateway without any gauge rain shows (mode `websocket`):
    /// NearCast rain standing in where the gauge's is unknown, so "rain last
    /// minute" and "rain today" are the cloud's figures, named as such,
    /// rather than an empty gauge. Never applied to what is stored.
    public mutating func letNearCastRainStandIn() {
        rainAccumulatedMillimeters = rainAccumulatedMillimeters ?? nearCastRainAccumulationMillimeters
        localDayRainAccumulationMillimeters = localDayRainAccumulationMillimeters ?? localDayNearCastRainAccumulationMillimeters
    }
}

extension TempestObservation.Row: CloudRainRow {}
extension SkyObservation.Row: CloudRainRow {}
