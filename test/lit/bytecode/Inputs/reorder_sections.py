#!/usr/bin/env python3
"""reorder_sections.py IN OUT — rewrite a .tileirbc file with its sections in another
writer's layout: function section first, then globals, constants, debug info, types,
producer, strings (cuTile Python's order), adding an empty constant table and a debug
section holding one unreferenced `unknown` attribute when the file has none.  Section
contents are kept; only headers and padding are re-emitted (absolute alignment)."""
import sys


def varint(d, i):
    r = s = 0
    while True:
        b = d[i]
        i += 1
        r |= (b & 0x7F) << s
        s += 7
        if not b & 0x80:
            return r, i


def enc(v):
    out = bytearray()
    while True:
        b, v = v & 0x7F, v >> 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return out


def pad(buf, align):
    while len(buf) % align:
        buf.append(0xCB)


def main():
    data = open(sys.argv[1], "rb").read()
    secs, i = {}, 12
    while data[i] != 0:
        sid = data[i]
        length, i = varint(data, i + 1)
        align = 1
        if sid & 0x80:
            align, i = varint(data, i)
            i += -i % align
        secs[sid & 0x7F] = (align, data[i:i + length])
        i += length
    if 4 not in secs:
        body = bytearray([0])
        pad(body, 8)
        secs[4] = (8, bytes(body))
    if 3 not in secs:
        body = bytearray([0])
        pad(body, 4)
        body.append(0)
        pad(body, 8)
        body.append(1)
        pad(body, 4)
        body += bytes(4) + b"\x00"
        secs[3] = (8, bytes(body))
    out = bytearray(data[:12])
    for sid in (2, 6, 4, 3, 5, 7, 1):
        if sid in secs:
            align, body = secs[sid]
            out.append(sid | (0x80 if align > 1 else 0))
            out += enc(len(body))
            if align > 1:
                out += enc(align)
                pad(out, align)
            out += body
    out.append(0)
    open(sys.argv[2], "wb").write(out)


if __name__ == "__main__":
    main()
