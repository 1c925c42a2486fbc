// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import SystemSupport
import TempestCloud

extension SetupCommand {
    /// `--upload SERVICE:ID[:STATION]` parsed: the service, the id, and the
    /// WeatherFlow station id when one is named.
    static func parsedUpload(_ text: String) throws -> (service: UploadService, id: String, station: Int?) {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        let names = UploadService.allCases.map(\.rawValue).joined(separator: ", ")
        guard parts.count >= 2, let service = UploadService(rawValue: parts[0].lowercased()), !parts[1].isEmpty else {
            throw ValidationError("--upload takes SERVICE:ID, such as wunderground:KCASANFR123, where SERVICE is one of \(names); not \(text)")
        }
        var station: Int?
        if parts.count == 3 {
            guard let number = Int(parts[2]) else {
                throw ValidationError("--upload \(text): after the id comes the WeatherFlow station id given to --station, a number")
            }
            station = number
        }
        return (service, service == .cwop ? parts[1].uppercased() : parts[1], station)
    }

    /// `--upload-key-file SERVICE:PATH` parsed.
    static func parsedUploadKeyFile(_ text: String) throws -> (service: UploadService, path: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let service = UploadService(rawValue: parts[0].lowercased()), !parts[1].isEmpty else {
            throw ValidationError("--upload-key-file takes SERVICE:PATH, such as wunderground:/etc/tempest-gateway/upload-wunderground-key; not \(text)")
        }
        return (service, parts[1])
    }

    /// Step 5: the weather networks the stations are shared with. From
    /// `--upload` when given; else asked on a terminal; else none.
    func uploadChoices(
        current: GatewayConfiguration, chosen: [Station], directory: String, interactive: Bool, input: TerminalInput
    ) throws -> [UploadChoice] {
        if !upload.isEmpty { return try uploadChoicesFromOptions(chosen: chosen) }
        guard interactive else {
            StandardOutput.line("Step 5 of 6: weather networks: none added (--upload SERVICE:ID adds one).")
            return []
        }
        StandardOutput.line("Step 5 of 6: weather networks.")
        StandardOutput.line(
            "The gateway can also send the readings to weather networks, such as Weather Underground or CWOP, "
                + "where others see them on a map.")
        for (index, existing) in current.uploads.enumerated() {
            StandardOutput.line("Already configured as upload \(index + 1): \(existing.service.displayName), station id \(existing.id).")
        }
        guard input.confirm("Share the station with weather networks?", default: false) else { return [] }
        let services = try askServices(input: input)
        var choices: [UploadChoice] = []
        var keyFiles = Set(current.uploads.compactMap(\.keyFile))
        for service in services {
            StandardOutput.line("")
            StandardOutput.line("\(service.displayName):")
            StandardOutput.line(service.idHint)
            let answer = input.ask("\(service.displayName) station id, empty to skip") ?? ""
            guard !answer.isEmpty else {
                StandardOutput.line("No station id: \(service.displayName) is skipped.")
                continue
            }
            var choice = UploadChoice(service: service, id: service == .cwop ? answer.uppercased() : answer)
            if let number = current.uploads.firstIndex(where: { $0.service == service && $0.id == choice.id }) {
                StandardOutput.line("\(service.displayName) station \(choice.id) is already configured as upload \(number + 1); it is kept as it is.")
                continue
            }
            if chosen.count > 1 { choice.chosenStation = try askStation(for: service, chosen: chosen, input: input) }
            choice.typedKey = askKey(for: service, id: choice.id, input: input)
            if choice.typedKey != nil {
                var path = directory + "/upload-\(service.rawValue)-key"
                if keyFiles.contains(path) { path = directory + "/upload-\(service.rawValue)-\(current.uploads.count + choices.count + 1)-key" }
                keyFiles.insert(path)
                choice.keyFile = path
            }
            choices.append(choice)
        }
        return choices
    }

    /// The networks picked from the numbered list (at most five tries).
    private func askServices(input: TerminalInput) throws -> [UploadService] {
        let services = UploadService.allCases
        StandardOutput.line("The networks:")
        for (index, service) in services.enumerated() { StandardOutput.line("  \(index + 1). \(service.displayName)") }
        for _ in 0..<5 {
            guard let answer = input.ask("Which networks? Type numbers from 1 to \(services.count), several separated by commas") else { break }
            let picked = answer.split(separator: ",").map { Int($0.trimmingWhitespace()) }
            if !picked.isEmpty, picked.allSatisfy({ $0.map { (1...services.count).contains($0) } == true }) {
                var unique: [UploadService] = []
                for number in picked.compactMap({ $0 }) where !unique.contains(services[number - 1]) { unique.append(services[number - 1]) }
                return unique
            }
            StandardOutput.line("\(answer.isEmpty ? "Nothing" : answer) is not a list of numbers from 1 to \(services.count).")
        }
        throw SetupError("no weather network was chosen")
    }

    /// Which of the chosen stations `service` gets (at most five tries).
    private func askStation(for service: UploadService, chosen: [Station], input: TerminalInput) throws -> Int {
        for (index, station) in chosen.enumerated() { StandardOutput.line("  \(index + 1). Station \(station.id), \(station.name ?? "unnamed")") }
        for _ in 0..<5 {
            guard let answer = input.ask("Which station's readings go to \(service.displayName)? Type a number, 1 to \(chosen.count)", default: "1")
            else { break }
            if let number = Int(answer), (1...chosen.count).contains(number) { return number - 1 }
            StandardOutput.line("\(answer) is not a number from 1 to \(chosen.count).")
        }
        throw SetupError("no station was chosen for \(service.displayName)")
    }

    /// The key, typed without echo; nil when none is typed (CWOP's own ids
    /// need none and are not asked; a ham call's passcode is a number).
    private func askKey(for service: UploadService, id: String, input: TerminalInput) -> String? {
        if service == .cwop {
            if UploadChoice.isCWOPIssued(id) {
                StandardOutput.line("CWOP ids such as \(id) need no passcode.")
                return nil
            }
            for _ in 0..<3 {
                let typed = input.askSecret(service.keyQuestion(id: id)) ?? ""
                if typed.isEmpty {
                    StandardOutput.line("No passcode: the gateway sends as an unverified station (passcode -1).")
                    return nil
                }
                if Int(typed) != nil { return typed }
                StandardOutput.line("A passcode is a number.")
            }
            return nil
        }
        let typed = input.askSecret(service.keyQuestion(id: id)) ?? ""
        if typed.isEmpty {
            StandardOutput.line(
                "No key: when it runs, the gateway reads it from $\(service.keyEnvironmentVariable), "
                    + "else the systemd credential \(service.keyCredential).")
            return nil
        }
        return typed
    }

    /// The networks named by `--upload`, each with its `--upload-key-file`
    /// (checked to be readable by its owner only).
    private func uploadChoicesFromOptions(chosen: [Station]) throws -> [UploadChoice] {
        StandardOutput.line("Step 5 of 6: weather networks.")
        let keyFiles = try uploadKeyFile.map(Self.parsedUploadKeyFile)
        var choices: [UploadChoice] = []
        for text in upload {
            let parsed = try Self.parsedUpload(text)
            var choice = UploadChoice(service: parsed.service, id: parsed.id)
            if let station = parsed.station {
                guard let index = chosen.firstIndex(where: { $0.id == station }) else {
                    throw SetupError("--upload \(text): station \(station) is not among those chosen (" + chosen.map { String($0.id) }.joined(separator: ", ") + ")")
                }
                choice.chosenStation = index
            }
            if let keyFile = keyFiles.first(where: { $0.service == parsed.service })?.path {
                do {
                    _ = try SecretSource.file(path: keyFile).load()
                } catch {
                    throw SetupError("--upload-key-file \(parsed.service.rawValue): \(error)")
                }
                choice.keyFile = Self.absolute(keyFile)
            } else if parsed.service.needsKey {
                StandardOutput.line(
                    "\(parsed.service.displayName): no --upload-key-file; when it runs, the gateway reads the key from "
                        + "$\(parsed.service.keyEnvironmentVariable), else the systemd credential \(parsed.service.keyCredential).")
            }
            choices.append(choice)
        }
        for keyFile in keyFiles where !choices.contains(where: { $0.service == keyFile.service }) {
            throw SetupError("--upload-key-file \(keyFile.service.rawValue): no --upload names \(keyFile.service.rawValue)")
        }
        return choices
    }

    /// Appends one `[[upload]]` table per choice to `text` (with `station`
    /// when the file has several stations; `positions` are the chosen
    /// stations' places in the file); the settings written, labelled as
    /// `config show` labels them (`upload[2].id`).
    static func appending(_ choices: [UploadChoice], positions: [Int], to text: inout String, existing: Int) throws -> [(key: String, value: String)] {
        let stationCount = ConfigurationLoader.resolve(fileText: text, path: nil, environment: [:]).configuration.stations.count
        var written: [(key: String, value: String)] = []
        for (index, choice) in choices.enumerated() {
            var settings = [(key: "upload.service", value: choice.service.rawValue), (key: "upload.id", value: choice.id)]
            if stationCount > 1 {
                let position = positions.indices.contains(choice.chosenStation) ? positions[choice.chosenStation] : 1
                settings.append(("upload.station", String(position)))
            }
            if let keyFile = choice.keyFile { settings.append(("upload.key_file", keyFile)) }
            do {
                text = try ConfigurationEditor.appendingTable("upload", settings, to: text)
            } catch {
                throw SetupError("\(choice.service.displayName): \(error)")
            }
            written += settings.map { ("upload[\(existing + index + 1)]." + $0.key.dropFirst("upload.".count), $0.value) }
        }
        return written
    }
}
