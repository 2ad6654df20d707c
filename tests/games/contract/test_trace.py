"""Differential traces: whole random deals hashed, so speed work cannot change behaviour unseen.

For each config a seeded player (uniform random, like the playout benchmark, or ``sim.choose``'s
eager one) plays deals of every deal number; every step's ``legal_moves`` texts *in order* and
the chosen action, and every deal's final position string, go into one SHA-256 per config. The
digests below were recorded from the engine before it was optimised; any change to legal sets,
their order, or what an action does shows up as a changed digest. ``python -m
tests.games.contract.test_trace`` prints the digests (``--deals N`` for another size) and,
with ``--dump DIR``, one text file per config for diffing two versions of the engine.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from samrap.games.contract import ContractConfig, ContractGame
from samrap.games.contract.rules import legal_moves
from samrap.games.contract.state import Phase
from samrap.games.contract.transitions import apply_unchecked
from tests.games.contract.sim import choose

#: The pagat and liverpool presets before they took ``ten_card_deals=3`` and ``set_suits=any``
#: (issue 14): their digests were recorded from the engine before it was optimised, so they
#: keep checking those rules; each is traced under its old name (which seeds its players).
_OLD_PAGAT = ",set_suits=different,ten_card_deals=4)"
LEGACY = {
    f"contract(preset={preset},players={n})": f"contract(preset={preset},players={n}{_OLD_PAGAT}"
    for preset in ("pagat", "liverpool")
    for n in (3, 4, 5)
}
LEGACY["contract(max_buys=1,melds_after_down=true,preset=liverpool)"] = (
    "contract(max_buys=1,melds_after_down=true,preset=liverpool" + _OLD_PAGAT
)

CONFIGS = [
    *(f"contract(preset={preset},players={n})" for preset in ("seed", "pagat", "liverpool") for n in (3, 4, 5)),
    *(f"contract(preset={preset},players={n})+" for preset in ("pagat", "liverpool") for n in (3, 4, 5)),
    "contract(melds_after_down=true,players=3,same_suit_runs=not_adjacent)",
    "contract(contract_exact=true,deal7_discard=true)",
    "contract(max_reshuffles=0,players=5,same_suit_runs=allowed)",
    "contract(jokers=5,melds_after_down=true,min_run=4)",
    "contract(max_buys=1,melds_after_down=true,preset=liverpool)",
    "contract(jokers=4,melds_after_down=true,players=3,set_suits=any)",
]


def config_of(name: str) -> ContractConfig:
    """The rules a trace name stands for: a config string, its :data:`LEGACY` rules, or with a
    trailing ``+`` the preset as it is now."""
    return ContractConfig.from_string(name[:-1] if name.endswith("+") else LEGACY.get(name, name))


def trace_lines(config: str, deals: int) -> Iterator[str]:
    """The text of ``deals`` deals under trace name ``config``: alternately uniform and eager players."""
    cfg = config_of(config)
    game = ContractGame(cfg)
    for i in range(deals):
        rng = random.Random(f"trace:{config}:{i}")
        eager = i % 2 == 1
        s = game.new_game(seed=rng.getrandbits(32), deal_number=1 + i % 7, dealer=rng.randrange(cfg.players))
        yield f"deal {i} {s.to_string()}"
        while s.phase is not Phase.OVER:
            legal = legal_moves(s)
            a = choose(rng, legal, eager) if eager else rng.choice(legal)
            yield " | ".join(b.text() for b in legal) + " => " + a.text()
            s = apply_unchecked(s, a)
        yield f"final {s.to_string()}"


def digest(config: str, deals: int) -> str:
    h = hashlib.sha256()
    for line in trace_lines(config, deals):
        h.update(line.encode())
        h.update(b"\n")
    return h.hexdigest()[:16]


#: Digests of 14 deals per config (each deal number twice), recorded before optimising; those
#: whose rules did not exist then (the ``+`` names, ``set_suits=any``) recorded when added.
FAST_DEALS = 14
FAST: dict[str, str] = {
    "contract(preset=seed,players=3)": "5e74b053958d02d2",
    "contract(preset=seed,players=4)": "1a24f00309cfbb5c",
    "contract(preset=seed,players=5)": "7a2b9f2b1183772d",
    "contract(preset=pagat,players=3)": "694e069e6de43861",
    "contract(preset=pagat,players=4)": "6f5a5fbb68d0fcde",
    "contract(preset=pagat,players=5)": "f72d51b6e296b9d5",
    "contract(preset=liverpool,players=3)": "b79207740f15a8d5",
    "contract(preset=liverpool,players=4)": "f3cf54af7d973db8",
    "contract(preset=liverpool,players=5)": "0aa3efe170a062f4",
    "contract(melds_after_down=true,players=3,same_suit_runs=not_adjacent)": "c17aeeb3f3f9a6c5",
    "contract(contract_exact=true,deal7_discard=true)": "8982c1ac75c9c55e",
    "contract(max_reshuffles=0,players=5,same_suit_runs=allowed)": "d7d76d4e8d4cf61a",
    "contract(jokers=5,melds_after_down=true,min_run=4)": "be458b5088d149ac",
    "contract(max_buys=1,melds_after_down=true,preset=liverpool)": "87c8805a29aa67fe",
    "contract(preset=pagat,players=3)+": "709bad4a62345145",
    "contract(preset=pagat,players=4)+": "05f7dd6350511e8d",
    "contract(preset=pagat,players=5)+": "57f1d451afa5a28f",
    "contract(preset=liverpool,players=3)+": "b1e61eaac91263c8",
    "contract(preset=liverpool,players=4)+": "b38275f511394958",
    "contract(preset=liverpool,players=5)+": "b855c12d22f546f1",
    "contract(jokers=4,melds_after_down=true,players=3,set_suits=any)": "dc69f8499d44b7d8",
}

#: Digests of 140 deals per config, for ``-m slow``.
SLOW_DEALS = 140
SLOW: dict[str, str] = {
    "contract(preset=seed,players=3)": "1e602e11bd3acfbf",
    "contract(preset=seed,players=4)": "97325a360caa5063",
    "contract(preset=seed,players=5)": "13822d1fd9961642",
    "contract(preset=pagat,players=3)": "6f51249ca6762e87",
    "contract(preset=pagat,players=4)": "c0dcd0e2dcc7e69a",
    "contract(preset=pagat,players=5)": "6396d8421bbf2aeb",
    "contract(preset=liverpool,players=3)": "52c799ae90333b16",
    "contract(preset=liverpool,players=4)": "5d9f88dc9ff3ebdb",
    "contract(preset=liverpool,players=5)": "2dadef83f21b54dd",
    "contract(melds_after_down=true,players=3,same_suit_runs=not_adjacent)": "d5e582bbcc00e87f",
    "contract(contract_exact=true,deal7_discard=true)": "cafd283ecb9fb49c",
    "contract(max_reshuffles=0,players=5,same_suit_runs=allowed)": "73c2c5699e098540",
    "contract(jokers=5,melds_after_down=true,min_run=4)": "7337ef55ecf7cab1",
    "contract(max_buys=1,melds_after_down=true,preset=liverpool)": "0a97b986fbc1079e",
    "contract(preset=pagat,players=3)+": "d1cbf36d85eea0ef",
    "contract(preset=pagat,players=4)+": "7d438447268e3e62",
    "contract(preset=pagat,players=5)+": "685c40da7faebbc6",
    "contract(preset=liverpool,players=3)+": "7a34e36bcd3dcc1d",
    "contract(preset=liverpool,players=4)+": "9935c8ad4d3fabbb",
    "contract(preset=liverpool,players=5)+": "63efd452b209b876",
    "contract(jokers=4,melds_after_down=true,players=3,set_suits=any)": "c5fa61f22dd90a5f",
}


@pytest.mark.parametrize("config", CONFIGS)
def test_trace(config: str) -> None:
    assert digest(config, FAST_DEALS) == FAST[config]


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS)
def test_trace_sweep(config: str) -> None:
    assert digest(config, SLOW_DEALS) == SLOW[config]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=FAST_DEALS)
    ap.add_argument("--dump", type=Path, help="write one trace file per config into this directory")
    args = ap.parse_args()
    for config in CONFIGS:
        if args.dump:
            args.dump.mkdir(parents=True, exist_ok=True)
            name = config.replace("contract(", "").replace(")", "").replace(",", "-").replace("=", "")
            (args.dump / f"{name}.txt").write_text("\n".join(trace_lines(config, args.deals)) + "\n")
        print(f'    "{config}": "{digest(config, args.deals)}",')


if __name__ == "__main__":
    main()
