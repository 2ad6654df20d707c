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


@pytest.mark.parametrize("deal", [3, 6])
def test_avail_equals_its_plain_twin(deal: int) -> None:
    """``_Completions._avail`` (the layers beyond ``used`` by the first of them) against
    :func:`staging.avail_plain`, for every hand's layers and the layers of its candidates' uses."""
    from samrap.games.contract.candidates import use_cand

    rng = random.Random(7 + deal)
    checked = 0
    for s in _positions(deal, 10):
        w = staging._Completions(s, discardable(s))
        assert w._avail(()) == staging.avail_plain(w.layers, ())
        for _ in range(20):
            used: tuple[int, ...] | None = ()
            for c in rng.sample(w.cands, min(3, len(w.cands))):
                after = use_cand(used or (), c, w.layers)
                if after is None:
                    break
                used = after
                assert w._avail(used) == staging.avail_plain(w.layers, used)
                checked += 1
    assert checked


@pytest.mark.parametrize("deal", [3, 6])
def test_a_staged_state_asks_as_the_state_without_its_melds(deal: int) -> None:
    """``next_melds`` of a state mid go-down (``staging`` set) looks the walk up first: equal to
    the answer for the state without them, whether the walk is the last prepared or not."""
    checked = 0
    for s in _positions(deal, 15):
        firsts = staging.next_melds(s, ())
        for m in firsts[:2]:
            staged = s._replace(staging=(m,))
            want = staging.next_melds_plain(s, (m,))
            assert staging.next_melds(staged, (m,)) == want  # (the walk just prepared)
            staging._last.put(None, None)
            assert staging.next_melds(staged, (m,)) == want  # (prepared afresh)
            checked += 1
    assert checked


class _NoRunsCut(staging._Completions):
    """The walk without ``_runs_fit`` (the plain twin of that cut)."""

    def _runs_fit(self, step: staging._Step) -> bool:
        return True


@pytest.mark.parametrize("config", ["seed", "pagat"])
@pytest.mark.parametrize("deal", [3, 5, 6])
def test_the_runs_cut_changes_no_answer_of_the_walk(deal: int, config: str) -> None:
    """``_Completions._runs_fit`` (the open suits' run costs against the jokers left) only cuts
    walks that have no completion: every answer of ``exists`` for each first meld and each pair
    of melds, in each mode, equals the walk's without the cut, and so does each stage listing."""
    cfg = ContractConfig.from_string(f"contract(preset={config},players=4)")
    game = ContractGame(cfg)
    rng = random.Random(300 + deal)
    checked = cut = 0
    for _ in range(12):
        s = game.new_game(seed=rng.getrandbits(32), deal_number=deal, dealer=0)
        while s.phase is not Phase.OVER:
            acts = legal_actions(s)
            if s.phase is Phase.PLAY and not s.down >> s.current & 1 and not s.staging and staging.next_melds(s, ()):
                free = discardable(s)
                fast, plain = staging._Completions(s, free), _NoRunsCut(s, free)
                assert fast.next_melds(()) == plain.next_melds(())
                live = fast.start_live
                root: staging._Step = (0, fast.sets, fast.runs, (), 0, 0, not fast.paths or bool(live), live)
                for k1 in range(len(fast.cands)):
                    one = fast._step([], root, k1)
                    if one is None:
                        continue
                    for mode in (staging._QUICK, staging._FULL) if fast.mode != staging._JUDGE else (staging._JUDGE,):
                        chosen = [fast.cands[k1]]
                        assert fast.exists(chosen, one, mode) == plain.exists(chosen, one, mode)
                        checked += 1
                        cut += one[2] > 1 and not fast._runs_fit(one)
                        for k2 in range(k1, len(fast.cands)):
                            two = fast._step(chosen, one, k2)
                            if two is not None:
                                pair = [*chosen, fast.cands[k2]]
                                assert fast.exists(pair, two, mode) == plain.exists(pair, two, mode)
                                checked += 1
            s = apply_unchecked(s, rng.choice(acts))
    assert checked and (cut or deal != 6)  # (deal 6, a set then two runs, is where it cuts)
