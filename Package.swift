// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors
//
// tempest-gateway: a WeatherFlow Tempest UDP gateway for Raspberry Pi-class
// Linux. The modules and what each holds are listed in
// docs/design/pipeline.md: protocol, meteorology and storage know nothing of
// each other; `GatewayCore` and the `Gateway` executable wire them together.
import Foundation
import PackageDescription

/// The version, from the VERSION file beside this manifest (read each time the manifest is): the one place it
/// is written (packaging/build-deb.sh and packaging/debian/changelog follow
/// it). Only the first line counts, without white space. SwiftPM caches
/// the evaluated manifest by its own text: in a working tree that built
/// before, a new VERSION shows after `swift package reset` (a clean clone
/// always reads it).
let version: String = {
    let path = Context.packageDirectory + "/VERSION"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
        let line = text.split(separator: "\n").first?.trimmingCharacters(in: .whitespaces), !line.isEmpty
    else { fatalError("cannot read the version from \(path)") }
    // It becomes a C string literal and a Debian version: digits, letters and . + ~ - only.
    guard line.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".+~-".contains($0)) }) else {
        fatalError("\(path): \"\(line)\" is not a version (digits, letters and . + ~ - only)")
    }
    return line
}()

let package = Package(
    name: "tempest-gateway",
    products: [
        .executable(name: "tempest-gateway", targets: ["Gateway"]),
        .library(name: "TempestUDP", targets: ["TempestUDP"]),
        .library(name: "Meteorology", targets: ["Meteorology"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "MQTT", targets: ["MQTT"]),
        .library(name: "HTTP", targets: ["HTTP"]),
        .library(name: "TempestCloud", targets: ["TempestCloud"]),
        .library(name: "WebSocket", targets: ["WebSocket"]),
        .library(name: "ForecastBridge", targets: ["ForecastBridge"]),
        .library(name: "Configuration", targets: ["Configuration"]),
        .library(name: "Pipeline", targets: ["Pipeline"]),
        .library(name: "MQTTSink", targets: ["MQTTSink"]),
        .library(name: "CloudFollowing", targets: ["CloudFollowing"]),
        .library(name: "Forecasting", targets: ["Forecasting"]),
        .library(name: "GatewayStatus", targets: ["GatewayStatus"]),
        .library(name: "WebPage", targets: ["WebPage"]),
        .library(name: "GatewayCore", targets: ["GatewayCore"]),
        .library(name: "SystemSupport", targets: ["SystemSupport"]),
        .library(name: "JSON", targets: ["JSON"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
    ],
    targets: [
        // MARK: System libraries (Debian -dev packages, found through pkg-config)
        .systemLibrary(
            name: "CMosquitto",
            pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // MARK: libcurl, loaded with dlopen on the first HTTP request instead
        // of linked: it and its ~25 libraries cost memory and start-up time
        // that most gateways, which never call a web service, do not need. The headers come from
        // libcurl4-openssl-dev; glibc ≥ 2.34 has dlopen in libc itself.
        .target(name: "CCurl"),

        // MARK: Thread names and malloc's arena limit, which Swift's Glibc
        // module does not import (CProcess.h).
        .target(name: "CProcess"),

        // MARK: The version from the VERSION file, as a C string constant
        // (a manifest cannot hand Swift code a value any other way).
        .target(
            name: "CVersion",
            cSettings: [.define("TEMPEST_GATEWAY_VERSION", to: "\"\(version)\"")]
        ),

        // MARK: Libraries
        // The small system pieces the other modules share (the monotonic
        // clock, named threads, errno messages, the environment, systemd
        // credentials, secrets and the one rule for where they come from,
        // trimming white space). Knows nothing of the other modules.
        .target(
            name: "SystemSupport",
            dependencies: ["CProcess"]
        ),
        // JSON without Foundation: the one reader (the strict scanner the
        // datagram decoder reads, and the tree the REST clients read) and the
        // writer. Standard library only.
        .target(
            name: "JSON",
            dependencies: []
        ),
        .target(
            name: "TempestUDP",
            dependencies: ["JSON", "SystemSupport"],
            // `Double.rounded` calls libm, which nothing else pulls in
            // without Foundation.
            linkerSettings: [.linkedLibrary("m")]
        ),
        .target(
            name: "Meteorology",
            dependencies: ["SystemSupport"],
            linkerSettings: [.linkedLibrary("m")]
        ),
        .target(
            name: "Storage",
            dependencies: [
                "CSQLite",
                // Redacts secrets from the forecast URLs it stores.
                "HTTP",
                // LocalDate: the key of daily summaries (in the commit journal too).
                "Meteorology",
                "SystemSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "MQTT",
            dependencies: [
                "CMosquitto",
                "SystemSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        .target(
            name: "HTTP",
            dependencies: [
                "CCurl",
                "CVersion",
                "SystemSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "WebSocket",
            dependencies: [
                "CCurl",
                "CVersion",
                "HTTP",
                "SystemSupport",
            ]
        ),
        .target(
            name: "TempestCloud",
            dependencies: [
                "HTTP",
                "WebSocket",
                "JSON",
                "SystemSupport",
                "TempestUDP",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Open-Meteo: the client, the variable catalog, the poll and budget
        // policy, and the forecast being served.
        .target(
            name: "ForecastBridge",
            dependencies: [
                "HTTP",
                "JSON",
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: [.linkedLibrary("m")]
        ),
        // The configuration file: our own TOML subset, the keys, and the
        // environment overrides. Knows nothing of the other modules but
        // SystemSupport, and Meteorology's `Calibration`, the value a
        // station's `[station.calibration]` table is read into.
        .target(
            name: "Configuration",
            dependencies: ["SystemSupport", "Meteorology"]
        ),

        // The pipeline as types (`docs/design/pipeline.md`): the ingestor
        // and its rules, the sink contract (`Sink`, `CursorSink`), the
        // delivery planner and the state input, the station's figures, and
        // the run's shared parts (signals, wake-ups, the request-answer loop
        // of the local servers). Knows no sink: sinks depend on it, never
        // the other way. Never prints.
        .target(
            name: "Pipeline",
            dependencies: [
                "CProcess",
                "CVersion",
                "JSON",
                "SystemSupport",
                "TempestUDP",
                "Meteorology",
                "Storage",
                "TempestCloud",
                "Configuration",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The MQTT sink: the publisher (outbox, retained values, Home
        // Assistant discovery), its planner, the WeatherFlow2MQTT layout,
        // and how forecasts are published.
        .target(
            name: "MQTTSink",
            dependencies: [
                "Pipeline",
                "MQTT",
                "ForecastBridge",
                "JSON",
                "SystemSupport",
                "TempestUDP",
                "TempestCloud",
                "Meteorology",
                "Storage",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Export as a sink: every committed fact as InfluxDB line protocol
        // to a time-series database (`[[export]]`, docs/export.md).
        .target(
            name: "TimeSeriesExport",
            dependencies: [
                "Pipeline",
                "HTTP",
                "Storage",
                "Meteorology",
                "SystemSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Uploads as a sink: each station's readings to the weather networks
        // (`[[upload]]`, docs/uploads.md), one protocol per service.
        .target(
            name: "WeatherUploads",
            dependencies: [
                "Pipeline",
                "HTTP",
                "JSON",
                "Storage",
                "Meteorology",
                // UploadService: the services and their intervals.
                "Configuration",
                "SystemSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The WeatherFlow cloud as a source: the REST follower (fallback,
        // backfill, rain check) and the WebSocket follower.
        .target(
            name: "CloudFollowing",
            dependencies: [
                "Pipeline",
                "TempestCloud",
                "WebSocket",
                "HTTP",
                "JSON",
                "Storage",
                "TempestUDP",
                "Meteorology",
                "SystemSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Open-Meteo as a source: the forecast service (poll, store, merge
        // with the station, publish through the MQTT sink's outlet).
        .target(
            name: "Forecasting",
            dependencies: [
                "Pipeline",
                "MQTTSink",
                "ForecastBridge",
                "HTTP",
                "JSON",
                "Storage",
                "Meteorology",
                "SystemSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What `status`, /metrics and the web page's health page report,
        // and the status socket and /metrics servers.
        .target(
            name: "GatewayStatus",
            dependencies: [
                "Pipeline",
                "CloudFollowing",
                "Forecasting",
                "ForecastBridge",
                "JSON",
                "Storage",
                "TempestUDP",
                "TempestCloud",
                "Meteorology",
                "SystemSupport",
            ]
        ),
        // The web page: its HTTP server, its pages and charts, and its
        // live-update sink.
        .target(
            name: "WebPage",
            dependencies: [
                "Pipeline",
                "GatewayStatus",
                "Forecasting",
                "ForecastBridge",
                "JSON",
                "Storage",
                "TempestUDP",
                "Meteorology",
                "SystemSupport",
            ]
        ),
        // The run: its parts assembled in dependency order
        // (`GatewayAssembly`), the services, reloads, and the configuration's
        // meaning for them. The one module that knows every other.
        .target(
            name: "GatewayCore",
            dependencies: [
                "Pipeline",
                "MQTTSink",
                "CloudFollowing",
                "Forecasting",
                "GatewayStatus",
                "WebPage",
                "TimeSeriesExport",
                "WeatherUploads",
                "CProcess",
                "CVersion",
                "JSON",
                "SystemSupport",
                "TempestUDP",
                "Meteorology",
                "Storage",
                "MQTT",
                "HTTP",
                "TempestCloud",
                "WebSocket",
                "ForecastBridge",
                "Configuration",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // MARK: The executable: commands only
        .executableTarget(
            name: "Gateway",
            dependencies: [
                "CProcess",
                "GatewayCore",
                "TimeSeriesExport",
                "Pipeline",
                "MQTTSink",
                "CloudFollowing",
                "Forecasting",
                "GatewayStatus",
                "WebPage",
                "HTTP",
                "JSON",
                "TempestUDP",
                "Meteorology",
                "Storage",
                "MQTT",
                "TempestCloud",
                "WebSocket",
                "ForecastBridge",
                "Configuration",
                "SystemSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // Release builds link with the toolchain's LLD, which packs the
            // binary's relative relocations as RELR (a compact table in place
            // of one entry per pointer, which the loader reads at every start;
            // needs glibc 2.36, as on Debian 12 and Raspberry Pi OS bookworm),
            // and export none of our symbols (the static Swift runtime's link
            // arguments ask for `-export-dynamic`; nothing looks our symbols
            // up). Both are flags alone: nothing to keep up to date.
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-zpack-relative-relocs",
                    ],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),

        // MARK: Benchmarks (run by scripts/benchmark.sh, never by the tests)
        .executableTarget(
            name: "DecoderBenchmark",
            dependencies: ["TempestUDP"],
            path: "Benchmarks/DecoderBenchmark"
        ),
        .executableTarget(
            name: "StorageBenchmark",
            dependencies: ["Storage"],
            path: "Benchmarks/StorageBenchmark"
        ),

        // MARK: Tools
        .executableTarget(
            name: "SampleDay",
            dependencies: [],
            path: "Tools/SampleDay"
        ),

        // MARK: Tests
        .target(
            name: "TempestTestKit",
            dependencies: [],
            path: "Tests/TempestTestKit",
            // Run with python3 by LocalTLSForwarder, found through #filePath.
            exclude: ["tls_forwarder.py"]
        ),
        // A child process the storage crash test kills with SIGKILL.
        .executableTarget(
            name: "StorageCrashHarness",
            dependencies: ["Storage"],
            path: "Tests/StorageCrashHarness"
        ),
        .testTarget(
            name: "JSONTests",
            dependencies: ["JSON"]
        ),
        .testTarget(
            name: "SystemSupportTests",
            dependencies: ["SystemSupport", "TempestTestKit"]
        ),
        .testTarget(
            name: "TempestUDPTests",
            dependencies: ["TempestUDP", "TempestTestKit"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "MeteorologyTests",
            dependencies: ["Meteorology", "TempestTestKit"]
        ),
        .testTarget(
            name: "StorageTests",
            dependencies: ["Storage", "TempestTestKit", "StorageCrashHarness"]
        ),
        .testTarget(
            name: "MQTTTests",
            // CMosquitto: the client's limits are checked against libmosquitto itself.
            dependencies: ["CMosquitto", "MQTT", "SystemSupport", "TempestTestKit"]
        ),
        .testTarget(
            name: "HTTPTests",
            dependencies: ["HTTP", "TempestTestKit"]
        ),
        .testTarget(
            name: "WebSocketTests",
            dependencies: ["WebSocket", "TempestTestKit"]
        ),
        .testTarget(
            name: "TempestCloudTests",
            dependencies: ["TempestCloud", "TempestTestKit"]
        ),
        .testTarget(
            name: "ForecastBridgeTests",
            dependencies: ["ForecastBridge", "HTTP", "JSON", "TempestTestKit"]
        ),
        .testTarget(
            name: "ConfigurationTests",
            // MQTT: the schema's rules are checked against the MQTT client's limits.
            dependencies: ["Configuration", "MQTT", "Storage", "TempestCloud", "TempestTestKit"]
        ),
        .testTarget(
            name: "GatewayCoreTests",
            dependencies: [
                "GatewayCore", "Pipeline", "MQTTSink", "CloudFollowing", "Forecasting", "GatewayStatus", "WebPage",
                "Storage", "TempestUDP", "Meteorology", "MQTT", "SystemSupport", "TempestTestKit", "JSON", "TempestCloud",
                "WebSocket",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "TimeSeriesExportTests",
            dependencies: [
                "TimeSeriesExport", "Pipeline", "Storage", "Meteorology", "Configuration", "HTTP", "SystemSupport", "TempestTestKit",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "WeatherUploadsTests",
            dependencies: [
                "WeatherUploads", "Pipeline", "Storage", "Meteorology", "HTTP", "JSON", "Configuration", "SystemSupport", "TempestTestKit",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "GatewayTests",
            dependencies: [
                "Gateway", "GatewayCore", "Pipeline", "MQTTSink", "CloudFollowing", "Forecasting", "GatewayStatus", "WebPage",
                "Storage", "ForecastBridge", "HTTP", "SystemSupport", "TempestTestKit",
            ]
        ),
    ]
)
