// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import SystemSupport
import TempestCloud

extension SetupCommand {
    /// How many tokens in a row WeatherFlow may reject on a terminal before
    /// setup stops.
    static let tokenTries = 3

    /// The token that WeatherFlow accepted, the account's stations, and
    /// the token as typed (nil when it came from `--token-file`).
    struct AcceptedToken {
        var token: APIToken
        var typed: String?
        var stations: [Station]
    }

    /// Step 1: the token, checked by listing the account's stations. From
    /// `--token-file` (or without a terminal) a rejected token ends setup
    /// at once; typed on a terminal, a token that is empty, not a token, or
    /// rejected is asked for again, at most ``tokenTries`` times in all.
    /// The token is never shown, nor put in a message.
    func acceptedToken(api: String, interactive: Bool, input: TerminalInput) async throws -> AcceptedToken {
        if let tokenFile {
            let token: APIToken
            do {
                token = try APIToken.load(from: .file(path: tokenFile))
            } catch {
                throw SetupError("\(error)")
            }
            StandardOutput.line("Using the token in \(tokenFile).")
            do {
                return AcceptedToken(token: token, stations: try await Self.stations(token: token, api: api))
            } catch let error as WeatherFlowError {
                throw SetupError("\(error)")
            }
        }
        guard interactive else { throw SetupError("without a terminal, give the token with --token-file PATH (a file only you can read)") }
        StandardOutput.line("Create one at tempestwx.com, then Settings, then Data Authorizations.")
        for attempt in 1...Self.tokenTries {
            let question = attempt == 1 ? "Paste the token" : "Paste the token again, try \(attempt) of \(Self.tokenTries)"
            guard let typed = input.askSecret(question) else { throw SetupError("no token was given") }
            guard !typed.isEmpty else {
                StandardOutput.line("Nothing was pasted.")
                continue
            }
            guard let token = APIToken(typed) else {
                StandardOutput.line("That is not a token: a personal access token is letters, digits and dashes.")
                continue
            }
            do {
                return AcceptedToken(token: token, typed: typed, stations: try await Self.stations(token: token, api: api))
            } catch let error as WeatherFlowError where error.kind == .tokenRejected {
                StandardOutput.line("WeatherFlow rejected that token. Check that it was copied whole, or create a new one.")
            }
        }
        throw SetupError(
            "no token was accepted after \(Self.tokenTries) tries; nothing was written. Create a new token at tempestwx.com, "
                + "then Settings, then Data Authorizations, and run setup again")
    }

    /// The account's stations, listed with `token`; a rejected token
    /// throws `WeatherFlowError` (kind `.tokenRejected`), any other failure
    /// a `SetupError`.
    private static func stations(token: APIToken, api: String) async throws -> [Station] {
        do {
            return try await WeatherFlowClient(token: token, baseURL: api).stations()
        } catch {
            if error.kind == .tokenRejected { throw error }
            throw SetupError("\(error)")
        }
    }
}
