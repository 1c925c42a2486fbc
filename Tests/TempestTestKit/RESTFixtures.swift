// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// WeatherFlow REST response bodies shaped like section 7 of the protocol spec.
public enum RESTFixtures {
    public static let stations = #"""
    {"stations":[{"station_id":98765,"location_id":98765,"name":"Backyard","public_name":"Elm St",
      "latitude":39.7392,"longitude":-104.9903,"timezone":"America/Denver","timezone_offset_minutes":-420,
      "created_epoch":1600000000,"last_modified_epoch":1700000000,"is_local_mode":false,
      "station_meta":{"elevation":2063.150146484375,"share_with_wf":true,"share_with_wu":false},
      "devices":[
        {"device_id":111111,"serial_number":"HB-00012345","device_type":"HB","firmware_revision":"194",
         "hardware_revision":"1","location_id":98765,
         "device_meta":{"agl":0,"environment":"indoor","name":"HB-00012345","wifi_network_name":""}},
        {"device_id":211522,"serial_number":"ST-00054321","device_type":"ST","firmware_revision":"176",
         "hardware_revision":"1","location_id":98765,
         "device_meta":{"agl":1.8288,"environment":"outdoor","name":"Roof","wifi_network_name":""},
         "device_settings":{"show_precip_final":true},"unknown_future_key":[1,2,3]}],
      "station_items":[
        {"item":"air_temperature_humidity","device_id":211522,"sort":1,"station_item_id":1,"location_item_id":1},
        {"item":"wind","device_id":211522,"sort":2,"station_item_id":2,"location_item_id":2}],
      "capabilities":[{"capability":"air_temperature_humidity","device_id":211522,"environment":"outdoor","agl":1.8288,"show_precip_final":true}]}],
     "status":{"status_code":0,"status_message":"SUCCESS"}}
    """#

    public static let stationObservation = #"""
    {"station_id":98765,"station_name":"Backyard","public_name":"Elm St","latitude":39.7392,"longitude":-104.9903,
     "elevation":2063.150146484375,"is_public":true,"timezone":"America/Denver",
     "station_units":{"units_temp":"f","units_wind":"mph"},"outdoor_keys":["timestamp","air_temperature"],
     "obs":[{"timestamp":1700000000,"air_temperature":10.5,"relative_humidity":23,"station_pressure":795.2,
       "barometric_pressure":795.2,"sea_level_pressure":1021.4,"pressure_trend":"rising","wind_avg":2.1,"wind_gust":3.4,
       "wind_lull":0.9,"wind_direction":270,"solar_radiation":512,"uv":3.12,"brightness":61440,"precip":0.0,
       "precip_accum_last_1hr":0.0,"precip_accum_local_day":1.25,"precip_accum_local_day_final":1.5,
       "precip_minutes_local_day":12,"lightning_strike_count":0,"lightning_strike_last_epoch":1699990000,
       "lightning_strike_last_distance":14,"feels_like":10.5,"dew_point":-10.4,"air_density":0.97,"delta_t":7.8,
       "precip_analysis_type_yesterday":1}],
     "status":{"status_code":0,"status_message":"SUCCESS"}}
    """#

    public static let noData = #"""
    {"station_id":98765,"obs":[],"status":{"status_code":0,"status_message":"SUCCESS - Either no capabilities or no recent observations"}}
    """#

    public static let unauthorized = #"{"status":{"status_code":401,"status_message":"UNAUTHORIZED"}}"#
    public static let internalError = #"{"status":{"status_code":1,"status_message":"INTERNAL_ERROR - null"}}"#

    /// An `obs_st` row in the REST layout (22 values) at `time`, with
    /// `rainMillimeters` of rain in its minute.
    public static func obsStRow(_ time: Int64, rainMillimeters: Double = 0) -> String {
        "[\(time),0.5,1.2,2.4,180,3,795.2,12.5,40,20000,1.5,300,\(rainMillimeters),0,0,0,2.61,1,0.8,null,0.9,1]"
    }

    /// A device observation body with rows at `times`.
    public static func deviceObservations(_ times: [Int64], rainMillimeters: Double = 0) -> String {
        let rows = times.map { obsStRow($0, rainMillimeters: rainMillimeters) }.joined(separator: ",")
        return #"{"status":{"status_code":0,"status_message":"SUCCESS"},"device_id":211522,"type":"obs_st","source":"db","summary":{"pressure_trend":"steady"},"obs":["# + rows + "]}"
    }
}
