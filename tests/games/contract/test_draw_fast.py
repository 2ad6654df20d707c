"""The draw's listing against the plain path: every pick-up depth tried by building its successor.

``pickups.draw_actions`` rejects most deep pick-ups with necessary tests (``deepcard.deep_reach``
with the pile-and-hand mask handed in, the remembered ``chain_reach``, ``contract_possible``'s
bisection, ``takes_deep_down``); here each listing of random positions of deals 2, 3, 5 and 6 is
compared with asking ``is_finishable`` of every pick-up's successor, in order.
"""

from __future__ import annotations

import random

import pytest

from samrap.games.contract import ContractConfig, ContractGame, deepcard
from samrap.games.contract.actions import DRAW, ContractAction, pickup
from samrap.games.contract.lookahead import is_finishable
from samrap.games.contract.melds import RUN, table_summary
from samrap.games.contract.pickups import draw_actions
from samrap.games.contract.rules import legal_actions
from samrap.games.contract.state import ContractState, Phase
from samrap.games.contract.transitions import apply_unchecked


def plain_draws(s: ContractState) -> list[ContractAction]:
    """The draw listing the plain way: the stock, then every depth whose successor can end the turn."""
    out: list[ContractAction] = [DRAW]
    depths = len(s.pile) if s.config.pickup == "deep" else min(1, len(s.pile))
    for k in range(depths):
        if is_finishable(apply_unchecked(s, pickup(k))):
            out.append(pickup(k))
    return out


def _draw_states(deal: int, deals: int, seed: int) -> list[ContractState]:
    game = ContractGame(ContractConfig(players=4))
    rng = random.Random(seed)
    out = []
    for _ in range(deals):
        s = game.new_game(seed=rng.getrandbits(32), deal_number=deal, dealer=0)
        while s.phase is not Phase.OVER:
            if s.phase is Phase.DRAW:
                out.append(s)
            s = apply_unchecked(s, rng.choice(legal_actions(s)))
    return out


@pytest.mark.parametrize("deal", [2, 3, 5, 6])
def test_draw_listing_equals_every_depth_tried(deal: int) -> None:
    deep = down = 0
    for s in _draw_states(deal, 10, 100 + deal):
        got = draw_actions(s)
        assert got == plain_draws(s), s.to_string()
        deep += sum(1 for a in got if a not in (DRAW, pickup(0)))
        down += s.down >> s.current & 1
    assert down >= 50 and deep >= 5, (down, deep)


@pytest.mark.parametrize("deal", [2, 3, 5, 6])
def test_deep_reach_with_the_mask_given(deal: int) -> None:
    """``deep_reach(s, wanted, most)`` with ``most`` the hand and pile equals walking the pile."""
    asked = 0
    for s in _draw_states(deal, 4, 200 + deal):
        if not table_summary(s.melds).runs:
            continue
        most = s.hands[s.current]
        for c in s.pile:
            most |= 1 << c
        for wanted in ((1 << 53) - 1, most & ((1 << 53) - 1)):
            assert deepcard.deep_reach(s, wanted, most) == deepcard.deep_reach(s, wanted), s.to_string()
            asked += 1
    assert asked >= 50, asked


def deep_reach_by_runs(s: ContractState) -> int:
    """``deepcard.deep_reach``'s plain twin: every run's whole reach (``chain_reach``), run by run
    in table order, on top of the meld ends and the faces run jokers stand for."""
    cfg = s.config
    if cfg.melds_after_down:
        return (1 << 53) - 1
    pack = cfg.pack
    reach = 0
    standing = 0  # run jokers whose face the pool holds: each may be freed by an exchange
    most = s.hands[s.current]
    for c in s.pile:
        most |= 1 << c
    faces = pack.faces_of(most)
    for m in s.melds:
        reach |= m.ext
        if m.kind == RUN:
            for _, f in m.jokers:
                reach |= 1 << f
                standing += faces >> f & 1
    if any(m.ext for m in s.melds):
        reach |= 1 << 52
    jokers = (most & pack.jokers_mask).bit_count() + standing
    for m in s.melds:
        if m.kind == RUN:
            reach |= deepcard.chain_reach(m.key, m.lo, m.hi, faces, jokers)
    return reach


@pytest.mark.parametrize("deal", [2, 3, 5, 6])
def test_deep_reach_by_faces_equals_every_run_walked(deal: int) -> None:
    """``deep_reach`` tests only the faces asked about, each against the runs of its suit; its
    twin works out every run's whole reach. They agree on every face asked: the pile's (as the
    draw asks), every face, a random mask, each ace and each face alone."""
    rng = random.Random(300 + deal)
    asked = beyond = 0
    for s in _draw_states(deal, 6, 300 + deal):
        if not table_summary(s.melds).runs:
            continue
        whole = deep_reach_by_runs(s)
        pack = s.config.pack
        below = 0
        for c in s.pile[:-1]:
            below |= 1 << c
        pile_faces = pack.faces_of(below) | (1 << 52 if below & pack.jokers_mask else 0)
        aces = sum(1 << (13 * su + 12) for su in range(4))
        for wanted in (pile_faces, (1 << 53) - 1, rng.getrandbits(53), aces, 1 << rng.randrange(52)):
            assert deepcard.deep_reach(s, wanted) & wanted == whole & wanted, (s.to_string(), wanted)
            asked += 1
        ends = 0
        for m in s.melds:
            ends |= m.ext
        beyond += (whole & ~ends & ((1 << 52) - 1)).bit_count()
    assert asked >= 200 and beyond >= 100, (asked, beyond)


def test_chain_reach_remembered_equals_fresh() -> None:
    """The remembered ``_chain_ranks`` gives what a fresh computation gives (cache cleared)."""
    rng = random.Random(5)
    cases = [(rng.getrandbits(13), *sorted(rng.sample(range(14), 2)), rng.randrange(5)) for _ in range(2000)]
    first = [deepcard._chain_ranks(*c) for c in cases]
    deepcard._chain_ranks.cache_clear()
    assert [deepcard._chain_ranks.__wrapped__(*c) for c in cases] == first


@pytest.mark.parametrize(
    "text",
    ["contract(players=3,jokers=6)", "contract(players=5)", "contract(preset=pagat,players=3,pickup=deep)"],
)
def test_a_down_players_deep_pickups_asked_of_placeable_equal_every_depth_tried(text: str) -> None:
    """Rule 12 for a player who is down: ``pickups`` asks ``deepcard.placeable`` of each depth
    directly (the deep card the turn's only duty), the plain twin builds every depth's successor
    and searches it; the lists are equal, over deals 2, 3, 5 and 6 of other packs and rules."""
    game = ContractGame(ContractConfig.from_string(text))
    rng = random.Random(17)
    asked = kept = 0
    for deal in (2, 3, 5, 6):
        for _ in range(4):
            s = game.new_game(seed=rng.getrandbits(32), deal_number=deal, dealer=0)
            while s.phase is not Phase.OVER:
                if s.phase is Phase.DRAW and s.down >> s.current & 1 and len(s.pile) > 1:
                    got = draw_actions(s)
                    assert got == plain_draws(s), s.to_string()
                    asked += 1
                    kept += sum(1 for a in got if a not in (DRAW, pickup(0)))
                s = apply_unchecked(s, rng.choice(legal_actions(s)))
    assert asked >= 100 and kept >= 10, (asked, kept)


@pytest.mark.parametrize("deal", [2, 3, 5, 6])
def test_takes_deep_down_given_the_draws_layers(deal: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The draw of a player not down hands ``takes_deep_down`` the pool's face layers it grew card
    by card (rules 12, 24): always ``face_layers`` of the pool, and the same answer as without."""
    from samrap.games.contract import pickups

    asked = 0

    def checked(s: ContractState, hand: int, face: int, held: tuple[tuple[int, ...], int] | None = None) -> bool:
        nonlocal asked
        assert held == s.config.pack.face_layers(hand), s.to_string()
        asked += 1
        got = deepcard.takes_deep_down(s, hand, face, held)
        assert got is deepcard.takes_deep_down(s, hand, face), s.to_string()
        return got

    monkeypatch.setattr(pickups, "takes_deep_down", checked)
    for s in _draw_states(deal, 6, 400 + deal):
        draw_actions(s)
    assert asked >= 20, asked
