"""Contract Rummy bots: the heuristic's priorities, whole deals, ISMCTS with cut-off playouts, no peeking."""

from __future__ import annotations

from random import Random

import pytest

pytest.importorskip("samrap.games.contract.game")

from samrap.core.rng import make_rng
from samrap.games.contract.actions import ContractAction, Discard, GoDown, LayOff, parse_action
from samrap.games.contract.cards import JOKER
from samrap.games.contract.game import ContractGame
from samrap.games.contract.observe import ContractView
from samrap.players.budget import Budget
from samrap.players.heuristic.contract import ContractHeuristic, cutoff_scores
from samrap.players.levels import make_bot

GAME = ContractGame()
BOT = ContractHeuristic()


def _play(
    seed: int, deal: int = 1, limit: int = 4000
) -> list[tuple[ContractView, ContractAction, list[ContractAction]]]:
    """A heuristic deal: (view, chosen action, legal actions) for every decision."""
    s = GAME.new_game(seed=seed, deal_number=deal)
    rng = Random(seed)
    out: list[tuple[ContractView, ContractAction, list[ContractAction]]] = []
    while not GAME.is_terminal(s) and len(out) < limit:
        p = GAME.current_player(s)
        legal = GAME.legal_moves(s)
        view = GAME.observe(s, p)
        a = BOT.choose(view, legal, rng)
        assert a in legal
        out.append((view, a, legal))
        s = GAME.apply(s, a)
    assert GAME.is_terminal(s)
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_goes_down_and_lays_off_whenever_it_can(seed: int) -> None:
    for _, a, legal in _play(seed):
        if any(isinstance(x, GoDown) for x in legal):
            assert isinstance(a, GoDown)
        elif any(isinstance(x, LayOff) for x in legal):
            assert isinstance(a, LayOff | GoDown)


def test_keeps_jokers_while_another_discard_will_do() -> None:
    discards_seen = 0
    for seed in range(2):
        for _, a, legal in _play(seed):
            discards = [x for x in legal if isinstance(x, Discard)]
            if isinstance(a, Discard):
                discards_seen += 1
                if any(d.face != JOKER for d in discards):
                    assert a.face != JOKER
    assert discards_seen > 10


def test_a_heuristic_deal_repeats() -> None:
    first = [a for _, a, _ in _play(4)]
    assert first == [a for _, a, _ in _play(4)]


def test_cutoff_counts_hands() -> None:
    s = GAME.new_game(seed=3)
    scores = cutoff_scores(s)
    assert len(scores) == GAME.players and all(x > 25 for x in scores)


def test_ismcts_plays_contract_without_peeking() -> None:
    s = GAME.new_game(seed=5)
    rng = make_rng(5)
    while len(GAME.legal_moves(s)) < 2:
        s = GAME.apply(s, GAME.legal_moves(s)[rng.randrange(len(GAME.legal_moves(s)))])
    seat = GAME.current_player(s)
    view = GAME.observe(s, seat)
    twin = GAME.resample(view, make_rng("twin"))
    assert GAME.observe(twin, seat) == view and twin != s
    bot = make_bot("ismcts:iters=3", GAME)
    picks = [bot.choose(GAME.observe(x, seat), GAME.legal_moves(x), Random(1), Budget(iterations=3)) for x in (s, twin)]
    assert picks[0] == picks[1] and picks[0] in GAME.legal_moves(s)


def test_deal_7_plans_for_going_out_in_runs() -> None:
    """Rule 17: in deal 7 the heuristic keeps the three suits nearest three runs and throws a
    card of the fourth (3c, the dearer club), where card-by-card usefulness would throw the Ts of
    a near run; and it takes a top discard only when it brings the hand nearer going out."""
    from tests.games.contract.builders import position

    s = position(["4h5h6h7h 8s9sTs 3d4d5d6d 2c3c", "Jd' 2h'", "Qd' 3h'", "Kd' 4h'"], deal=7, phase="play")
    legal = GAME.legal_moves(s)
    assert BOT.choose(GAME.observe(s, 0), legal, Random(1)) == parse_action("X 3c")
    near = position(["4h5h6h7h 8s9sTsJs 3d4d5d 2c", "Jd' 2h'", "Qd' 3h'", "Kd' 4h'"], deal=7, pile="6d")
    far = position(["4h5h6h7h 8s9sTsJs 3d4d5d 2c", "Jd' 2h'", "Qd' 3h'", "Kd' 4h'"], deal=7, pile="9c")
    for s, want in ((near, "P"), (far, "D")):
        assert BOT.choose(GAME.observe(s, 0), GAME.legal_moves(s), Random(1)).text() == want


def test_deal_7_deals_end_with_someone_out() -> None:
    """With the deal-7 plan, four heuristics mostly go out (it was about 1 deal in 10 without)."""
    outs = 0
    for seed in range(12):
        s = GAME.new_game(seed=seed, deal_number=7)
        rng = Random(seed)
        while not GAME.is_terminal(s):
            seat = GAME.current_player(s)
            s = GAME.apply(s, BOT.choose(GAME.observe(s, seat), GAME.legal_moves(s), rng))
        outs += s.out >= 0
    assert outs >= 9, outs


def _cover_cost_plain(faces: list[int], jokers: int, runs: int, min_run: int) -> int:
    """:func:`cover_cost` as first written (sorted spans per suit, every choice of kept suits):
    the reference the suit-by-suit version must match."""
    from itertools import combinations

    by_suit: list[list[int]] = [[], [], [], []]
    for f in faces:
        by_suit[f // 13].append(f % 13)
    gaps = []
    for ranks in by_suit:
        if not ranks:
            gaps.append(0)
            continue
        uniq = sorted(set(ranks))
        best = 99
        for ace_low in (False, True):
            pos = sorted(0 if (r == 12 and ace_low) else r + 1 for r in uniq)
            span = pos[-1] - pos[0] + 1
            best = min(best, span - len(pos) + max(0, min_run - span))
        gaps.append(best + 2 * (len(ranks) - len(uniq)))
    best = 99
    for keep in combinations(range(4), runs):
        shed = sum(len(by_suit[su]) for su in range(4) if su not in keep)
        best = min(best, 2 * shed + max(0, sum(gaps[su] for su in keep) - jokers))
    return best


def test_cover_cost_matches_its_plain_definition() -> None:
    """The deal-7 plan's cost, counted suit by suit (and one card off or on), is the plain count."""
    from samrap.players.heuristic.contract_cover import _Cover, cover_cost

    rng = Random(3)
    for _ in range(3000):
        faces = [rng.randrange(52) for _ in range(rng.randrange(0, 16))]
        jokers, runs, min_run = rng.randrange(4), rng.randrange(1, 5), rng.choice((3, 4))
        want = _cover_cost_plain(faces, jokers, runs, min_run)
        assert cover_cost(faces, jokers, runs, min_run) == want
        cover = _Cover(faces, jokers, runs, min_run)
        for f in set(faces):
            rest = list(faces)
            rest.remove(f)
            assert cover.cost_without(f) == _cover_cost_plain(rest, jokers, runs, min_run)
        extra = rng.randrange(52)
        cover.add(extra)
        assert cover.cost() == _cover_cost_plain([*faces, extra], jokers, runs, min_run)


def test_deal_7_shortcut_plays_as_the_full_evaluation() -> None:
    """In deal 7 before going down the plan decides draws and discards, so best_action skips the
    usual evaluation there: the moves are those of evaluating first and planning after."""
    from samrap.games.contract.actions import Draw, PickUp
    from samrap.players.heuristic.contract import _best_action, _deal7_plan, best_action

    checked = 0
    for seed in range(3):
        s = GAME.new_game(seed=seed, deal_number=7)
        rng = Random(seed)
        while not GAME.is_terminal(s):
            seat = GAME.current_player(s)
            legal = GAME.legal_moves(s)
            view = GAME.observe(s, seat)
            a = _best_action(view, legal)
            if not view.down >> seat & 1 and isinstance(a, Discard | Draw | PickUp):
                a = _deal7_plan(view, legal, a)
            assert best_action(view, legal) == a
            checked += 1
            s = GAME.apply(s, a if rng.random() < 0.8 else rng.choice(legal))
    assert checked > 100


def test_expert_compares_more_moves_than_hard_and_hard_is_unchanged() -> None:
    """Contract's ``expert`` (600 playouts) searches six candidates, ``hard`` (150) the four of
    the heuristic's default list; the wide list keeps the narrow one as its start."""
    from samrap.players.heuristic.contract import CANDIDATES, WIDE_CANDIDATES, candidates

    hard, expert = make_bot("hard", GAME), make_bot("expert", GAME)
    wider = 0
    for seed in range(2):
        for view, _, legal in _play(seed):
            narrow = candidates(view, legal)
            assert hard.candidates(view, legal) == narrow == candidates(view, legal, CANDIDATES)
            wide = expert.candidates(view, legal)
            assert wide == candidates(view, legal, WIDE_CANDIDATES)
            assert len(set(wide)) == len(wide) <= WIDE_CANDIDATES and all(a in legal for a in wide)
            assert set(narrow) <= set(wide) and wide[0] == narrow[0]
            wider += len(wide) > len(narrow)
    assert wider > 10
