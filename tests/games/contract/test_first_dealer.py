"""Rules 6 and 31 of docs/rules/contract-rummy.md: the first dealer is cut for.

Every player cuts a card; the lowest card deals, the ace counting low. A tie for the lowest card
makes the tied players cut again; a cut joker makes everyone still cutting cut again. The deal then
passes left and the player left of the dealer plays first (rule 6).

The cuts are scripted by replacing the shuffle that ``ContractGame.first_dealer`` draws each round's
cuts from: round k's shuffled pack starts with the cards the players still cutting take, in seat order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from samrap.games.contract import game as game_module
from samrap.games.contract.config import SEED, ContractConfig
from samrap.games.contract.game import ContractGame
from tests.games.contract.builders import ids


def _scripted(monkeypatch: pytest.MonkeyPatch, rounds: Sequence[str], config: ContractConfig = SEED) -> list[int]:
    """Make each cut round's shuffle put ``rounds[k]``'s cards on top; returns the number of cards
    cut in each round, filled in as the rounds are drawn."""
    size = config.pack_size
    script: Iterator[str] = iter(rounds)
    drawn: list[int] = []

    def shuffled(_items: object, _rng: object) -> list[int]:
        top = ids(next(script), config)
        drawn.append(len(top))
        return top + [pid for pid in range(size) if pid not in top]

    monkeypatch.setattr(game_module, "shuffled", shuffled)
    return drawn


def test_rule_6_the_lowest_cut_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 2 cuts the 3, lower than 5, 9 and K: seat 2 deals; seat 3 plays first."""
    _scripted(monkeypatch, ["9h Kd 3c 5s", "9h Kd 3c 5s"])
    g = ContractGame()
    assert g.first_dealer(1) == 2
    monkeypatch.setattr(ContractGame, "deal_order", lambda self, seed: tuple(range(self.config.pack_size)))
    s = g.new_game(seed=1)
    assert (s.dealer, s.current) == (2, 3)


def test_rule_6_the_ace_is_low_in_the_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """An ace is lower than a 2 when cutting: seat 1's A♥ beats seat 3's 2♣."""
    _scripted(monkeypatch, ["9h Ah Kd 2c"])
    assert ContractGame().first_dealer(1) == 1


def test_rule_31_a_tie_for_lowest_makes_the_tied_players_cut_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seats 0 and 2 tie with a 4 (two decks: 4♣ and 4♣'); only they cut again, and seat 2's lower card
    deals, although seat 1 cut a card lower than seat 0's second card in the first round."""
    drawn = _scripted(monkeypatch, ["4c 7d 4c' Qs", "Ts 8h"])
    assert ContractGame().first_dealer(1) == 2
    assert drawn == [4, 2]  # the second round is cut by the two tied players only


def test_rule_31_a_cut_joker_makes_everyone_still_cutting_cut_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 3 cuts a joker: the round does not count (seat 0's 2♣ would have dealt); everyone cuts
    again and seat 1's 3 deals."""
    drawn = _scripted(monkeypatch, ["2c 9d Kh *0", "8c 3d Js 6h"])
    assert ContractGame().first_dealer(1) == 1
    assert drawn == [4, 4]


def test_rule_31_a_joker_in_a_tie_break_round_recuts_the_tied_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seats 1 and 3 tie with aces; in their re-cut seat 1 cuts a joker, so the two cut once more."""
    drawn = _scripted(monkeypatch, ["Kc Ad 7h As", "*1 2h", "5c 6c"])
    assert ContractGame().first_dealer(1) == 1
    assert drawn == [4, 2, 2]


def test_rule_6_the_first_dealer_is_seeded_and_every_seat_can_deal() -> None:
    """Unscripted: the same seed gives the same dealer, and over many seeds every seat deals."""
    for players in (3, 5, 8):
        g = ContractGame(ContractConfig.from_string(f"contract(players={players})"))
        dealers = [g.first_dealer(seed) for seed in range(120)]
        assert dealers == [g.first_dealer(seed) for seed in range(120)]
        assert set(dealers) == set(range(players))
