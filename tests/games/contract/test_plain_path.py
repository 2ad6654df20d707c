"""Every shortcut of the move listing against the plain path, on every deal number with runs.

The engine lists a turn's moves with shortcuts (rule 30 settled by a spare card, the deep card's
duty decided in closed form, go-downs judged without building their successors, deep pick-ups
rejected by cheap tests, a minimal-size search). :func:`plain_legal` is the same question asked
plainly: every move the move generators offer (every go-down of every size, every lay-off,
exchange and meld, every pick-up depth), each kept when an exhaustive search over the rest of the
turn finds a legal end (a discard rules 15 and 24-26 allow, or going out). The two lists must be
equal, in the same order, at every state of seeded deals of each deal number.

Deals 2, 3, 5 and 6 hold runs (where growing a run towards a deep card, joker exchanges and
chains of lay-offs come in), 1 only sets, 4 three sets and 7 goes out at once; each gets the same
number of deals, seeded random and eager players, under the seed preset, a joker-rich pack and
pagat's rules with deep pick-ups.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from samrap.games.contract import ContractConfig, ContractGame
from samrap.games.contract.actions import DISCARDS, DRAW, ContractAction, GoDown, pickup, sort_key
from samrap.games.contract.cards import bits
from samrap.games.contract.contracts import LAST_DEAL, contract
from samrap.games.contract.lookahead import discardable
from samrap.games.contract.rules import legal_actions
from samrap.games.contract.search import ContractQuery
from samrap.games.contract.state import DRAW_PHASE, OVER_PHASE, PLAY_PHASE, ContractState
from samrap.games.contract.transitions import apply_unchecked
from samrap.games.contract.turnmoves import table_moves
from tests.games.contract.sim import choose

CONFIGS = (
    ContractConfig(players=3),
    ContractConfig(players=3, jokers=6),
    ContractConfig.from_string("contract(preset=pagat,players=3,pickup=deep)"),
)


def all_go_downs(s: ContractState) -> list[GoDown]:
    """Every go-down of the player in turn, of every meld size (rules 13, 17, 22)."""
    cfg = s.config
    hand = s.hands[s.current]
    layers, jokers = cfg.pack.face_layers(hand)
    sets, runs = contract(s.deal)
    last = s.deal == LAST_DEAL
    totals = None
    if last:
        n = hand.bit_count()
        totals = frozenset((n, n - 1)) if cfg.deal7_discard else frozenset((n,))
    q = ContractQuery(
        layers,
        jokers,
        sets,
        runs,
        min_run=cfg.min_run,
        exact=cfg.contract_exact and not last,
        run_rule=cfg.same_suit_runs,
        totals=totals,
        any_suits=cfg.any_suit_sets,
    )
    return [GoDown(g) for g in q]


def plain_moves(s: ContractState) -> list[ContractAction]:
    """Every go-down, lay-off, exchange and meld after the draw, unchecked for rule 30."""
    if not s.down >> s.current & 1:
        return list(all_go_downs(s))
    if s.deal == LAST_DEAL:
        return []
    return list(table_moves(s))


def can_end(s: ContractState, memo: dict[object, bool]) -> bool:
    """Rule 30 by exhaustive search: some sequence of moves ends the turn legally."""
    if s.phase is OVER_PHASE or discardable(s):
        return True
    key = (s.hands[s.current], s.melds, s.pending, s.deep, s.down, s.went_down)
    if key in memo:
        return memo[key]
    memo[key] = False
    for a in plain_moves(s):
        if can_end(apply_unchecked(s, a), memo):
            memo[key] = True
            return True
    return False


def plain_legal(s: ContractState) -> list[ContractAction]:
    """The legal actions of ``s`` the plain way, in ``sort_key`` order."""
    memo: dict[object, bool] = {}
    if s.phase == DRAW_PHASE:
        out: list[ContractAction] = [DRAW]
        depths = len(s.pile) if s.config.pickup == "deep" else min(1, len(s.pile))
        out += [pickup(k) for k in range(depths) if can_end(apply_unchecked(s, pickup(k)), memo)]
        return sorted(out, key=sort_key)
    assert s.phase == PLAY_PHASE
    out = [a for a in plain_moves(s) if can_end(apply_unchecked(s, a), memo)]
    faces = {s.config.pack.faces[c] for c in bits(discardable(s))}
    out += [DISCARDS[f] for f in sorted(faces)]
    return sorted(out, key=sort_key)


def _check_deal(cfg: ContractConfig, deal: int, seed: int, kinds: Counter[str]) -> None:
    game = ContractGame(cfg)
    rng = random.Random(f"plain:{cfg.to_string()}:{deal}:{seed}")
    s = game.new_game(seed=seed, deal_number=deal, dealer=rng.randrange(cfg.players))
    eager = seed % 2 == 0
    while s.phase is not OVER_PHASE:
        legal = legal_actions(s)
        if s.phase in (DRAW_PHASE, PLAY_PHASE):
            want = plain_legal(s)
            assert legal == want, (
                f"engine-only {[a.text() for a in legal if a not in want]}, "
                f"plain-only {[a.text() for a in want if a not in legal]}\n{s.to_string()}"
            )
            if s.deep >= 0 and s.hands[s.current] >> s.deep & 1:
                kinds["deep card held"] += 1
            if any(a.text().startswith("P") and a.text() != "P" for a in legal):
                kinds["deep pick-up legal"] += 1
            kinds["states"] += 1
        s = apply_unchecked(s, choose(rng, legal, eager))


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5, 6, 7])
def test_listing_equals_the_plain_path(deal: int) -> None:
    kinds = Counter[str]()
    for cfg in CONFIGS:
        _check_deal(cfg, deal, 0, kinds)
    assert kinds["states"] >= 400, kinds
    if deal != LAST_DEAL:
        assert kinds["deep card held"] >= 8 and kinds["deep pick-up legal"] >= 8, kinds


@pytest.mark.slow
@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5, 6, 7])
def test_listing_equals_the_plain_path_sweep(deal: int) -> None:
    kinds = Counter[str]()
    for cfg in CONFIGS:
        for seed in range(1, 12):
            _check_deal(cfg, deal, seed, kinds)
    assert kinds["states"] >= 1000, kinds
