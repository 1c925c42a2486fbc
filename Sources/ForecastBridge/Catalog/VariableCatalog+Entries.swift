// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension VariableCatalog {
    private static let currentHourly: Set<ForecastResolution> = [.current, .hourly]
    private static let currentHourly15: Set<ForecastResolution> = [.current, .hourly, .minutely15]
    private static let daily: Set<ForecastResolution> = [.daily]

    private static func hourly(
        _ name: String, _ category: ForecastCategory, _ unit: ForecastUnit, _ explanation: String,
        fifteenMinute: Bool = false, isDefault: Bool = false
    ) -> ForecastVariable {
        ForecastVariable(
            name, category, unit, explanation,
            resolutions: fifteenMinute ? currentHourly15 : currentHourly,
            defaultResolutions: isDefault ? currentHourly : [])
    }

    private static func day(
        _ name: String, _ category: ForecastCategory, _ unit: ForecastUnit, _ explanation: String, isDefault: Bool = false
    ) -> ForecastVariable {
        ForecastVariable(name, category, unit, explanation, resolutions: daily, defaultResolutions: isDefault ? daily : [])
    }

    static let entries: [ForecastVariable] = temperature + humidity + wind + precipitation + pressure + clouds + solar + soil + atmosphere

    private static let temperature: [ForecastVariable] = [
        hourly("temperature_2m", .temperature, .celsius, "Air temperature 2 metres above the ground.", fifteenMinute: true, isDefault: true),
        hourly("apparent_temperature", .temperature, .celsius,
               "How warm or cold it feels, from temperature, wind, humidity and sunshine.", fifteenMinute: true, isDefault: true),
        hourly("wet_bulb_temperature_2m", .temperature, .celsius,
               "The temperature evaporating water would cool the air to, 2 metres above the ground."),
        hourly("temperature_80m", .temperature, .celsius, "Air temperature 80 metres above the ground."),
        hourly("temperature_120m", .temperature, .celsius, "Air temperature 120 metres above the ground."),
        hourly("temperature_180m", .temperature, .celsius, "Air temperature 180 metres above the ground."),
        day("temperature_2m_max", .temperature, .celsius, "The day's highest air temperature 2 metres above the ground.", isDefault: true),
        day("temperature_2m_min", .temperature, .celsius, "The day's lowest air temperature 2 metres above the ground.", isDefault: true),
        day("temperature_2m_mean", .temperature, .celsius, "The day's mean air temperature 2 metres above the ground."),
        day("apparent_temperature_max", .temperature, .celsius, "The day's highest felt temperature."),
        day("apparent_temperature_min", .temperature, .celsius, "The day's lowest felt temperature."),
    ]

    private static let humidity: [ForecastVariable] = [
        hourly("relative_humidity_2m", .humidity, .percent, "Relative humidity 2 metres above the ground.", fifteenMinute: true, isDefault: true),
        hourly("dew_point_2m", .humidity, .celsius, "The temperature at which the air would become saturated and dew form.",
               fifteenMinute: true, isDefault: true),
        hourly("vapour_pressure_deficit", .humidity, .kilopascals,
               "How far the air is from saturation; high values dry out plants and soil."),
        day("relative_humidity_2m_mean", .humidity, .percent, "The day's mean relative humidity."),
        day("relative_humidity_2m_max", .humidity, .percent, "The day's highest relative humidity."),
        day("relative_humidity_2m_min", .humidity, .percent, "The day's lowest relative humidity."),
        day("dew_point_2m_mean", .humidity, .celsius, "The day's mean dew point."),
    ]

    private static let wind: [ForecastVariable] = [
        hourly("wind_speed_10m", .wind, .metresPerSecond, "Wind speed 10 metres above the ground.", fifteenMinute: true, isDefault: true),
        hourly("wind_direction_10m", .wind, .degrees, "Direction the wind blows from, 10 metres above the ground.",
               fifteenMinute: true, isDefault: true),
        hourly("wind_gusts_10m", .wind, .metresPerSecond, "Strongest gust in the preceding interval, 10 metres above the ground.",
               fifteenMinute: true, isDefault: true),
        hourly("wind_speed_80m", .wind, .metresPerSecond, "Wind speed 80 metres above the ground.", fifteenMinute: true),
        hourly("wind_direction_80m", .wind, .degrees, "Direction the wind blows from, 80 metres above the ground.", fifteenMinute: true),
        hourly("wind_speed_120m", .wind, .metresPerSecond, "Wind speed 120 metres above the ground."),
        hourly("wind_direction_120m", .wind, .degrees, "Direction the wind blows from, 120 metres above the ground."),
        hourly("wind_speed_180m", .wind, .metresPerSecond, "Wind speed 180 metres above the ground."),
        hourly("wind_direction_180m", .wind, .degrees, "Direction the wind blows from, 180 metres above the ground."),
        day("wind_speed_10m_max", .wind, .metresPerSecond, "The day's highest wind speed 10 metres above the ground."),
        day("wind_gusts_10m_max", .wind, .metresPerSecond, "The day's strongest gust 10 metres above the ground."),
        day("wind_direction_10m_dominant", .wind, .degrees, "The direction the wind blew from most of the day."),
        day("wind_speed_10m_mean", .wind, .metresPerSecond, "The day's mean wind speed 10 metres above the ground."),
    ]

    private static let precipitation: [ForecastVariable] = [
        hourly("precipitation", .precipitation, .millimetres,
               "Rain, showers and melted snow together in the preceding interval.", fifteenMinute: true, isDefault: true),
        hourly("precipitation_probability", .precipitation, .percent,
               "Chance of more than 0.1 millimetres of precipitation in the preceding hour, from ensemble models.", isDefault: true),
        hourly("rain", .precipitation, .millimetres, "Rain from large-scale weather systems in the preceding interval.", fifteenMinute: true),
        hourly("showers", .precipitation, .millimetres, "Rain from convective showers in the preceding interval."),
        hourly("snowfall", .precipitation, .centimetres, "Fresh snow in the preceding interval.", fifteenMinute: true),
        hourly("snow_depth", .precipitation, .metres, "Depth of the snow lying on the ground."),
        ForecastVariable("snowfall_height", .precipitation, .metres, "The height above sea level below which snow turns to rain.",
                         resolutions: [.minutely15]),
        day("precipitation_sum", .precipitation, .millimetres, "The day's total of rain, showers and melted snow.", isDefault: true),
        day("precipitation_probability_max", .precipitation, .percent, "The day's highest hourly chance of precipitation.", isDefault: true),
        day("precipitation_probability_mean", .precipitation, .percent, "The day's mean hourly chance of precipitation."),
        day("precipitation_hours", .precipitation, .hours, "Hours of the day with precipitation."),
        day("rain_sum", .precipitation, .millimetres, "The day's total of large-scale rain."),
        day("showers_sum", .precipitation, .millimetres, "The day's total of shower rain."),
        day("snowfall_sum", .precipitation, .centimetres, "The day's total of fresh snow."),
    ]

    private static let pressure: [ForecastVariable] = [
        hourly("pressure_msl", .pressure, .hectopascals, "Air pressure reduced to mean sea level.", isDefault: true),
        hourly("surface_pressure", .pressure, .hectopascals, "Air pressure at the ground, at the location's elevation."),
        day("pressure_msl_mean", .pressure, .hectopascals, "The day's mean sea-level pressure."),
        day("surface_pressure_mean", .pressure, .hectopascals, "The day's mean pressure at the ground."),
    ]

    private static let clouds: [ForecastVariable] = [
        hourly("cloud_cover", .clouds, .percent, "Share of the sky covered by cloud at any height.", isDefault: true),
        hourly("cloud_cover_low", .clouds, .percent, "Share of the sky covered by low cloud and fog, up to about 3 kilometres."),
        hourly("cloud_cover_mid", .clouds, .percent, "Share of the sky covered by cloud between about 3 and 8 kilometres."),
        hourly("cloud_cover_high", .clouds, .percent, "Share of the sky covered by high cloud above about 8 kilometres."),
        day("cloud_cover_mean", .clouds, .percent, "The day's mean share of the sky covered by cloud."),
    ]

    private static let solar: [ForecastVariable] = [
        hourly("is_day", .solar, .flag, "Whether the sun is up at the start of the interval.", fifteenMinute: true),
        hourly("uv_index", .solar, .index, "Strength of sunburn-causing ultraviolet light, taking clouds into account.", isDefault: true),
        hourly("uv_index_clear_sky", .solar, .index, "Ultraviolet index the sun would reach under a clear sky."),
        ForecastVariable("sunshine_duration", .solar, .seconds, "Time with direct sunshine in the interval or day.",
                         resolutions: [.current, .minutely15, .hourly, .daily], defaultResolutions: [.daily]),
        hourly("shortwave_radiation", .solar, .wattsPerSquareMetre,
               "Sunlight reaching a horizontal surface, direct and diffuse together (global horizontal irradiance).",
               fifteenMinute: true),
        hourly("direct_radiation", .solar, .wattsPerSquareMetre, "Direct sunlight reaching a horizontal surface.", fifteenMinute: true),
        hourly("diffuse_radiation", .solar, .wattsPerSquareMetre, "Sunlight scattered by the sky and clouds onto a horizontal surface.",
               fifteenMinute: true),
        hourly("direct_normal_irradiance", .solar, .wattsPerSquareMetre, "Direct sunlight on a surface facing the sun.", fifteenMinute: true),
        hourly("terrestrial_radiation", .solar, .wattsPerSquareMetre, "Sunlight at the top of the atmosphere, before any loss."),
        day("sunrise", .solar, .unixTime, "The time the sun rises.", isDefault: true),
        day("sunset", .solar, .unixTime, "The time the sun sets.", isDefault: true),
        day("daylight_duration", .solar, .seconds, "Time between sunrise and sunset.", isDefault: true),
        day("uv_index_max", .solar, .index, "The day's highest ultraviolet index."),
        day("uv_index_clear_sky_max", .solar, .index, "The day's highest ultraviolet index under a clear sky."),
        day("shortwave_radiation_sum", .solar, .megajoulesPerSquareMetre, "The day's total sunlight energy on a horizontal surface."),
    ]

    private static let soil: [ForecastVariable] = [
        hourly("soil_temperature_0cm", .soil, .celsius, "Temperature at the soil surface."),
        hourly("soil_temperature_6cm", .soil, .celsius, "Soil temperature 6 centimetres down."),
        hourly("soil_temperature_18cm", .soil, .celsius, "Soil temperature 18 centimetres down."),
        hourly("soil_temperature_54cm", .soil, .celsius, "Soil temperature 54 centimetres down."),
        hourly("soil_moisture_0_to_1cm", .soil, .cubicMetresPerCubicMetre, "Water content of the top centimetre of soil."),
        hourly("soil_moisture_1_to_3cm", .soil, .cubicMetresPerCubicMetre, "Water content of the soil 1 to 3 centimetres down."),
        hourly("soil_moisture_3_to_9cm", .soil, .cubicMetresPerCubicMetre, "Water content of the soil 3 to 9 centimetres down."),
        hourly("soil_moisture_9_to_27cm", .soil, .cubicMetresPerCubicMetre, "Water content of the soil 9 to 27 centimetres down."),
        hourly("soil_moisture_27_to_81cm", .soil, .cubicMetresPerCubicMetre, "Water content of the soil 27 to 81 centimetres down."),
        hourly("evapotranspiration", .soil, .millimetres, "Water evaporating from soil and plants in the preceding hour."),
        ForecastVariable("et0_fao_evapotranspiration", .soil, .millimetres,
                         "Reference evapotranspiration of a well-watered grass field (FAO-56), a guide for irrigation.",
                         resolutions: [.current, .hourly, .daily]),
    ]

    private static let atmosphere: [ForecastVariable] = [
        ForecastVariable("weather_code", .atmosphere, .wmoCode,
                         "The weather condition as a WMO code; for a day, the most severe condition of the day.",
                         resolutions: [.current, .minutely15, .hourly, .daily], defaultResolutions: [.current, .hourly, .daily]),
        hourly("visibility", .atmosphere, .metres, "How far one can see.", fifteenMinute: true, isDefault: true),
        hourly("cape", .atmosphere, .joulesPerKilogram,
               "Convective available potential energy: how much energy rising air could release, a measure of thunderstorm potential.",
               fifteenMinute: true),
        ForecastVariable("lightning_potential", .atmosphere, .joulesPerKilogram,
                         "Lightning potential index: how likely lightning is, from the model's cloud physics.", resolutions: [.minutely15]),
        hourly("freezing_level_height", .atmosphere, .metres, "The height above sea level where the air reaches 0 degrees Celsius.",
               fifteenMinute: true),
        hourly("boundary_layer_height", .atmosphere, .metres, "Depth of the air layer mixed by the ground's influence."),
        hourly("total_column_integrated_water_vapour", .atmosphere, .kilogramsPerSquareMetre,
               "All water vapour in the air column above the location."),
    ]
}
