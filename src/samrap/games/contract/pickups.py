"""The draw: which pick-ups from the discard pile are legal (rules 12, 24, 25, 30).

Taking the top discard is legal unless the player could then not end the turn (rules 25, 30).
A deep pick-up is legal only if the deep card can reach the table this turn (rules 12, 24), which
:func:`turn.is_finishable` decides by search. The pile may be dozens of cards deep and most deep
cards have nowhere to go, so cheap necessary tests (:class:`_Draw`) reject those first; they
share the work across depths because each depth's pool is the last one plus one card.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from samrap.core.cardset import RANK_MASKS, SUIT_MASKS
from samrap.games.contract.actions import DRAW, ContractAction, pickup
from samrap.games.contract.cards import JOKER, Pack
from samrap.games.contract.config import ContractConfig
from samrap.games.contract.contracts import LAST_DEAL, contract
from samrap.games.contract.melds import RUN, TableMeld, ext_faces, pos_face, table_summary
from samrap.games.contract.search import contract_possible, meld_with_face, runs_may_cover
from samrap.games.contract.state import ContractState
from samrap.games.contract.transitions import apply_unchecked
from samrap.games.contract.turn import chain_gaps, is_finishable, takes_deep_down


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

    A deep card whose face no meld or run could reach and no meld of the pool could hold is
    hopeless, and so is a pool that cannot hold the contract (:func:`contract_possible`); then
    the search. One loop grows the pool's faces, joker count and face layers a card at a time
    instead of recomputing them at every depth. ``contract_possible`` only ever turns true
    as the pool grows, so once it holds it is not asked again. Most pick-ups that pass are
    settled by :func:`takes_deep_down` without building the successor.
    """
    cfg = s.config
    pack = cfg.pack
    d = _Draw(s)
    reach = d.reach
    any_face = cfg.melds_after_down
    any_suits = cfg.any_suit_sets
    min_run = cfg.min_run
    sets, runs = contract(s.deal)
    quick = not s.pending
    faces = pack.faces
    pile = s.pile
    pool = s.hands[s.current] | 1 << pile[-1]
    first_layers, jokers = pack.face_layers(pool)
    layers = list(first_layers)
    held = False  # a shallower pool already holds the contract
    for k in range(1, len(pile)):
        card = pile[-k - 1]
        pool |= 1 << card
        face = faces[card]
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
            if not (
                reach >> face & 1
                or any_face
                or meld_with_face(layers[0], jokers, face, min_run, _rank_count(layers, face) if any_suits else -1)
            ):
                continue
        if not held:
            held = contract_possible(tuple(layers), jokers, sets, runs, min_run, cfg.same_suit_runs, any_suits)
            if not held:
                continue
        if (quick and takes_deep_down(s, pool, face)) or is_finishable(apply_unchecked(s, pickup(k))):
            out.append(pickup(k))


_TOP = pickup(0)


def _rank_count(layers: Sequence[int], face: int) -> int:
    """The naturals of ``face``'s rank in a hand held as face ``layers``."""
    rank = RANK_MASKS[face % 13]
    return sum((lay & rank).bit_count() for lay in layers)


def _pool_rank_count(pack: Pack, pool: int, face: int) -> int:
    """The naturals of ``face``'s rank among the physical cards ``pool``."""
    r = face % 13
    return sum((pool & pack.face_masks[13 * su + r]).bit_count() for su in range(4))


def _deep_when_down(s: ContractState, out: list[ContractAction]) -> None:
    """The deep pick-ups of a player who is down (most draws of a deal), deals 1-6.

    Such a deep card can only go on the table, so a face outside the table's reach is hopeless
    (:meth:`_Draw.may_work`); one set look-up tells whether any card below the top has a face in
    reach at all, and usually none has, which spares walking the pile. Without runs on the table
    (and without ``melds_after_down``) the reach is just the melds' open faces, plus the joker
    when there is any, so the full :class:`_Draw` is built only when some card may fit.
    """
    cfg = s.config
    pack = cfg.pack
    melds = s.melds
    d: _Draw | None = None
    last = _last_reach[0]
    if last[0] is melds and last[1] is cfg:  # the same table and rules as last asked (see table_summary)
        reach, ids = last[2], last[3]
    else:
        ext, _, runs = table_summary(melds)
        if cfg.melds_after_down or runs:
            d = _Draw(s)
            reach = d.reach
        else:
            reach = ext | 1 << JOKER if ext else 0
        ids = _ids_of_faces(reach, pack.decks, pack.jokers)
        if d is None:  # the reach depends on the table alone
            _last_reach[0] = (melds, cfg, reach, ids)
    pile = s.pile
    if ids.isdisjoint(pile[:-1]):
        return
    if d is None:
        d = _Draw(s)
    faces = pack.faces
    face_masks = pack.face_masks
    ext = table_summary(melds).ext
    pool = s.hands[s.current] | 1 << pile[-1]
    for k in range(1, len(pile)):
        card = pile[-k - 1]
        pool |= 1 << card
        face = faces[card]
        if not (reach >> face & 1 and d.may_work(pool, card)):
            continue
        # A natural deep card some meld takes as it is, with a card of another face to discard
        # after and no exchanged joker pending: the search would settle at once on that lay-off
        # (turn._settles), so the pick-up is legal without building its successor.
        if (face != JOKER and ext >> face & 1 and pool & ~face_masks[face] and not s.pending & pool) or is_finishable(
            apply_unchecked(s, pickup(k))
        ):
            out.append(pickup(k))


#: ``(melds, config, reach, ids)`` of the last table whose reach depended on the table and the
#: rules alone (no runs, no ``melds_after_down``); see :func:`melds.table_summary` for why
#: comparing identities is safe, and why one immutable tuple, read once and replaced whole, is
#: safe for worker threads (tests/engine/test_threads.py). ``_ids_of_faces`` is an ``lru_cache``
#: of a pure function returning a frozenset: a race at worst computes the same value twice.
_last_reach: list[tuple[tuple[TableMeld, ...], ContractConfig | None, int, frozenset[int]]] = [
    ((), None, 0, frozenset())
]


@lru_cache(maxsize=4096)
def _ids_of_faces(faces: int, decks: int, jokers: int) -> frozenset[int]:
    """The physical ids whose face is in ``faces`` (bit 52: the jokers) in a pack of ``decks`` and ``jokers``."""
    base = 52 * decks
    out = [f + 52 * d for f in range(52) if faces >> f & 1 for d in range(decks)]
    if faces >> JOKER & 1:
        out += range(base, base + jokers)
    return frozenset(out)


def _chain_reach(suit: int, lo: int, hi: int, faces: int, jokers: int) -> int:
    """Faces beyond the ends of run ``lo..hi`` that ``faces`` and ``jokers`` could extend it to."""
    out = 0
    for step in (1, -1):
        gaps = 0
        p = hi + 1 if step > 0 else lo - 1
        while 0 <= p <= 13 and max(hi, p) - min(lo, p) <= 12:
            f = pos_face(suit, p)
            out |= 1 << f
            gaps += 0 if faces >> f & 1 else 1
            if gaps > jokers:
                break
            p += step
    return out


class _Draw:
    """What the deep-card tests need to know about the table, computed once per draw."""

    __slots__ = ("exchangeable", "ext", "reach", "runs", "s")

    def __init__(self, s: ContractState) -> None:
        self.s = s
        self.ext = 0
        self.exchangeable = 0
        self.runs: list[list[tuple[int, int]]] = [[], [], [], []]
        for m in s.melds:
            self.ext |= ext_faces(m)
            if m.kind == RUN:
                self.runs[m.key].append((m.lo, m.hi))
                for _, f in m.jokers:
                    self.exchangeable |= 1 << f
        # Faces a deep card could reach at all: a meld end, a joker's place, or a face a run
        # could be extended to with the cards of the whole pile and hand (a chain of lay-offs).
        self.reach = self.ext | self.exchangeable
        if any(self.runs):
            pack = s.config.pack
            most = s.hands[s.current]
            for c in s.pile:
                most |= 1 << c
            faces = pack.faces_of(most)
            jokers = (most & pack.jokers_mask).bit_count() + (self.exchangeable & faces).bit_count()
            for su, runs in enumerate(self.runs):
                for lo, hi in runs:
                    self.reach |= _chain_reach(su, lo, hi, faces, jokers)
        if s.config.melds_after_down or self.ext:
            self.reach |= 1 << JOKER
        if s.config.melds_after_down:
            self.reach = (1 << 53) - 1

    def may_work(self, pool: int, card: int) -> bool:
        """Necessary for a player who is down (deals 1-6) taking down to ``card`` with ``pool``
        (hand and taken cards) in hand, whose face the caller found in :attr:`reach`: a meld end,
        a joker's place, a run grown to it with the pool's cards and jokers, or (option) a new
        meld takes it."""
        s = self.s
        cfg = s.config
        pack = cfg.pack
        face = pack.faces[card]
        if face == JOKER or (self.ext | self.exchangeable) >> face & 1:
            return True
        faces = pack.faces_of(pool)
        jokers = (pool & pack.jokers_mask).bit_count() + (self.exchangeable & faces).bit_count()
        if any(chain_gaps(lo, hi, face // 13, face, faces) <= jokers for lo, hi in self.runs[face // 13]):
            return True
        rank_cards = _pool_rank_count(pack, pool, face) if cfg.any_suit_sets else -1
        return cfg.melds_after_down and meld_with_face(faces, jokers, face, cfg.min_run, rank_cards)
