// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Meteorology
import Storage

extension HistoryCommand {
    /// `history --daily`: the daily summaries of `serials` whose local date
    /// falls within --from and --to (read as dates in `zone`), else each
    /// device's last --limit days.
    func printDaily(store: Store, serials: [String], zone: TimeZoneRules) throws {
        let settings = try unitOptions.settings()
        let baseCelsius = settings.agronomy.baseTemperatureCelsius
        let first = from.map { zone.localDate(at: zoneOptions.instant($0, zone: zone)) }
        // --to is exclusive: its instant's date counts only when the instant is after that day's midnight.
        let last = to.map { zone.localDate(at: zoneOptions.instant($0, zone: zone) - 1) }
        var rows = [DailySummaryRecord]()
        for serial in serials {
            var days = [DailySummaryRecord]()
            try store.forEachDailySummary(serial: serial) { record in
                guard let date = LocalDate(record.localDate) else { return }
                if let first, date < first { return }
                if let last, date > last { return }
                days.append(record)
            }
            rows += days.suffix(limit)
        }
        if json {
            var writer = JSONWriter()
            writer.beginArray()
            for row in rows { DailySummaryFormat.writeJSON(row, baseCelsius: baseCelsius, into: &writer) }
            writer.endArray()
            StandardOutput.line(writer.text)
            return
        }
        guard !rows.isEmpty else {
            StandardOutput.line("No daily summaries stored in \(databaseOptions.path) for that selection.")
            return
        }
        for line in DailySummaryFormat.table(rows, units: unitOptions.chosen(settings), baseCelsius: baseCelsius) { StandardOutput.line(line) }
    }
}
