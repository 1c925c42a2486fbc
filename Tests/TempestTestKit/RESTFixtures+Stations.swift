// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A WeatherFlow account with two stations: "Backyard" (98765) with the
/// Tempest of ``RESTFixtures/stations``, and "Cabin" (55555) with a hub, an
/// AIR and a SKY.
extension RESTFixtures {
    /// The cabin's AIR: serial and cloud device id.
    public static let cabinAir = (serial: "AR-00011111", deviceID: 311111)
    /// The cabin's SKY: serial and cloud device id.
    public static let cabinSky = (serial: "SK-00022222", deviceID: 411111)
    /// The cabin's hub.
    public static let cabinHub = "HB-00099999"

    /// `/stations` of the two-station account.
    public static let twoStations = #"""
    {"stations":[{"station_id":98765,"name":"Backyard","latitude":39.7392,"longitude":-104.9903,"timezone":"America/Denver",
      "station_meta":{"elevation":2063.15},
      "devices":[
        {"device_id":111111,"serial_number":"HB-00012345","device_type":"HB","device_meta":{"agl":0,"environment":"indoor"}},
        {"device_id":211522,"serial_number":"ST-00054321","device_type":"ST","device_meta":{"agl":1.8288,"environment":"outdoor"}}]},
     {"station_id":55555,"name":"Cabin","latitude":46.5,"longitude":7.25,"timezone":"Europe/Zurich",
      "station_meta":{"elevation":1400},
      "devices":[
        {"device_id":122222,"serial_number":"HB-00099999","device_type":"HB","device_meta":{"agl":0,"environment":"indoor"}},
        {"device_id":311111,"serial_number":"AR-00011111","device_type":"AR","device_meta":{"agl":2,"environment":"outdoor"}},
        {"device_id":411111,"serial_number":"SK-00022222","device_type":"SK","device_meta":{"agl":3,"environment":"outdoor"}}]}],
     "status":{"status_code":0,"status_message":"SUCCESS"}}
    """#

    /// An `obs_air` row in the REST layout (the UDP one, 8 values) at `time`.
    public static func obsAirRow(_ time: Int64) -> String {
        "[\(time),835.0,10.0,45,0,0,3.46,1]"
    }

    /// An `obs_sky` row in the REST layout (17 values) at `time`, with
    /// `rainMillimeters` of rain in its minute.
    public static func obsSkyRow(_ time: Int64, rainMillimeters: Double = 0) -> String {
        "[\(time),9000,10,\(rainMillimeters),2.6,4.6,7.4,187,3.12,1,130,0.0,0,3,null,null,0]"
    }

    /// A device observation body of `type` (`obs_air`, `obs_sky`) with `rows`.
    public static func deviceObservations(type: String, deviceID: Int, rows: [String]) -> String {
        #"{"status":{"status_code":0,"status_message":"SUCCESS"},"device_id":\#(deviceID),"type":"\#(type)","source":"db","obs":["#
            + rows.joined(separator: ",") + "]}"
    }

    /// `/observations/station/{id}` with `rainCheckMillimeters` as today's RainCheck rain.
    public static func stationObservation(stationID: Int, rainCheckMillimeters: Double) -> String {
        #"{"station_id":\#(stationID),"obs":[{"timestamp":1700000000,"air_temperature":10.5,"precip_accum_local_day":1.0,"#
            + #""precip_accum_local_day_final":\#(rainCheckMillimeters),"precip_accum_local_yesterday_final":0.5}],"#
            + #""status":{"status_code":0,"status_message":"SUCCESS"}}"#
    }
}
