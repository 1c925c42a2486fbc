// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension ConfigurationLoader {
    /// What `[[upload]]` tables say that cannot work: an interval below the
    /// service's minimum, a `url` for CWOP or a `server` for another
    /// service, a station the file does not have, and one destination
    /// (service and id) in two tables.
    static func uploadProblems(_ tables: [[ResolvedSetting]], stationCount: Int) -> [ConfigurationProblem] {
        var problems = [ConfigurationProblem]()
        var firstTableOfDestination = [String: Int]()
        for (index, settings) in tables.enumerated() {
            func setting(_ name: String) -> ResolvedSetting? {
                settings.first { $0.key.name == name && $0.value != nil }
            }
            guard case .string(let name)? = setting("service")?.value, let service = UploadService(rawValue: name) else { continue }
            if let interval = setting("interval_seconds"), case .integer(let seconds)? = interval.value, seconds < service.minimumIntervalSeconds {
                problems.append(
                    ConfigurationProblem(
                        key: interval.label, line: interval.origin.line, problem: "\(seconds) is below \(service.displayName)'s minimum",
                        allowed: "\(service.minimumIntervalSeconds) seconds or more (\(service.defaultIntervalSeconds) when not given)"))
            }
            if service == .cwop, let url = setting("url") {
                problems.append(
                    ConfigurationProblem(
                        key: url.label, line: url.origin.line, problem: "CWOP takes no URL",
                        allowed: "server = \"host:port\" for the APRS-IS server"))
            }
            if service != .cwop, let server = setting("server") {
                problems.append(
                    ConfigurationProblem(
                        key: server.label, line: server.origin.line, problem: "only CWOP takes a server",
                        allowed: "url = \"https://…\" for another endpoint of \(service.displayName)"))
            }
            if let station = setting("station"), case .integer(let number)? = station.value, number > stationCount {
                problems.append(
                    ConfigurationProblem(
                        key: station.label, line: station.origin.line,
                        problem: "there \(stationCount == 1 ? "is 1 station" : "are \(stationCount) stations")",
                        allowed: "a number from 1 to \(stationCount), the station's place among the [[station]] tables"))
            }
            if let id = setting("id"), case .string(let text)? = id.value {
                let destination = name + " " + text
                if let first = firstTableOfDestination[destination] {
                    problems.append(
                        ConfigurationProblem(
                            key: id.label, line: id.origin.line, problem: "the same \(service.displayName) station as upload[\(first + 1)]",
                            allowed: "one [[upload]] table per station of a network"))
                } else {
                    firstTableOfDestination[destination] = index
                }
            }
        }
        return problems
    }
}
