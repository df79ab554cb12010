#!/usr/bin/env python3
"""make_npy.py CASE OUT -- writes a .npy file for ctile-run's strict reader tests.

CASE 'good' (and 'rank9', 'v2', 'v3') are well formed float32 files of 4 elements
(rank9: shape (1,)*8+(4,)); every other case breaks one rule of NumPy's format.
Plain Python (no NumPy needed): the bytes are spelled out here."""
import struct
import sys

case, out = sys.argv[1], sys.argv[2]
F4 = struct.pack("<4f", 1.0, 2.0, 3.0, 4.0)


def hdr(text, major=1, minor=0):
    body = text.encode("latin1")
    pre = 10 if major == 1 else 12
    pad = (-(pre + len(body) + 1)) % 64
    body = body + b" " * pad + b"\n"
    lenf = struct.pack("<H", len(body)) if major == 1 else struct.pack("<I", len(body))
    return b"\x93NUMPY" + bytes([major, minor]) + lenf + body


def d(shape, descr="'<f4'", fortran="False", extra=""):
    return "{'descr': %s, 'fortran_order': %s, 'shape': %s, %s}" % (descr, fortran, shape, extra)


cases = {
    "good": hdr(d("(4,)")) + F4,
    "v2": hdr(d("(4,)"), 2) + F4,
    "v3": hdr(d("(4,)"), 3) + F4,
    "rank9": hdr(d("(1, 1, 1, 1, 1, 1, 1, 1, 4)")) + F4,
    "rank33": hdr(d("(" + "1, " * 32 + "4)")) + F4,
    "negative": hdr(d("(-1,)")) + F4,
    "digits": hdr(d("(99999999999999999999,)")) + F4,
    "wrap": hdr(d("(4611686018427387905,)")) + F4,
    "product": hdr(d("(4294967296, 4294967296)")) + F4,
    "abc": hdr(d("(4, abc)")) + F4,
    "notuple": hdr(d("(4)")) + F4,
    "nul": hdr(d("(4,)").replace("'shape'", "'sh\0ape'")) + F4,
    "nul2": hdr(d("(4,)") + "\0") + F4,
    "version9": hdr(d("(4,)"), 9) + F4,
    "minor1": hdr(d("(4,)"), 1, 1) + F4,
    "inside": hdr("{'descr': \"<f4', 'shape': (4,), '\", 'fortran_order': False}") + F4,
    "inside2": hdr(d("(4,)", extra="'note': \"'shape': (8,)\"")) + F4,
    "noshape": hdr("{'descr': '<f4', 'fortran_order': False, }") + F4,
    "nodescr": hdr("{'fortran_order': False, 'shape': (4,), }") + F4,
    "dupkey": hdr(d("(4,)", extra="'shape': (4,), ")) + F4,
    "fortran": hdr(d("(2, 2)", fortran="True")) + F4,
    "fortranbad": hdr(d("(4,)", fortran="Maybe")) + F4,
    "bigendian": hdr(d("(4,)", descr="'>f4'")) + F4,
    "complex": hdr(d("(4,)", descr="'<c8'")) + F4,
    "trailing": hdr(d("(4,)") + " x") + F4,
    "notdict": hdr("['descr', '<f4']") + F4,
    "short": hdr(d("(4,)")) + F4[:12],
    "long": hdr(d("(4,)")) + F4 + b"\0\0\0\0",
    "hdrlen": b"\x93NUMPY\x01\x00\xff\xff{'descr'",
    "magic": b"\x93NUMPZ\x01\x00" + b"\0" * 64,
    "tiny": b"\x93NUM",
    "empty": b"",
}
with open(out, "wb") as f:
    f.write(cases[case])
