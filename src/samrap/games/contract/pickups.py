"""The draw: which pick-ups from the discard pile are legal (rules 12, 24, 25, 30).

Taking the top discard is legal unless the player could then not end the turn (rules 25, 30).
A deep pick-up is legal only if the deep card can reach the table this turn (rules 12, 24), which
:func:`turn.is_finishable` decides by search. The pile may be dozens of cards deep and most deep
cards have nowhere to go, so cheap necessary tests (:mod:`deepcard`, :func:`contract_possible`)
reject those first; they share the work across depths because each depth's pool is the last one
plus one card.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from samrap.core.cardset import RANK_MASKS, SUIT_MASKS
from samrap.games.contract.actions import DRAW, ContractAction, pickup
from samrap.games.contract.cards import JOKER
from samrap.games.contract.config import ContractConfig
from samrap.games.contract.contracts import LAST_DEAL, contract
from samrap.games.contract.deepcard import (
    deep_only,
    deep_reach,
    deep_reachable,
    placeable,
    places_deep_later,
    takes_deep_down,
)
from samrap.games.contract.feasible import contract_possible, meld_with_face, runs_may_cover
from samrap.games.contract.lastasked import LastAsked
from samrap.games.contract.lookahead import is_finishable
from samrap.games.contract.melds import TableMeld, table_summary
from samrap.games.contract.state import ContractState
from samrap.games.contract.transitions import apply_unchecked


def draw_actions(s: ContractState) -> list[ContractAction]:
    """The legal draws of the player in turn: the stock, the top discard, deeper discards."""
    pile = s.pile
    if not pile:
        return [DRAW]
    pack = s.config.pack
    # The top discard: legal with a card of another face left to discard (rule 25), else by search.
    if s.hands[s.current] & ~pack.face_masks[pack.faces[pile[-1]]] or is_finishable(apply_unchecked(s, _TOP)):
        out: list[ContractAction] = [DRAW, _TOP]
    else:
        out = [DRAW]
    if s.config.pickup != "deep" or len(pile) < 2:
        return out
    if s.down >> s.current & 1:
        if s.deal != LAST_DEAL:
            _deep_when_down(s, out)
        return out
    if s.deal != LAST_DEAL:
        _deep_before_down(s, out)
        return out
    _deep_in_deal_7(s, out)
    return out


def _deep_in_deal_7(s: ContractState, out: list[ContractAction]) -> None:
    """The deep pick-ups of deal 7 (a player there is never down: going down is going out).

    Precondition of both tests: deal 7, the player not down. The pool only grows with the depth,
    so once it cannot go out in runs (:func:`past_cover`) no deeper pick-up can either.
    """
    cfg = s.config
    pack = cfg.pack
    slack = 1 if cfg.deal7_discard else 0
    runs = contract(s.deal)[1]
    pile = s.pile
    pool = s.hands[s.current] | 1 << pile[-1]
    for k in range(1, len(pile)):
        pool |= 1 << pile[-k - 1]
        if past_cover(cfg, pool, runs, slack):
            break
        if cfg.same_suit_runs == "different":
            layers, jokers = pack.face_layers(pool)
            if not runs_may_cover(layers, jokers, runs, cfg.min_run, slack):
                continue
        if is_finishable(apply_unchecked(s, pickup(k))):
            out.append(pickup(k))


def past_cover(cfg: ContractConfig, pool: int, runs: int, slack: int) -> bool:
    """Deal 7, not down: this pool (and so every bigger one) cannot go out in ``runs`` runs.

    Each suit needs as many runs as it holds copies of one face (one run cannot hold a face
    twice), and with runs of different suits one run per suit at most; the ``slack`` cards
    ``deal7_discard`` may leave over ease either. Both only get worse as the pool grows.
    """
    layers, _ = cfg.pack.face_layers(pool)
    if cfg.same_suit_runs == "different":
        suits = sum(1 for m in SUIT_MASKS if layers[0] & m)
        doubles = layers[1].bit_count() if len(layers) > 1 else 0
        return suits > runs + slack or len(layers) > 2 or doubles > slack
    need = sum(max((i + 1 for i, lay in enumerate(layers) if lay & m), default=0) for m in SUIT_MASKS)
    return need > runs + slack


def _deep_before_down(s: ContractState, out: list[ContractAction]) -> None:
    """The deep pick-ups of a player who is not down yet, deals 1-6.

    A pool (hand and taken cards) that cannot hold the contract (:func:`contract_possible`) makes
    the pick-up hopeless, and the test only ever turns true as the pool grows with the depth: so
    the shallowest depth whose pool passes is found by bisection (none: no deep pick-up at all),
    and the depths above it are skipped. A deep card whose face no meld of the pool could hold
    and no meld or run on the table could reach (:func:`deepcard.deep_reach`, worked out only
    when asked) is hopeless too; then the search. One loop grows the pool's faces, joker count
    and face layers a card at a time. Most pick-ups that pass are settled by
    :func:`takes_deep_down` without building the successor.
    """
    cfg = s.config
    pack = cfg.pack
    any_suits = cfg.any_suit_sets
    min_run = cfg.min_run
    sets, runs = contract(s.deal)
    pile = s.pile
    hand = s.hands[s.current]
    full = hand  # the whole pile taken: the deepest pool, and what deep_reach would walk again
    for c in pile:
        full |= 1 << c
    full_layers, full_jokers = pack.face_layers(full)
    if not contract_possible(full_layers, full_jokers, sets, runs, min_run, cfg.same_suit_runs, any_suits):
        return  # (most draws: asked before anything else is set up)
    any_face = cfg.melds_after_down

    def holds(depth: int) -> bool:
        pool = hand
        for c in pile[-depth - 1 :]:
            pool |= 1 << c
        layers, jokers = pack.face_layers(pool)
        return contract_possible(layers, jokers, sets, runs, min_run, cfg.same_suit_runs, any_suits)

    deepest = len(pile) - 1
    lo, hi = 1, deepest  # holds(hi); find the smallest depth that holds
    while lo < hi:
        mid = (lo + hi) // 2
        if holds(mid):
            hi = mid
        else:
            lo = mid + 1
    shallowest = lo
    reach = -1  # deep_reach(s), worked out when first needed
    quick = not s.pending and deep_only(s)
    faces = pack.faces
    pool = hand | 1 << pile[-1]
    first_layers, jokers = pack.face_layers(pool)
    layers = list(first_layers)
    for k in range(1, len(pile)):
        card = pile[-k - 1]
        pool |= 1 << card
        face = faces[card]
        in_meld = True  # (a joker deep card: any meld of the go-down may hold it)
        if face == JOKER:
            jokers += 1
        else:
            bit = 1 << face
            i = 0
            while i < len(layers) and layers[i] & bit:
                i += 1
            if i == len(layers):
                layers.append(bit)
            else:
                layers[i] |= bit
            if k < shallowest:
                continue
            in_meld = any_face or meld_with_face(
                layers[0], jokers, face, min_run, _rank_count(layers, face) if any_suits else -1
            )
            if not in_meld:
                if reach < 0:  # (asked about the pile's faces: deep_reach settles only those asked)
                    reach = deep_reach(s, pack.faces_of(full & ~hand), full)
                if not reach >> face & 1:
                    continue
        if k < shallowest:
            continue
        if quick:  # the deep card is the only duty: the search would ask these two (deepcard)
            # With no minimal meld of the pool holding the card (``in_meld`` false; ``meld_with_face``
            # is necessary for any meld holding it) no go-down holds it: takes_deep_down is skipped.
            if (in_meld and takes_deep_down(s, pool, face, (tuple(layers), jokers))) or places_deep_later(
                apply_unchecked(s, pickup(k)), pool, card
            ):
                out.append(pickup(k))
        elif is_finishable(apply_unchecked(s, pickup(k))):
            out.append(pickup(k))


_TOP = pickup(0)


def _rank_count(layers: Sequence[int], face: int) -> int:
    """The naturals of ``face``'s rank in a hand held as face ``layers``."""
    rank = RANK_MASKS[face % 13]
    return sum((lay & rank).bit_count() for lay in layers)


def _deep_when_down(s: ContractState, out: list[ContractAction]) -> None:
    """The deep pick-ups of a player who is down (most draws of a deal), deals 1-6.

    Such a deep card can only go on the table, so a face outside the table's reach
    (:func:`deepcard.deep_reach`) is hopeless, and so is one :func:`deepcard.deep_reachable`
    rejects; one set look-up tells whether any card below the top has a face in reach at all,
    and usually none has, which spares walking the pile. Without runs on the table (and without
    ``melds_after_down``) the reach is just the melds' open faces, plus the joker when there is
    any, and depends on the table alone, so it is remembered. With the deep card the turn's only
    duty after the pick-up (no ``melds_after_down``, no exchanged joker pending) a depth that
    passes is decided by :func:`deepcard.placeable` on this state (what the successor's search
    would ask), without building the successor.
    """
    cfg = s.config
    pack = cfg.pack
    melds = s.melds
    pile = s.pile
    last = _last_reach.pair  # (LastAsked.get, inlined)
    if last[0] is melds and last[1][0] is cfg:  # the same table and rules as last asked
        reach = last[1][1]
        if last[1][2].isdisjoint(pile[:-1]):
            return
    else:
        ext, _, runs = table_summary(melds)
        if cfg.melds_after_down or runs:
            # The reach depends on the pile and hand too: compared by faces, not remembered, and
            # only the faces of the cards below the top are asked for (the depths to try).
            below = 0
            for c in pile[:-1]:
                below |= 1 << c
            wanted = pack.faces_of(below) | (1 << JOKER if below & pack.jokers_mask else 0)
            reach = deep_reach(s, wanted, below | s.hands[s.current] | 1 << pile[-1])
            if not reach & wanted:
                return
        else:  # the reach depends on the table alone: remembered with its physical cards
            reach = ext | 1 << JOKER if ext else 0
            ids = _ids_of_faces(reach, pack.decks, pack.jokers)
            _last_reach.put(melds, (cfg, reach, ids))
            if ids.isdisjoint(pile[:-1]):
                return
    faces = pack.faces
    ext = table_summary(melds).ext
    pool = s.hands[s.current] | 1 << pile[-1]
    if not cfg.melds_after_down and not s.pending:
        # The deep card will be the turn's only duty (deepcard.deep_only: deals 1-6 here, and a
        # deep pick-up clears ``forbid``), so the search on the successor would ask exactly
        # placeable() of this very table with the pool as the hand (lookahead's _search, the
        # player being down): asked here per depth, without building the successor.
        exchanges = not s.went_down
        for k in range(1, len(pile)):
            card = pile[-k - 1]
            pool |= 1 << card
            face = faces[card]
            if reach >> face & 1 and placeable(pack, melds, ext, exchanges, pool, face):
                out.append(pickup(k))
        return
    face_masks = pack.face_masks
    for k in range(1, len(pile)):
        card = pile[-k - 1]
        pool |= 1 << card
        face = faces[card]
        if not (reach >> face & 1 and deep_reachable(s, pool, face)):
            continue
        # A natural deep card some meld takes as it is, with a card of another face to discard
        # after and no exchanged joker pending: the search would settle at once on that lay-off
        # (lookahead.settles), so the pick-up is legal without building its successor.
        if (face != JOKER and ext >> face & 1 and pool & ~face_masks[face] and not s.pending & pool) or is_finishable(
            apply_unchecked(s, pickup(k))
        ):
            out.append(pickup(k))


#: The last table whose reach depended on the table and the rules alone (no runs, no
#: ``melds_after_down``), with ``(config, reach, ids)``: a slot of :mod:`lastasked` (which says
#: why it is safe for worker threads). ``_ids_of_faces`` is an ``lru_cache`` of a pure function
#: returning a frozenset: a race at worst computes the same value twice.
_last_reach: LastAsked[tuple[TableMeld, ...], tuple[ContractConfig | None, int, frozenset[int]]] = LastAsked(
    (), (None, 0, frozenset())
)


@lru_cache(maxsize=4096)
def _ids_of_faces(faces: int, decks: int, jokers: int) -> frozenset[int]:
    """The physical ids whose face is in ``faces`` (bit 52: the jokers) in a pack of ``decks`` and ``jokers``."""
    base = 52 * decks
    out = [f + 52 * d for f in range(52) if faces >> f & 1 for d in range(decks)]
    if faces >> JOKER & 1:
        out += range(base, base + jokers)
    return frozenset(out)
