# SPDX-License-Identifier: Apache-2.0
"""A small reader of FST waveform headers (tests of `hc sim --wave` and `hc soak --wave`): the header block,
then the LZ4- or gzip-compressed hierarchy block of scope / variable records; fst_signals() gives every
variable's dotted name and width."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

# FST block types (the format of GTKWave's fstapi, as Verilator's fstcpp writes it)
FST_BL_HDR, FST_BL_HIER, FST_BL_HIER_LZ4 = 0, 4, 6
FST_ST_GEN_ATTRBEGIN, FST_ST_GEN_ATTREND, FST_ST_VCD_SCOPE, FST_ST_VCD_UPSCOPE = 252, 253, 254, 255


def lz4_block_decompress(src: bytes, size: int) -> bytes:
    """Decompress one raw LZ4 block (no frame) of `size` bytes."""
    out = bytearray()
    i = 0
    while i < len(src):
        token = src[i]
        i += 1
        n = token >> 4
        if n == 15:
            while True:
                n += src[i]
                i += 1
                if src[i - 1] != 255:
                    break
        out += src[i:i + n]
        i += n
        if i >= len(src):   # the last sequence has literals only
            break
        offset = src[i] | src[i + 1] << 8
        i += 2
        m = token & 15
        if m == 15:
            while True:
                m += src[i]
                i += 1
                if src[i - 1] != 255:
                    break
        for _ in range(m + 4):   # byte by byte: a match may overlap its own output
            out.append(out[-offset])
    assert len(out) == size, f"LZ4 block gave {len(out)} bytes, expected {size}"
    return bytes(out)


def _leb128(buf: bytes, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        b = buf[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, i


def _string0(buf: bytes, i: int) -> tuple[str, int]:
    end = buf.index(0, i)
    return buf[i:end].decode(), end + 1


def fst_signals(path: Path) -> dict[str, int]:
    """Full dotted name -> bit width of every variable in the FST file's hierarchy."""
    data = path.read_bytes()
    assert data[0] == FST_BL_HDR, "not an FST file (no header block first)"
    hier = None
    pos = 0
    while pos < len(data):
        kind, length = data[pos], struct.unpack(">Q", data[pos + 1:pos + 9])[0]
        body = data[pos + 9:pos + 1 + length]
        if kind == FST_BL_HIER_LZ4:
            hier = lz4_block_decompress(body[8:], struct.unpack(">Q", body[:8])[0])
        elif kind == FST_BL_HIER:
            hier = zlib.decompress(body[8:], 15 + 32)
        pos += 1 + length
    assert hier is not None, "FST file has no hierarchy block"
    scopes: list[str] = []
    signals: dict[str, int] = {}
    i = 0
    while i < len(hier):
        tag = hier[i]
        i += 1
        if tag == FST_ST_VCD_SCOPE:
            name, i = _string0(hier, i + 1)          # scope type, name, component
            _, i = _string0(hier, i)
            scopes.append(name)
        elif tag == FST_ST_VCD_UPSCOPE:
            scopes.pop()
        elif tag == FST_ST_GEN_ATTRBEGIN:
            _, i = _string0(hier, i + 2)             # attribute type, subtype, name, argument
            _, i = _leb128(hier, i)
        elif tag == FST_ST_GEN_ATTREND:
            pass
        else:                                        # a variable: its type was the tag; direction, name, width, alias
            name, i = _string0(hier, i + 1)
            width, i = _leb128(hier, i)
            _, i = _leb128(hier, i)
            signals[".".join([*scopes, name.split(" ")[0]])] = width
    return signals


def fst_time_range(path: Path) -> tuple[float, float]:
    """(start, end) of the FST file's recording, in seconds (the header block: start and end time, then the
    endianness double, five counts, the timescale exponent)."""
    data = path.read_bytes()
    assert data[0] == FST_BL_HDR, "not an FST file (no header block first)"
    start, end = struct.unpack(">QQ", data[9:25])
    exponent = struct.unpack(">b", data[9 + 8 * 8:9 + 8 * 8 + 1])[0]
    return start * 10.0 ** exponent, end * 10.0 ** exponent
