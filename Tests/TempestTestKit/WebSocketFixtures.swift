// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// WeatherFlow WebSocket texts written by the spec (section 8), for the
/// decoder's and the follower's tests. Device 211522 is ST-00054321 behind
/// hub HB-00012345, as in ``RESTFixtures``.
public enum WebSocketFixtures {
    public static let deviceID = 211_522
    public static let serial = "ST-00054321"
    public static let hub = "HB-00012345"

    public static let connectionOpened = #"{"type":"connection_opened"}"#

    public static func ack(_ id: String) -> String { #"{"type":"ack","id":"\#(id)"}"# }

    /// An `obs_st` with one 22-value row (integral values as floats, the way
    /// the cloud sends them) and its summary; `source` is "cache" for the
    /// replay on listen_start, "mqtt" for live ones.
    /// An `obs_st` with `rainMillimeters` in its rain field and NearCast's
    /// `analysisType` (0: none) at index 21.
    public static func obsSt(
        _ time: Int64, source: String = "mqtt", deviceID: Int = deviceID, withSerial: Bool = true, rainMillimeters: Double = 0,
        analysisType: Int = 0
    ) -> String {
        let serialPart = withSerial ? #""serial_number":"\#(serial)","hub_sn":"\#(hub)","firmware_revision":"176","# : ""
        return #"""
            {"type":"obs_st","device_id":\#(deviceID),\#(serialPart)"source":"\#(source)","summary":{"pressure_trend":"steady","strike_count_1h":0,"strike_count_3h":0,"precip_total_1h":0.0,"feels_like":21.4,"heat_index":21.4,"wind_chill":21.4,"dew_point":12.2,"wet_bulb_temperature":15.9,"air_density":1.19,"delta_t":5.5,"precip_minutes_local_day":0,"precip_minutes_local_yesterday":0},"obs":[[\#(time),0.18,0.77,1.52,242.0,3.0,985.6,21.4,56.0,14330.0,1.25,119.0,\#(rainMillimeters),0.0,0.0,0.0,2.61,1.0,0.0,null,null,\#(analysisType).0]]}
            """#
    }

    public static func rapidWind(_ time: Int64, deviceID: Int = deviceID) -> String {
        #"{"type":"rapid_wind","device_id":\#(deviceID),"serial_number":"\#(serial)","hub_sn":"\#(hub)","ob":[\#(time),1.02,256]}"#
    }

    /// A three-value strike as the station reported it.
    public static func strike(_ time: Int64, deviceID: Int = deviceID) -> String {
        #"{"type":"evt_strike","device_id":\#(deviceID),"serial_number":"\#(serial)","hub_sn":"\#(hub)","evt":[\#(time),27,3848]}"#
    }

    /// The four-value cloud-enhanced strike observed in the field.
    public static let enhancedStrike =
        #"{"type":"evt_strike","device_id":211522,"serial_number":"ST-00054321","hub_sn":"HB-00012345","source":"enhanced","evt":[1710383159,13,-182,1]}"#

    /// A rain start with its `evt`.
    public static func rainStart(_ time: Int64) -> String {
        #"{"type":"evt_precip","device_id":211522,"serial_number":"ST-00054321","hub_sn":"HB-00012345","evt":[\#(time)]}"#
    }

    /// A rain start as the docs show it: the device id only.
    public static let rainStartBare = #"{"type":"evt_precip","device_id":211522}"#
}
