#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
"""Checks the gateway's web page in a real browser (headless Chromium).

Run by scripts/check-web-page.sh. Starts a gateway (the binary given) with
the web page on a free loopback port and a broker when mosquitto is
installed, replays the sample day (24 hours) moved to end two minutes ago
(its shower and thunderstorm then fall in the last 24 hours, and its newest
values are fresh), then drives Chromium through
chromedriver's WebDriver protocol (plain HTTP, no client library):

- Now: every expected value is there with a unit, its age, no stale mark;
  a datagram sent while the page is open reaches it through the live
  updates without a reload; the first Tab lands on the skip link;
- Charts: 24 hours, 7 days and the day of the storm (day=): every chart has
  drawn series, a summary and a data table; they show the rain and the
  lightning, and the 24 hours the forecast (from a fake Open-Meteo on
  127.0.0.1) beside the observed temperature;
- Health: the status sentences are there;
- with JavaScript off, the Now page and the charts still show their values;
- the page set's weight stays within the issue's 150 KB.

Screenshots (phone and desktop, light and dark) go to the folder given.
Every wait is bounded. Exits 1 on the first failed group of checks.
"""

import argparse
import http.server
import json
import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "Samples" / "sample-day.jsonl"
STATION = "ST-00054321"
TIME_ZONE = "America/Denver"
# The Now page's values the sample day's Tempest has (the markers the pages
# promise in Sources/WebPage/Site).
NOW_FIELDS = ["air_temperature", "relative_humidity", "dew_point", "feels_like", "wind_average", "wind_gust",
              "wind_direction", "station_pressure", "pressure_trend", "illuminance", "uv_index",
              "solar_radiation", "rain_today", "lightning_strikes_today", "battery"]
CHARTS = ["temperature", "humidity", "pressure", "wind", "wind_direction", "rain", "light", "lightning"]
PAGE_SET = ["/", "/charts", "/charts?range=7d", "/health", "/style.css", "/live.js"]
BUDGET_BYTES = 150 * 1024


class CheckFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


def wait_until(predicate, timeout_seconds, what):
    deadline = time.monotonic() + timeout_seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise CheckFailed(f"gave up after {timeout_seconds} s waiting for {what}")


def free_port(kind=socket.SOCK_STREAM):
    with socket.socket(socket.AF_INET, kind) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class WebDriver:
    """The few WebDriver commands the checks need, over chromedriver's HTTP."""

    def __init__(self, port, arguments, prefs=None):
        self.base = f"http://127.0.0.1:{port}"
        options = {"args": arguments, "binary": shutil.which("chromium") or "/usr/bin/chromium"}
        if prefs:
            options["prefs"] = prefs
        answer = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}})
        self.session = answer["sessionId"]

    def call(self, method, path, body=None, timeout=60):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            raise CheckFailed(f"WebDriver {method} {path}: {error.code} {error.read()[:500]!r}") from None

    def command(self, method, suffix, body=None):
        return self.call(method, f"/session/{self.session}{suffix}", body)

    def open(self, url):
        self.command("POST", "/url", {"url": url})

    def run(self, script, *arguments):
        return self.command("POST", "/execute/sync", {"script": script, "args": list(arguments)})

    def screenshot(self, path, width, height):
        self.command("POST", "/window/rect", {"width": width, "height": height})
        # The whole page, not only the window: as tall as the document.
        full = self.run("return Math.ceil(document.documentElement.scrollHeight)") or height
        self.cdp("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": min(int(full), 6000), "deviceScaleFactor": 1, "mobile": width < 600})
        import base64
        path.write_bytes(base64.b64decode(self.command("GET", "/screenshot")))
        self.cdp("Emulation.clearDeviceMetricsOverride", {})

    def cdp(self, command, parameters):
        return self.command("POST", "/goog/cdp/execute", {"cmd": command, "params": parameters})

    def press_tab(self):
        self.command("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": "\ue004"}, {"type": "keyUp", "value": "\ue004"}]}]})

    def quit(self):
        try:
            self.call("DELETE", f"/session/{self.session}", timeout=20)
        except Exception:
            pass


def shifted_sample(destination):
    """The sample day moved to end two minutes ago; returns the shift and
    the moved time of its first lightning strike."""
    lines = SAMPLE.read_text().splitlines()
    # Every ten-digit number from 1000000000 on is a timestamp in the sample.
    stamp = re.compile(r"\b(1[0-9]{9})\b")
    last = max((int(value) for line in lines for value in stamp.findall(line)), default=0)
    check(last > 0, "no timestamp found in the sample day")
    shift = int(time.time()) - 120 - last
    strike = next((int(stamp.search(line).group(1)) for line in lines if '"evt_strike"' in line), None)
    check(strike is not None, "the sample day has no lightning strike")
    with open(destination, "w") as output:
        for line in lines:
            output.write(stamp.sub(lambda m: str(int(m.group(1)) + shift), line) + "\n")
    return shift, strike + shift


class FakeOpenMeteo(http.server.BaseHTTPRequestHandler):
    """Answers every forecast request in Open-Meteo's shape
    (`timeformat=unixtime`): hourly values from two days ago to three days
    ahead, so that the last 24 hours have a forecast to draw beside the
    observations."""

    def do_GET(self):
        now = int(time.time())
        first = now - now % 3600 - 48 * 3600
        hours = [first + 3600 * index for index in range(120)]
        days = [first - first % 86_400 + 86_400 * index for index in range(6)]
        body = {
            "latitude": 39.7, "longitude": -105.0, "generationtime_ms": 0.3, "utc_offset_seconds": 0,
            "timezone": "UTC", "timezone_abbreviation": "UTC", "elevation": 1600.0,
            "current": {"time": now - now % 900, "interval": 900, "temperature_2m": 24.0, "weather_code": 2,
                        "cloud_cover": 40},
            "hourly": {"time": hours, "temperature_2m": [18 + (index % 24) / 2 for index in range(120)],
                       "precipitation_probability": [index % 101 for index in range(120)],
                       "precipitation": [0.5 if index % 24 == 13 else 0 for index in range(120)],
                       "cloud_cover": [50] * 120, "weather_code": [2] * 120},
            "daily": {"time": days, "temperature_2m_max": [31] * 6, "temperature_2m_min": [15] * 6,
                      "sunrise": [day + 12 * 3600 for day in days], "sunset": [day + 26 * 3600 for day in days],
                      "precipitation_sum": [3] * 6, "precipitation_probability_max": [60] * 6, "weather_code": [95] * 6},
        }
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def observation_datagram(timestamp, temperature_celsius):
    """One obs_st as the hub sends it, at `timestamp`, with the temperature given."""
    return json.dumps({
        "serial_number": STATION, "type": "obs_st", "hub_sn": "HB-00012345", "firmware_revision": 176,
        "obs": [[timestamp, 0.5, 1.2, 2.1, 200, 3, 838.0, temperature_celsius, 61, 12000, 2.1, 180, 0, 0, 0, 0,
                 2.61, 1]]}).encode()


def fetch(url):
    with urllib.request.urlopen(url, timeout=20) as response:
        return response.status, response.read()


def check_now(driver, base, udp_port, screenshots):
    driver.open(base + "/")
    check(driver.run("return document.querySelector('main#now') !== null"), "the Now page has no <main id=now>")
    values = driver.run(
        "return Array.from(document.querySelectorAll('[data-field]')).map(e => "
        "[e.dataset.field, e.textContent.trim(), e.dataset.timestamp || '', e.dataset.stale || ''])")
    by_field = {field: (text, stamp, stale) for field, text, stamp, stale in values}
    missing = [field for field in NOW_FIELDS if field not in by_field]
    check(not missing, f"the Now page lacks values: {missing}")
    empty = [field for field in NOW_FIELDS if not re.search(r"\w", by_field[field][0])]
    check(not empty, f"the Now page shows empty values: {empty}")
    stale = [field for field in NOW_FIELDS if by_field[field][2] == "true"]
    check(not stale, f"fresh values are marked stale: {stale}")
    temperature = by_field["air_temperature"][0]
    check(re.search(r"\d", temperature) and ("°C" in temperature or "Celsius" in temperature),
          f"air temperature has no value in degrees Celsius: {temperature!r}")
    body = driver.run("return document.body.innerText")
    check(re.search(r"updated .* ago", body), "the Now page shows no age (\"updated … ago\")")
    print(f"  Now: {len(by_field)} values, air temperature {temperature!r}")

    driver.press_tab()
    focused = driver.run("const e = document.activeElement; return [e.tagName, e.getAttribute('href') || '', "
                         "e.textContent.trim()]")
    check(focused[0] == "A" and focused[1].startswith("#"), f"the first Tab does not reach a skip link: {focused}")
    print(f"  Keyboard: the first Tab focuses the link {focused[2]!r}")

    # A live update: a new observation, sent while the page is open, shows
    # without a reload.
    wait_until(lambda: "connected" in (driver.run(
        "const s = document.getElementById('live-status'); return s ? s.textContent : ''") or ""),
        15, "#live-status to say connected")
    low_note = "const e = document.querySelector('[data-field=low_temperature_today]'); " \
               "const n = e && e.parentNode.querySelector('.note'); return n ? n.textContent : null"
    low_before = driver.run(low_note)
    driver.run("window.__marker = 'not reloaded'")
    stamp = int(time.time())
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sender:
        sender.sendto(observation_datagram(stamp, 12.3), ("127.0.0.1", udp_port))
    shown = wait_until(lambda: driver.run(
        "const e = document.querySelector('[data-field=air_temperature]'); "
        "return e && e.textContent.includes('12.3') ? e.textContent : null"), 20,
        "the live update with 12.3 °C to reach the open page")
    check(driver.run("return window.__marker") == "not reloaded", "the page reloaded instead of updating live")
    # 12.3 °C is below the sample day's low: today's low and its time change together.
    low_after = wait_until(lambda: driver.run(low_note) if driver.run(low_note) != low_before else None, 10,
                           f"today's low to change its time from {low_before!r}")
    print(f"  Live: today's low moved from {low_before!r} to {low_after!r}")
    print(f"  Live: the page shows {shown.strip()!r} without a reload")
    driver.screenshot(screenshots / "now-desktop.png", 1280, 900)
    driver.screenshot(screenshots / "now-phone.png", 390, 844)
    driver.cdp("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    background = driver.run("return getComputedStyle(document.body).backgroundColor")
    driver.screenshot(screenshots / "now-dark.png", 1280, 900)
    driver.cdp("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
    light = driver.run("return getComputedStyle(document.body).backgroundColor")
    check(background != light, f"prefers-color-scheme: dark changes nothing (background {background})")
    print(f"  Dark scheme: background {background} (light: {light})")


def chart_facts(driver):
    return driver.run(
        "return Array.from(document.querySelectorAll('figure[data-chart]')).map(f => ({"
        "name: f.dataset.chart, series: f.querySelectorAll('svg .series').length,"
        "forecast: f.querySelectorAll('svg .forecast').length,"
        "rows: f.querySelectorAll('table tbody tr').length,"
        "caption: (f.querySelector('figcaption') || {textContent: ''}).textContent.trim(),"
        "labelled: !!f.querySelector('svg[role=img][aria-labelledby]'),"
        "table: (f.querySelector('table') || {textContent: ''}).textContent}))")


def check_charts(driver, base, local_day, screenshots):
    for query, name in [("", "charts-24h"), ("?range=7d", "charts-7d"), (f"?day={local_day}", "charts-day")]:
        driver.open(base + "/charts" + query)
        check(driver.run("return document.querySelector('main#charts') !== null"),
              f"/charts{query} has no <main id=charts>")
        facts = {fact["name"]: fact for fact in chart_facts(driver)}
        missing = [chart for chart in CHARTS if chart not in facts]
        check(not missing, f"/charts{query} lacks charts: {missing}")
        for chart in CHARTS:
            fact = facts[chart]
            check(fact["caption"], f"/charts{query}: chart {chart} has no summary")
            check(fact["series"] > 0, f"/charts{query}: chart {chart} draws nothing ({fact['caption']!r})")
            check(fact["labelled"], f"/charts{query}: chart {chart}'s SVG is not role=img with aria-labelledby")
            check(fact["rows"] > 0, f"/charts{query}: chart {chart} has no data table rows")
        if query == "":
            # The fake Open-Meteo's hourly temperature, dashed beside the observed one.
            check(facts["temperature"]["forecast"] > 0, "/charts: no forecast temperature beside the observations")
        # The sample day's thunderstorm, on every one; its shower, on the
        # periods that hold the whole day (it may fall on the day before the storm's).
        check(facts["lightning"]["series"] > 0, f"/charts{query}: no lightning strike drawn")
        if not query.startswith("?day="):
            check(re.search(r"[1-9]", facts["rain"]["table"]), f"/charts{query}: the rain table shows no rain: {facts['rain']['caption']!r} {facts['rain']['table'][:400]!r}")
        summary = ", ".join(f"{chart} {facts[chart]['series']} marks/{facts[chart]['rows']} rows" for chart in CHARTS)
        print(f"  Charts{query or ' (24 hours)'}: {summary}")
        driver.screenshot(screenshots / f"{name}-desktop.png", 1280, 900)
    driver.screenshot(screenshots / "charts-day-phone.png", 390, 844)


def check_health(driver, base, screenshots):
    driver.open(base + "/health")
    check(driver.run("return document.querySelector('main#health') !== null"), "/health has no <main id=health>")
    text = driver.run("return document.querySelector('main#health').innerText")
    for phrase in ["Datagrams", STATION, "Gateway version"]:
        check(phrase in text, f"/health does not mention {phrase!r}")
    print(f"  Health: {len(text.splitlines())} lines of status")
    driver.screenshot(screenshots / "health-desktop.png", 1280, 900)


def check_without_javascript(driver, base, local_day, screenshots):
    driver.open(base + "/")
    # WebDriver's own scripts still run when the page's are off.
    text = driver.run("return document.body.innerText")
    check("°" in text, "with JavaScript off, the Now page shows no temperature")
    check("Live updates need JavaScript" in text, "with JavaScript off, the Now page does not say live updates need it")
    driver.screenshot(screenshots / "now-no-javascript.png", 1280, 900)
    driver.open(base + f"/charts?day={local_day}")
    facts = {fact["name"]: fact for fact in chart_facts(driver)}
    check(all(facts.get(chart, {}).get("series", 0) > 0 for chart in CHARTS),
          "with JavaScript off, the charts draw nothing")
    print("  JavaScript off: the Now page and the day's charts show their values")


def check_weight(base):
    total = 0
    parts = []
    for path in PAGE_SET:
        status, body = fetch(base + path)
        check(status == 200, f"{path} answered {status}")
        check(b"http://" not in body.replace(b"http://www.w3.org/2000/svg", b"") and b"https://" not in body,
              f"{path} refers to another site")
        total += len(body)
        parts.append(f"{path} {len(body):,} bytes")
    print(f"  Weight: {total:,} bytes in all ({'; '.join(parts)})")
    check(total <= BUDGET_BYTES, f"the page set weighs {total:,} bytes, more than {BUDGET_BYTES:,}")
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gateway", help="the tempest-gateway binary")
    parser.add_argument("--screenshots", required=True, help="folder for the screenshots")
    arguments = parser.parse_args()
    screenshots = pathlib.Path(arguments.screenshots)
    screenshots.mkdir(parents=True, exist_ok=True)
    work = pathlib.Path(tempfile.mkdtemp(prefix="tempest-web-check-"))
    processes = []

    def start(command, log_name):
        log = open(work / log_name, "w")
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        processes.append(process)
        return process

    try:
        udp_port = free_port(socket.SOCK_DGRAM)
        web_port = free_port()
        gateway_command = [arguments.gateway, "run", "--database", str(work / "web.db"), "--udp-address", "127.0.0.1",
                           "--udp-port", str(udp_port), "--timezone", TIME_ZONE, "--print", "none",
                           "--web-address", "127.0.0.1", "--web-port", str(web_port)]
        mosquitto = shutil.which("mosquitto") or ("/usr/sbin/mosquitto" if os.path.exists("/usr/sbin/mosquitto") else None)
        if mosquitto:
            broker_port = free_port()
            (work / "mosquitto.conf").write_text(
                f"listener {broker_port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
            start([mosquitto, "-c", str(work / "mosquitto.conf")], "mosquitto.log")
            gateway_command += ["--mqtt-host", "127.0.0.1", "--mqtt-port", str(broker_port)]
        else:
            gateway_command += ["--no-mqtt"]
        open_meteo = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FakeOpenMeteo)
        threading.Thread(target=open_meteo.serve_forever, daemon=True).start()
        gateway_command += ["--latitude", "39.7", "--longitude", "-105.0"]
        log = open(work / "gateway.log", "w")
        processes.append(subprocess.Popen(
            gateway_command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            env={**os.environ, "TEMPEST_GATEWAY_FORECAST_OPEN_METEO_API": f"http://127.0.0.1:{open_meteo.server_port}"}))
        wait_until(lambda: "Listening" in (work / "gateway.log").read_text(), 20, "the gateway to listen")
        base = f"http://127.0.0.1:{web_port}"
        log = (work / "gateway.log").read_text()
        check(f"127.0.0.1:{web_port}" in log, f"the gateway does not say where the web page is:\n{log}")

        shift, strike = shifted_sample(work / "sample.jsonl")
        # At 2880 times real speed (the day in 30 s), as scripts/demo.sh does:
        # as fast as possible, the kernel drops most of the 40,000 datagrams.
        subprocess.run([arguments.gateway, "replay", str(work / "sample.jsonl"), "--speed", "2880",
                        "--to", f"127.0.0.1:{udp_port}"], check=True, stdout=subprocess.DEVNULL, timeout=300)
        # The station's day of the thunderstorm, for /charts?day=.
        local_day = subprocess.run(["date", "-d", f"@{strike}", "+%Y-%m-%d"], env={**os.environ, "TZ": TIME_ZONE},
                                   capture_output=True, text=True, check=True).stdout.strip()
        # Most of the day stored (a busy machine may drop a few datagrams in
        # the kernel), its last observation among them.
        expected = sum(1 for line in SAMPLE.read_text().splitlines() if '"obs_st"' in line)
        def stored():
            stats = subprocess.run([arguments.gateway, "db", "stats", "--json", "--database", str(work / "web.db")],
                                   capture_output=True, text=True, timeout=20)
            match = re.search(r'"observations"\s*:\s*(\d+)', stats.stdout)
            return match and int(match.group(1)) >= expected * 0.9
        wait_until(stored, 60, f"the gateway to store most of the sample day's {expected} observations")
        print(f"Gateway: the sample day replayed, moved to end two minutes ago (its storm on {local_day}); "
              f"web page on {base}")

        driver_port = free_port()
        start(["chromedriver", f"--port={driver_port}"], "chromedriver.log")
        wait_until(lambda: socket.socket().connect_ex(("127.0.0.1", driver_port)) == 0, 20, "chromedriver")
        common = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                  "--window-size=1280,900", f"--user-data-dir={work / 'chromium-profile'}"]
        failures = []
        driver = WebDriver(driver_port, common)
        try:
            for name, group in [("Now", lambda: check_now(driver, base, udp_port, screenshots)),
                                ("Charts", lambda: check_charts(driver, base, local_day, screenshots)),
                                ("Health", lambda: check_health(driver, base, screenshots))]:
                try:
                    group()
                except CheckFailed as failure:
                    failures.append(f"{name}: {failure}")
                    print(f"FAILED {name}: {failure}")
        finally:
            driver.quit()
        quiet = WebDriver(driver_port, common[:-1] + [f"--user-data-dir={work / 'chromium-profile-no-js'}"],
                          prefs={"profile.managed_default_content_settings.javascript": 2})
        try:
            check_without_javascript(quiet, base, local_day, screenshots)
        except CheckFailed as failure:
            failures.append(f"JavaScript off: {failure}")
            print(f"FAILED JavaScript off: {failure}")
        finally:
            quiet.quit()
        try:
            check_weight(base)
        except CheckFailed as failure:
            failures.append(f"Weight: {failure}")
            print(f"FAILED Weight: {failure}")
        print(f"Screenshots: {', '.join(sorted(p.name for p in screenshots.glob('*.png')))} in {screenshots}")
        if failures:
            print("The web page check FAILED:\n  " + "\n  ".join(failures))
            print("The gateway's log:\n" + (work / "gateway.log").read_text()[-3000:])
            return 1
        print("The web page check PASSED.")
        return 0
    except CheckFailed as failure:
        print(f"The web page check FAILED: {failure}")
        for name in ["gateway.log", "chromedriver.log"]:
            if (work / name).exists():
                print(f"{name}:\n" + (work / name).read_text()[-3000:])
        return 1
    finally:
        for process in reversed(processes):
            process.send_signal(signal.SIGTERM)
        for process in reversed(processes):
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
