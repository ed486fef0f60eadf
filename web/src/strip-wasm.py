#!/usr/bin/env python3
"""Drop the custom sections (names, producers, target features) of a wasm module, in place.

The playground's module then stays under 8 MB, the size Chromium still compiles synchronously on
the page's thread (deterministic under a headless browser's virtual time); names only serve
debuggers."""
import sys


def leb(data, i):
    n = shift = 0
    while True:
        b = data[i]
        i += 1
        n |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return n, i


path = sys.argv[1]
data = open(path, "rb").read()
assert data[:4] == b"\0asm", "not a wasm module"
out = bytearray(data[:8])
i = 8
while i < len(data):
    start = i
    sid = data[i]
    size, j = leb(data, i + 1)
    end = j + size
    if sid != 0:
        out += data[start:end]
    i = end
open(path, "wb").write(out)
print(f"strip-wasm: {len(data)} -> {len(out)} bytes")
