# SPDX-License-Identifier: Apache-2.0
"""Commands of the streaming front ends (hc_stream_rd, hc_stream_wr): the command, the addresses of its bytes
in stream order, a constrained-random generator, and the handshake that hands one to the DUT."""

from __future__ import annotations

import random
from dataclasses import dataclass

from cocotb.triggers import RisingEdge


@dataclass
class Cmd:
    addr: int
    length: int
    stride: int
    rows: int
    tag: int

    def addresses(self) -> list[int]:
        return [(self.addr + r * self.stride + i) & 0xFFFF_FFFF for r in range(self.rows) for i in range(self.length)]


def random_cmd(rng: random.Random, tag: int) -> Cmd:
    """5 % empty, 30 % 2-D (strides below, at and above the row, negative, large), the rest one row of
    1..5,000 bytes (10 % up to 20,000), at any alignment."""
    kind = rng.random()
    addr = rng.randrange(0x1000, 0x20_0000)
    if kind < 0.05:
        length, rows = rng.choice([(0, 1), (5, 0), (0, 0)])
        return Cmd(addr, length, 64, rows, tag)                                             # empty
    if kind < 0.35:
        length = rng.randint(1, 300)
        stride = rng.choice([length + rng.randint(-length, 600), -(length + rng.randint(0, 600)), 1 << 16, 1 << 20])
        return Cmd(addr + (1 << 22), length, stride, rng.randint(1, 6), tag)
    return Cmd(addr, rng.randint(1, 5000) if rng.random() < 0.9 else rng.randint(5000, 20000), 0, 1, tag)


async def send_cmd(dut, rng: random.Random, c: Cmd, idle: float = 0.0) -> None:
    """Present `c` on s_cmd_* (after idle cycles with probability `idle` each) until taken."""
    while rng.random() < idle:
        await RisingEdge(dut.aclk)
    dut.s_cmd_addr.value = c.addr
    dut.s_cmd_len.value = c.length
    dut.s_cmd_stride.value = c.stride & 0xFFFF_FFFF
    dut.s_cmd_rows.value = c.rows
    dut.s_cmd_tag.value = c.tag
    dut.s_cmd_valid.value = 1
    await until_ready(dut, dut.s_cmd_ready)
    dut.s_cmd_valid.value = 0


async def until_ready(dut, ready) -> None:
    """Clock edges until one where `ready` is high (the handshake of a VALID already raised)."""
    while True:
        await RisingEdge(dut.aclk)
        if int(ready.value):
            return


async def wait_count(dut, items: list, n: int, what: str, limit: int = 2_000_000) -> None:
    """Clock edges until `items` (filled by a monitor) holds n; a failure, never a hang, after `limit`."""
    for _ in range(limit):
        if len(items) >= n:
            return
        await RisingEdge(dut.aclk)
    raise AssertionError(f"{len(items)} of {n} {what} after {limit} cycles: a hang")
