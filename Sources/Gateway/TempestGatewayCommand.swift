// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import CProcess
import GatewayCore
import Pipeline

/// The `tempest-gateway` command line: the daemon and the tools around it.
@main
struct TempestGatewayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tempest-gateway",
        abstract: "A gateway for WeatherFlow Tempest weather stations.",
        discussion: """
            Hears the Tempest hub's UDP broadcasts on the local network (port 50222) and turns them into \
            checked, typed messages. Start with `tempest-gateway listen` to see what your hub sends, or \
            `tempest-gateway run` to run the gateway on its defaults.
            """,
        version: GatewayVersion.current,
        subcommands: [
            RunCommand.self, ListenCommand.self, RelayCommand.self, DecodeCommand.self, ReplayCommand.self, HistoryCommand.self,
            ExportCommand.self, DatabaseCommand.self, StatusCommand.self, DoctorCommand.self, StationsCommand.self,
            ForecastCommand.self,
            ConfigCommand.self, SetupCommand.self, SelectCommand.self,
        ]
    )

    /// Limits malloc to one arena while the process has one thread
    /// (`CProcess.h` says why), then parses and runs the command as
    /// `AsyncParsableCommand` does.
    @MainActor
    static func main() async {
        tempest_use_one_malloc_arena()
        await main(nil)
    }
}
