"""``samrap play`` says who deals game 1 (rule 6; Contract Rummy: the cut of rules 6 and 31), in English
and Thai, and the seat after the dealer starts (issue 14.6)."""

from __future__ import annotations

import pytest

from samrap.engine.match import SEED_BITS, deal_rng
from samrap.games.contract.game import ContractGame
from samrap.games.dummy import DummyConfig, DummyGame
from tests.cli.helpers import run


def _first_dealer(game: str, players: int, seed: int) -> int:
    game_seed = deal_rng(seed).getrandbits(SEED_BITS)
    if game == "dummy":
        return DummyGame(DummyConfig(players=players)).first_dealer(game_seed)
    return ContractGame().first_dealer(game_seed)


@pytest.mark.parametrize(("game", "players", "seed"), [("dummy", 3, 3), ("dummy", 4, 8), ("contract", 4, 3)])
def test_play_names_game_ones_dealer_and_the_next_seat_starts(game: str, players: int, seed: int) -> None:
    dealer = _first_dealer(game, players, seed)
    out = run("play", game, "--players", str(players), "--seed", str(seed), "--bots", "random", input="q\n").stdout
    lines = out.splitlines()
    k = next(i for i, line in enumerate(lines) if "deals; the player after the dealer starts." in line)
    assert lines[k].startswith(f"s{dealer} ")
    assert lines[k + 1].startswith(f"=== {'Game' if game == 'dummy' else 'Deal'} 1: s{(dealer + 1) % players} ")
    thai = run(
        "play", game, "--players", str(players), "--seed", str(seed), "--bots", "random", "--lang", "th", input="q\n"
    ).stdout
    assert f"#{dealer} " in next(line for line in thai.splitlines() if "เป็นผู้แจก" in line)
