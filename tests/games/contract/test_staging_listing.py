"""The go-down chosen a meld at a time lists the melds the whole listing implies (rules 13, 22, 30).

``staging.next_melds(s, prefix)`` must be exactly ``staging.next_melds_plain``: the distinct
``g[len(prefix)]`` over the legal whole go-downs ``g`` of ``turn.play_actions`` that begin with
``prefix`` (rule 30 and the deep-card duty of rules 12 and 24 included), in ``Spec.order_key``
order. Each test walks the whole stage tree of a position (every prefix of every legal go-down,
and the empty lists after complete ones) and asks both; :func:`stage_tree` reads every prefix's
answer off one whole listing (the plain definition, all prefixes at once), and the tests also ask
``next_melds_plain`` itself at the tree's root and first level.

Positions: the stored slow positions, and every position after the draw of a player not down yet
in seeded deals of every deal number (1-7), played by eager random players and by the heuristic
bot with random moves, under the seed, pagat and liverpool presets and options that change what
a go-down may be (``contract_exact``, ``same_suit_runs``, ``min_run`` 4, ``set_suits = any``,
``deal7_discard``, ``melds_after_down``, many jokers) with 3 to 8 players: deep pick-ups (the deep
card as the turn's duty, rule 24), forbidden discards (rule 25) and the last deal's going out
(rule 17) come up in play. Made-up hands add big hands holding a deep card, and exchanged jokers
in the hand of a player not down yet: no play reaches that (rule 16: only a player who went down
on an earlier turn exchanges), but it asks rule 30 the way ``melds_after_down`` does, by search.
The sweep over many deals runs with ``-m slow``; a few deals of each kind run by default.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from samrap.games.contract import ContractConfig, ContractGame, ContractState
from samrap.games.contract.actions import GoDown
from samrap.games.contract.contracts import LAST_DEAL
from samrap.games.contract.melds import Spec
from samrap.games.contract.staging import next_melds, next_melds_plain
from samrap.games.contract.state import OVER_PHASE, PLAY_PHASE
from samrap.games.contract.turn import play_actions
from samrap.players.heuristic.contract import ContractHeuristic
from tests.games.contract.sim import choose

DATA = Path(__file__).parents[3] / "bench" / "data" / "contract_slow_positions.txt"

Prefix = tuple[Spec, ...]

#: Rule sets whose go-downs differ in shape, each with a player count (3 to 8 across them).
CONFIGS = (
    "contract(players=3)",
    "contract(players=4,jokers=6)",
    "contract(players=5,contract_exact=true)",
    "contract(players=6,same_suit_runs=allowed)",
    "contract(players=4,same_suit_runs=not_adjacent,jokers=4)",
    "contract(players=3,min_run=4)",
    "contract(players=4,set_suits=any,jokers=4)",
    "contract(players=8,deal7_discard=true)",
    "contract(players=3,melds_after_down=true,jokers=4)",
    "contract(preset=pagat,players=4)",
    "contract(preset=pagat,players=3,pickup=deep)",
    "contract(preset=liverpool,players=5)",
    "contract(preset=liverpool,players=7,pickup=deep,same_suit_runs=allowed)",
)


def stage_tree(s: ContractState) -> dict[Prefix, list[Spec]]:
    """``next_melds_plain(s, prefix)`` for every prefix that begins a legal go-down, from one
    whole listing (a prefix missing from the answer has no next meld)."""
    found: defaultdict[Prefix, set[Spec]] = defaultdict(set)
    for a in play_actions(s):
        if isinstance(a, GoDown):
            for i, spec in enumerate(a.melds):
                found[a.melds[:i]].add(spec)
    return {prefix: sorted(specs, key=Spec.order_key) for prefix, specs in found.items()}


def check_tree(s: ContractState, depth: int = 99, plain: int = 1) -> int:
    """Walk the stage tree of ``s`` to ``depth`` melds, ``next_melds`` against the whole listing
    at every prefix (and ``next_melds_plain`` at the first ``plain`` levels); a prefix out of
    ``sort_specs`` order begins no go-down. Returns the number of prefixes walked."""
    tree = stage_tree(s)
    walked = 0

    def walk(prefix: Prefix) -> None:
        nonlocal walked
        want = tree.get(prefix, [])
        got = next_melds(s, prefix)
        assert got == want, (
            f"rules 13/22/30: after {[str(m) for m in prefix]} next_melds also lists "
            f"{[str(m) for m in got if m not in want]}, misses {[str(m) for m in want if m not in got]}"
            f"\n{s.to_string()}"
        )
        if len(prefix) < plain:
            assert next_melds_plain(s, prefix) == want
        walked += 1
        if len(prefix) < depth:
            for m in want:
                walk((*prefix, m))

    walk(())
    first = tree.get((), [])
    if plain and len(first) >= 2 and first[0] != first[-1]:
        backwards = (first[-1], first[0])  # (not sort_specs order: no go-down begins so)
        assert next_melds(s, backwards) == [] == next_melds_plain(s, backwards)
    return walked


def test_a_player_down_has_no_next_meld_rule_13() -> None:
    """Rule 13: going down happens once a deal, so a player who is down has no go-down to stage,
    though the hand holds a contract (the stored position 3 is a draw of a player who is down;
    the deepest pick-up takes 30 cards)."""
    s = _stored(3)
    game = ContractGame(s.config)
    after = game.apply_unchecked(s, game.legal_moves(s)[-1])
    assert after.phase == PLAY_PHASE and after.down >> after.current & 1
    assert after.hands[after.current].bit_count() > 40
    assert next_melds(after, ()) == [] == next_melds_plain(after, ())


def _stored(line: int) -> ContractState:
    _, _, text = DATA.read_text().splitlines()[line - 1].split(" ", 2)
    return ContractState.from_string(text.removeprefix("legal | ").strip())


@pytest.mark.parametrize("line", [1, 6])
def test_stored_slow_positions_first_two_stages_rule_22(line: int) -> None:
    """Rule 22 (the whole contract in one move) chosen a meld at a time, on stored positions of
    7,000-16,000 go-downs after a deep pick-up (rule 24): the first melds and, after each, the
    second ones."""
    assert check_tree(_stored(line), depth=1) > 30


@pytest.mark.parametrize("line", [12, 13, 15])
def test_deep_card_paths_cut_only_go_downs_that_leave_it_no_place_rules_24_30(line: int) -> None:
    """The stored positions whose first melds were slow to list (issue 16.2): the deep card
    (rule 24) owed by a player not down, who must leave it a place this turn (rule 30). Lines 12
    and 15: a run on the table could take it once grown (``deep_marks`` has no test there, and
    the staged listing follows the table's paths, ``deepcard.table_paths``); line 13: only a meld
    of the go-down can. The whole stage tree of 15, the first two stages of the others."""
    assert check_tree(_stored(line), depth=99 if line == 15 else 1) > 30


@pytest.mark.slow
@pytest.mark.parametrize("line", [1, 2, 4, 5, 6, 7, 8, 12, 13, 14, 15])
def test_stored_slow_positions_whole_stage_tree_rule_22(line: int) -> None:
    """Every prefix of every legal go-down of the stored positions (150-96,000 go-downs; the
    two biggest to two melds)."""
    s = _stored(line)
    assert s.phase == PLAY_PHASE and not s.down >> s.current & 1
    check_tree(s, depth=1 if line in (2, 4) else 99, plain=0)


def _play(cfg_text: str, deal: int, seed: int, heuristic: bool, kinds: Counter[str]) -> None:
    """Check the stage tree at every position after the draw of a player not down yet in one
    seeded deal (whole moves chosen from ``legal_moves``)."""
    cfg = ContractConfig.from_string(cfg_text)
    game = ContractGame(cfg)
    rng = random.Random(f"staging:{cfg_text}:{deal}:{seed}:{heuristic}")
    bot = ContractHeuristic("staging", noise=0.3) if heuristic else None
    s = game.new_game(seed=seed, deal_number=deal, dealer=rng.randrange(cfg.players))
    while s.phase is not OVER_PHASE:
        legal = game.legal_moves(s)
        if s.phase is PLAY_PHASE and not s.down >> s.current & 1:
            walked = check_tree(s, plain=2 if kinds["plain asked"] < 20 else 0)
            if walked > 1:
                kinds["plain asked"] += 1
                kinds["with go-downs"] += 1
                hand = s.hands[s.current]
                if s.deep >= 0 and hand >> s.deep & 1:
                    kinds["deep card owed"] += 1
                if s.forbid >= 0:
                    kinds["forbidden face"] += 1
                if s.deal == LAST_DEAL:
                    kinds["deal 7"] += 1
            kinds["positions"] += 1
        a = choose(rng, legal, eager=True) if bot is None else bot.choose(game.observe(s, s.to_move()), legal, rng)
        s = game.apply_unchecked(s, a)


@pytest.mark.parametrize("deal", range(1, 8))
def test_staged_go_downs_in_play_rules_13_22_30(deal: int) -> None:
    """Rules 13 and 22 (exactly the contract, any valid sizes, one move) and 30 (the turn can
    still end) for go-downs chosen a meld at a time, in seeded deals under every rule set."""
    kinds = Counter[str]()
    for i, cfg in enumerate(CONFIGS):
        _play(cfg, deal, i, heuristic=i % 2 == 1, kinds=kinds)
    assert kinds["positions"] >= 100, kinds
    assert kinds["with go-downs"] >= 3, kinds


@pytest.mark.slow
@pytest.mark.parametrize("deal", range(1, 8))
def test_staged_go_downs_in_play_sweep(deal: int) -> None:
    """The same over many more deals, random and heuristic, for every rule set."""
    kinds = Counter[str]()
    for cfg in CONFIGS:
        for seed in range(100, 106):
            _play(cfg, deal, seed, heuristic=seed % 2 == 1, kinds=kinds)
    assert kinds["with go-downs"] >= 30, kinds
    if deal != LAST_DEAL:
        assert kinds["deep card owed"] >= 5, kinds


def _made_up(cfg_text: str, seed: int, size: int, jokers_pending: bool) -> list[ContractState]:
    """States after the draw of a player not down yet, from seeded play, given a made-up hand of
    ``size`` cards from those off the table, holding a deep card taken this turn (rule 24) or,
    with ``jokers_pending``, an exchanged joker still to place and no deep card."""
    cfg = ContractConfig.from_string(cfg_text)
    game = ContractGame(cfg)
    rng = random.Random(f"made-up:{cfg_text}:{seed}:{size}:{jokers_pending}")
    out = []
    for deal in range(1, LAST_DEAL):
        s = game.new_game(seed=seed, deal_number=deal, dealer=0)
        for turn in range(200):
            if s.phase is OVER_PHASE:
                break
            if s.phase is PLAY_PHASE and not s.down >> s.current & 1 and turn % 3 == 0:
                on_table = 0
                for m in s.melds:
                    on_table |= m.cards
                free = [c for c in range(cfg.pack.size) if not on_table >> c & 1]
                hand = sum(1 << c for c in rng.sample(free, min(size, len(free))))
                hands = list(s.hands)
                hands[s.current] = hand
                if jokers_pending:
                    jokers = hand & cfg.pack.jokers_mask
                    if jokers:
                        low = jokers & -jokers
                        out.append(s._replace(hands=tuple(hands), forbid=-1, deep=-1, pending=low))
                else:
                    deep = rng.choice([c for c in range(cfg.pack.size) if hand >> c & 1])
                    out.append(s._replace(hands=tuple(hands), forbid=-1, deep=deep, pending=0))
            s = game.apply_unchecked(s, choose(rng, game.legal_moves(s), eager=True))
    return out


@pytest.mark.parametrize(
    ("cfg", "size"),
    [("contract(jokers=4)", 18), ("contract(preset=pagat,pickup=deep)", 22), ("contract(same_suit_runs=allowed)", 22)],
)
def test_made_up_hands_with_a_deep_card_rule_24(cfg: str, size: int) -> None:
    """Rule 24 (the deep card must reach the table this turn) for go-downs chosen a meld at a
    time, with made-up hands: the deep card held in a go-down, laid off on a meld of it, or on a
    run grown to it, or left without a place."""
    walked = [check_tree(s, plain=0) for s in _made_up(cfg, 1, size, jokers_pending=False)]
    assert sum(1 for w in walked if w > 1) >= 10, walked


@pytest.mark.slow
@pytest.mark.parametrize(
    ("cfg", "size"),
    [
        ("contract(jokers=4)", 30),
        ("contract(players=3)", 40),
        ("contract(preset=pagat,pickup=deep,jokers=5)", 28),
        ("contract(same_suit_runs=not_adjacent,jokers=4)", 26),
        ("contract(melds_after_down=true,jokers=4)", 24),
        ("contract(contract_exact=true,min_run=4)", 32),
    ],
)
def test_made_up_big_hands_with_a_deep_card(cfg: str, size: int) -> None:
    """Rule 24 with the big hands deep pick-ups make (thousands of go-downs)."""
    walked = [check_tree(s, depth=2, plain=0) for s in _made_up(cfg, 2, size, jokers_pending=False)]
    assert sum(1 for w in walked if w > 1) >= 30, walked


@pytest.mark.parametrize("cfg", ["contract(jokers=6)", "contract(preset=pagat,jokers=6)"])
def test_made_up_exchanged_joker_pending_rule_26(cfg: str) -> None:
    """Rule 26 (a joker taken by exchange must go back down this turn) as rule 30 asks it of a
    go-down: the go-downs that keep the turn endable are found by search, not by a spare card."""
    walked = [check_tree(s, plain=0) for s in _made_up(cfg, 3, 14, jokers_pending=True)]
    assert sum(1 for w in walked if w > 1) >= 5, walked
