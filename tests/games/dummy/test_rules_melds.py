"""Rules 9-10 of docs/rules/dummy.md: rank order and what a meld is."""

from __future__ import annotations

from samrap.core.melds import is_meld
from samrap.games.dummy.state import DummyState
from tests.games.dummy.builders import cards, legal, legal_of, position, rule_of


def _born_to_play(hand: str) -> DummyState:
    return position([hand, "2c3c4d"], row="Jd* 6s1", phase="play", born=[0])


def test_rule_9_ace_is_high_only_q_k_a_is_a_run_a_2_3_and_k_a_2_are_not() -> None:
    """Ranks run 2 < 3 < ... < 10 < J < Q < K < A; Q-K-A is a run, A-2-3 and K-A-2 are not."""
    # seat 0 (born, after drawing): Qh Kh Ah 9d
    s = _born_to_play("QhKhAh 9d")
    assert legal_of(s, "M") == {"M QhKhAh"}
    # seat 0: Ah 2h 3h 9d  /  Kh Ah 2h 9d: no meld at all
    for hand, meld in (("Ah2h3h 9d", "Ah2h3h"), ("KhAh2h 9d", "2hKhAh")):
        s = _born_to_play(hand)
        assert legal_of(s, "M") == set()
        assert rule_of(s, f"M {meld}") == 10
    # 10 sits between 9 and J: 9h 10h Jh is a run.
    assert is_meld(cards("9h 10h Jh"))
    assert not is_meld(cards("9h Jh Qh"))
    # Collecting follows the same order: Ah melds with Qh Kh, never with 2h 3h.
    # seat 0: Qh Kh 2h 3h 5c    row: Jd* Ah1
    s = position(["QhKh 2h3h 5c", "2c3c4d"], row="Jd* Ah1")
    assert legal(s) == {"D", "C1 QhKhAh"}


def test_rule_10_a_run_is_3_plus_in_suit_a_set_is_3_or_4_of_a_rank() -> None:
    """A run is 3 or more consecutive cards of one suit; a set is 3 or 4 cards of one rank."""
    # seat 0 (born, after drawing): 7h 8h 9h Th  5c 5d 5h 5s  Kd
    s = _born_to_play("7h8h9hTh 5c5d5h5s Kd")
    assert legal_of(s, "M") == {
        "M 7h8h9h",
        "M 8h9hTh",
        "M 7h8h9hTh",
        "M 5c5d5h",
        "M 5c5d5s",
        "M 5c5h5s",
        "M 5d5h5s",
        "M 5c5d5h5s",
    }
    for not_a_meld in ("M 7h8h", "M 5c5d", "M 7h9hTh", "M 7h8h5h", "M 5c5d Kd"):
        assert rule_of(s, not_a_meld) == 10
