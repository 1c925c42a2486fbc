// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Bodies in the shape Open-Meteo documents for `/v1/forecast` with
/// `timeformat=unixtime` (https://open-meteo.com/en/docs, "API Response"),
/// written for these tests.
enum OpenMeteoFixtures {
    /// Hourly has a null entry and a short series, `visibility` and
    /// `uv_index` are missing, `current` has a null, daily has sunrise and
    /// sunset as Unix times and one null.
    static let forecast = """
        {"latitude":39.75,"longitude":-105.0,"generationtime_ms":0.42,"utc_offset_seconds":-25200,
         "timezone":"America/Denver","timezone_abbreviation":"GMT-7","elevation":1609.0,
         "current_units":{"time":"unixtime","interval":"seconds","temperature_2m":"°C","weather_code":"wmo code","wind_speed_10m":"m/s"},
         "current":{"time":1700000100,"interval":900,"temperature_2m":10.4,"weather_code":3,"wind_speed_10m":null},
         "hourly_units":{"time":"unixtime","temperature_2m":"°C","precipitation_probability":"%","cloud_cover":"%"},
         "hourly":{"time":[1699999200,1700002800,1700006400],
                   "temperature_2m":[10.1,null,8.7],
                   "precipitation_probability":[0,5],
                   "cloud_cover":[100,87,64]},
         "daily_units":{"time":"unixtime","temperature_2m_max":"°C","sunrise":"unixtime"},
         "daily":{"time":[1699945200,1700031600],
                  "temperature_2m_max":[14.2,null],
                  "temperature_2m_min":[-1.5,0.3],
                  "sunrise":[1699969452,1700055921],
                  "sunset":[1700005813,1700092172]}}
        """

    /// The 400 body Open-Meteo documents for a bad parameter.
    static let badVariable = #"{"error":true,"reason":"Cannot initialize WeatherVariable from invalid String value tempeture_2m for key "}"#

    /// A 429 body in the same error shape.
    static let tooMany = #"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#

    /// A forecast cut off in the middle of the hourly series.
    static let truncated = String(forecast.prefix(700))
}
