// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What the growers' daily figures need of a day (humidity extremes, mean
/// wind, solar energy, sunshine and chill minutes), and the figures.
extension DayTotals {
    /// Minutes of a day the solar radiation must cover for the day's energy
    /// (and so its ET₀) to count: 90 % of 24 hours.
    public static let completeDayMinutes = 1_296

    /// Mean of the observations' average wind, m/s.
    public var meanWindMetersPerSecond: Double? {
        windObservationCount > 0 ? Double(windSumMillimetersPerSecond) / 1_000 / Double(windObservationCount) : nil
    }

    /// Global solar radiation received, MJ/m².
    public var solarEnergyMegajoulesPerSquareMeter: Double { Double(solarEnergyJoulesPerSquareMeter) / 1_000_000 }

    /// Hours the air temperature was within `ChillHours.range`.
    public var chillHours: Double { Double(chillMinutes) / 60 }

    /// Growing degree days over `baseCelsius` (averaging method), nil without
    /// the day's lowest and highest temperature.
    public func growingDegreeDays(baseCelsius: Double) -> Double? {
        guard let minimum = minimumTemperature?.value, let maximum = maximumTemperature?.value else { return nil }
        return GrowingDegreeDays.degreeDays(minimumCelsius: minimum, maximumCelsius: maximum, baseCelsius: baseCelsius)
    }

    /// ET₀ of the day by FAO-56 Penman–Monteith at `site`, mm; nil unless
    /// the day is complete (solar radiation over `completeDayMinutes`) and
    /// it has temperature, humidity and wind, and the site a latitude and
    /// an elevation.
    public func referenceEvapotranspirationMillimeters(site: StationSite) -> Double? {
        guard solarRadiationMinutes >= Self.completeDayMinutes, let latitude = site.latitudeDegrees, let elevation = site.elevationMeters,
            let minimumTemperature, let maximumTemperature, let minimumHumidityPercent, let maximumHumidityPercent,
            let wind = meanWindMetersPerSecond, let startOfYear = LocalDate(year: date.year, month: 1, day: 1)
        else { return nil }
        return ReferenceEvapotranspiration.millimetersPerDay(
            ReferenceEvapotranspiration.DayInputs(
                minimumTemperatureCelsius: minimumTemperature.value, maximumTemperatureCelsius: maximumTemperature.value,
                minimumHumidityPercent: minimumHumidityPercent, maximumHumidityPercent: maximumHumidityPercent,
                meanWindMetersPerSecond: wind, windSensorHeightMeters: site.sensorHeightMeters,
                solarRadiationMegajoulesPerSquareMeter: solarEnergyMegajoulesPerSquareMeter, elevationMeters: elevation,
                latitudeDegrees: latitude, dayOfYear: Int(date.daysSince1970 - startOfYear.daysSince1970) + 1))
    }

    /// Counts what the growers' figures need of `sample`.
    mutating func addGrowersInputs(_ sample: ObservationSample, site: StationSite) {
        let minutes = Int(max(1, sample.reportIntervalMinutes ?? 1))
        if let humidity = sample.relativeHumidityPercent {
            minimumHumidityPercent = min(minimumHumidityPercent ?? humidity, humidity)
            maximumHumidityPercent = max(maximumHumidityPercent ?? humidity, humidity)
        }
        if let wind = sample.windAverageMetersPerSecond, let millimeters = Int64(exactly: (wind * 1_000).rounded()) {
            windSumMillimetersPerSecond += millimeters
            windObservationCount += 1
        }
        if let radiation = sample.solarRadiationWattsPerSquareMeter, radiation >= 0,
            let joules = Int64(exactly: (radiation * Double(minutes * 60)).rounded())
        {
            solarEnergyJoulesPerSquareMeter += joules
            solarRadiationMinutes += minutes
            if SunshineDuration.isSunshine(
                wattsPerSquareMeter: radiation, at: sample.timestamp, latitudeDegrees: site.latitudeDegrees,
                longitudeDegrees: site.longitudeDegrees)
            {
                sunshineMinutes += minutes
            }
        }
        if let temperature = sample.airTemperatureCelsius, ChillHours.range.contains(temperature) {
            chillMinutes += minutes
        }
    }
}
