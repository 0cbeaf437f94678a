"""`hc synth --ports N`: the one-configuration run synthesizes axi_hyperconnect exactly as the full run does,
at the port counts asked for (the tools themselves run in `make synth`, not here)."""

from __future__ import annotations

import pytest

from hyperconnect import cli, synth


def test_ports_selects_the_same_configuration() -> None:
    assert synth.designs_for(None) is synth.DESIGNS
    one = synth.designs_for([4])
    assert list(one) == ["axi_hyperconnect (4 ports)"]
    assert one["axi_hyperconnect (4 ports)"] == synth.DESIGNS["axi_hyperconnect (4 ports)"]
    assert one["axi_hyperconnect (4 ports)"]["params"] == {"S_COUNT": 4, "DATA_WIDTH": 64}
    assert list(synth.designs_for([8, 16, 8])) == ["axi_hyperconnect (8 ports)", "axi_hyperconnect (16 ports)"]


def test_ports_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="1..16"):
        synth.designs_for([0, 17])


def test_cli_accepts_ports() -> None:
    args = cli.build_parser().parse_args(["synth", "--ports", "4", "8", "--seeds", "1"])
    assert args.ports == [4, 8] and args.seeds == 1
