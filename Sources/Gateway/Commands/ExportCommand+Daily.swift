// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage

extension ExportCommand {
    /// The columns of `--table daily_summaries`, in order.
    static let dailySummaryColumns = [
        "serial_number", "local_date", "rain", "rain_minutes", "air_temperature_min", "air_temperature_max", "wind_gust_max",
        "relative_humidity_min", "relative_humidity_max", "wind_avg_mean", "solar_energy", "sunshine_minutes", "chill_hours",
        "reference_evapotranspiration", "growing_degree_days",
    ]

    /// Each device's daily summaries dated `first` to `last` (station-local
    /// dates), in the protocol's units (solar energy in MJ/m²); degree days
    /// over the configuration's `agronomy.base_temperature_c`.
    func exportDailySummaries(_ store: Store, from first: LocalDate, to last: LocalDate, into output: inout ExportWriter) throws {
        let baseCelsius = try configOptions.preferences().agronomy.baseTemperatureCelsius
        func number(_ value: Double?) -> ExportWriter.Value { value.map { .number($0) } ?? .null }
        func integer(_ value: Int?) -> ExportWriter.Value { value.map { .integer(Int64($0)) } ?? .null }
        for serial in try StoreAccess.observationSerials(store, only: device) {
            try store.forEachDailySummary(serial: serial) { record in
                guard let date = LocalDate(record.localDate), date >= first, date <= last else { return }
                let growers = record.growers
                let values: [ExportWriter.Value] = [
                    .text(record.serial), .text(record.localDate), .number(record.rainMillimeters), .integer(Int64(record.rainMinutes)),
                    number(record.minimumTemperatureCelsius), number(record.maximumTemperatureCelsius), number(record.maximumGustMetersPerSecond),
                    number(growers.minimumHumidityPercent), number(growers.maximumHumidityPercent), number(growers.meanWindMetersPerSecond),
                    number(growers.solarEnergyMegajoulesPerSquareMeter), integer(growers.sunshineMinutes),
                    number(growers.chillMinutes.map { Double($0) / 60 }), number(growers.referenceEvapotranspirationMillimeters),
                    number(DailySummaryFormat.degreeDays(record, baseCelsius: baseCelsius)),
                ]
                output.row(format, Array(zip(Self.dailySummaryColumns, values)))
            }
        }
    }
}
