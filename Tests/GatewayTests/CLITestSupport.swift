// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit

/// Runs the built `tempest-gateway` binary.
enum Gateway {
    static var path: String { BuiltProducts.executable("tempest-gateway") }

    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws
        -> ChildProcess.Result
    {
        try ChildProcess.run(executable: path, arguments: arguments, input: input, environment: environment)
    }

    /// A fixture file from the UDP test resources (shared with TempestUDPTests).
    static func fixturePath(_ name: String) -> String {
        BuiltProducts.packageRoot + "/Tests/TempestUDPTests/Fixtures/udp/\(name).jsonl"
    }

    /// Parses each output line as a JSON object.
    static func jsonLines(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw TestKitError("not a JSON object: \(line)")
            }
            return object
        }
    }
}
