#!/usr/bin/env python3
"""Writes Tests/GenTests/Fixtures/media/orientation6-gps.jpg, the committed test image for
EXIF handling in GenMedia (GenMediaTests).

The JPEG stores 64x48 pixels, left half red and right half blue, and carries an EXIF APP1
segment with Orientation = 6 (display rotated 90 degrees clockwise, so upright it is 48x64
with red on top) and a GPS IFD (a latitude and longitude), which must never reach gen's
output. The base JPEG is encoded by the `vips` CLI (libvips-tools); the EXIF segment is built
by hand with `struct`, so no Python imaging library is needed.

Usage: python3 scripts/make_media_fixtures.py   (re-running gives the same file)
"""
import os
import struct
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "GenTests", "Fixtures", "media", "orientation6-gps.jpg")
WIDTH, HEIGHT = 64, 48


def base_jpeg() -> bytes:
    """A 64x48 JPEG without metadata: left half red, right half blue."""
    row = b"".join(b"\xff\x00\x00" if x < WIDTH // 2 else b"\x00\x00\xff" for x in range(WIDTH))
    ppm = b"P6\n%d %d\n255\n" % (WIDTH, HEIGHT) + row * HEIGHT
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = os.path.join(tmp, "in.ppm"), os.path.join(tmp, "out.jpg")
        with open(src, "wb") as f:
            f.write(ppm)
        subprocess.run(["vips", "copy", src, dst + "[Q=90,strip]"], check=True)
        with open(dst, "rb") as f:
            return f.read()


def ifd(entries, offset, next_ifd=0):
    """One little-endian TIFF IFD at `offset`: (tag, type, count, value bytes) entries.
    Values over 4 bytes go to a data area right after the IFD. Returns the IFD bytes."""
    sizes = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8}  # BYTE, ASCII, SHORT, LONG, RATIONAL
    head = struct.pack("<H", len(entries))
    data_offset = offset + 2 + 12 * len(entries) + 4
    data = b""
    for tag, kind, count, value in sorted(entries):
        assert len(value) == sizes[kind] * count
        if len(value) <= 4:
            head += struct.pack("<HHI", tag, kind, count) + value.ljust(4, b"\x00")
        else:
            head += struct.pack("<HHII", tag, kind, count, data_offset + len(data))
            data += value + (b"\x00" if len(value) % 2 else b"")
    return head + struct.pack("<I", next_ifd) + data


def rationals(*pairs):
    return b"".join(struct.pack("<II", n, d) for n, d in pairs)


def exif_segment() -> bytes:
    make = b"GenTest\x00"
    # IFD0 at offset 8: Make, Orientation, GPS IFD pointer (filled in once IFD0's size is known).
    ifd0_entries = [
        (0x010F, 2, len(make), make),
        (0x0112, 3, 1, struct.pack("<H", 6)),
        (0x8825, 4, 1, struct.pack("<I", 0)),
    ]
    gps_offset = 8 + len(ifd(ifd0_entries, 8))
    ifd0_entries[2] = (0x8825, 4, 1, struct.pack("<I", gps_offset))
    gps_entries = [
        (0x0000, 1, 4, bytes([2, 3, 0, 0])),                      # GPSVersionID
        (0x0001, 2, 2, b"N\x00"),                                  # GPSLatitudeRef
        (0x0002, 5, 3, rationals((37, 1), (43, 1), (5016, 100))),  # GPSLatitude
        (0x0003, 2, 2, b"W\x00"),                                  # GPSLongitudeRef
        (0x0004, 5, 3, rationals((88, 1), (55, 1), (5916, 100))),  # GPSLongitude
    ]
    tiff = b"II*\x00" + struct.pack("<I", 8) + ifd(ifd0_entries, 8) + ifd(gps_entries, gps_offset)
    payload = b"Exif\x00\x00" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


def main():
    jpeg = base_jpeg()
    assert jpeg[:2] == b"\xff\xd8", "not a JPEG"
    at = 2
    if jpeg[2:4] == b"\xff\xe0":  # keep the JFIF APP0 segment first
        at = 4 + struct.unpack(">H", jpeg[4:6])[0]
    out = jpeg[:at] + exif_segment() + jpeg[at:]
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "wb") as f:
        f.write(out)
    print(f"wrote {os.path.relpath(OUT, ROOT)} ({len(out)} bytes)")


if __name__ == "__main__":
    main()
