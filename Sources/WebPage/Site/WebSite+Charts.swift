// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Pipeline
import Storage

extension WebSite {
    /// The Charts page for `query` (`range=24h`, `range=7d` or
    /// `day=YYYY-MM-DD`), or a 400 page that says what is wrong with it.
    func chartsResponse(query: [String: String]) -> WebResponse {
        switch ChartPeriod.parse(query, now: context.now(), zone: context.timeZone) {
        case .failure(let problem):
            return errorPage(status: 400, title: "Charts: bad request", sentence: problem.sentence)
        case .success(let period):
            return withStore { try chartsPage($0, period: period) }
        }
    }

    /// Every chart of `period`.
    func chartsPage(_ store: Store, period: ChartPeriod) throws -> WebResponse {
        let set = try ChartSet.load(
            from: store, period: period, units: units, forecastLocationKey: context.forecastLocationKey(), zones: context.zones,
            correction: context.corrector.current)
        var body = "<h1>Charts of \(HTMLText.escape(period.name))</h1>\n" + periodNavigation(period)
        for figure in figures(set) { body += figure.render() }
        body += "<p class=\"footnote\">Times are in the station's time zone, \(HTMLText.escape(context.timeZone.identifier)). "
            + "Lines show \(period.bucketSeconds == 3_600 ? "hourly" : "10-minute") means (gusts and UV: highest; rain: totals).</p>\n"
        return html(PageLayout(title: "Charts", section: .charts, mainID: "charts").render(body))
    }

    /// Links to the other periods, the day before and after, and a day picker (a plain form, no script).
    private func periodNavigation(_ period: ChartPeriod) -> String {
        var links = ["<a href=\"/charts?range=24h\">Last 24 hours</a>", "<a href=\"/charts?range=7d\">Last 7 days</a>"]
        let today = context.timeZone.localDate(at: context.now())
        var shown = today
        if case .day(let date) = period.kind { shown = date }
        links.append("<a href=\"/charts?day=\(shown.previous)\" rel=\"prev\">Previous day, \(WebTime.day(shown.previous))</a>")
        if shown < today {
            links.append("<a href=\"/charts?day=\(shown.next)\" rel=\"next\">Next day, \(WebTime.day(shown.next))</a>")
        }
        return "<nav class=\"periods\" aria-label=\"Periods\">" + links.joined(separator: " ")
            + "<form method=\"get\" action=\"/charts\"><label for=\"day\">Day </label>"
            + "<input type=\"date\" id=\"day\" name=\"day\" value=\"\(shown)\" required> <button type=\"submit\">Show</button></form></nav>\n"
    }

    /// The figures, in page order.
    func figures(_ set: ChartSet) -> [ChartFigure] {
        let period = set.period
        let zone = context.timeZone
        let summary = ChartSummary(period: period, zone: zone)
        let temperatureUnit = units.symbol(field: "air_temperature")
        let temperatureWords = units.spoken(field: "air_temperature")
        let speedWords = units.spoken(field: "wind_avg")
        let pressureWords = units.spoken(field: "station_pressure")
        let rainWords = units.spoken(field: "rain_accumulated")
        let distanceWords = units.spoken(field: "lightning_strike_last_distance")
        func figure(_ name: String, _ title: String, _ panels: [ChartPanel], _ sentences: [String?], _ columns: [ChartFigure.Column]) -> ChartFigure {
            ChartFigure(name: name, title: title, panels: panels, summary: sentences.compactMap { $0 }, columns: columns, period: period, zone: zone)
        }
        let temperatures = [set.airTemperature, set.dewPoint, set.feelsLike, set.forecastTemperature]
        let accumulated = set.rain.accumulated("Rain accumulated", style: "s1", dash: nil)
        let direction: (Double) -> String = { degrees in
            let name = CardinalDirection.name(directionDegrees: degrees, speedMetersPerSecond: nil) ?? ""
            return "\(WebUnits.rounded(degrees, decimals: 0)) (\(name))"
        }
        var strikeSentence: String?
        if !set.strikes.isEmpty, let closest = set.strikes.lowest {
            let count = set.strikes.count
            strikeSentence = "\(Plural.count(count, "strike")); the closest \(WebUnits.rounded(closest.value, decimals: 0)) \(distanceWords) away at \(summary.time(closest.at))."
        }
        var rainSentence: String?
        if let total = accumulated.highest, total.value == 0 {
            rainSentence = "No rain."
        } else if let total = accumulated.highest {
            let interval = period.tableSeconds == 3_600 ? "hour" : "6 hours"
            rainSentence = "Rain: \(WebUnits.rounded(total.value, decimals: set.rain.decimals)) \(rainWords) in total"
            if let wettest = set.rain.highestInterval {
                rainSentence! += "; the wettest \(interval) \(WebUnits.rounded(wettest.value, decimals: set.rain.decimals)) \(rainWords) "
                    + "from \(summary.time(wettest.at))"
            }
            rainSentence! += "."
        }
        var growers = [ChartFigure]()
        if !set.evapotranspiration.isEmpty || !set.sunshine.isEmpty {
            growers.append(
                figure(
                    "growers", "Evapotranspiration and sunshine, per day",
                    [ChartPanel(unit: units.symbol(field: "reference_evapotranspiration_yesterday"), series: [set.evapotranspiration], fromZero: true),
                     ChartPanel(unit: "h", series: [set.sunshine], height: 100, fromZero: true)],
                    [summary.extremes(set.evapotranspiration, unit: rainWords), summary.extremes(set.sunshine, unit: "hours"),
                     "Each day's reference evapotranspiration (FAO-56) and sunshine, drawn at its noon; a day not complete has no ET₀."],
                    [.init(header: "Reference evapotranspiration (\(rainWords))", series: set.evapotranspiration),
                     .init(header: "Sunshine (hours)", series: set.sunshine)]))
        }
        return [
            figure(
                "temperature", "Temperature",
                [ChartPanel(unit: temperatureUnit, series: temperatures)],
                temperatures.map { summary.extremes($0, unit: temperatureWords) },
                temperatures.map { .init(header: "\($0.label) (\(temperatureWords))", series: $0) }),
            figure(
                "humidity", "Relative humidity",
                [ChartPanel(unit: "%", series: [set.humidity], fixedRange: nil, fromZero: false)],
                [summary.extremes(set.humidity, unit: "percent")],
                [.init(header: "Relative humidity (percent)", series: set.humidity)]),
            figure(
                "pressure", "Station pressure",
                [ChartPanel(unit: units.symbol(field: "station_pressure"), series: [set.pressure])],
                [summary.extremes(set.pressure, unit: pressureWords)],
                [.init(header: "Station pressure (\(pressureWords))", series: set.pressure)]),
            figure(
                "wind", "Wind speed",
                [ChartPanel(unit: units.symbol(field: "wind_avg"), series: [set.windAverage, set.windGust], fromZero: true)],
                [summary.extremes(set.windAverage, unit: speedWords), summary.extremes(set.windGust, unit: speedWords)],
                [.init(header: "Wind average (\(speedWords))", series: set.windAverage),
                 .init(header: "Highest gust (\(speedWords))", series: set.windGust)]),
            figure(
                "wind_direction", "Wind direction",
                [ChartPanel(unit: "from", series: [set.windDirection], fixedRange: (0, 360),
                            tickNames: [0: "N", 90: "E", 180: "S", 270: "W", 360: "N"])],
                [set.windDirection.isEmpty ? nil : "Wind direction, the direction the wind comes from, as vector means; calm intervals are left out."],
                [.init(header: "Wind direction (degrees from north, and the compass point)", series: set.windDirection, text: direction)]),
            figure(
                "rain", "Rain",
                [ChartPanel(unit: units.symbol(field: "rain_accumulated"), series: [set.rain, set.forecastPrecipitation], fromZero: true),
                 ChartPanel(unit: units.symbol(field: "rain_accumulated"), series: [accumulated], height: 100, fromZero: true)],
                [rainSentence, set.forecastPrecipitation.isEmpty ? nil : "The forecast's rain per hour is drawn as a long-dashed line."],
                [.init(header: "Rain in the interval (\(rainWords))", series: set.rain),
                 .init(header: "Rain accumulated (\(rainWords))", series: accumulated),
                 .init(header: "Forecast rain (\(rainWords))", series: set.forecastPrecipitation)]),
            figure(
                "light", "Light",
                [ChartPanel(unit: "lux", series: [set.illuminance], height: 100, fromZero: true),
                 ChartPanel(unit: "W/m²", series: [set.solarRadiation], height: 100, fromZero: true),
                 ChartPanel(unit: "UV index", series: [set.uvIndex], height: 80, fromZero: true)],
                [summary.extremes(set.illuminance, unit: "lux"), summary.extremes(set.solarRadiation, unit: "watts per square metre"),
                 summary.extremes(set.uvIndex, unit: "")],
                [.init(header: "Illuminance (lux)", series: set.illuminance),
                 .init(header: "Solar radiation (watts per square metre)", series: set.solarRadiation),
                 .init(header: "Highest UV index", series: set.uvIndex)]),
            figure(
                "lightning", "Lightning",
                [ChartPanel(unit: units.symbol(field: "lightning_strike_last_distance"), series: [set.strikes], fromZero: true)],
                [strikeSentence],
                [.init(header: "Strikes", series: set.strikes, reduction: .count),
                 .init(header: "Closest strike (\(distanceWords))", series: set.strikes)]),
        ] + growers
    }
}
