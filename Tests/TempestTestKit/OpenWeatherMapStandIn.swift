// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// OpenWeatherMap's Weather Stations API 3.0 (`docs/design/uploads-research.md`,
/// section 5), under `/data/3.0`, every call with `?appid=`:
/// `GET /stations` lists the stations (`id`, `external_id`), `POST /stations`
/// registers one (201 with `ID`), `POST /measurements` takes a JSON array
/// (204). A wrong key gets 401 `{"cod":401,…}`; a measurement for a station
/// it does not know, 404. Each measurement taken is one recorded upload.
public final class OpenWeatherMapStandIn: UploadStandIn {
    /// A station the account has.
    public struct Station: Sendable, Equatable {
        /// OpenWeatherMap's id.
        public var id: String
        /// The uploader's id.
        public var externalID: String
        /// The registration's members (none for a station it had from the start).
        public var registration: [String: String]

        /// A station `id` known to the uploader as `externalID`.
        public init(id: String, externalID: String, registration: [String: String] = [:]) {
            self.id = id
            self.externalID = externalID
            self.registration = registration
        }
    }

    public let core: UploadStandInCore
    /// The API key it knows.
    public let key: String
    /// The account's stations.
    public let stations: Locked<[Station]>
    /// The base URL (`…/data/3.0`).
    public var url: String { baseURL + "/data/3.0" }

    /// Starts one for `key`, the account holding `stations`.
    public init(key: String, stations: [Station] = []) throws {
        self.core = try UploadStandInCore()
        self.key = key
        self.stations = Locked(stations)
        core.server.route("/data/3.0/stations") { [weak self] in self?.list($0) ?? .init(status: 503) }
        core.server.route("/data/3.0/stations", method: "POST") { [weak self] in self?.register($0) ?? .init(status: 503) }
        core.server.route("/data/3.0/measurements", method: "POST") { [weak self] in self?.measure($0) ?? .init(status: 503) }
    }

    private static let rejected = LocalHTTPServer.Response(
        status: 401, body: #"{"cod":401,"message":"Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}"#)

    /// The mode's answer to a call that is not a measurement (no upload recorded).
    private func gate(_ request: LocalHTTPServer.RecordedRequest, _ taken: () -> LocalHTTPServer.Response) -> LocalHTTPServer.Response {
        let answer = core.answer(
            recording: [], keyIsRight: request.queryValue("appid") == key, taken: .init(status: 200), rejected: Self.rejected,
            badRequest: .init(status: 400, body: #"{"code":400001,"message":"Invalid data"}"#))
        return answer.status == 200 && answer.delayBeforeBodySeconds == 0 ? taken() : answer
    }

    private func list(_ request: LocalHTTPServer.RecordedRequest) -> LocalHTTPServer.Response {
        gate(request) {
            let listed = stations.value.map { ["id": $0.id, "external_id": $0.externalID, "name": "x"] }
            let body = (try? JSONSerialization.data(withJSONObject: listed)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
            return .init(status: 200, body: body)
        }
    }

    private func register(_ request: LocalHTTPServer.RecordedRequest) -> LocalHTTPServer.Response {
        gate(request) {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any],
                  let externalID = object["external_id"] as? String
            else { return .init(status: 400, body: #"{"code":400001,"message":"Invalid data"}"#) }
            let id = String(format: "%024x", stations.value.count + 0x5834_36dd)
            let members = object.mapValues { "\($0)" }
            stations.withLock { $0.append(Station(id: id, externalID: externalID, registration: members)) }
            return .init(status: 201, body: #"{"ID":"\#(id)","external_id":"\#(externalID)"}"#)
        }
    }

    private func measure(_ request: LocalHTTPServer.RecordedRequest) -> LocalHTTPServer.Response {
        let objects = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [[String: Any]]
        guard let objects, !objects.isEmpty else {
            return .init(status: 400, body: #"{"code":400001,"message":"Invalid data"}"#)
        }
        let known = Set(stations.value.map(\.id))
        let uploads = objects.map { object in
            RecordedUpload(parameters: object.mapValues { "\($0)" }, query: request.query, headers: request.headers)
        }
        if request.queryValue("appid") == key, mode == .accept, !uploads.allSatisfy({ known.contains($0.parameters["station_id"] ?? "") }) {
            return .init(status: 404, body: #"{"code":404001,"message":"Station not found"}"#)
        }
        var answer = core.answer(
            recording: uploads, keyIsRight: request.queryValue("appid") == key, taken: .init(status: 204, headers: [], body: ""),
            rejected: Self.rejected, badRequest: .init(status: 400, body: #"{"code":400001,"message":"Invalid data"}"#))
        answer.headers = answer.headers.filter { $0.0 != "Content-Type" }
        return answer
    }
}
