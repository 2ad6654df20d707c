"""The staged go-down's shortcuts (``staging._Completions``) against the plain path.

* The candidates are laid out without sorting the runs (``search.run_cands`` lists them in key
  order) and with the sets sorted by natural faces alone; ``suit_end`` is found in one pass. Both
  must equal the layout by the whole key and the earlier loop.
* The answers the first listing's walk found for each second meld are kept (``memo``) and read
  by the next listing: every stage tree, walked with one shared preparation as play does (so
  later stages read the memo), must equal :func:`staging.next_melds_plain` stage by stage, and
  a fresh preparation's answers too.

Positions: every position after the draw of a player not down yet in random deals 2, 3, 5 and 6
(uniform random play, 4 players).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from samrap.games.contract import ContractConfig, ContractGame, staging
from samrap.games.contract.lookahead import discardable
from samrap.games.contract.melds import Spec
from samrap.games.contract.rules import legal_actions
from samrap.games.contract.state import ContractState, Phase
from samrap.games.contract.transitions import apply_unchecked
from samrap.games.contract.turnmoves import go_down_query


def _positions(deal: int, seeds: int) -> Iterator[ContractState]:
    game = ContractGame(ContractConfig(players=4))
    rng = random.Random(100 + deal)
    for _ in range(seeds):
        s = game.new_game(seed=rng.getrandbits(32), deal_number=deal, dealer=0)
        while s.phase is not Phase.OVER:
            acts = legal_actions(s)
            if s.phase is Phase.PLAY and not s.down >> s.current & 1 and not s.staging:
                yield s
            s = apply_unchecked(s, rng.choice(acts))


@pytest.mark.parametrize("deal", [2, 3, 5, 6])
def test_candidate_layout_equals_the_sorted_one(deal: int) -> None:
    checked = 0
    for s in _positions(deal, 25):
        if not staging.next_melds(s, ()):
            continue
        w = staging._Completions(s, discardable(s))
        q = go_down_query(s, minimal=False)
        want = (*sorted(q.setc, key=staging._key), *sorted(q.runc, key=staging._key))
        assert w.cands == want
        suit_end = [len(want)] * 4
        for k in range(len(want) - 1, len(q.setc) - 1, -1):
            for su in range(want[k].suit):
                suit_end[su] = k
        assert w.suit_end == suit_end
        for k, c in enumerate(w.cands):  # (``_find``: the prefix's melds by bisection)
            assert w._find(c.spec) == k
        held = s.config.pack.faces_of(s.hands[s.current])
        assert w._find(Spec(~held & -~held & (1 << 52) - 1)) == -1
        checked += 1
    assert checked


def _walk(s: ContractState, prefix: tuple[Spec, ...]) -> int:
    """Check the stage tree below ``prefix`` (the first three melds of each stage); the count."""
    got = staging.next_melds(s, prefix)  # (the shared preparation: its memo grows)
    assert got == staging.next_melds_plain(s, prefix), prefix
    fresh = staging._Completions(s, discardable(s)).next_melds(prefix)
    assert fresh == got, prefix
    return 1 + sum(_walk(s, (*prefix, m)) for m in got[:3])


@pytest.mark.parametrize("deal", [2, 3, 5, 6])
def test_stage_trees_with_the_memo_equal_the_plain_path(deal: int) -> None:
    checked = 0
    for s in _positions(deal, 25):
        staging._last.put(None, None)
        if staging.next_melds(s, ()):
            checked += _walk(s, ())
    assert checked
