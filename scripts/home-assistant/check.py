#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
"""Checks the gateway's Home Assistant discovery against a real Home Assistant.

Run by scripts/check-home-assistant.sh with Home Assistant's own Python (it
uses aiohttp and paho-mqtt from that virtual environment). Starts Home
Assistant with only MQTT (and the API, and the template weather entity of
docs/home-assistant.md), two gateways with different base topics, replays
the sample day into them, then checks, table-driven from the discovery
configs the gateways left retained on the broker:

- every announced entity exists, with the announced unit, device class and
  state class, and a state (not unknown or unavailable) wherever the
  gateway published a value;
- Home Assistant's log has no MQTT warning or error;
- the binary sensors in MUST_CHANGE changed state during the replay (a
  field no gateway announces is skipped, saying so);
- each gateway keeps its own devices, and stopping one makes only its
  entities unavailable;
- the template weather entity has a condition, a temperature and daily
  forecasts (the first gateway polls a fake Open-Meteo on 127.0.0.1, so its
  forecast device is checked like the others).

Every wait is bounded. Exits 1 on the first failed group of checks.
"""

import argparse
import asyncio
import http.server
import json
import os
import pathlib
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time

import aiohttp
import paho.mqtt.client as mqtt

# Binary sensors (fields) that must change state during the sample day's
# shower and thunderstorm. A field that no gateway announces yet is skipped.
MUST_CHANGE = ["raining", "lightning_nearby"]

# The sample day's devices, and the ones the second gateway gets instead.
SAMPLE_SERIALS = {"ST-00054321": "ST-00099999", "HB-00012345": "HB-00099999"}
UNKNOWN = ("unknown", "unavailable")
# Units Home Assistant shows instead of the announced one: with the metric
# unit system it converts pressure to hPa and wind speed to km/h for display
# (the same quantity; the entity keeps the announced native unit).
DISPLAY_UNITS = {("mbar", "hPa"), ("m/s", "km/h"), ("inHg", "hPa"), ("mph", "km/h"), ("°F", "°C"), ("in", "mm"),
                 ("in/h", "mm/h"), ("mi", "km")}
ROOT = pathlib.Path(__file__).resolve().parents[2]


def log(text):
    print(text, flush=True)


def fail(text):
    log(f"FAILED: {text}")
    raise SystemExit(1)


def free_tcp_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def free_udp_port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(predicate, seconds, what, step=0.5):
    """Polls predicate until true, at most `seconds`; fails naming `what`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(step)
    fail(f"{what} within {seconds} seconds")


def weather_template():
    """The template weather entity of docs/home-assistant.md, as written there."""
    text = (ROOT / "docs" / "home-assistant.md").read_text()
    match = re.search(r"<!-- weather-template -->\s*```yaml\n(.*?)```", text, re.S)
    if not match:
        fail("docs/home-assistant.md has no ```yaml block after <!-- weather-template -->")
    return match.group(1)


class FakeOpenMeteo(http.server.BaseHTTPRequestHandler):
    """Answers every forecast request with a forecast in Open-Meteo's shape
    (`timeformat=unixtime`) around now: a thunderstorm today, partly cloudy
    tomorrow, so that the first gateway has forecast entities and the
    weather entity forecast days."""

    def do_GET(self):
        now = int(time.time())
        start = now - now % 86_400
        hours = [start + 3600 * index for index in range(72)]
        body = {
            "latitude": 52.0, "longitude": 4.0, "generationtime_ms": 0.3, "utc_offset_seconds": 0, "timezone": "UTC",
            "timezone_abbreviation": "UTC", "elevation": 0.0,
            "current": {"time": now - now % 900, "interval": 900, "temperature_2m": 24.0, "weather_code": 2, "cloud_cover": 40},
            "hourly": {"time": hours, "temperature_2m": [20 + index / 2 for index in range(72)],
                       "precipitation_probability": [index % 101 for index in range(72)],
                       "cloud_cover": [50] * 72, "weather_code": [2] * 72},
            "daily": {"time": [start, start + 86_400], "temperature_2m_max": [31, 33], "temperature_2m_min": [15, 17],
                      "sunrise": [start + 6 * 3600, start + 86_400 + 6 * 3600],
                      "sunset": [start + 20 * 3600, start + 86_400 + 20 * 3600],
                      "precipitation_sum": [12.5, 0], "precipitation_probability_max": [80, 10], "weather_code": [95, 2]},
        }
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def start_fake_open_meteo():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FakeOpenMeteo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def write_config(config, http_port):
    config.mkdir(parents=True)
    (config / "configuration.yaml").write_text(
        f"""homeassistant:
  name: tempest-gateway check
  latitude: 52.0
  longitude: 4.0
  elevation: 0
  unit_system: metric
  time_zone: UTC
  country: NL
  currency: EUR
http:
  server_host: 127.0.0.1
  server_port: {http_port}
api:
config:
websocket_api:
logger:
  default: warning
"""
        + weather_template()
    )
    storage = config / ".storage"
    storage.mkdir()
    # Onboarding done: the check logs in with a user made by `hass --script auth`.
    (storage / "onboarding").write_text(
        json.dumps({"version": 4, "minor_version": 1, "key": "onboarding",
                    "data": {"done": ["user", "core_config", "analytics", "integration"]}}))


def retained(port, topics, seconds=3.0):
    """topic -> payload of the retained messages under `topics`."""
    found = {}
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"check-{secrets.token_hex(4)}")

    def on_connect(client, userdata, flags, reason, properties):
        for topic in topics:
            client.subscribe(topic)

    def on_message(client, userdata, message):
        if message.retain:
            found[message.topic] = message.payload.decode("utf-8", "replace")

    client.on_connect = on_connect
    client.on_message = on_message
    client.connect("127.0.0.1", port)
    client.loop_start()
    time.sleep(seconds)
    client.loop_stop()
    client.disconnect()
    return found


class HomeAssistant:
    """The REST and WebSocket API of the Home Assistant under test."""

    def __init__(self, port):
        self.url = f"http://127.0.0.1:{port}"
        self.token = None
        self.session = None
        self.ws = None
        self.next_id = 1
        self.events = []

    async def open(self, username, password):
        self.session = aiohttp.ClientSession()
        client = self.url + "/"
        async with self.session.post(self.url + "/auth/login_flow", json={
                "client_id": client, "handler": ["homeassistant", None], "redirect_uri": client}) as response:
            flow = await response.json()
        async with self.session.post(self.url + f"/auth/login_flow/{flow['flow_id']}", json={
                "client_id": client, "username": username, "password": password}) as response:
            result = await response.json()
        if result.get("type") != "create_entry":
            fail(f"Home Assistant refused the login: {result}")
        async with self.session.post(self.url + "/auth/token", data={
                "grant_type": "authorization_code", "code": result["result"], "client_id": client}) as response:
            self.token = (await response.json())["access_token"]
        self.ws = await self.session.ws_connect(self.url + "/api/websocket")
        await self.ws.receive_json(timeout=10)
        await self.ws.send_json({"type": "auth", "access_token": self.token})
        if (await self.ws.receive_json(timeout=10)).get("type") != "auth_ok":
            fail("the WebSocket API refused the token")
        # A long-lived token, as a user of the API would make one.
        self.token = await self.command({"type": "auth/long_lived_access_token", "client_name": "tempest-gateway check",
                                         "lifespan": 1})

    async def command(self, message):
        """Sends a WebSocket command; returns its result (events meanwhile are kept)."""
        message = dict(message, id=self.next_id)
        self.next_id += 1
        await self.ws.send_json(message)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            reply = await self.ws.receive_json(timeout=30)
            if reply.get("type") == "event":
                self.events.append(reply["event"])
            elif reply.get("id") == message["id"]:
                if not reply.get("success", False):
                    fail(f"{message['type']}: {reply.get('error')}")
                return reply.get("result")
        fail(f"no answer to {message['type']} within 30 seconds")

    async def drain_events(self, seconds):
        """Keeps the events that arrive within `seconds`."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                reply = await self.ws.receive_json(timeout=left)
            except asyncio.TimeoutError:
                return
            if reply.get("type") == "event":
                self.events.append(reply["event"])

    async def rest(self, method, path, body=None):
        headers = {"Authorization": f"Bearer {self.token}"}
        async with self.session.request(method, self.url + path, json=body, headers=headers) as response:
            if response.status >= 300:
                fail(f"{method} {path}: HTTP {response.status}: {await response.text()}")
            return await response.json()

    async def add_mqtt(self, broker_port):
        """Creates the MQTT config entry through the config-flow API (no UI)."""
        step = await self.rest("POST", "/api/config/config_entries/flow", {"handler": "mqtt", "show_advanced_options": False})
        for _ in range(5):
            if step["type"] == "create_entry":
                return
            if step["type"] == "menu":
                choice = "broker" if "broker" in step["menu_options"] else step["menu_options"][0]
                step = await self.rest("POST", f"/api/config/config_entries/flow/{step['flow_id']}", {"next_step_id": choice})
            elif step["type"] == "form":
                step = await self.rest("POST", f"/api/config/config_entries/flow/{step['flow_id']}",
                                       {"broker": "127.0.0.1", "port": broker_port})
            else:
                break
        fail(f"the MQTT config flow ended with {step}")

    async def states(self):
        return {state["entity_id"]: state for state in await self.rest("GET", "/api/states")}

    async def close(self):
        if self.ws is not None:
            await self.ws.close()
        if self.session is not None:
            await self.session.close()


class Gateway:
    """One `tempest-gateway run`, with its own base topic and UDP port."""

    def __init__(self, binary, work, name, base, broker_port, min_version, extra, environment=None):
        self.name = name
        self.base = base
        self.udp_port = free_udp_port()
        self.stderr_path = work / f"gateway-{name}.log"
        environment = dict(os.environ, TEMPEST_GATEWAY_MQTT_HOMEASSISTANT_MIN_VERSION=min_version, **(environment or {}))
        self.process = subprocess.Popen(
            [binary, "run", "--database", str(work / f"{name}.db"), "--udp-address", "127.0.0.1",
             "--udp-port", str(self.udp_port), "--print", "none", "--mqtt-host", "127.0.0.1",
             "--mqtt-port", str(broker_port), "--mqtt-base", base,
             # Two gateways on one host: the default client id names the host only.
             "--mqtt-client-id", f"tempest-gateway-check-{name}"] + extra,
            stdout=subprocess.DEVNULL, stderr=open(self.stderr_path, "w"), env=environment)
        wait_until(lambda: "Listening" in self.stderr_path.read_text() or self.process.poll() is not None, 30,
                   f"gateway {name} listening")
        if self.process.poll() is not None:
            fail(f"gateway {name} ended: {self.stderr_path.read_text()}")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def announced(configs):
    """The entities announced in retained configs: one dict per non-empty config."""
    entities = []
    for topic, payload in sorted(configs.items()):
        parts = topic.split("/")
        if len(parts) != 5 or parts[-1] != "config" or not payload:
            continue
        config = json.loads(payload)
        config["_component"] = parts[1]
        config["_topic"] = topic
        entities.append(config)
    return entities


def check_entities(entities, registry, states, values):
    """Every announced entity exists, with its unit, classes and a state where a value was published."""
    by_unique_id = {entry["unique_id"]: entry for entry in registry if entry["platform"] == "mqtt"}
    problems, rows = [], []
    for config in entities:
        entry = by_unique_id.get(config["unique_id"])
        if entry is None:
            problems.append(f"{config['_topic']}: Home Assistant has no entity with unique_id {config['unique_id']}")
            continue
        entity_id = entry["entity_id"]
        if config.get("enabled_by_default") is False:
            # Announced disabled: Home Assistant registers it, disabled by
            # the integration, and keeps no state until a user enables it.
            if entry.get("disabled_by") != "integration":
                problems.append(f"{entity_id}: announced disabled, but disabled_by is {entry.get('disabled_by')!r}")
            rows.append((entity_id, "(disabled by default)", config.get("unit_of_measurement", ""),
                         config.get("device_class", ""), values.get(config.get("state_topic", ""))))
            continue
        state = states.get(entity_id)
        if state is None:
            problems.append(f"{entity_id}: no state")
            continue
        attributes = state["attributes"]
        value = values.get(config.get("state_topic", ""))
        rows.append((entity_id, state["state"], attributes.get("unit_of_measurement", ""), attributes.get("device_class", ""),
                     value))
        if config["_component"] == "button":
            continue
        for key in ("unit_of_measurement", "device_class", "state_class"):
            if key == "unit_of_measurement" and (config.get(key), attributes.get(key)) in DISPLAY_UNITS:
                continue
            if config.get(key) != attributes.get(key):
                problems.append(f"{entity_id}: {key} is {attributes.get(key)!r}, announced {config.get(key)!r}")
        if config.get("value_template") and "/event/" in config.get("state_topic", ""):
            # A value published only in its event (3-second wind, the hub's
            # signal), which is not retained: Home Assistant has it from the
            # first event after it subscribed. The first gateway's day sends
            # that event until its end; the second gateway's burst came
            # before Home Assistant read its configs, so it shows nothing
            # until its hub speaks again (in a station's life, 10 s).
            if state["state"] in UNKNOWN and config["state_topic"].startswith("tempest/"):
                problems.append(f"{entity_id}: state {state['state']} although its event {config['state_topic']} was sent")
            continue
        if value:
            if state["state"] in UNKNOWN:
                problems.append(f"{entity_id}: state {state['state']} although {config['state_topic']} holds {value!r}")
            elif config.get("device_class") == "enum" and state["state"] != value:
                problems.append(f"{entity_id}: state {state['state']!r}, published {value!r}")
            elif config["_component"] == "binary_sensor":
                expected = "on" if value == config.get("payload_on", "ON") else "off"
                if state["state"] != expected:
                    problems.append(f"{entity_id}: state {state['state']}, published {value!r}")
    return problems, rows


def mqtt_log_problems(log_path):
    """MQTT warnings and errors in Home Assistant's log."""
    problems = []
    for line in log_path.read_text(errors="replace").splitlines():
        if re.search(r"\b(WARNING|ERROR|CRITICAL)\b", line) and re.search(r"mqtt|discovery", line, re.I):
            problems.append(line)
    return problems


def rewritten_sample(work, lines):
    """The first `lines` lines of the sample day, with the second gateway's serials."""
    path = work / "second.jsonl"
    with open(ROOT / "Samples" / "sample-day.jsonl") as source, open(path, "w") as target:
        for number, line in enumerate(source):
            if number >= lines:
                break
            for old, new in SAMPLE_SERIALS.items():
                line = line.replace(old, new)
            target.write(line)
    return path


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hass", required=True)
    parser.add_argument("--gateway", required=True)
    parser.add_argument("--broker-port", type=int, required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--ha-version", required=True)
    parser.add_argument("--speed", default="1440")
    args = parser.parse_args()
    work = pathlib.Path(args.work)
    config = work / "config"
    http_port = free_tcp_port()
    write_config(config, http_port)
    password = secrets.token_hex(12)
    subprocess.run([args.hass, "--script", "auth", "-c", str(config), "add", "check", password],
                   check=True, stdout=subprocess.DEVNULL, timeout=120)
    min_version = ".".join(args.ha_version.split(".")[:2])

    started = time.monotonic()
    hass = subprocess.Popen([args.hass, "-c", str(config), "--skip-pip", "--log-file", str(config / "home-assistant.log")],
                            stdout=open(work / "hass.out", "w"), stderr=subprocess.STDOUT)
    gateways = []
    api = HomeAssistant(http_port)
    try:
        def answering():
            try:
                with socket.create_connection(("127.0.0.1", http_port), timeout=1):
                    return True
            except OSError:
                return hass.poll() is not None
        wait_until(answering, 180, "Home Assistant answering on its HTTP port")
        if hass.poll() is not None:
            fail(f"Home Assistant ended: {(work / 'hass.out').read_text()[-2000:]}")
        await api.open("check", password)
        await api.add_mqtt(args.broker_port)
        log(f"Home Assistant {args.ha_version} up with MQTT in {time.monotonic() - started:.0f} seconds.")
        subscription = api.next_id
        await api.command({"type": "subscribe_events", "event_type": "state_changed"})

        # The first gateway has an elevation (sea-level pressure) and a
        # location, and takes its forecast from the fake Open-Meteo.
        open_meteo = start_fake_open_meteo()
        first = Gateway(args.gateway, work, "first", "tempest", args.broker_port, min_version,
                        ["--elevation", "30", "--latitude", "52.0", "--longitude", "4.0"],
                        {"TEMPEST_GATEWAY_FORECAST_OPEN_METEO_API": f"http://127.0.0.1:{open_meteo.server_port}"})
        second = Gateway(args.gateway, work, "second", "second", args.broker_port, min_version, [])
        gateways = [first, second]
        replay_second = subprocess.run(
            [args.gateway, "replay", str(rewritten_sample(work, 3000)), "--speed", "0", "--to", f"127.0.0.1:{second.udp_port}"],
            stdout=subprocess.DEVNULL, timeout=120)
        if replay_second.returncode != 0:
            fail("the replay into the second gateway failed")
        replay = subprocess.Popen(
            [args.gateway, "replay", str(ROOT / "Samples" / "sample-day.jsonl"), "--speed", args.speed,
             "--to", f"127.0.0.1:{first.udp_port}"], stdout=subprocess.DEVNULL)
        replay_started = time.monotonic()
        while replay.poll() is None and time.monotonic() - replay_started < 900:
            await api.drain_events(1)
        if replay.poll() is None:
            replay.kill()
            fail("the replay took more than 900 seconds")
        log(f"Replayed the sample day in {time.monotonic() - replay_started:.0f} seconds.")
        await api.drain_events(5)
        # No more events: unread ones would pile up while the checks below run.
        await api.command({"type": "unsubscribe_events", "subscription": subscription})
        await api.drain_events(1)

        # After the fast replay Home Assistant may still be reading its
        # backlog; the gateway device's button, pressed through Home
        # Assistant, has every config and value published again, and once
        # those arrived Home Assistant has caught up.
        registry = await api.command({"type": "config/entity_registry/list"})
        button = next((entry["entity_id"] for entry in registry if entry["unique_id"] == "tempest_gateway_tempest_announce"), None)
        if button is None:
            fail("no Announce again button of the first gateway")
        await api.rest("POST", "/api/services/button/press", {"entity_id": button})
        deadline = time.monotonic() + 60
        while True:
            retained_messages = retained(args.broker_port, ["homeassistant/#", "tempest/#", "second/#"])
            entities = announced({topic: payload for topic, payload in retained_messages.items()
                                  if topic.startswith("homeassistant/")})
            registry = await api.command({"type": "config/entity_registry/list"})
            states = await api.states()
            problems, rows = check_entities(entities, registry, states, retained_messages)
            if not problems or time.monotonic() > deadline:
                break
        if len(entities) < 40:
            fail(f"only {len(entities)} entities announced")
        log(f"{len(entities)} entities announced by the two gateways:")
        for entity_id, state, unit, device_class, value in rows:
            note = "" if value else "  (no value published)"
            log(f"  {entity_id}: {state} {unit} [{device_class or '-'}]{note}")
        if problems:
            fail("entities:\n  " + "\n  ".join(problems))
        log("Every announced entity exists with its unit, classes and a state where a value was published.")

        # Binary sensors that must change during the shower and the thunderstorm.
        by_unique_id = {entry["unique_id"]: entry["entity_id"] for entry in registry if entry["platform"] == "mqtt"}
        for field in MUST_CHANGE:
            ids = [by_unique_id.get(config["unique_id"]) for config in entities
                   if config["_component"] == "binary_sensor" and config.get("state_topic", "").startswith("tempest/")
                   and config.get("state_topic", "").endswith("/" + field)]
            if not ids:
                log(f"Skipped: no gateway announces the binary sensor {field} yet.")
                continue
            seen = {event["data"]["new_state"]["state"] for event in api.events
                    if event["data"].get("entity_id") in ids and event["data"].get("new_state")}
            if not {"on", "off"} <= seen:
                fail(f"{field} ({', '.join(filter(None, ids))}) did not turn both on and off during the replay: {sorted(seen)}")
            log(f"{field} turned on and off during the replay.")

        # The template weather entity of docs/home-assistant.md.
        weather = [state for entity_id, state in states.items() if entity_id.startswith("weather.")]
        if not weather:
            fail("no weather entity: the template of docs/home-assistant.md did not load")
        for state in weather:
            temperature = state["attributes"].get("temperature")
            if state["state"] in UNKNOWN or not isinstance(temperature, (int, float)):
                fail(f"{state['entity_id']}: condition {state['state']}, temperature {temperature!r}")
            log(f"{state['entity_id']}: {state['state']}, {temperature} {state['attributes'].get('temperature_unit')}")
            answer = await api.rest("POST", "/api/services/weather/get_forecasts?return_response",
                                    {"entity_id": state["entity_id"], "type": "daily"})
            days = answer.get("service_response", {}).get(state["entity_id"], {}).get("forecast") or []
            if not days or any(day.get("condition") in (None, "") or not isinstance(day.get("temperature"), (int, float))
                               for day in days):
                fail(f"{state['entity_id']}: no daily forecast with conditions and temperatures: {days}")
            log(f"{state['entity_id']}: {len(days)} forecast days, the first {days[0]['condition']}, "
                f"{days[0]['temperature']}/{days[0].get('templow')}")

        # Two gateways: their own devices; stopping one makes only its entities unavailable.
        devices = await api.command({"type": "config/device_registry/list"})
        identifiers = {identifier[1] for device in devices for identifier in device["identifiers"] if identifier[0] == "mqtt"}
        for identifier in ["tempest_gateway_tempest", "tempest_gateway_second", "tempest_st_00054321", "tempest_st_00099999",
                           "tempest_hb_00012345", "tempest_hb_00099999"]:
            if identifier not in identifiers:
                fail(f"no device {identifier} (devices: {sorted(identifiers)})")
        log("Each gateway has its own devices.")
        second.stop()
        # Entities announced disabled have no state to watch.
        enabled = [config for config in entities
                   if config["unique_id"] in by_unique_id and config.get("enabled_by_default") is not False]
        second_ids = [by_unique_id[config["unique_id"]] for config in enabled
                      if config.get("state_topic", "").startswith("second/")]
        first_ids = [by_unique_id[config["unique_id"]] for config in enabled
                     if config.get("state_topic", "").startswith("tempest/") and retained_messages.get(config["state_topic"])]
        connectivity = by_unique_id.get("tempest_gateway_second_status")

        async def second_gone():
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                now = await api.states()
                gone = all(now[entity_id]["state"] == "unavailable" for entity_id in second_ids if entity_id != connectivity)
                if gone and (connectivity is None or now[connectivity]["state"] == "off"):
                    return now
                await asyncio.sleep(0.5)
            fail("the second gateway's entities did not all turn unavailable (and its connectivity off) within 20 seconds")
        now = await second_gone()
        still = [entity_id for entity_id in first_ids if now[entity_id]["state"] == "unavailable"]
        if still:
            fail(f"stopping the second gateway made the first's entities unavailable: {still}")
        log(f"Stopping the second gateway made its {len(second_ids)} entities unavailable and none of the first's.")

        problems = mqtt_log_problems(config / "home-assistant.log")
        if problems:
            fail("Home Assistant logged MQTT warnings or errors:\n  " + "\n  ".join(problems))
        log("Home Assistant's log holds no MQTT warning or error.")
        log("PASSED")
    finally:
        for gateway in gateways:
            gateway.stop()
        await api.close()
        if hass.poll() is None:
            hass.send_signal(signal.SIGTERM)
            try:
                hass.wait(timeout=60)
            except subprocess.TimeoutExpired:
                hass.kill()
                hass.wait(timeout=10)


if __name__ == "__main__":
    asyncio.run(main())
