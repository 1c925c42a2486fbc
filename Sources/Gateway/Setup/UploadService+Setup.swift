// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration

extension UploadService {
    /// What the network's station id looks like and where its site shows
    /// it, said before `setup` asks for the id.
    var idHint: String {
        switch self {
        case .wunderground:
            "Its station id looks like KCASANFR123; wunderground.com shows it under My Profile, then My Devices."
        case .pwsweather:
            "Its station id is the one you chose when you added the station at pwsweather.com; the station's page shows it."
        case .windy:
            "Its station id looks like f1a2b3c4; your station's page at stations.windy.com shows it."
        case .weathercloud:
            "Its Weathercloud ID is under Devices, then Settings, then Link, at weathercloud.net."
        case .openweathermap:
            "Its station id is the 24-character id, such as 583436dd9643a9000196b8d6, given when the station was registered with OpenWeatherMap's Stations API."
        case .wow:
            "Its site id is a number, or a long id with dashes for newer sites; your site's page at wow.metoffice.gov.uk shows it."
        case .cwop:
            "Its id is the one wxqa.com gave you, such as CW1234, or your ham radio call sign."
        }
    }

    /// The key's name and where to find it, as `setup` asks for it for the
    /// station `id`.
    func keyQuestion(id: String) -> String {
        switch self {
        case .wunderground: "Weather Underground station key, shown with the id under My Devices"
        case .pwsweather: "PWSweather API key, shown on the station's page"
        case .windy: "Windy station password, shown on the station's page (not the account's API key)"
        case .weathercloud: "Weathercloud key, shown with the ID under Link"
        case .openweathermap: "OpenWeatherMap API key, under My API keys at openweathermap.org"
        case .wow: "Met Office WOW authentication key, the 6-digit PIN you chose for the site"
        case .cwop: "APRS-IS passcode for \(id), empty for none"
        }
    }
}
