#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
"""A fake WeatherFlow cloud on 127.0.0.1 for benchmarks: the REST calls the
gateway makes (`/stations`, empty device observations) and the WebSocket
(`/swd/data`), speaking the documented protocol (spec section 8):
`connection_opened` on connect, an `ack` for every request, and for every
`listen_rapid_start` a `rapid_wind` every --rapid-interval seconds; for
every `listen_start` an `obs_st` (22 values) every --obs-interval seconds.

Every message sent is also written to standard output as one JSON line
`{"sent": <monotonic seconds>, "speed": <m/s>, "timestamp": <epoch>}` (rapid
wind) so a benchmark can match it to what the broker receives. The first
line is `{"rest": PORT, "websocket": PORT}` once both ports listen.

Stdlib only; plain ws:// (no TLS). Runs until killed or --seconds pass.
"""
import argparse
import base64
import hashlib
import json
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
STATION_ID = 1001
DEVICE_ID = 2001
SERIAL = "ST-00099001"
HUB = "HB-00099000"
OUT_LOCK = threading.Lock()


def emit(record):
    with OUT_LOCK:
        sys.stdout.write(json.dumps(record) + "\n")
        sys.stdout.flush()


def stations_body():
    return json.dumps({
        "status": {"status_code": 0, "status_message": "SUCCESS"},
        "stations": [{
            "station_id": STATION_ID, "location_id": STATION_ID, "name": "Bench", "public_name": "Bench",
            "latitude": 47.0, "longitude": 8.0, "timezone": "Europe/Zurich", "timezone_offset_minutes": 60,
            "station_meta": {"elevation": 400.0},
            "devices": [
                {"device_id": 2000, "serial_number": HUB, "device_type": "HB", "firmware_revision": "177"},
                {"device_id": DEVICE_ID, "serial_number": SERIAL, "device_type": "ST", "firmware_revision": "171",
                 "device_meta": {"agl": 2.0, "environment": "outdoor", "name": SERIAL}},
            ],
        }],
    })


class REST(BaseHTTPRequestHandler):
    def do_GET(self):
        path = self.path.split("?")[0]
        if path.endswith("/stations"):
            body = stations_body()
        elif "/observations/device/" in path:
            body = json.dumps({"status": {"status_code": 0, "status_message": "SUCCESS"}, "device_id": DEVICE_ID,
                               "type": "obs_st", "obs": []})
        elif "/observations/station/" in path:
            body = json.dumps({"status": {"status_code": 0, "status_message": "SUCCESS"}, "station_id": STATION_ID, "obs": []})
        else:
            self.send_response(404)
            self.end_headers()
            return
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def frame(text):
    data = text.encode()
    head = bytes([0x81])
    if len(data) < 126:
        head += bytes([len(data)])
    elif len(data) < 65536:
        head += bytes([126]) + struct.pack("!H", len(data))
    else:
        head += bytes([127]) + struct.pack("!Q", len(data))
    return head + data


def read_exact(sock, count):
    data = b""
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return data


def read_frame(sock):
    first, second = read_exact(sock, 2)
    opcode = first & 0x0F
    length = second & 0x7F
    if length == 126:
        length = struct.unpack("!H", read_exact(sock, 2))[0]
    elif length == 127:
        length = struct.unpack("!Q", read_exact(sock, 8))[0]
    mask = read_exact(sock, 4) if second & 0x80 else b"\0\0\0\0"
    payload = bytearray(read_exact(sock, length))
    for index in range(len(payload)):
        payload[index] ^= mask[index % 4]
    return opcode, bytes(payload)


class Connection:
    def __init__(self, sock, args, deadline):
        self.sock = sock
        self.args = args
        self.deadline = deadline
        self.lock = threading.Lock()
        self.open = True

    def send(self, text):
        with self.lock:
            self.sock.sendall(frame(text))

    def handshake(self):
        request = b""
        while b"\r\n\r\n" not in request and len(request) < 8192:
            chunk = self.sock.recv(1024)
            if not chunk:
                raise ConnectionError("closed")
            request += chunk
        key = ""
        for line in request.decode("latin-1").split("\r\n"):
            if line.lower().startswith("sec-websocket-key:"):
                key = line.split(":", 1)[1].strip()
        accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        self.sock.sendall(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           "Sec-WebSocket-Accept: %s\r\n\r\n" % accept).encode())

    def rapid_loop(self):
        speed = 1.0
        while self.open and time.monotonic() < self.deadline:
            speed = round(speed + 0.01, 2) if speed < 60 else 1.0
            now = int(time.time())
            sent = time.monotonic()
            try:
                self.send(json.dumps({"type": "rapid_wind", "device_id": DEVICE_ID, "serial_number": SERIAL,
                                      "hub_sn": HUB, "ob": [now, speed, 180]}))
            except OSError:
                return
            emit({"sent": sent, "speed": speed, "timestamp": now})
            time.sleep(self.args.rapid_interval)

    def obs_loop(self):
        while self.open and time.monotonic() < self.deadline:
            now = int(time.time())
            row = [now, 0.5, 1.2, 2.1, 180, 3, 1000.5, 12.3, 80, 1000, 0.1, 10, 0.0, 0, 0, 0, 2.6, 1, 0.0, None, None, 0]
            try:
                self.send(json.dumps({"type": "obs_st", "device_id": DEVICE_ID, "serial_number": SERIAL, "hub_sn": HUB,
                                      "source": "mqtt", "obs": [row], "summary": {}}))
            except OSError:
                return
            time.sleep(self.args.obs_interval)

    def serve(self):
        try:
            self.handshake()
            self.send(json.dumps({"type": "connection_opened"}))
            while time.monotonic() < self.deadline:
                opcode, payload = read_frame(self.sock)
                if opcode == 8:
                    with self.lock:
                        self.sock.sendall(bytes([0x88, 2]) + payload[:2])
                    return
                if opcode == 9:
                    with self.lock:
                        self.sock.sendall(bytes([0x8A, len(payload)]) + payload)
                    continue
                if opcode != 1:
                    continue
                request = json.loads(payload.decode())
                self.send(json.dumps({"type": "ack", "id": request.get("id", "")}))
                if request.get("type") == "listen_rapid_start":
                    threading.Thread(target=self.rapid_loop, daemon=True).start()
                elif request.get("type") == "listen_start":
                    threading.Thread(target=self.obs_loop, daemon=True).start()
        except (OSError, ConnectionError, ValueError):
            pass
        finally:
            self.open = False
            self.sock.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rapid-interval", type=float, default=3.0)
    parser.add_argument("--obs-interval", type=float, default=60.0)
    parser.add_argument("--seconds", type=float, default=600.0)
    args = parser.parse_args()
    deadline = time.monotonic() + args.seconds
    rest = ThreadingHTTPServer(("127.0.0.1", 0), REST)
    threading.Thread(target=rest.serve_forever, daemon=True).start()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.5)
    emit({"rest": rest.server_address[1], "websocket": listener.getsockname()[1]})
    while time.monotonic() < deadline:
        try:
            sock, _ = listener.accept()
        except socket.timeout:
            continue
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        threading.Thread(target=Connection(sock, args, deadline).serve, daemon=True).start()
    rest.shutdown()


if __name__ == "__main__":
    main()
