# SPDX-License-Identifier: Apache-2.0
"""Unit tests of the analytical model against the paper's own numbers (paper 000, Table 1, Sec. 4)."""

import pytest

from hyperconnect import model

# Table 1 of paper 000: victim share (%) with 16-beat bursts against k interferers of burst s
TABLE1 = {
    (1, 16): 50.0, (1, 32): 33.34, (1, 64): 20.0, (1, 128): 11.11, (1, 256): 5.88,
    (2, 16): 33.4, (2, 32): 20.0, (2, 64): 11.11, (2, 128): 5.88, (2, 256): 3.03,
    (3, 256): 2.04, (4, 256): 1.54, (5, 256): 1.24, (6, 256): 1.03, (7, 256): 0.89,
}


@pytest.mark.parametrize("k,s", sorted(TABLE1))
def test_table1(k: int, s: int) -> None:
    share = 100 * model.share_eq1(16, s, k + 1)
    assert share == pytest.approx(TABLE1[(k, s)], abs=0.07)
    assert share == pytest.approx(100 * model.share_eq3([16] + [s] * k, 0))


def test_eq4_outstanding_example() -> None:
    # Sec. 4.3: a 16-beat master with 2 outstanding beside a 64-beat master with 2 outstanding gets 20 %;
    # behind equalizers without R6 the 64-beat master has 8 16-beat sub-bursts in flight, and the paper's
    # 2-vs-6 issued transactions over its first rounds give the 25 % / 75 % split of Fig. 8.
    assert model.share_eq4([16, 64], [2, 2], 0) == pytest.approx(0.2)
    assert model.share_eq4([16, 16], [2, 6], 0) == pytest.approx(0.25)


def test_equalized_shares_are_fair() -> None:
    seen = model.equalized_bursts([256, 16, 256], 16)
    assert [model.share_eq3(seen, i) for i in range(3)] == pytest.approx([1 / 3] * 3)


def test_abe_limits_and_delay() -> None:
    assert model.abe_outstanding_limit([16, 256, 256], [6, 6, 6], 16) == 6
    assert model.abe_outstanding_limit([16, 64], [2, 2], 16) == 2
    assert model.sub_bursts(256, 16) == 16 and model.sub_bursts(17, 16) == 2 and model.sub_bursts(1, 256) == 1
    # Sec. 4.4 example: 2S-beat burst, nominal S, N = 3 -> 2 * 2S + 1 per the general formula
    assert model.abe_worst_case_delay(32, 16, 3) == 2 * (3 - 1) * 16 + 1


def test_bad_input_raises() -> None:
    with pytest.raises(ValueError):
        model.share_eq3([16, 0], 0)
    with pytest.raises(ValueError):
        model.sub_bursts(16, 0)


def test_pattern_matches_rtl_definition() -> None:
    assert model.pattern_byte(0) == 0
    assert model.pattern_byte(1) == 0x9E
    assert model.pattern_byte(0x1_0000_0001) == model.pattern_byte(1)
