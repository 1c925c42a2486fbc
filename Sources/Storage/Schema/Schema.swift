// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The database schema as a list of forward-only migrations.
///
/// Layout choices, made for a small file on an SD card (target: 80 KB per
/// station-day at default retention):
/// - Days older than two weeks of the two tables that grow forever
///   (observations, wind minutes) are packed, one row per device-day
///   (version 3, `PackedColumns`).
/// - Devices are referenced by a small integer id, not by their serial text.
/// - Measurements are stored as scaled integers in protocol units (for example
///   `air_temperature_centi_c` = °C × 100): SQLite stores small integers in
///   1–3 bytes where a REAL always takes 8. Each scale keeps at least the
///   precision the hub sends (spec section 3; rain, sent with six decimals,
///   is kept in nanometres). Codes for kind and source are
///   small integers too.
/// - Tables keyed by (device, timestamp) are `WITHOUT ROWID`, so the natural
///   key is the only b-tree and doubles as the uniqueness rule that makes
///   duplicate datagrams and UDP/REST overlap idempotent (`INSERT OR IGNORE`).
/// - No secondary indexes on the high-volume tables: every query there is
///   by device and time range, which the primary key serves.
public enum Schema {
    /// Every migration, in version order. Never edit a shipped step; add one.
    public static let migrations: [Migration] = [
        version1, version2, version3, version4, version5, version6, version7, version8, version9, version10, version11, version12,
        version13, version14,
    ]

    /// The version this binary creates and understands.
    public static var currentVersion: Int { migrations.last?.version ?? 0 }

    static let version1 = Migration(
        version: 1,
        name: "initial schema",
        sql: """
            CREATE TABLE devices (
                id INTEGER PRIMARY KEY,
                serial TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL,
                hub_serial TEXT,
                firmware TEXT,
                first_seen INTEGER NOT NULL,
                last_seen INTEGER NOT NULL
            );
            CREATE TABLE observations (
                device_id INTEGER NOT NULL REFERENCES devices(id),
                timestamp INTEGER NOT NULL,
                kind INTEGER NOT NULL,
                source INTEGER NOT NULL,
                wind_lull_cm_s INTEGER,
                wind_avg_cm_s INTEGER,
                wind_gust_cm_s INTEGER,
                wind_direction_deg INTEGER,
                wind_sample_interval_s INTEGER,
                station_pressure_centi_mb INTEGER,
                air_temperature_centi_c INTEGER,
                relative_humidity_centi_pct INTEGER,
                illuminance_lux INTEGER,
                uv_index_centi INTEGER,
                solar_radiation_w_m2 INTEGER,
                rain_accumulated_nm INTEGER,
                precipitation_type INTEGER,
                lightning_strike_avg_distance_km INTEGER,
                lightning_strike_count INTEGER,
                battery_mv INTEGER,
                report_interval_min INTEGER,
                local_day_rain_accumulation_nm INTEGER,
                nc_rain_accumulation_nm INTEGER,
                local_day_nc_rain_accumulation_nm INTEGER,
                precipitation_analysis_type INTEGER,
                PRIMARY KEY (device_id, timestamp)
            ) WITHOUT ROWID;
            CREATE TABLE rapid_wind (
                device_id INTEGER NOT NULL REFERENCES devices(id),
                timestamp INTEGER NOT NULL,
                speed_cm_s INTEGER NOT NULL,
                direction_deg INTEGER NOT NULL,
                PRIMARY KEY (device_id, timestamp)
            ) WITHOUT ROWID;
            CREATE TABLE wind_minutes (
                device_id INTEGER NOT NULL REFERENCES devices(id),
                minute_start INTEGER NOT NULL,
                mean_speed_cm_s INTEGER NOT NULL,
                gust_cm_s INTEGER NOT NULL,
                lull_cm_s INTEGER NOT NULL,
                direction_deg INTEGER,
                sample_count INTEGER NOT NULL,
                PRIMARY KEY (device_id, minute_start)
            ) WITHOUT ROWID;
            CREATE TABLE lightning_strikes (
                device_id INTEGER NOT NULL REFERENCES devices(id),
                timestamp INTEGER NOT NULL,
                distance_km INTEGER NOT NULL,
                energy INTEGER NOT NULL,
                PRIMARY KEY (device_id, timestamp, distance_km, energy)
            ) WITHOUT ROWID;
            CREATE TABLE rain_starts (
                device_id INTEGER NOT NULL REFERENCES devices(id),
                timestamp INTEGER NOT NULL,
                PRIMARY KEY (device_id, timestamp)
            ) WITHOUT ROWID;
            CREATE TABLE device_status (
                device_id INTEGER NOT NULL REFERENCES devices(id),
                timestamp INTEGER NOT NULL,
                uptime_s INTEGER,
                voltage_mv INTEGER,
                firmware_revision INTEGER,
                rssi_db INTEGER,
                hub_rssi_db INTEGER,
                sensor_status INTEGER,
                debug INTEGER,
                PRIMARY KEY (device_id, timestamp)
            ) WITHOUT ROWID;
            CREATE TABLE hub_status (
                device_id INTEGER NOT NULL REFERENCES devices(id),
                timestamp INTEGER NOT NULL,
                uptime_s INTEGER,
                rssi_db INTEGER,
                firmware TEXT,
                reset_flags TEXT,
                seq INTEGER,
                radio_stats TEXT,
                PRIMARY KEY (device_id, timestamp)
            ) WITHOUT ROWID;
            CREATE TABLE daily_summaries (
                device_id INTEGER NOT NULL REFERENCES devices(id),
                local_date TEXT NOT NULL,
                rain_mm REAL NOT NULL,
                rain_minutes INTEGER NOT NULL,
                strike_count INTEGER NOT NULL,
                closest_strike_km INTEGER,
                max_temperature_c REAL,
                max_temperature_at INTEGER,
                min_temperature_c REAL,
                min_temperature_at INTEGER,
                max_gust_m_s REAL,
                max_gust_at INTEGER,
                max_gust_direction_deg INTEGER,
                updated_at INTEGER NOT NULL,
                PRIMARY KEY (device_id, local_date)
            ) WITHOUT ROWID;
            CREATE TABLE forecast_snapshots (
                id INTEGER PRIMARY KEY,
                location_key TEXT NOT NULL,
                fetched_at INTEGER NOT NULL,
                source_url TEXT NOT NULL,
                payload_json TEXT NOT NULL
            );
            CREATE INDEX forecast_snapshots_by_location ON forecast_snapshots (location_key, fetched_at);
            CREATE TABLE outbox (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                topic TEXT NOT NULL,
                payload BLOB NOT NULL,
                qos INTEGER NOT NULL,
                retain INTEGER NOT NULL,
                priority INTEGER NOT NULL,
                created_at INTEGER NOT NULL
            );
            CREATE INDEX outbox_by_priority ON outbox (priority, id);
            """
    )

    /// Version 2: when the gateway received each observation, stored as the
    /// lag after the observation's own timestamp (0–2 s on UDP, so it costs
    /// almost nothing) rather than a second 4-byte epoch.
    static let version2 = Migration(
        version: 2,
        name: "observation receive lag",
        sql: """
            ALTER TABLE observations ADD COLUMN received_lag_s INTEGER;
            """
    )

    /// Version 3: whole old UTC days of observations and wind minutes packed
    /// into one row each (`PackedColumns`), which halves their size on disk.
    /// `source_table` names the table the rows came from.
    static let version3 = Migration(
        version: 3,
        name: "packed days",
        sql: """
            CREATE TABLE packed_days (
                device_id INTEGER NOT NULL REFERENCES devices(id),
                source_table TEXT NOT NULL,
                day_start INTEGER NOT NULL,
                row_count INTEGER NOT NULL,
                rows BLOB NOT NULL,
                PRIMARY KEY (device_id, source_table, day_start)
            );
            """
    )

    /// Version 4: the forecast verification record. Per forecast issue (one
    /// per place and hour) and lead hour: the forecast temperature and, once
    /// that hour has passed, the temperature the station observed, both in
    /// centi-degrees Celsius, so the mean absolute error by lead time can be
    /// computed. The partial index finds the rows still waiting for an
    /// observation.
    static let version4 = Migration(
        version: 4,
        name: "forecast verification",
        sql: """
            CREATE TABLE forecast_verification (
                location_key TEXT NOT NULL,
                issued_at INTEGER NOT NULL,
                valid_at INTEGER NOT NULL,
                lead_hours INTEGER NOT NULL,
                forecast_centi_c INTEGER NOT NULL,
                observed_centi_c INTEGER,
                PRIMARY KEY (location_key, issued_at, valid_at)
            ) WITHOUT ROWID;
            CREATE INDEX forecast_verification_pending ON forecast_verification (valid_at) WHERE observed_centi_c IS NULL;
            """
    )

    /// Version 5: the outbox without `AUTOINCREMENT` and without its index.
    /// At a station's pace each datagram's commit wrote 4.4 pages to the
    /// write-ahead log (measured); two of them were the outbox's bookkeeping:
    /// its row in `sqlite_sequence`, rewritten by every insert, and the
    /// `(priority, id)` index, rewritten by every insert and delete, which
    /// only the search for the oldest rapid-wind message to shed used (now a
    /// search by id from where the last one ended, `Store.enqueue`). Ids
    /// still only grow: the store hands them out above every id in the table
    /// and every id it handed out before. The old table's pages go back to
    /// the file system at once (a new file would otherwise start with them
    /// free inside it).
    static let version5 = Migration(
        version: 5,
        name: "outbox without autoincrement",
        sql: """
            CREATE TABLE outbox_new (
                id INTEGER PRIMARY KEY,
                topic TEXT NOT NULL,
                payload BLOB NOT NULL,
                qos INTEGER NOT NULL,
                retain INTEGER NOT NULL,
                priority INTEGER NOT NULL,
                created_at INTEGER NOT NULL
            );
            INSERT INTO outbox_new (id, topic, payload, qos, retain, priority, created_at)
                SELECT id, topic, payload, qos, retain, priority, created_at FROM outbox;
            DROP TABLE outbox;
            ALTER TABLE outbox_new RENAME TO outbox;
            PRAGMA incremental_vacuum;
            """
    )

    /// Version 6: the quarantine, messages dated too far ahead of the
    /// gateway's clock (`FutureTimestampRule`), kept for inspection and never
    /// counted: the serial as text (a quarantined message makes no device
    /// row), the message's type and timestamp, when it arrived, its source,
    /// why, and the datagram's text. The store keeps the newest 1,000.
    static let version6 = Migration(
        version: 6,
        name: "quarantine",
        sql: """
            CREATE TABLE quarantine (
                id INTEGER PRIMARY KEY,
                serial TEXT NOT NULL,
                type TEXT NOT NULL,
                timestamp INTEGER NOT NULL,
                received_at INTEGER NOT NULL,
                source TEXT NOT NULL,
                reason TEXT NOT NULL,
                message TEXT NOT NULL
            );
            """
    )

    /// Version 7: lightning from the WeatherFlow cloud (WebSocket, issue #30).
    ///
    /// `lightning_strikes.cloud_mark` is what the cloud said of a strike:
    /// NULL when only the station reported it (UDP, REST), 0 when the cloud
    /// forwarded it without a mark, else `LightningStrikeMark`'s raw value
    /// (1 enhanced, 2 confirmed). A strike the station reported and the
    /// cloud forwarded too (same device and second) stays one row: the
    /// first copy's distance and energy, the best mark (`Store.insert`).
    ///
    /// `nearby_strikes` holds the geo-strike feed, strikes near a station
    /// detected by others: the cloud's station id (not a device), time,
    /// position in micro-degrees, distance (km) and energy rounded to whole
    /// numbers as for the station's strikes, and the mark. The unique index
    /// makes a strike that arrives twice one row; missing coordinates count
    /// as equal there (a plain UNIQUE would let NULLs repeat).
    static let version7 = Migration(
        version: 7,
        name: "cloud strike marks and nearby strikes",
        sql: """
            ALTER TABLE lightning_strikes ADD COLUMN cloud_mark INTEGER;
            CREATE TABLE nearby_strikes (
                id INTEGER PRIMARY KEY,
                station_id INTEGER NOT NULL,
                timestamp INTEGER NOT NULL,
                latitude_micro_deg INTEGER,
                longitude_micro_deg INTEGER,
                distance_km INTEGER,
                energy INTEGER,
                cloud_mark INTEGER
            );
            CREATE UNIQUE INDEX nearby_strikes_once ON nearby_strikes (
                station_id, timestamp, ifnull(latitude_micro_deg, -1000000000), ifnull(longitude_micro_deg, -1000000000));
            """
    )

    /// Version 8: sinks with their own position (issue #42).
    ///
    /// `commit_journal` lists, in commit order, the facts a sink that keeps
    /// a cursor may deliver: `kind` is `JournalEntry.Kind`'s raw value, and
    /// (`device_id`, `timestamp`) is the fact's key in its own table. It is
    /// written only while such a sink is configured, and pruned up to the
    /// slowest cursor. `AUTOINCREMENT`: an id is never handed out twice,
    /// even once every entry was pruned, so a cursor never skips a new fact.
    ///
    /// `sink_cursors` holds each such sink's position: the id of the last
    /// journal entry it delivered.
    static let version8 = Migration(
        version: 8,
        name: "commit journal and sink cursors",
        sql: """
            CREATE TABLE commit_journal (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                kind INTEGER NOT NULL,
                device_id INTEGER NOT NULL,
                timestamp INTEGER NOT NULL
            );
            CREATE TABLE sink_cursors (
                name TEXT PRIMARY KEY,
                position INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            ) WITHOUT ROWID;
            """
    )

    /// A sink first configured with a backfill (`[[export]] backfill_days`)
    /// delivers what the store already held for that many days before its
    /// journal: `backfill_next` is the observation time it goes on from,
    /// `backfill_end` the time it stops at (both NULL once done or when
    /// none was asked for).
    static let version9 = Migration(
        version: 9,
        name: "sink backfills",
        sql: """
            ALTER TABLE sink_cursors ADD COLUMN backfill_next INTEGER;
            ALTER TABLE sink_cursors ADD COLUMN backfill_end INTEGER;
            """
    )

    /// Version 10: calibration sets (issue #43). Observations stay raw; each
    /// station's calibration is stored here with the time it took effect,
    /// and a row is read corrected with the set in force when it was
    /// measured (the latest `effective_at` at or before its timestamp; none:
    /// no correction). `station` is the station's key (`station_id:<id>`,
    /// else `station:<position>`, docs/design/calibration.md). A set is
    /// written only when it differs from the station's latest one.
    static let version10 = Migration(
        version: 10,
        name: "calibration sets",
        sql: """
            CREATE TABLE calibration_sets (
                station TEXT NOT NULL,
                effective_at INTEGER NOT NULL,
                temperature_offset_c REAL NOT NULL,
                humidity_offset_percent REAL NOT NULL,
                pressure_offset_hpa REAL NOT NULL,
                wind_speed_factor REAL NOT NULL,
                wind_direction_offset_degrees REAL NOT NULL,
                rain_factor REAL NOT NULL,
                illuminance_factor REAL NOT NULL,
                solar_radiation_factor REAL NOT NULL,
                uv_factor REAL NOT NULL,
                PRIMARY KEY (station, effective_at)
            ) WITHOUT ROWID;
            """
    )

    /// Version 11: the quality checks' verdicts (issue #43, docs/data.md),
    /// beside the raw rows they judge and written in the same transaction:
    /// one row per value that is not good (`verdict` is `suspect` or `bad`,
    /// `reason` the rule's code, `field` the value's protocol name). The
    /// observations keep their raw values.
    static let version11 = Migration(
        version: 11,
        name: "observation verdicts",
        sql: """
            CREATE TABLE observation_verdicts (
                device_id INTEGER NOT NULL REFERENCES devices(id),
                timestamp INTEGER NOT NULL,
                field TEXT NOT NULL,
                verdict TEXT NOT NULL,
                reason TEXT NOT NULL,
                PRIMARY KEY (device_id, timestamp, field)
            ) WITHOUT ROWID;
            """
    )

    /// Version 12: the cloud's NearCast-corrected rain of each device-day
    /// (issue #43), beside `daily_summaries`, whose rain is the gauge's raw
    /// rain only. A table of its own so the daily summary's
    /// `INSERT OR REPLACE` never erases it.
    static let version12 = Migration(
        version: 12,
        name: "cloud NearCast rain days",
        sql: """
            CREATE TABLE cloud_rain_days (
                device_id INTEGER NOT NULL REFERENCES devices(id),
                local_date TEXT NOT NULL,
                nearcast_rain_nm INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                PRIMARY KEY (device_id, local_date)
            ) WITHOUT ROWID;
            """
    )

    /// Version 13: what the growers' figures need of each day, so that `history`,
    /// `export` and the charts read them from the summary (docs/data.md,
    /// "Figures for growers"): the humidity extremes, the mean wind, the
    /// solar energy and the minutes it covers, the sunshine and chill
    /// minutes, and the day's FAO-56 ET₀ (NULL for an incomplete day).
    static let version13 = Migration(
        version: 13,
        name: "growers' daily figures",
        sql: """
            ALTER TABLE daily_summaries ADD COLUMN min_humidity_pct REAL;
            ALTER TABLE daily_summaries ADD COLUMN max_humidity_pct REAL;
            ALTER TABLE daily_summaries ADD COLUMN mean_wind_m_s REAL;
            ALTER TABLE daily_summaries ADD COLUMN solar_energy_mj_m2 REAL;
            ALTER TABLE daily_summaries ADD COLUMN solar_minutes INTEGER;
            ALTER TABLE daily_summaries ADD COLUMN sunshine_minutes INTEGER;
            ALTER TABLE daily_summaries ADD COLUMN chill_minutes INTEGER;
            ALTER TABLE daily_summaries ADD COLUMN et0_mm REAL;
            """
    )

    /// Version 14: each day's suspect rain (issue #43, docs/data.md,
    /// "Quality checks"): rain in strong wind with no rain start, kept out of
    /// `rain_mm` until good rain the same day confirms it.
    static let version14 = Migration(
        version: 14,
        name: "suspect rain of a day",
        sql: """
            ALTER TABLE daily_summaries ADD COLUMN rain_suspect_mm REAL NOT NULL DEFAULT 0;
            """
    )
}
