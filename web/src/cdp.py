#!/usr/bin/env python3
"""Drive a headless Chromium (started with --remote-debugging-port=PORT) through the DevTools
protocol, with nothing but the standard library: open URL, wait until the playground says it is done
(`data-done` on <body>), print what it shows as JSON and save a screenshot.

    cdp.py PORT URL SCREENSHOT.png [EXPRESSION]

With EXPRESSION, it is evaluated in the page once the playground is done (before the screenshot) and
its value printed on a line of its own first.

Unlike `--dump-dom --virtual-time-budget`, the page runs in real time here, so the times it
measures with performance.now() are real."""
import base64
import json
import os
import socket
import struct
import sys
import time
import urllib.request


class Socket:
    def __init__(self, url):
        hostport, path = url[len("ws://"):].split("/", 1)
        host, port = hostport.split(":")
        self.s = socket.create_connection((host, int(port)), timeout=300)
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall((f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\n"
                        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                        "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            self.buf += self.s.recv(4096)
        self.buf = self.buf.split(b"\r\n\r\n", 1)[1]
        self.next_id = 0

    def read(self, n):
        while len(self.buf) < n:
            chunk = self.s.recv(1 << 16)
            if not chunk:
                raise EOFError("the browser closed the connection")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def send_text(self, text):
        data = text.encode()
        head = bytes([0x81])
        n = len(data)
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        self.s.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def recv_text(self):
        message = b""
        while True:
            b0, b1 = self.read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self.read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self.read(8))[0]
            payload = self.read(n)
            message += payload
            if b0 & 0x80:
                return message.decode()

    def call(self, method, **params):
        self.next_id += 1
        self.send_text(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            reply = json.loads(self.recv_text())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]


def evaluate(ws, expression):
    r = ws.call("Runtime.evaluate", expression=expression, returnByValue=True)
    return r["result"].get("value")


def main():
    port, url, shot = sys.argv[1], sys.argv[2], sys.argv[3]
    deadline = time.time() + 60
    while True:
        try:
            targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
            page = next(t for t in targets if t["type"] == "page")
            break
        except Exception:
            if time.time() > deadline:
                raise
            time.sleep(0.2)
    ws = Socket(page["webSocketDebuggerUrl"])
    ws.call("Emulation.setDeviceMetricsOverride", width=1400, height=1700, deviceScaleFactor=1,
            mobile=False)
    ws.call("Page.navigate", url=url)
    deadline = time.time() + 240
    while evaluate(ws, "document.body && document.body.getAttribute('data-done')") != "1":
        if time.time() > deadline:
            break
        time.sleep(0.1)
    shown = evaluate(ws, """JSON.stringify({
        answer: (document.getElementById('answer') || {}).textContent || '',
        chalk: (document.getElementById('chalk') || {}).textContent || '',
        status: (document.getElementById('status') || {}).textContent || '',
        answer_ms: document.body.getAttribute('data-answer-ms'),
        ready_ms: document.body.getAttribute('data-ready-ms'),
        done: document.body.getAttribute('data-done') === '1'})""")
    if len(sys.argv) > 4:
        print(evaluate(ws, sys.argv[4]))
    png = ws.call("Page.captureScreenshot", format="png")["data"]
    with open(shot, "wb") as f:
        f.write(base64.b64decode(png))
    print(shown)


main()
