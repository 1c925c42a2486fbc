// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Synchronization
import TempestCloud
import TempestUDP

/// Which stations and devices the cloud followers (REST and WebSocket)
/// follow: every Tempest, AIR and SKY of every configured station.
///
/// The account's `/stations` is fetched once and the choice kept; after a
/// 404 for a station or device (``forget()``), it is fetched again.
/// Configured stations are found by `station_id`, else by one of their
/// serials. Without any configured station: the account's only station,
/// else the one station whose devices are heard over UDP.
public final class CloudDeviceRoster: Sendable {
    /// What a look at the account gave.
    public enum Outcome: Sendable, Equatable {
        /// The stations followed, and the configured ones that were not
        /// found (in sentences; empty when all were).
        case following([CloudStation], problems: [String])
        /// Nothing configured, several stations in the account and none
        /// (or several) heard over UDP: nothing to follow yet.
        case undecided(String)
    }

    private let client: WeatherFlowClient
    private let choices: [CloudStationChoice]
    private let heardSerials: @Sendable () -> Set<String>
    private let cached = Mutex<[CloudStation]?>(nil)

    /// `choices`: the configured stations (ones that name nothing count as
    /// no configuration); `heardSerials`: the devices heard over UDP.
    public init(client: WeatherFlowClient, choices: [CloudStationChoice], heardSerials: @escaping @Sendable () -> Set<String>) {
        self.client = client
        self.choices = choices
        self.heardSerials = heardSerials
    }

    /// The followed stations (from the cache once found), or why there are none yet.
    public func resolve() async throws(WeatherFlowError) -> Outcome {
        if let known = cached.withLock({ $0 }) { return .following(known, problems: []) }
        let stations = try await client.stations()
        let outcome = Self.choose(from: stations, choices: choices, heard: heardSerials())
        if case .following(let chosen, _) = outcome, !chosen.isEmpty { cached.withLock { $0 = chosen } }
        return outcome
    }

    /// Every followed sensor device of every followed station; nil while
    /// none is known (no answer from the cloud yet, or nothing to follow).
    /// For the WebSocket follower, which subscribes to each.
    public func devices() async -> [CloudDevice]? {
        guard case .following(let stations, _)? = try? await resolve(), !stations.isEmpty else { return nil }
        return stations.flatMap(\.devices)
    }

    /// Drops the kept choice, so the next ``resolve()`` asks the cloud
    /// again (after a station or device answered 404: moved or removed).
    public func forget() {
        cached.withLock { $0 = nil }
    }

    /// The choice itself, without the network: see the type's description.
    public static func choose(from stations: [Station], choices: [CloudStationChoice], heard: Set<String>) -> Outcome {
        let wanted = choices.filter { !$0.namesNothing }
        var chosen = [Station]()
        var problems = [String]()
        if wanted.isEmpty {
            if stations.count == 1 {
                chosen = stations
            } else {
                let matching = stations.filter { station in station.devices.contains { heard.contains($0.serialNumber?.rawValue ?? "") } }
                guard matching.count == 1 else {
                    return .undecided(
                        "the account has \(stations.count) stations (\(names(stations))); choose with --station ID, "
                            + "or station.station_id in the configuration ([[station]] once per station to follow several)")
                }
                chosen = matching
            }
        }
        for choice in wanted {
            let found: Station?
            if let id = choice.stationID {
                found = stations.first { $0.id == id }
                if found == nil { problems.append("station \(id) is not in this account; its stations: \(names(stations))") }
            } else {
                found = stations.first { station in station.devices.contains { choice.serials.contains($0.serialNumber?.rawValue ?? "") } }
                if found == nil {
                    problems.append(
                        "no station of this account has the device \(choice.serials.joined(separator: ", ")); its stations: \(names(stations))")
                }
            }
            if let found, !chosen.contains(where: { $0.id == found.id }) { chosen.append(found) }
        }
        return .following(chosen.map(followed), problems: problems)
    }

    /// A station with its sensor devices as the followers see them.
    static func followed(_ station: Station) -> CloudStation {
        let hub = station.devices.first { $0.isHub }?.serialNumber
        let sensors: [DeviceFamily] = [.tempest, .air, .sky]
        let devices = station.devices.compactMap { device -> CloudDevice? in
            guard let serial = device.serialNumber, let family = serial.family, sensors.contains(family) else { return nil }
            return CloudDevice(
                serial: serial, deviceID: device.id, hubSerial: hub, stationID: station.id, latitude: station.latitudeDegrees,
                longitude: station.longitudeDegrees)
        }
        return CloudStation(stationID: station.id, name: station.name, devices: devices)
    }

    static func names(_ stations: [Station]) -> String {
        stations.isEmpty ? "none" : stations.map { "\($0.id) \($0.name ?? "unnamed")" }.joined(separator: ", ")
    }
}
