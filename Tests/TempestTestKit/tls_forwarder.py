#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
"""A TLS-terminating TCP forwarder for tests (LocalTLSForwarder.swift starts it).

Usage: tls_forwarder.py CERTIFICATE KEY TARGET_PORT

Listens on 127.0.0.1 and a free port, prints that port on standard output
when ready, and relays each TLS connection's plain bytes to 127.0.0.1:TARGET_PORT
(one thread per connection; each connection's TLS object is used by its
thread only). Exits when standard input ends, so it never outlives the test.
"""
import os
import select
import socket
import ssl
import sys
import threading


def relay(raw, context, target_port):
    """Terminates TLS on raw and relays until either side ends."""
    try:
        raw.settimeout(10)
        secure = context.wrap_socket(raw, server_side=True)
        secure.settimeout(None)
        upstream = socket.create_connection(("127.0.0.1", target_port), timeout=10)
        upstream.settimeout(None)
    except (OSError, ssl.SSLError):
        raw.close()
        return
    try:
        while True:
            ready = [secure] if secure.pending() else select.select([secure, upstream], [], [], 1.0)[0]
            for source in ready:
                try:
                    data = source.recv(65536)
                except ssl.SSLWantReadError:
                    continue
                if not data:
                    return
                (upstream if source is secure else secure).sendall(data)
    except (OSError, ssl.SSLError):
        return
    finally:
        upstream.close()
        secure.close()


def exit_when_input_ends():
    sys.stdin.read()
    os._exit(0)


def main():
    certificate, key, target_port = sys.argv[1], sys.argv[2], int(sys.argv[3])
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    print(listener.getsockname()[1], flush=True)
    threading.Thread(target=exit_when_input_ends, daemon=True).start()
    while True:
        raw, _ = listener.accept()
        threading.Thread(target=relay, args=(raw, context, target_port), daemon=True).start()


if __name__ == "__main__":
    main()
