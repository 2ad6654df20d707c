"""The go-down search's shortcuts (``search.py``) against their plain forms.

:func:`feasible.contract_possible` reads each suit's run cost off a table (``_run_cost_table``) and
adds the cheapest run ``runs`` times when runs may share a suit; the plain form below is the
earlier one (a cost per suit by :func:`feasible._run_cost`, a list repeated ``runs`` times and
sorted). Both are asked of every hand in random deals 2, 3, 5 and 6 (each player's hand after
every action, and the hand plus the top discards, as the deep pick-up test asks) and of random
hands of up to 30 cards, under each run rule and run length.

Its sets part counts the marginal set costs of a pool of at most two layers by masks
(``feasible._sets_need_two_layers``); its twin ``_sets_need_by_ranks`` goes rank by rank.

``candidates._suit_runs`` reads runs of one length off a table of each window's candidates; it must
give :func:`candidates._run_options`' pairs as candidates, in the same order.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from samrap.core.cardset import RANK_MASKS
from samrap.games.contract import ContractConfig, ContractGame, candidates, feasible
from samrap.games.contract.cards import make_pack
from samrap.games.contract.contracts import contract
from samrap.games.contract.rules import legal_actions
from samrap.games.contract.state import Phase
from samrap.games.contract.transitions import apply_unchecked

RULES = ("different", "allowed", "not_adjacent")


def plain_contract_possible(
    layers: tuple[int, ...], jokers: int, sets: int, runs: int, min_run: int, run_rule: str, any_suits: bool = False
) -> bool:
    """:func:`feasible.contract_possible`'s runs part the plain way (its sets part called as is,
    with no runs)."""
    if sets and not feasible.contract_possible(layers, jokers, sets, 0, min_run, run_rule, any_suits):
        return False
    need = 0
    if sets and any_suits:
        costs: list[int] = []
        for rank in RANK_MASKS:
            n = sum((lay & rank).bit_count() for lay in layers)
            before = 0
            for t in range(1, min(n, sets) + 1):
                cost = max(0, 3 * t - n)
                costs.append(cost - before)
                before = cost
        need = sum(sorted(costs)[:sets])
    elif sets:
        first = layers[0] if layers else 0
        costs = []
        for rank in RANK_MASKS:
            if not first & rank:
                continue
            usable = before = 0
            for t, lay in enumerate(layers, 1):
                usable += (lay & rank).bit_count()
                if usable < t:
                    break
                cost = max(0, 3 * t - usable)
                if cost - before > jokers:
                    break
                costs.append(cost - before)
                before = cost
        need = sum(sorted(costs)[:sets])
    if runs:
        faces = layers[0] if layers else 0
        run_costs = sorted(feasible._run_cost(candidates._suit_positions(faces, su), min_run) for su in range(4))
        if run_rule != "different":
            run_costs = sorted(run_costs * runs)
        need += sum(run_costs[:runs])
    return need <= jokers


def _deal_hands(deal: int, seeds: int) -> Iterator[int]:
    """Every hand of random deals, and each hand with the top 1-8 discards added."""
    game = ContractGame(ContractConfig(players=4))
    rng = random.Random(deal)
    for _ in range(seeds):
        s = game.new_game(seed=rng.getrandbits(32), deal_number=deal, dealer=0)
        while s.phase is not Phase.OVER:
            hand = s.hands[s.current]
            yield hand
            pool = hand
            for c in reversed(s.pile[-8:]):
                pool |= 1 << c
                yield pool
            s = apply_unchecked(s, rng.choice(legal_actions(s)))


def _check(layers: tuple[int, ...], jokers: int, sets: int, runs: int, any_suits: bool = False) -> None:
    for min_run in (3, 4, 5):
        for rule in RULES:
            want = plain_contract_possible(layers, jokers, sets, runs, min_run, rule, any_suits)
            got = feasible.contract_possible(layers, jokers, sets, runs, min_run, rule, any_suits)
            assert got is want, (layers, jokers, sets, runs, min_run, rule, any_suits)


def test_contract_possible_in_deals_2_3_5_6() -> None:
    pack = ContractConfig(players=4).pack
    for deal in (2, 3, 5, 6):
        sets, runs = contract(deal)
        for hand in _deal_hands(deal, 6):
            layers, jokers = pack.face_layers(hand)
            _check(layers, jokers, sets, runs)


def test_contract_possible_on_random_hands() -> None:
    rng = random.Random(16)
    pack = make_pack(3, 6)
    for _ in range(3000):
        hand = sum(1 << c for c in rng.sample(range(pack.size), rng.randint(0, 30)))
        layers, jokers = pack.face_layers(hand)
        for sets, runs in ((0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (2, 1), (0, 4)):
            _check(layers, jokers, sets, runs, any_suits=rng.random() < 0.2)


def test_sets_need_of_two_layers_by_masks_equals_rank_by_rank() -> None:
    """``feasible._sets_need_two_layers`` (all ranks at once, by masks) against its plain twin
    ``_sets_need_by_ranks`` (rank by rank): the same answer within every joker count, both above
    it otherwise, on random two-deck pools of 0-40 cards (up to eight jokers), one to four sets,
    and on every hand of random deals 1, 4 and 5 with the top discards."""
    rng = random.Random(28)
    pack = make_pack(2, 8)
    pools = [sum(1 << c for c in rng.sample(range(pack.size), rng.randint(0, 40))) for _ in range(4000)]
    for deal in (1, 4, 5):
        pools += list(_deal_hands(deal, 3))
    four_deck = make_pack(4, 4)
    for pool in pools:
        layers, _ = pack.face_layers(pool)
        assert len(layers) <= 2
        for sets in (1, 2, 3, 4):
            fast = feasible._sets_need_two_layers(layers, sets)
            for jokers in range(9):
                plain = feasible._sets_need_by_ranks(layers, jokers, sets)
                assert (fast <= jokers) is (plain <= jokers), (layers, sets, jokers)
                if plain <= jokers:
                    assert fast == plain, (layers, sets, jokers)
    # More than two layers (three and four decks) take the plain loop in contract_possible.
    layers, jokers = four_deck.face_layers((1 << four_deck.size) - 1)
    assert len(layers) == 4 and feasible.contract_possible(layers, jokers, 3, 0, 3, "different")


def test_runs_of_one_length_by_window_candidates() -> None:
    """``candidates._suit_runs`` for runs of one length (read off ``_window_cands`` and sorted by
    key) equals :func:`candidates._run_options`' pairs made candidates, in order: every suit, a
    fifth of the 13-bit patterns drawn with a seed (and the full suit), up to five jokers."""
    rng = random.Random(13)
    patterns = [p for p in range(1, 1 << 13) if rng.random() < 0.1] + [(1 << 13) - 1]
    for s in range(4):
        shift = 13 * s
        for held13 in patterns:
            held = held13 << shift
            for length in (3, 4):
                for jokers in range(6):
                    p14 = candidates._suit_positions(held, s)
                    pairs = candidates._run_options.__wrapped__(p14, jokers, length, length)
                    want = tuple(candidates._cand(nat << shift, jk << shift) for nat, jk in pairs)
                    got = candidates._suit_runs.__wrapped__(held, s, jokers, length, length)
                    assert got == want, (held13, s, length, jokers)


def test_grown_windows_by_low_ends_equals_the_plain_growing() -> None:
    """``candidates._grown_windows`` (each low end's pairs cached on the positions held up to the
    first hole the jokers cannot fill) equals ``_grown_windows_plain``: every 14-position pattern
    of a suit (the ace at both ends as the hand holds it), one or three jokers, runs of 3 or 4 up
    to 13 cards, and a seeded draw of other lengths; fresh caches, so both paths of each low end
    are met."""
    candidates._low_end_pairs.cache_clear()
    for held13 in range(1, 1 << 13):
        p14 = candidates._suit_positions(held13, 0)
        for jokers in (1, 3):
            for lmin in (3, 4):
                assert candidates._grown_windows(p14, jokers, lmin, 13) == candidates._grown_windows_plain(
                    p14, jokers, lmin, 13
                ), (held13, jokers, lmin)
    rng = random.Random(17)
    for _ in range(3000):
        p14 = rng.getrandbits(14)
        args = (p14, rng.randrange(1, 6), rng.choice((3, 4, 5)), rng.choice((5, 7, 13)))
        assert candidates._grown_windows(*args) == candidates._grown_windows_plain(*args), args


def test_candidate_shape_and_key_written_out_equal_the_specs() -> None:
    """``Cand`` reads a plain meld's shape with ``shape`` and writes its key out: equal to
    ``spec_shape`` and ``Spec.order_key`` for every run and set of a seeded draw of suit
    patterns and ranks, with up to four jokers (any-suit sets take the general path)."""
    from samrap.games.contract.melds import RUN, _run_ext, spec_shape

    rng = random.Random(19)
    checked = 0
    for _ in range(400):
        s = rng.randrange(4)
        held = rng.getrandbits(13) << 13 * s
        jokers = rng.randrange(5)
        if not held:
            continue
        specs = [c.spec for c in candidates._suit_runs.__wrapped__(held, s, jokers, 3, 13)]
        r = rng.randrange(13)
        specs += [c.spec for c in candidates.set_cands.__wrapped__(held | RANK_MASKS[r], jokers, 3, 4)]
        for spec in specs:
            c = candidates.Cand(spec)
            sh = spec_shape(spec, False)
            assert sh is not None and c.key == spec.order_key(), spec
            assert (c.suit, c.lo, c.hi) == ((sh[1] if sh[0] == RUN else -1), sh[2], sh[3]), spec
            if c.suit >= 0:  # (a run's open faces from ``RUN_EXT``)
                assert c.ext == _run_ext(c.suit, c.lo, c.hi), spec
            checked += 1
    assert checked > 1000


def test_runs_holding_a_face_equal_the_suits_runs_filtered() -> None:
    """``candidates.runs_holding`` (the deep pick-up's runs holding the card, rules 12 and 24, read
    off the windows over the face's position) holds the same candidates as ``_suit_runs`` of one
    length filtered by the face, each as often: every suit, a seeded tenth of the 13-bit patterns
    (and the full suit), each face held (the ace at both ends), runs of 3 and 4, up to four jokers."""
    rng = random.Random(14)
    patterns = [p for p in range(1, 1 << 13) if rng.random() < 0.1] + [(1 << 13) - 1]
    checked = 0
    for s in range(4):
        shift = 13 * s
        for held13 in patterns:
            held = held13 << shift
            for r in range(13):
                if not held13 >> r & 1:
                    continue
                face = shift + r
                for length in (3, 4):
                    for jokers in range(5):
                        runs = candidates._suit_runs.__wrapped__(held, s, jokers, length, length)
                        want = sorted(c.key for c in runs if c.nat >> face & 1)
                        got = sorted(c.key for c in candidates.runs_holding(held, s, jokers, length, face))
                        assert got == want, (held13, s, face, length, jokers)
                        checked += bool(want)
    assert checked > 10_000, checked
