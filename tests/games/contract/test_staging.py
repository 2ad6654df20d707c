"""A go-down chosen a meld at a time (rules 13, 22, 30): ``legal_actions`` against ``legal_moves``.

Rule 22 makes the whole contract one move, and ``rules.legal_moves`` lists go-downs whole
(``G a b``). ``rules.legal_actions`` chooses the same go-down one meld at a time (``G+ a``, then
``G+ b``), in ``Spec.order_key`` order; the melds chosen wait in ``state.staging`` with their cards
in the hand, nothing else is legal meanwhile, and the last one is exactly the whole go-down. These
tests walk every stage path from many positions (perft's, two of
``bench/data/contract_slow_positions.txt``, deal 7), pin an action-level perft, and check the
notation, the errors, the views and the records of staged go-downs.
"""

from __future__ import annotations

import dataclasses
import random
import sys
import textwrap
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest

from samrap.core.errors import IllegalActionError, InvalidNotationError
from samrap.engine.match import GameResult, run_match
from samrap.engine.record import make_record, verify_record
from samrap.engine.registry import GameSetup, resolve
from samrap.games.contract import ContractConfig, ContractGame, ContractState, GoDownMeld, Spec, rules
from samrap.games.contract.actions import (
    CLAIM,
    DISCARDS,
    DRAW,
    PASS,
    ContractAction,
    GoDown,
    LayOff,
    Meld,
    PickUp,
    parse_action,
    sort_key,
)
from samrap.games.contract.melds import parse_spec
from samrap.games.contract.state import Phase
from tests.games.contract.builders import act, position, rule_of
from tests.games.contract.sim import choose
from tests.games.contract.test_perft import CASES, PerftCase, read_perft

SLOW_POSITIONS = Path(__file__).parents[3] / "bench" / "data" / "contract_slow_positions.txt"
ACTIONS_PERFT = Path(__file__).resolve().parents[2] / "data" / "perft" / "contract_actions.perft"


def spec(text: str) -> Spec:
    return parse_spec(text)


def is_stage(a: ContractAction) -> bool:
    return isinstance(a, GoDownMeld)


# ---------------------------------------------------------------------------------------------
# Stage paths reach exactly the whole go-downs


def stage_paths(s: ContractState) -> Counter[tuple[Spec, ...]]:
    """Every way to choose a go-down meld by meld from ``s`` (checked ``apply`` at each step), as
    the melds chosen; checks at every stage that the listing holds only next melds, that
    ``legal_moves`` is the whole go-downs extending the stage, and at the end that the state is
    the whole go-down's."""
    whole = [a for a in rules.legal_moves(s) if isinstance(a, GoDown)]
    paths: Counter[tuple[Spec, ...]] = Counter()

    def walk(t: ContractState, chosen: tuple[Spec, ...]) -> None:
        legal = rules.legal_actions(t)
        assert legal == sorted(legal, key=sort_key) and len(set(legal)) == len(legal)
        if chosen:
            assert legal and all(is_stage(a) for a in legal), [a.text() for a in legal]
            k = len(chosen)
            assert rules.legal_moves(t) == [g for g in whole if g.melds[:k] == chosen]
        for a in legal:
            if not isinstance(a, GoDownMeld):
                continue
            u = rules.apply(t, a)
            assert u == rules.apply_unchecked(t, a)
            path = (*chosen, a.meld)
            if u.staging:
                assert u.staging == path
                walk(u, path)
            else:
                paths[path] += 1
                assert u == rules.apply_unchecked(s, GoDown(path))

    walk(s, ())
    return paths


def check_stage_paths(s: ContractState) -> int:
    """The stage paths from ``s`` are its legal whole go-downs, each once; the rest of the list
    (discards) is the same in both listings. Returns the number of go-downs."""
    whole = [a.melds for a in rules.legal_moves(s) if isinstance(a, GoDown)]
    paths = stage_paths(s)
    assert set(paths) == set(whole) and all(n == 1 for n in paths.values()), s.to_string()
    others = [a for a in rules.legal_moves(s) if not isinstance(a, GoDown)]
    assert [a for a in rules.legal_actions(s) if not is_stage(a)] == others
    return len(whole)


def play_nodes(s: ContractState, depth: int) -> list[ContractState]:
    """The play-phase states of players not yet down within ``depth`` moves of ``s``."""
    out = []
    frontier = [s]
    for _ in range(depth + 1):
        nxt = []
        for t in frontier:
            if t.phase is Phase.PLAY and not t.is_down(t.current):
                out.append(t)
            nxt += [rules.apply_unchecked(t, a) for a in rules.legal_moves(t)]
        frontier = nxt
    return out


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_rule_22_stage_paths_reach_exactly_the_legal_go_downs_from_perft_positions(case: PerftCase) -> None:
    """From every play-phase state within two moves of each perft position (deep pick-ups, deal 7,
    pagat's exact sizes, sets of any suits, not-adjacent runs)."""
    s = ContractState.from_string(case.position)
    for t in play_nodes(s, 2)[:60]:
        check_stage_paths(t)


def slow_position(line: int) -> ContractState:
    text = SLOW_POSITIONS.read_text().splitlines()[line - 1].split(" ", 2)[2]
    return ContractState.from_string(text.removeprefix("legal | "))


@pytest.mark.parametrize("line", [3, 9])
def test_the_listings_agree_after_each_draw_of_the_small_slow_positions(line: int) -> None:
    """The two small positions of the slow-position file (draws of deal 3, once a minute's
    listing): no go-down after any draw, so both listings are the same list."""
    s = slow_position(line)
    assert rules.legal_actions(s) == rules.legal_moves(s)
    assert sum(check_stage_paths(t) for t in play_nodes(s, 1)) == 0


def check_sampled_stage_paths(s: ContractState, rng: random.Random, paths: int) -> None:
    """Where the whole tree of stages is too big to walk: the first melds are those of the whole
    go-downs, and along ``paths`` random stage paths each stage lists exactly the next melds of
    the whole go-downs it begins, nothing else, and the last is the whole go-down."""
    whole = [a.melds for a in rules.legal_moves(s) if isinstance(a, GoDown)]
    for _ in range(paths):
        t = s
        chosen: tuple[Spec, ...] = ()
        while True:
            k = len(chosen)
            want = sorted({g[k] for g in whole if g[:k] == chosen and len(g) > k}, key=Spec.order_key)
            if not want:
                break
            legal = rules.legal_actions(t)
            assert [a.meld for a in legal if isinstance(a, GoDownMeld)] == want
            assert k == 0 or len(legal) == len(want)
            chosen = (*chosen, rng.choice(want))
            t = rules.apply_unchecked(t, GoDownMeld(chosen[-1]))
        assert chosen in whole and t == rules.apply_unchecked(s, GoDown(chosen)) and not t.staging


@pytest.mark.parametrize("line", [6, 8])
def test_rule_22_sampled_stage_paths_of_slow_positions(line: int) -> None:
    """Lines 6 and 8 of the slow-position file: 15,520 go-downs (deal 5, three players) and
    15,560 (deal 4, three sets)."""
    check_sampled_stage_paths(slow_position(line), random.Random(f"slow {line}"), 8)


@pytest.mark.slow
@pytest.mark.parametrize("line", [1, 2, 4, 5, 7])
def test_rule_22_sampled_stage_paths_of_the_other_slow_positions(line: int) -> None:
    """The other slow positions: 7,614 to 95,719 go-downs."""
    check_sampled_stage_paths(slow_position(line), random.Random(f"slow {line}"), 20)


def test_rule_22_stage_paths_in_built_positions() -> None:
    """Hand-built positions: two sets of one rank from two decks (a meld may follow itself),
    deal 7's going out with a joker, a joker in either of two melds, a deep card to table."""
    cases = [
        position(["7c7d7h 7c'7d'7h' 9s Kd", "9h 4s", "Qd' 8s"], deal=1, phase="play"),
        position(["2c3c4c 5d6d7d8d 9sTsJsQs *0", "9h 4h", "Kd 7h"], deal=7, phase="play"),
        position(["5c5d *0 9h9s 2s3s4s Kd", "Jd'", "Qd'"], deal=2, phase="play"),
        position(["7c7d 9c9d9s 2h Kd 5s 7h", "Jd' 3c", "Qd' 8s"], deal=1, phase="play", deep="7h", pile="5c"),
        position(
            ["2h3h4h 5h6h7h 3h'4h'5h' Kd", "9s 4s", "Qd' 8s"],
            deal=3,
            phase="play",
            config=ContractConfig(players=3, same_suit_runs="not_adjacent"),
        ),
    ]
    counts = [check_stage_paths(s) for s in cases]
    assert all(counts), counts


def test_rule_22_stage_paths_in_random_deals() -> None:
    """Every play-phase listing of a not-yet-down player met in seeded eager deals (every deal
    number, three rule sets) where a go-down is legal."""
    met = 0
    for cfg in ("contract(players=3)", "contract(preset=pagat,players=3)", "contract(players=3,jokers=6)"):
        game = ContractGame(ContractConfig.from_string(cfg))
        for seed in range(7):
            rng = random.Random(f"staging:{cfg}:{seed}")
            s = game.new_game(seed=seed, deal_number=1 + seed, dealer=rng.randrange(3))
            while not game.is_terminal(s):
                legal = rules.legal_moves(s)
                if s.phase is Phase.PLAY and any(isinstance(a, GoDown) for a in legal):
                    check_stage_paths(s)
                    met += 1
                s = rules.apply_unchecked(s, choose(rng, legal, True))
    assert met >= 20, met


# ---------------------------------------------------------------------------------------------
# Atomicity (rule 22): nothing reaches the table before the last meld


def test_rule_22_nothing_reaches_the_table_until_the_last_meld() -> None:
    s = position(["7c7d*0 9c9d9s 2h Kd", "Jd' 3c", "Qd' 8s"], deal=1, phase="play")
    whole = act(s, "G 7c7d*7h 9c9d9s")
    assert "G+ 7c7d*7h" in {a.text() for a in rules.legal_actions(s)}
    t = act(s, "G+ 7c7d*7h")
    assert t.staging == (spec("7c7d*7h"),)
    assert t._replace(staging=()) == s  # hands, table, down, known: all as before
    assert observe_all_but_mover(t) == observe_all_but_mover(s)
    assert [a.text() for a in rules.legal_actions(t)] == ["G+ 9c9d9s"]
    assert [a.text() for a in rules.legal_moves(t)] == ["G 7c7d*7h 9c9d9s"]
    u = act(t, "G+ 9c9d9s")
    assert u == whole and u.staging == () and u.is_down(0) and len(u.melds) == 2
    assert act(t, "G 7c7d*7h 9c9d9s") == whole  # a move-level player may finish it whole


def observe_all_but_mover(s: ContractState) -> list[str]:
    game = ContractGame(s.config)
    return [game.observe(s, q).to_string() for q in range(s.players) if q != s.current]


def test_rule_22_deal_7_goes_out_with_the_last_meld() -> None:
    """Deal 7 (rule 17): the third run puts the contract down and goes out at once."""
    s = position(["2c3c4c 5d6d7d8d 9sTsJsQs *0", "9h 4h", "Kd 7h"], deal=7, phase="play")
    t = act(s, "G+ 2c3c4c", "G+ 5d6d7d8d")
    assert t.phase is Phase.PLAY and t.hands == s.hands and not t.melds
    assert {a.text() for a in rules.legal_actions(t)} == {"G+ 9sTsJsQs*Ks", "G+ *8s9sTsJsQs"}
    u = act(t, "G+ *8s9sTsJsQs")
    assert u.phase is Phase.OVER and u.out == 0 and u == act(s, "G 2c3c4c 5d6d7d8d *8s9sTsJsQs")


# ---------------------------------------------------------------------------------------------
# Errors name the rule they break


def test_rule_22_errors_of_a_go_down_chosen_a_meld_at_a_time() -> None:
    """Deal 2 (one set + one run): the only run needs the joker, so the set may not take it."""
    s = position(["7c7d7h 9c9d *0 5s6s 2h Kd", "Jd' 3c", "Qd' 8s"], deal=2, phase="play", pile="Ah")
    assert {a.text() for a in rules.legal_actions(s) if is_stage(a)} == {"G+ 7c7d7h"}
    undrawn = position(["7c7d7h 9c9d *0 5s6s 2h", "Jd' 3c", "Qd' 8s"], deal=2, pile="Kd")
    assert rule_of(undrawn, "G+ 7c7d7h") == 12  # draw first
    assert rule_of(s, "G+ 7c7d") == 8  # not a set
    assert rule_of(s, "G+ 2h3h4h") == 13  # not in hand
    assert rule_of(s, "G+ *4s5s6s") == 22  # the set is chosen before the run
    assert rule_of(s, "G+ 9c9d*9h") == 22  # then no run is left to complete the contract
    t = act(s, "G+ 7c7d7h")
    assert rule_of(t, "G+ 9c9d*9h") == 13  # a second set: deal 2's contract has one
    for other in ("X Kd", "L 2h>0", "M 9c9d*9h", "E 7s>0"):
        assert rule_of(t, other) == 22, other
    for other in ("P", "D"):
        assert rule_of(t, other) == 12, other  # one draw per turn, and it came first
    with pytest.raises(IllegalActionError, match=r"choose its next meld \(G\+ \.\.\.\)"):
        rules.apply(t, parse_action("X Kd"))
    assert rule_of(t, "G 9c9d*9h *4s5s6s") == 22  # a whole go-down not beginning with the stage
    down = position(["7c7d7h 2h", "Jd' 3c", "Qd' 8s"], deal=1, phase="play", down=[0], melds=["0:9c9d9s", "0:4c4d4h"])
    assert rule_of(down, "G+ 7c7d7h") == 14


def test_rule_17_and_30_the_last_meld_checks_the_whole_go_down() -> None:
    """The last meld is checked as the whole go-down is: deal 7's every card (rule 17), a turn
    that must still end (rule 30: only the forbidden face would be left to discard)."""
    s = position(["2c3c4c 5d6d7d8d 9sTsJsQs *0", "9h 4h", "Kd 7h"], deal=7, phase="play")
    t = act(s, "G+ 2c3c4c", "G+ 5d6d7d8d")
    assert rule_of(t, "G+ 9sTsJs") == 17
    forbidden = position(["7c7d7h 9c9d9s 9c'", "Jd' 3c", "Qd' 8s"], deal=1, phase="play", forbid="9c'")
    assert not [a for a in rules.legal_actions(forbidden) if is_stage(a)]
    assert rule_of(forbidden, "G+ 7c7d7h") == 22
    assert rule_of(forbidden._replace(staging=(spec("7c7d7h"),)), "G+ 9c9d9s") == 30


def test_rule_22_stage_errors_say_what_to_do() -> None:
    s = position(["7c7d7h 9c9d *0 5s6s 2h Kd", "Jd' 3c", "Qd' 8s"], deal=2, phase="play", pile="Ah")
    with pytest.raises(IllegalActionError, match="its sets before") as e:
        rules.apply(s, parse_action("G+ *4s5s6s"))
    with pytest.raises(IllegalActionError, match="no way to complete the contract this turn") as e:
        rules.apply(s, parse_action("G+ 9c9d*9h"))
    assert e.value.rule == 22
    two = position(["7c7d7h 9c9d9s 2h Kd", "Jd' 3c", "Qd' 8s"], deal=1, phase="play")
    with pytest.raises(IllegalActionError, match="comes before 9c9d9s") as e:
        rules.apply(two._replace(staging=(spec("9c9d9s"),)), parse_action("G+ 7c7d7h"))
    assert e.value.rule == 22


# ---------------------------------------------------------------------------------------------
# Notation


def test_the_stage_action_text_parses_back() -> None:
    a = parse_action("G+ 7c7d*7h")
    assert a == GoDownMeld(spec("7c7d*7h")) and a.text() == "G+ 7c7d*7h"
    assert parse_action("  g+   5S6s*7s8s ") == GoDownMeld(spec("5s6s*7s8s"))
    for bad in ("G+", "G+ 7c7d7h 9c9d9s", "G+ 7c7d*"):
        with pytest.raises(InvalidNotationError):
            parse_action(bad)
    order: list[ContractAction] = [DRAW, PickUp(2), CLAIM, PASS, a, GoDown((spec("2c2d2h"), spec("7c7d7h")))]
    order += [Meld(spec("4c4d4h")), LayOff(3, 0), DISCARDS[0]]
    assert sorted(order, key=sort_key) == order


def test_staging_states_round_trip_in_position_and_view_strings() -> None:
    s = position(["7c7d*0 9c9d9s 2h Kd", "Jd' 3c", "Qd' 8s"], deal=1, phase="play")
    t = act(s, "G+ 7c7d*7h")
    text = t.to_string()
    assert text == s.to_string() + "|staging:7c7d*7h"
    assert ContractState.from_string(text) == t and repr(t) == f"ContractState.from_string({text!r})"
    game = ContractGame(s.config)
    mine = game.observe(t, 0)
    assert mine.staging == t.staging and mine.to_string().endswith("|staging:7c7d*7h")
    assert game.view_from_string(mine.to_string()) == mine
    for q in (1, 2):
        assert game.observe(t, q) == game.observe(s, q) and "staging" not in game.observe(t, q).to_string()


@pytest.mark.parametrize(
    ("field", "says"),
    [
        ("|staging:7c7d", "not a meld"),
        ("|staging:9c9d9s,7c7d*7h", "order"),
        ("|staging:2c2d2h", "not in the hand"),
        ("|staging:7c7d7h|staging:7c7d7h", "fields"),
    ],
)
def test_bad_staging_fields_are_refused(field: str, says: str) -> None:
    s = position(["7c7d*0 9c9d9s 2h Kd", "Jd' 3c", "Qd' 8s"], deal=1, phase="play")
    with pytest.raises(InvalidNotationError, match=says):
        ContractState.from_string(s.to_string() + field)


def test_staging_only_in_the_play_phase_of_a_player_not_down() -> None:
    s = position(["7c7d*0 9c9d9s 2h Kd", "Jd' 3c", "Qd' 8s"], deal=1)
    with pytest.raises(InvalidNotationError, match="play phase"):
        ContractState.from_string(s.to_string() + "|staging:9c9d9s")
    down = position(["7c7d7h 2h", "Jd' 3c", "Qd' 8s"], deal=1, phase="play", down=[0], melds=["0:9c9d9s", "0:4c4d4h"])
    with pytest.raises(InvalidNotationError, match="gone down"):
        ContractState.from_string(down.to_string() + "|staging:7c7d7h")


# ---------------------------------------------------------------------------------------------
# Hidden information


def test_views_of_other_seats_do_not_show_a_go_down_under_way() -> None:
    """Every seat but the mover sees the same view, staging or not (a spectator's view is built
    from one of them); the mover's resampled states keep the go-down under way and list the
    same actions."""
    game = ContractGame(ContractConfig(players=4))
    rng = random.Random("hidden staging")
    staged = 0
    for seed in range(12):
        s = game.new_game(seed=seed, deal_number=1 + seed % 7)
        while not game.is_terminal(s) and staged < 40:
            legal = rules.legal_actions(s)
            stages = [a for a in legal if is_stage(a)]
            a = rng.choice(stages) if stages and rng.random() < 0.9 else choose(rng, legal, True)
            if s.staging:
                staged += 1
                bare = s._replace(staging=())
                for q in range(4):
                    if q != s.current:
                        assert game.observe(s, q) == game.observe(bare, q)
                v = game.observe(s, s.current)
                assert v.staging == s.staging
                r = game.resample(v, rng)
                assert r.staging == s.staging and game.observe(r, s.current) == v
                assert rules.legal_actions(r) == rules.legal_actions(s)
            s = rules.apply(s, a)
    assert staged >= 20, staged


# ---------------------------------------------------------------------------------------------
# Records: G+ lines replay as the whole go-down


def _rewrite(config: ContractConfig, g: GameResult, staged: bool) -> GameResult:
    """``g`` with every go-down written meld by meld (``G+``, ``staged``) or whole (``G``)."""
    game = ContractGame(config)
    s = _start(game, g)
    out: list[tuple[int, str]] = []
    for seat, text in g.actions:
        a = parse_action(text)
        after = game.apply(s, a, seat)
        if isinstance(a, GoDown) and staged:
            out += [(seat, GoDownMeld(m).text()) for m in a.melds]
        elif isinstance(a, GoDownMeld) and not staged:
            if not after.staging:
                out.append((seat, GoDown((*s.staging, a.meld)).text()))
        else:
            out.append((seat, text))
        s = after
    return dataclasses.replace(g, actions=tuple(out))


def _start(game: ContractGame, g: GameResult) -> ContractState:
    spec_, _ = resolve("contract")
    state: ContractState = spec_.start_game(
        game, GameSetup(0, g.deck, g.starter, g.direction, (0,) * game.players, g.seed)
    )
    return state


def _end_state(config: ContractConfig, g: GameResult) -> ContractState:
    game = ContractGame(config)
    s = _start(game, g)
    for seat, text in g.actions:
        s = game.apply(s, parse_action(text), seat)
    return s


class _Eager:
    """A seeded eager player (``sim.choose``) for the match runner."""

    name = "eager"

    def choose(self, view: object, legal: Sequence[ContractAction], rng: random.Random) -> ContractAction:
        return choose(rng, list(legal), True)


def test_a_record_with_stage_lines_replays_as_the_whole_go_downs() -> None:
    """A record whose go-downs are written ``G+`` meld by meld replays (checked) to the same end
    state, scores and ledger as the same deal written with ``G``."""
    spec_, config = resolve("contract(players=3)")
    result = run_match(spec_, config, [_Eager() for _ in range(3)], 4, max_games=1)
    whole = _rewrite(config, result.games[0], staged=False)
    staged = _rewrite(config, result.games[0], staged=True)
    assert any(t.startswith("G ") for _, t in whole.actions) and len(staged.actions) > len(whole.actions)
    assert any(t.startswith("G+ ") for _, t in staged.actions)
    for g in (whole, staged):
        assert verify_record(make_record(dataclasses.replace(result, games=(g,)), "2026-01-01T00:00:00Z")) is None
    assert _end_state(config, staged) == _end_state(config, whole)


# ---------------------------------------------------------------------------------------------
# Action-level perft


def action_perft(s: ContractState, depth: int) -> int:
    """Sequences of ``depth`` actions of ``legal_actions`` (a go-down of k melds is k steps)."""
    if depth == 0:
        return 1
    legal = rules.legal_actions(s)
    if depth == 1:
        return len(legal)
    return sum(action_perft(rules.apply_unchecked(s, a), depth - 1) for a in legal)


ACTION_CASES = read_perft(ACTIONS_PERFT) if ACTIONS_PERFT.exists() else []


@pytest.mark.parametrize("case", ACTION_CASES, ids=[c.name for c in ACTION_CASES])
def test_action_level_perft_counts(case: PerftCase) -> None:
    s = ContractState.from_string(case.position)
    assert s.to_string() == case.position
    for depth, count in sorted(case.counts.items()):
        assert action_perft(s, depth) == count, f"{case.name} depth {depth}"


def test_the_action_perft_file_holds_its_cases() -> None:
    assert [c.name for c in ACTION_CASES] == [name for name, _, _ in _ACTION_POSITIONS]


#: (perft case of contract.perft, depth counted, why its counts differ from the move-level ones).
_ACTION_POSITIONS = [
    (
        "deep-pickup",
        5,
        "Moves 3 18 39 95 195. After P3 the one go-down (G 7c7d7h 9c9d9s) is G+ 7c7d7h, whose only "
        "next action is G+ 9c9d9s: equal to depth 2, fewer from depth 3 on.",
    ),
    (
        "deal7-out",
        4,
        "Moves 2 37 50 125. After the draw 6 whole go-downs (each going out, rule 17) start with "
        "3 runs (2c3c4c, 2c3c4c*5c, *Ac2c3c4c; after P: 2c3c4c5c, 2c3c4c5c*6c, *Ac2c3c4c5c): 31.",
    ),
    (
        "not-adjacent",
        3,
        "Moves 26 101 259. 19 go-downs of two heart runs start with 3 runs (2h3h4h, 3h4h5h, "
        "2h3h4h5h), beside 7 discards: 10.",
    ),
    (
        "pagat-any",
        3,
        "Moves 2 23 54. After D, 7 go-downs of sets of any suits start with 3 sets: 19.",
    ),
    (
        "any-suits",
        3,
        "Moves 2 44 140. After P, 24 go-downs start with 13 sets; after D, 7 with 4: 30.",
    ),
]


def write_action_perft(path: Path = ACTIONS_PERFT) -> None:
    by_name = {c.name: c for c in read_perft()}
    lines = [
        "# Contract Rummy action-level perft: sequences of rules.legal_actions from positions of",
        "# contract.perft. A go-down of k melds is k actions here (G+ a meld at a time, rule 22),",
        "# one move there, so the counts differ from depth 2 on; stage paths are checked against the",
        "# whole go-downs by tests/games/contract/test_staging.py.",
        "# Regenerate: python -m tests.games.contract.test_staging --write",
    ]
    for name, depth, why in _ACTION_POSITIONS:
        s = ContractState.from_string(by_name[name].position)
        lines += ["", *textwrap.wrap(why, 96, initial_indent="# ", subsequent_indent="# ")]
        lines += [f"id {name}", f"position {s.to_string()}"]
        lines += [f"perft {d} {action_perft(s, d)}" for d in range(1, depth + 1)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__" and "--write" in sys.argv:
    write_action_perft()
    print(f"wrote {ACTIONS_PERFT}")


# ---------------------------------------------------------------------------------------------
# Whole deals stepped by actions


@pytest.mark.parametrize(
    "config", ["contract(players=3)", "contract(preset=liverpool,players=4)", "contract(jokers=6,players=5)"]
)
def test_deals_stepped_by_legal_actions_keep_every_invariant(config: str) -> None:
    """Seeded eager deals stepped by ``legal_actions`` (go-downs a meld at a time): every list
    short of none, sorted, without repeats and parsing back; checked and unchecked apply agree;
    the position string round trips; the deal ends within ``max_game_length`` actions."""
    game = ContractGame(ContractConfig.from_string(config))
    stages = 0
    for seed in range(4):
        rng = random.Random(f"actions:{config}:{seed}")
        s = game.new_game(seed=seed, deal_number=1 + seed % 7)
        steps = 0
        while not game.is_terminal(s):
            legal = game.legal_actions(s)
            assert legal and legal == sorted(legal, key=sort_key) and len(set(legal)) == len(legal)
            assert all(parse_action(a.text()) == a for a in legal)
            a = choose(rng, legal + [b for b in legal if is_stage(b)] * 4, True)
            stages += is_stage(a)
            t = game.apply(s, a, game.current_player(s))
            assert t == game.apply_unchecked(s, a) and ContractState.from_string(t.to_string()) == t
            s = t
            steps += 1
            assert steps <= game.max_game_length
    assert stages >= 2, stages


def test_the_game_lists_actions_staged_and_moves_whole() -> None:
    game = ContractGame(ContractConfig(players=3))
    s = position(["7c7d7h 9c9d9s 2h Kd", "Jd' 3c", "Qd' 8s"], deal=1, phase="play")
    staged, whole = game.legal_actions(s), game.legal_moves(s)
    assert [a.text() for a in staged if a.text().startswith("G")] == ["G+ 7c7d7h"]
    assert [a.text() for a in whole if a.text().startswith("G")] == ["G 7c7d7h 9c9d9s"]
    assert staged[1:] == whole[1:] and len(whole) == 9  # the discards of 8 faces follow
    a = GoDownMeld(spec("7c7d7h"))
    assert game.parse_action("G+ 7c7d7h") == a and game.action_text(a) == "G+ 7c7d7h"
