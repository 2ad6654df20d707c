"""The run candidates of the go-down search (``candidates._run_options``) against their definition.

``_run_options`` reads runs of one length off a table of windows and runs without jokers off the
blocks of positions held; :func:`candidates._grown_windows` is the general way (every window grown
from every low end). Both shortcuts must give the general answer, pair for pair and in order,
and the general way must give what the rules define: every window of ``lmin..lmax`` positions
(not the ace at both ends) whose jokers, standing for the positions not held and perhaps for some
held, number at most the jokers, with at least one natural.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from samrap.core.cardset import RANK_MASKS
from samrap.games.contract import candidates, feasible, search
from samrap.games.contract.cards import JOKER, Pack, make_pack


def definition(p14: int, jokers: int, lmin: int, lmax: int) -> tuple[tuple[int, int], ...]:
    """Every ``(natural ranks, joker ranks)`` run of one suit held at positions ``p14``, by brute force."""
    out: set[tuple[int, int]] = set()
    for lo in range(14):
        for hi in range(lo + lmin - 1, min(lo + lmax - 1, 13) + 1):
            if lo == 0 and hi == 13:
                continue
            window = ((1 << (hi + 1)) - 1) & ~((1 << lo) - 1)
            held = p14 & window
            nat = held
            while nat:
                jok = window & ~nat
                if jok.bit_count() <= jokers:
                    out.add((candidates._ranks(nat), candidates._ranks(jok)))
                nat = (nat - 1) & held
    return tuple(sorted(out))


SIZES = ((3, 3), (4, 4), (3, 13), (4, 13))


def test_shortcuts_equal_the_general_way() -> None:
    """The full suit and a third of the 14-position patterns, drawn with a seed (both aces
    included); up to three jokers for runs of one length."""
    patterns = list(range(1 << 14))
    random.Random(14).shuffle(patterns)
    for p14 in [(1 << 14) - 1, *patterns[: len(patterns) // 3]]:
        for lmin, lmax in SIZES:
            for jokers in range(4) if lmin == lmax else (0,):
                fast = candidates._run_options.__wrapped__(p14, jokers, lmin, lmax)
                assert fast == candidates._grown_windows(p14, jokers, lmin, lmax), (p14, jokers, lmin, lmax)


def test_the_general_way_equals_the_definition() -> None:
    """Random patterns of 2-9 positions (and the full suit), up to five jokers."""
    rng = random.Random(22)
    patterns = [(1 << 14) - 1, 1 | 1 << 13, 0b11 | 0b11 << 12]
    patterns += [sum(1 << q for q in rng.sample(range(14), rng.randint(2, 9))) for _ in range(100)]
    for p14 in patterns:
        for lmin, lmax in SIZES:
            for jokers in range(6):
                want = definition(p14, jokers, lmin, lmax)
                assert candidates._grown_windows(p14, jokers, lmin, lmax) == want, (p14, jokers, lmin, lmax)
                assert candidates._run_options.__wrapped__(p14, jokers, lmin, lmax) == want, (p14, jokers, lmin, lmax)


def test_run_costs_by_bits_equal_the_windows() -> None:
    """``feasible._run_cost`` (bit tricks for runs of 3 and 4) on every 14-position pattern."""
    for p14 in range(1 << 14):
        for min_run in (3, 4, 5):
            assert feasible._run_cost(p14, min_run) == feasible._run_cost_by_windows.__wrapped__(p14, min_run), p14


#: The contracts of deals 1-6 and one of three runs, as (sets, runs).
CONTRACTS = ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))


def _hands(seed: int, per_pack: int, least: int, most: int) -> Iterator[tuple[Pack, int]]:
    """Seeded random hands of ``least``-``most`` cards, ``per_pack`` from a 2-deck pack with 4
    jokers and as many from a 3-deck pack with 6."""
    rng = random.Random(seed)
    for decks, jokers_in_pack in ((2, 4), (3, 6)):
        pack = make_pack(decks, jokers_in_pack)
        for _ in range(per_pack):
            yield pack, sum(1 << c for c in rng.sample(range(pack.size), rng.randint(least, most)))


def _one_set_and_runs_by_loops(layers: tuple[int, ...], jokers: int, runs: int, min_run: int, rule: str) -> bool:
    """``feasible.contract_possible`` for one set and ``runs`` runs, rank by rank and window by window."""
    first = layers[0] if layers else 0
    best = max((first & rank).bit_count() for rank in RANK_MASKS)
    if not best:
        return False
    need = max(0, 3 - best)
    if need > jokers:
        return False
    costs = sorted(
        feasible._run_cost_by_windows.__wrapped__(candidates._suit_positions(first, su), min_run) for su in range(4)
    )
    if rule != "different":
        costs = sorted(costs * runs)
    return need + sum(costs[:runs]) <= jokers


def test_one_set_test_by_masks_equals_the_loops() -> None:
    """The contract test's one-set branch (suit masks) and run costs (bits) on random hands."""
    rng = random.Random(7)
    pack = make_pack(2, 4)
    for _ in range(4000):
        hand = sum(1 << c for c in rng.sample(range(pack.size), rng.randint(0, 20)))
        layers, jokers = pack.face_layers(hand)
        for runs, min_run, rule in ((1, 3, "different"), (2, 3, "different"), (2, 4, "allowed"), (0, 3, "different")):
            want = _one_set_and_runs_by_loops(layers, jokers, runs, min_run, rule)
            assert feasible.contract_possible(layers, jokers, 1, runs, min_run, rule) is want, (hand, runs)


def _sets_by_all_costs(layers: tuple[int, ...], jokers: int, sets: int) -> bool:
    """``feasible.contract_possible`` for ``sets`` sets and no run, every marginal cost kept."""
    costs = []
    for rank in RANK_MASKS:
        if not (layers[0] if layers else 0) & rank:
            continue
        usable = before = 0
        for t, lay in enumerate(layers, 1):
            usable += (lay & rank).bit_count()
            if usable < t:
                break
            cost = max(0, 3 * t - usable)
            costs.append(cost - before)
            before = cost
    return len(costs) >= sets and sum(sorted(costs)[:sets]) <= jokers


def test_sets_test_without_the_dear_costs_equals_all_costs() -> None:
    """The contract test's sets (marginal costs above the jokers left out) on random hands of
    two and three decks."""
    rng = random.Random(8)
    for decks in (2, 3):
        pack = make_pack(decks, 4)
        for _ in range(3000):
            hand = sum(1 << c for c in rng.sample(range(pack.size), rng.randint(0, 24)))
            layers, jokers = pack.face_layers(hand)
            for sets in (2, 3):
                want = _sets_by_all_costs(layers, jokers, sets)
                assert feasible.contract_possible(layers, jokers, sets, 0, 3, "different") is want, (hand, sets)


def test_go_down_holding_a_face_by_the_cards_left_equals_the_listing_search() -> None:
    """``ContractQuery.has_containing`` (the deep pick-up's first test, rules 12 and 24: some
    go-down of the smallest melds holds the card) asks the go-down's last run of the cards left
    instead of its candidates, and ``search.holds_containing`` (no query built) its runs by their
    cost: the same answer as the search that lists the go-downs, for the contracts of deals 1-6
    with runs of 3 and 4, runs of one suit apart or together (rule 10), sets of any suits (rule
    8's option), two and three decks, many jokers, every face held."""
    options = ((3, "different", False), (4, "allowed", False), (3, "different", True), (4, "different", False))
    found = Counter[bool]()
    lean_found = Counter[bool]()  # search.holds_containing, the draw's way under the seed's rules
    for pack, hand in _hands(9, 120, 9, 40):
        layers, jokers = pack.face_layers(hand)
        faces = {pack.faces[c] for c in range(pack.size) if hand >> c & 1}
        for sets, runs in CONTRACTS:
            for min_run, rule, any_suits in options:
                q = search.ContractQuery(
                    layers, jokers, sets, runs, min_run=min_run, exact=True, run_rule=rule, any_suits=any_suits
                )
                for face in faces:
                    want = q.has_containing_plain(face)
                    assert q.has_containing(face) is want, (hand, sets, runs, min_run, rule, any_suits, face)
                    found[want] += 1
                    if rule == "different" and not any_suits and face != JOKER:
                        lean = search.holds_containing(layers, jokers, sets, runs, min_run, face)
                        assert lean is want, (hand, sets, runs, min_run, face)
                        lean_found[want] += 1
    assert min(found.values()) > 2_000, found
    assert min(lean_found.values()) > 1_000, lean_found


def test_any_go_down_by_the_smallest_melds_equals_the_listing_search() -> None:
    """``ContractQuery.has_any`` of the smallest melds (``staging.next_melds`` asks it before
    preparing the go-down walk) answers whether the hand has any go-down at all: as the listing
    of the smallest melds finds one, and as the listing of every size does (a go-down's melds cut
    to their least sizes still make the contract), for the contracts of deals 1-6 with runs of 3
    and 4, runs of one suit apart or together, sets of any suits, two and three decks."""
    options = ((3, "different", False), (4, "allowed", False), (3, "different", True), (3, "not_adjacent", False))
    found = Counter[bool]()
    for pack, hand in _hands(10, 150, 8, 16):
        layers, jokers = pack.face_layers(hand)
        for sets, runs in CONTRACTS:
            for min_run, rule, any_suits in options:
                least, every = (
                    search.ContractQuery(
                        layers, jokers, sets, runs, min_run=min_run, exact=exact, run_rule=rule, any_suits=any_suits
                    )
                    for exact in (True, False)
                )
                want = next(every.chosen(), None) is not None
                assert (next(least.chosen(), None) is not None) is want, (hand, sets, runs, min_run, rule)
                assert least.has_any() is want, (hand, sets, runs, min_run, rule, any_suits)
                found[want] += 1
    assert min(found.values()) > 500, found
