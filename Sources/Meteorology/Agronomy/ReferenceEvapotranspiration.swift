// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// Reference evapotranspiration ET₀ of a day by the FAO-56 Penman–Monteith
/// method (Allen, Pereira, Raes and Smith, "Crop evapotranspiration", FAO
/// Irrigation and Drainage Paper 56, 1998: equations 6 to 48, chapter 3),
/// from a station's own day: minimum and maximum temperature, minimum and
/// maximum relative humidity, mean wind, measured solar radiation, the
/// site's elevation and latitude. The soil heat flux of a day is taken as 0
/// (equation 42). Every step is a function of its own, so that each can be
/// checked against the paper's worked examples.
public enum ReferenceEvapotranspiration {
    /// What a day gives the method.
    public struct DayInputs: Sendable, Equatable {
        /// Lowest and highest air temperature of the day, °C.
        public var minimumTemperatureCelsius: Double
        public var maximumTemperatureCelsius: Double
        /// Lowest and highest relative humidity of the day, %.
        public var minimumHumidityPercent: Double
        public var maximumHumidityPercent: Double
        /// Mean wind speed of the day at the sensor, m/s.
        public var meanWindMetersPerSecond: Double
        /// The sensor's height above the ground, m (the wind is brought to 2 m).
        public var windSensorHeightMeters: Double
        /// Global solar radiation of the day, MJ/m² (mean W/m² × 0.0864).
        public var solarRadiationMegajoulesPerSquareMeter: Double
        /// The site's elevation above sea level, m.
        public var elevationMeters: Double
        /// The site's latitude, degrees north (negative south).
        public var latitudeDegrees: Double
        /// The day of the year, 1 to 366.
        public var dayOfYear: Int

        /// Makes one.
        public init(
            minimumTemperatureCelsius: Double, maximumTemperatureCelsius: Double, minimumHumidityPercent: Double,
            maximumHumidityPercent: Double, meanWindMetersPerSecond: Double, windSensorHeightMeters: Double,
            solarRadiationMegajoulesPerSquareMeter: Double, elevationMeters: Double, latitudeDegrees: Double, dayOfYear: Int
        ) {
            self.minimumTemperatureCelsius = minimumTemperatureCelsius
            self.maximumTemperatureCelsius = maximumTemperatureCelsius
            self.minimumHumidityPercent = minimumHumidityPercent
            self.maximumHumidityPercent = maximumHumidityPercent
            self.meanWindMetersPerSecond = meanWindMetersPerSecond
            self.windSensorHeightMeters = windSensorHeightMeters
            self.solarRadiationMegajoulesPerSquareMeter = solarRadiationMegajoulesPerSquareMeter
            self.elevationMeters = elevationMeters
            self.latitudeDegrees = latitudeDegrees
            self.dayOfYear = dayOfYear
        }
    }

    /// ET₀ of the day, mm (equation 6), never below 0.
    public static func millimetersPerDay(_ day: DayInputs) -> Double {
        let meanTemperature = (day.minimumTemperatureCelsius + day.maximumTemperatureCelsius) / 2
        let slope = saturationSlopeKilopascalsPerDegree(meanTemperature)
        let gamma = psychrometricConstantKilopascalsPerDegree(elevationMeters: day.elevationMeters)
        let saturation = meanSaturationVaporPressureKilopascals(
            minimumCelsius: day.minimumTemperatureCelsius, maximumCelsius: day.maximumTemperatureCelsius)
        let actual = actualVaporPressureKilopascals(
            minimumCelsius: day.minimumTemperatureCelsius, maximumCelsius: day.maximumTemperatureCelsius,
            minimumHumidityPercent: day.minimumHumidityPercent, maximumHumidityPercent: day.maximumHumidityPercent)
        let wind = windAtTwoMeters(day.meanWindMetersPerSecond, measuredAtMeters: day.windSensorHeightMeters)
        let net = netRadiationMegajoulesPerSquareMeter(
            solarMegajoules: day.solarRadiationMegajoulesPerSquareMeter, clearSkyMegajoules: clearSkyRadiationMegajoulesPerSquareMeter(
                extraterrestrialMegajoules: extraterrestrialRadiationMegajoulesPerSquareMeter(latitudeDegrees: day.latitudeDegrees, dayOfYear: day.dayOfYear),
                elevationMeters: day.elevationMeters),
            minimumCelsius: day.minimumTemperatureCelsius, maximumCelsius: day.maximumTemperatureCelsius, actualVaporPressureKilopascals: actual)
        let numerator = 0.408 * slope * net + gamma * (900 / (meanTemperature + 273)) * wind * (saturation - actual)
        return max(0, numerator / (slope + gamma * (1 + 0.34 * wind)))
    }

    /// Saturation vapour pressure e°(T), kPa (equation 11).
    public static func saturationVaporPressureKilopascals(_ celsius: Double) -> Double {
        0.6108 * exp(17.27 * celsius / (celsius + 237.3))
    }

    /// Slope of the saturation vapour pressure curve Δ at `celsius`, kPa/°C (equation 13).
    public static func saturationSlopeKilopascalsPerDegree(_ celsius: Double) -> Double {
        4098 * saturationVaporPressureKilopascals(celsius) / ((celsius + 237.3) * (celsius + 237.3))
    }

    /// The psychrometric constant γ at `elevationMeters`, kPa/°C (equations 7 and 8).
    public static func psychrometricConstantKilopascalsPerDegree(elevationMeters: Double) -> Double {
        0.000665 * atmosphericPressureKilopascals(elevationMeters: elevationMeters)
    }

    /// The standard atmosphere's pressure at `elevationMeters`, kPa (equation 7).
    public static func atmosphericPressureKilopascals(elevationMeters: Double) -> Double {
        101.3 * pow((293 - 0.0065 * elevationMeters) / 293, 5.26)
    }

    /// Mean saturation vapour pressure of a day eₛ, kPa (equation 12).
    public static func meanSaturationVaporPressureKilopascals(minimumCelsius: Double, maximumCelsius: Double) -> Double {
        (saturationVaporPressureKilopascals(minimumCelsius) + saturationVaporPressureKilopascals(maximumCelsius)) / 2
    }

    /// Actual vapour pressure eₐ from the day's humidity extremes, kPa (equation 17).
    public static func actualVaporPressureKilopascals(
        minimumCelsius: Double, maximumCelsius: Double, minimumHumidityPercent: Double, maximumHumidityPercent: Double
    ) -> Double {
        (saturationVaporPressureKilopascals(minimumCelsius) * maximumHumidityPercent / 100
            + saturationVaporPressureKilopascals(maximumCelsius) * minimumHumidityPercent / 100) / 2
    }

    /// Wind at 2 m from wind measured at `measuredAtMeters` above the ground (equation 47).
    public static func windAtTwoMeters(_ metersPerSecond: Double, measuredAtMeters height: Double) -> Double {
        guard height > 0.1 else { return metersPerSecond }
        return metersPerSecond * 4.87 / log(67.8 * height - 5.42)
    }

    /// Extraterrestrial radiation of a day Rₐ, MJ/m² (equations 21 to 25).
    public static func extraterrestrialRadiationMegajoulesPerSquareMeter(latitudeDegrees: Double, dayOfYear: Int) -> Double {
        let latitude = latitudeDegrees * .pi / 180
        let angle = 2 * Double.pi * Double(dayOfYear) / 365
        let inverseDistance = 1 + 0.033 * cos(angle)
        let declination = 0.409 * sin(angle - 1.39)
        // Polar day and night: the sunset hour angle is π or 0.
        let sunsetAngle = acos(min(1, max(-1, -tan(latitude) * tan(declination))))
        let solarConstant = 0.0820
        return 24 * 60 / Double.pi * solarConstant * inverseDistance
            * (sunsetAngle * sin(latitude) * sin(declination) + cos(latitude) * cos(declination) * sin(sunsetAngle))
    }

    /// Clear-sky solar radiation Rₛₒ, MJ/m² (equation 37).
    public static func clearSkyRadiationMegajoulesPerSquareMeter(extraterrestrialMegajoules: Double, elevationMeters: Double) -> Double {
        (0.75 + 2e-5 * elevationMeters) * extraterrestrialMegajoules
    }

    /// Net radiation Rₙ of a day, MJ/m² (equations 38 to 40), for grass (albedo 0.23).
    public static func netRadiationMegajoulesPerSquareMeter(
        solarMegajoules: Double, clearSkyMegajoules: Double, minimumCelsius: Double, maximumCelsius: Double,
        actualVaporPressureKilopascals: Double
    ) -> Double {
        let netShortwave = (1 - 0.23) * solarMegajoules
        let stefanBoltzmann = 4.903e-9
        let minimumKelvin = minimumCelsius + 273.16
        let maximumKelvin = maximumCelsius + 273.16
        let emission = stefanBoltzmann * (pow(maximumKelvin, 4) + pow(minimumKelvin, 4)) / 2
        // Rₛ/Rₛₒ is limited to 1 (equation 39's relative shortwave radiation).
        let relativeShortwave = clearSkyMegajoules > 0 ? min(1, solarMegajoules / clearSkyMegajoules) : 0.5
        let netLongwave = emission * (0.34 - 0.14 * sqrt(max(0, actualVaporPressureKilopascals))) * (1.35 * relativeShortwave - 0.35)
        return netShortwave - netLongwave
    }
}
