"""The deep-card duty (rules 12, 24): can the deep card taken this turn still reach the table?

Every check of that question lives here, each with its precondition:

* :func:`deep_placeable`, exact, for a player who is down whose only duty is the deep card
  (:func:`deep_only`): a meld end takes it, a run's joker stands for it, or a run of its suit
  grows to it (jokers from the hand and from exchanges);
* :class:`DeepAfterGoDown`, exact, the same question after a go-down this turn, judged from the
  go-down's melds without building the successor; :func:`deep_marks` lists only the go-downs
  that could give the card a place, and :func:`go_down_places_deep` joins the two for the search;
* :func:`deep_reachable`, necessary only, for a player who is down with other duties too (an
  exchanged joker pending, or ``melds_after_down``), and for the draw's cheap rejections;
* :func:`table_may_take` (necessary), shared by :func:`may_attach_later` (a player not down who
  leaves the card out of the go-down) and :func:`deep_marks`;
* :func:`takes_deep_down`, sufficient: a go-down that holds the card;
* :class:`deeplayoff.DeepAfterLayOff` (a module of its own), exact where it answers, for a player
  who is down: whether the card can still reach the table after a lay-off of another card,
  without building the successor.

Runs grow position by position (:func:`growth_paths`, :func:`chain_gaps`, :func:`chain_reach`).
``tests/games/contract/test_rule30_fast.py`` checks the exact ones against the plain search, and
``test_plain_path.py`` every listing that uses them against the plain path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache, lru_cache

from samrap.games.contract.candidates import Cand
from samrap.games.contract.cards import JOKER, Pack
from samrap.games.contract.contracts import LAST_DEAL, contract
from samrap.games.contract.feasible import meld_with_face
from samrap.games.contract.lastasked import LastAsked
from samrap.games.contract.melds import RUN, TableMeld, ext_faces, pos_face, table_summary
from samrap.games.contract.search import holds_containing
from samrap.games.contract.state import ContractState
from samrap.games.contract.turnmoves import go_down_query


def deep_only(s: ContractState) -> bool:
    """Whether the deep card is the turn's only duty and nothing but lay-offs and exchanges can
    place it: deals 1-6, no ``melds_after_down``, nothing forbidden to discard (rule 25 never
    applies after a deep pick-up). The caller checks the player is down, holds the deep card and
    no exchanged joker (:func:`deep_placeable` then decides the turn exactly)."""
    return s.deal != LAST_DEAL and not s.config.melds_after_down and s.forbid < 0


def growth_paths(lo: int, hi: int, r: int) -> Iterator[range]:
    """The run positions a run ``lo..hi`` of a suit must fill to reach rank ``r`` at one end.

    Positions are 0 (the low ace) to 13 (the high ace); an ace may be reached at either end.
    A run never spans more than 13 cards (rule 22), so a longer reach is no path.
    """
    for pos in (r + 1, 0) if r == 12 else (r + 1,):
        if pos > hi:
            path = range(hi + 1, pos)
        elif pos < lo:
            path = range(pos + 1, lo)
        else:
            continue
        if max(hi, pos) - min(lo, pos) < 13:
            yield path


def chain_gaps(lo: int, hi: int, suit: int, face: int, pool: int) -> int:
    """Cards missing from ``pool`` to extend run ``lo..hi`` of ``suit`` up or down to ``face``."""
    return min(((path & ~pool).bit_count() for path in path_faces(lo, hi, suit, face)), default=99)


@lru_cache(maxsize=1 << 14)
def path_faces(lo: int, hi: int, suit: int, face: int) -> tuple[int, ...]:
    """The faces on each of the :func:`growth_paths` of run ``lo..hi`` of ``suit`` to ``face``,
    as masks (0: the run's end takes ``face`` as it is). A pure function of small numbers, asked
    for every run a deep card might grow from: remembered (an ``lru_cache``, thread-safe)."""
    out = []
    for path in growth_paths(lo, hi, face % 13):
        mask = 0
        for q in path:
            mask |= 1 << pos_face(suit, q)
        out.append(mask)
    return tuple(out)


def deep_placeable(s: ContractState, hand: int, deep: int) -> bool:
    """Exact rule-30 answer for a player who is down and holds the deep card as the turn's only
    duty (see :func:`deep_only`): whether the deep card can reach the table this turn.

    Once it is down the turn can end (a discard of anything, or out with no card left), so that
    is the whole question, and the table can only take it three ways:

    * a meld takes its face as it is (a set's missing suit, a run's end), or, a joker deep card,
      any meld takes one more card at all;
    * (no go-down this turn) a run's joker stands for its face: exchange it in, then lay the
      joker off anywhere (some meld takes a card; exchanges never change what melds take);
    * a run of its suit is extended towards it, every position between filled by a natural
      from the hand or a joker, and jokers come from the hand or from exchanges (no go-down
      this turn), each exchange spending a natural whose face a run's joker stands for.
      Each held copy of a face fills its gap on the path or frees one joker, never both, so
      the run can be grown exactly when the hand's jokers, plus the copies a face can use
      beyond filling its own gap, cover the path's faces not held. Other moves (lay-offs
      elsewhere, re-exchanging a joker just laid) only spend cards and never add to that count.
    """
    pack = s.config.pack
    return placeable(pack, s.melds, table_summary(s.melds).ext, not s.went_down, hand, pack.faces[deep])


def placeable(pack: Pack, melds: Sequence[TableMeld], ext: int, exchanges: bool, hand: int, face: int) -> bool:
    """:func:`deep_placeable` of a deep card of ``face`` in ``hand`` on the table ``melds`` (``ext``:
    their open faces), ``exchanges`` allowed or not (not after going down this turn).

    Worked with masks: a path's gaps are its faces not held (:func:`path_faces`, remembered), and
    a held face a run joker stands for takes one from the supply exactly when the hand holds no
    more copies of it than jokers stand for it (``tight``): then filling its gap uses a copy
    that would otherwise free a joker. Its twin, the walk position by position, is
    ``placeable_plain`` in ``tests/games/contract/test_rule30_fast.py``."""
    if face == JOKER:
        return ext != 0
    if ext >> face & 1:
        return True
    if not ext:
        return False
    suit = face // 13
    runs = [m for m in melds if m.kind == RUN and ((exchanges and m.jokers) or m.key == suit)]
    return placeable_on_runs(pack, runs, exchanges, hand, face)


def placeable_on_runs(pack: Pack, runs: Sequence[TableMeld], exchanges: bool, hand: int, face: int) -> bool:
    """:func:`placeable` past its first three tests (a natural ``face`` no meld takes as it is, on
    a table with an open meld), given the table's runs it reads: those with a joker (when
    ``exchanges``) or of ``face``'s suit, in any order (the answer is an "any" over them and
    sums over their jokers). :class:`deeplayoff.DeepAfterLayOff` keeps them for its table."""
    suit = face // 13
    face_masks = pack.face_masks
    freed = tight = 0  # jokers exchanges could free; held faces whose copies all fill their gap
    if exchanges:
        swap: dict[int, int] = {}  # face -> jokers standing for it in runs (exchangeable)
        for m in runs:
            for _, f in m.jokers:
                if f == face:
                    return True
                swap[f] = swap.get(f, 0) + 1
        for f, n in swap.items():
            held = (hand & face_masks[f]).bit_count()
            if held:
                if held <= n:
                    freed += held
                    tight |= 1 << f
                else:
                    freed += n
    supply = (hand & pack.jokers_mask).bit_count() + freed
    lacking = ~pack.faces_of(hand)
    for m in runs:
        if m.key != suit:
            continue
        for path in path_faces(m.lo, m.hi, suit, face):
            if (path & lacking).bit_count() <= supply - (path & tight).bit_count():
                return True
    return False


def takes_deep_down(s: ContractState, hand: int, face: int, held: tuple[tuple[int, ...], int] | None = None) -> bool:
    """Deals 1-6, the player in turn not down and no exchanged joker pending: whether with ``hand``
    (after taking a deep card of ``face``) some go-down puts that card down.

    This is the first thing :func:`can_finish` tries after such a pick-up, and when it succeeds
    the turn can end (the deep card is down and every other card may be discarded, or none is
    left), so the draw can ask it without building the pick-up's successor. (The seed's sets and
    runs, a natural card: :func:`search.holds_containing`, no query built.) ``held``, when given,
    must be ``pack.face_layers(hand)``: the draw grows it card by card and hands it over.
    """
    cfg = s.config
    if face != JOKER and cfg.same_suit_runs == "different" and not cfg.any_suit_sets:
        layers, jokers = cfg.pack.face_layers(hand) if held is None else held
        return holds_containing(layers, jokers, *contract(s.deal), cfg.min_run, face)
    return go_down_query(s, minimal=True, hand=hand).has_containing(face)


def go_down_places_deep(s: ContractState, hand: int, deep: int) -> bool:
    """The rule-30 search (:func:`lookahead.can_finish`) for a player not down yet whose only
    duty is the deep card (:func:`deep_only`).

    The search would try the go-downs of :func:`helpful` (those holding the deep card, then, if
    it could still reach the table another way, all of them) and judge each successor by
    :func:`deep_placeable`; :class:`DeepAfterGoDown` gives each answer without building the
    successor, and go-downs that cannot give the card a place (:func:`deep_marks`) are skipped.
    """
    return takes_deep_down(s, hand, s.config.pack.faces[deep]) or places_deep_later(s, hand, deep)


def places_deep_later(s: ContractState, hand: int, deep: int) -> bool:
    """:func:`go_down_places_deep` once no go-down holds the deep card (:func:`takes_deep_down`
    said no): some go-down lets it reach the table after, as a lay-off on old or new melds."""
    face = s.config.pack.faces[deep]
    if not may_attach_later(s, face):
        return False
    judge = DeepAfterGoDown(s, hand, deep)
    return any(judge.ok(chosen) for chosen in go_down_query(s, minimal=True).chosen(deep_marks(s, hand, deep)))


def table_may_take(s: ContractState, hand: int, face: int) -> bool:
    """Necessary for a natural ``face`` to reach the table without a new meld holding it and
    without exchanges (a player not down yet): a meld takes it as it is, or a run of its suit
    can be grown to it with ``hand``'s natural faces and jokers."""
    pack = s.config.pack
    if table_summary(s.melds).ext >> face & 1:
        return True
    faces = pack.faces_of(hand)
    jokers = (hand & pack.jokers_mask).bit_count()
    suit = face // 13
    for m in s.melds:  # noqa: SIM110 (a plain loop beats any() over a generator)
        if m.kind == RUN and m.key == suit and chain_gaps(m.lo, m.hi, suit, face, faces) <= jokers:
            return True
    return False


def may_attach_later(s: ContractState, face: int) -> bool:
    """Whether a deep card a player not down leaves out of the go-down could still reach the
    table this turn (necessary): any card may, with new melds of bigger contract sets
    (``contract_exact``: any set left at 3 takes it) or ``melds_after_down``, and a joker always
    may; else :func:`table_may_take`."""
    cfg = s.config
    if cfg.contract_exact or cfg.melds_after_down or face == JOKER:
        return True
    return table_may_take(s, s.hands[s.current], face)


def deep_reachable(s: ContractState, hand: int, face: int) -> bool:
    """Whether a player who is down (deals 1-6) could get a deep card of ``face`` from ``hand``
    onto the table this turn.

    Necessary, not sufficient (the exact answer is :func:`deep_placeable`, which needs the deep
    card to be the turn's only duty): a set or run end takes it, a run of its suit can be
    extended to it with the hand's cards and jokers (counting every joker exchanges could free),
    a run's joker stands for it, or (option) a new meld holds it. Asked by the search when other
    duties are open and by the draw before building a deep pick-up's successor.
    """
    cfg = s.config
    pack = cfg.pack
    if face == JOKER:
        return cfg.melds_after_down or table_summary(s.melds).ext != 0
    faces = pack.faces_of(hand)
    jokers = (hand & pack.jokers_mask).bit_count()
    if not s.went_down:
        jokers += sum(1 for m in s.melds if m.kind == RUN for _, f in m.jokers if faces >> f & 1)
    suit = face // 13
    for m in s.melds:
        if ext_faces(m) >> face & 1:
            return True
        if m.kind == RUN and m.key == suit:
            if not s.went_down and any(f == face for _, f in m.jokers):
                return True
            if chain_gaps(m.lo, m.hi, suit, face, faces) <= jokers:
                return True
    if not cfg.melds_after_down:
        return False
    rank_cards = -1
    if cfg.any_suit_sets:
        rank_cards = sum((hand & pack.face_masks[13 * su + face % 13]).bit_count() for su in range(4))
    return meld_with_face(faces, jokers, face, cfg.min_run, rank_cards)


def deep_reach(s: ContractState, wanted: int = (1 << 53) - 1, most: int = -1) -> int:
    """The faces (bit 52: the joker) a deep card taken now could reach the table with at all:
    a meld end, a run joker's place, or a face a run could be extended to with the cards of the
    whole pile and hand (a chain of lay-offs, jokers from exchanges counted); every face with
    ``melds_after_down``. Necessary for any deep pick-up of a player who is down, and a cheap
    first filter for one who is not (a meld of the pool may still hold the card).

    Only the faces of ``wanted`` are sure to be right: the meld ends and run jokers' faces are
    in the answer whole, but a face beyond a run's ends is asked only when ``wanted`` holds it
    (the draw asks about the faces of the pile's cards, a handful, where every run of the table
    would be a dozen). A natural face ``f`` at run position ``p`` (the ace: 13 above a run, 0
    below) is reached from run ``lo..hi`` when it lies within 13 cards of the run's far end and
    the positions between the run and ``p`` that the pool lacks are no more than its jokers
    (``p`` itself is the deep card). The run-by-run walk that works out every run's whole reach
    (:func:`chain_reach`) is its twin, ``deep_reach_by_runs`` in
    ``tests/games/contract/test_draw_fast.py``.

    Precondition of "necessary": the count of jokers must never fall short of what exchanges
    can free. Every run joker whose face the pool holds is counted, one by one: with two decks
    two jokers may stand for one face (``*0=Tc`` in one run, ``*1=Tc`` in another), and a pool
    holding both copies frees both (the fault the plain-path sweep found, counting faces).

    ``most``, when given (not -1), must be the hand of the player in turn joined with every card
    of the pile: a caller that has it already spares walking the pile again.
    """
    cfg = s.config
    if cfg.melds_after_down:
        return (1 << 53) - 1
    last = _last_table.pair  # (LastAsked.get, inlined)
    ext, swap, by_suit, twice = last[1] if last[0] is s.melds else _reach_of_table(s.melds)
    reach = ext | swap
    if ext:
        reach |= 1 << JOKER
    left = wanted & ~reach
    faces = jokers = -1  # of the pile and hand, worked out when first needed
    for shift, runs in by_suit:
        ranks = left >> shift & 0x1FFF
        if not ranks:
            continue
        if faces < 0:
            pack = cfg.pack
            if most < 0:
                most = s.hands[s.current]
                for c in s.pile:
                    most |= 1 << c
            faces = pack.faces_of(most)
            # (+ the run jokers the pool frees: one per face, or one by one when two stand for one)
            jokers = (most & pack.jokers_mask).bit_count() + (
                sum(1 for j in twice if faces >> j & 1) if twice else (faces & swap).bit_count()
            )
        held = faces >> shift & 0x1FFF
        lacking = ~(held << 1 | held >> 12)  # positions: 0 the ace low, 1..13 the ranks 2..A
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            up = low.bit_length()  # the face's position above a run (the ace: 13)
            down = 0 if up == 13 else up  # and below one (the ace: 0)
            for lo, hi in runs:
                if (hi < up <= lo + 12 and (((1 << up) - (2 << hi)) & lacking).bit_count() <= jokers) or (
                    hi - 12 <= down < lo and (((1 << lo) - (2 << down)) & lacking).bit_count() <= jokers
                ):
                    reach |= low << shift
                    break
    return reach


#: A table's runs for :func:`deep_reach`: ``(13 * suit, its runs' (lo, hi))`` for each suit with runs.
SuitRuns = tuple[tuple[int, tuple[tuple[int, int], ...]], ...]

#: The last table :func:`deep_reach` read and what it read of it (:mod:`lastasked`).
_last_table: LastAsked[tuple[TableMeld, ...], tuple[int, int, SuitRuns, tuple[int, ...]]] = LastAsked(
    (), (0, 0, (), ())
)


def _reach_of_table(melds: tuple[TableMeld, ...]) -> tuple[int, int, SuitRuns, tuple[int, ...]]:
    """The open faces, the faces run jokers stand for, the runs by suit (:data:`SuitRuns`) and,
    when two run jokers stand for one face, the face of every run joker (repeats kept; else
    ``()``: then each face of the jokers' counts once) of ``melds``, remembered for the last
    table asked (:func:`deep_reach` reads the slot itself first)."""
    last = _last_table.pair  # (LastAsked.get, inlined)
    if last[0] is melds:
        return last[1]
    ext, swap, _ = table_summary(melds)  # (the draw has just asked it of this table)
    by_suit: tuple[list[tuple[int, int]], ...] = ([], [], [], [])
    standing = 0
    for m in melds:
        if m.kind == RUN:
            by_suit[m.key].append((m.lo, m.hi))
            if m.jokers:
                standing += len(m.jokers)
    runs = tuple((13 * su, tuple(r)) for su, r in enumerate(by_suit) if r)
    twice: tuple[int, ...] = ()
    if standing > swap.bit_count():
        twice = tuple(f for m in melds if m.kind == RUN for _, f in m.jokers)
    return _last_table.put(melds, (ext, swap, runs, twice))


def chain_reach(suit: int, lo: int, hi: int, faces: int, jokers: int) -> int:
    """Faces beyond the ends of run ``lo..hi`` that ``faces`` and ``jokers`` could extend it to:
    at each end, the positions up to and including the one where the faces missing on the way
    first outnumber the jokers (that one the deep card itself may fill), within 13 cards.

    Worked on the suit's 14-position pattern with masks; the answer depends on the suit's ranks
    held, ``lo``, ``hi`` and ``jokers`` alone (a pure function, :func:`_chain_ranks`), remembered
    and asked with only the ranks it reads (:data:`_CHAIN_RANKS`). The draw no longer asks it
    (:func:`deep_reach` tests the faces it is asked about one by one, which spares working out
    every run's whole reach); it is the building block of that test's twin,
    ``deep_reach_by_runs`` in ``tests/games/contract/test_draw_fast.py``."""
    return _chain_ranks((faces >> (13 * suit)) & _CHAIN_RANKS[lo * 14 + hi], lo, hi, jokers) << (13 * suit)


def _chain_windows(lo: int, hi: int) -> int:
    """The ranks :func:`_chain_ranks` reads for run ``lo..hi`` (positions 0-13), as a 13-bit rank
    mask: the positions above ``hi`` and below ``lo`` within 13 cards of the run's other end. The
    ranks held elsewhere (the run's own, those out of reach) change nothing in its answer, so
    leaving them out of its key makes one entry serve every pool that differs only there (the
    misses halve over deal 6's draws)."""
    top, bottom = min(13, lo + 12), max(0, hi - 12)
    window = ((1 << (top + 1)) - 1) & ~((1 << (hi + 1)) - 1) if hi < top else 0
    if lo > bottom:
        window |= ((1 << lo) - 1) & ~((1 << bottom) - 1)
    return (window >> 1 | (window & 1) << 12) & 0x1FFF


#: :func:`_chain_windows` of every ``lo * 14 + hi``.
_CHAIN_RANKS: tuple[int, ...] = tuple(_chain_windows(lo, hi) for lo in range(14) for hi in range(14))


@lru_cache(maxsize=1 << 14)
def _chain_ranks(m: int, lo: int, hi: int, jokers: int) -> int:
    """:func:`chain_reach` within one suit: ``m`` the suit's ranks held (bit 0: the two), the
    answer as ranks. Pure (so an ``lru_cache``, thread-safe, may remember it)."""
    held = m << 1 | m >> 12  # bit 0: the ace low, bits 1..13: the ranks 2..A
    out = 0
    top = min(13, lo + 12)
    if hi < top:
        window = ((1 << (top + 1)) - 1) & ~((1 << (hi + 1)) - 1)
        missing = window & ~held
        for _ in range(jokers):
            missing &= missing - 1  # drop the lowest missing position: a joker fills it
        if missing:
            low = missing & -missing
            window &= (low << 1) - 1
        out |= window
    bottom = max(0, hi - 12)
    if lo > bottom:
        window = ((1 << lo) - 1) & ~((1 << bottom) - 1)
        missing = window & ~held
        for _ in range(jokers):
            if missing:
                missing ^= 1 << (missing.bit_length() - 1)  # the highest: nearest the run
        if missing:
            window &= ~((1 << (missing.bit_length() - 1)) - 1)
        out |= window
    return (out >> 1 | (out & 1) << 12) & 0x1FFF


def deep_marks(s: ContractState, hand: int, deep: int) -> Callable[[Cand], bool] | None:
    """For :func:`_go_downs` with the deep card the only duty: a test that every go-down after
    which the turn can end has a meld passing (so only those need listing), or ``None``.

    With a natural deep card that no meld on the table takes, and that no run of its suit there
    could be grown to with the whole hand, the go-down itself must give it a place: a meld that
    holds it, a set of three of its rank without its suit, or a run of its suit that the hand's
    other cards and jokers could grow to it (:class:`DeepAfterGoDown` then decides exactly).
    A meld passes when the hand could fill one of its :func:`deep_paths`.
    """
    paths = deep_paths(s, hand, deep)
    if paths is None:
        return None
    pack = s.config.pack
    faces = pack.faces_of(hand)
    jokers = (hand & pack.jokers_mask).bit_count()

    def marked(c: Cand) -> bool:
        left = jokers - c.jokers
        return any((path & ~faces).bit_count() <= left for path in paths(c))

    return marked


def deep_paths(s: ContractState, hand: int, deep: int) -> Callable[[Cand], tuple[int, ...]] | None:
    """:func:`deep_marks` before counting the hand's cards: for a meld, the faces (masks) it must
    still be grown by to give the deep card its place in a go-down, one mask for each way
    (``(0,)``: the meld holds the card or takes it as a lay-off as it is; ``()``: never), or
    ``None`` where :func:`deep_marks` has no test.

    A go-down kept by :class:`DeepAfterGoDown` then has a meld ``c`` with a mask whose faces the
    hand still holds after the go-down, but for at most the jokers it keeps (those of the hand
    less every meld's, ``c``'s own included): the meld that holds the card or takes it, or the
    run grown to it (its cards are on no path of its own).
    """
    face = s.config.pack.faces[deep]
    if face == JOKER or table_may_take(s, hand, face):
        return None
    return meld_paths(face)


@cache
def meld_paths(face: int) -> Callable[[Cand], tuple[int, ...]]:
    """:func:`deep_paths` for a natural deep card of ``face``, whatever the table: the masks a
    go-down's meld must still be grown by to give the card its place (see there). One function
    a face (it depends on the face alone), made once."""
    suit = face // 13

    def paths(c: Cand) -> tuple[int, ...]:
        if c.nat >> face & 1:
            return _AS_IT_IS
        if c.suit < 0:  # a set that takes the card as a lay-off once down
            return _AS_IT_IS if c.ext >> face & 1 else ()
        if c.suit != suit or c.spec.jok >> face & 1:
            return ()
        return path_faces(c.lo, c.hi, suit, face)

    return paths


_AS_IT_IS = (0,)


def table_paths(s: ContractState, face: int) -> tuple[int, ...]:
    """The masks of faces a run of the table must be grown by to reach a natural ``face``, one
    for each run of its suit and way (:func:`path_faces`): with no meld on the table taking the
    face as it is, :class:`DeepAfterGoDown` places a deep card of that face on the old table
    exactly when the go-down leaves the cards of one of them but for the jokers it keeps."""
    suit = face // 13
    return tuple(p for m in s.melds if m.kind == RUN and m.key == suit for p in path_faces(m.lo, m.hi, suit, face))


class DeepAfterGoDown:
    """Whether the turn can end after a go-down by a player holding the deep card as the turn's
    only duty (:func:`deep_only`): :func:`deep_placeable` of the state after the go-down, worked
    out from its melds without building that state.

    A go-down places the deep card when it holds its face (or, a joker deep card, any joker:
    :func:`transitions.pick` moves the deep card first), and then the turn can end: a card is
    left to discard, or none and the player is out. Otherwise, having gone down this turn, the
    player cannot exchange, so the card must fit a meld end, old or new, or a run of its suit
    grown to it with the cards and jokers the go-down leaves in hand.
    """

    __slots__ = ("ext", "face", "face_masks", "hand", "jokers", "runs", "suit")

    def __init__(self, s: ContractState, hand: int, deep: int) -> None:
        pack = s.config.pack
        self.face = face = pack.faces[deep]
        self.suit = face // 13
        self.ext = table_summary(s.melds).ext
        self.runs = [(m.lo, m.hi) for m in s.melds if m.kind == RUN and m.key == self.suit] if face != JOKER else []
        self.hand = hand
        self.jokers = (hand & pack.jokers_mask).bit_count()
        self.face_masks = pack.face_masks

    def ok(self, melds: Sequence[Cand]) -> bool:
        face = self.face
        ext = self.ext
        jokers = 0
        if face == JOKER:
            for c in melds:
                if c.jokers:
                    return True
                ext |= c.ext
            return ext != 0
        suit = self.suit
        runs = self.runs
        for c in melds:
            if c.nat >> face & 1:
                return True
            ext |= c.ext
            jokers += c.jokers
            if c.suit == suit:
                runs = [*runs, (c.lo, c.hi)]
        if ext >> face & 1:
            return True
        left = self.jokers - jokers
        r = face % 13
        hand = self.hand
        face_masks = self.face_masks
        for lo, hi in runs:
            for path in growth_paths(lo, hi, r):
                gaps = 0
                for q in path:
                    f = pos_face(suit, q)
                    held = (hand & face_masks[f]).bit_count()
                    if held:
                        for c in melds:
                            if c.nat >> f & 1:
                                held -= 1
                                for more in c.more:
                                    held -= more >> f & 1
                    if held <= 0:
                        gaps += 1
                        if gaps > left:
                            break
                if gaps <= left:
                    return True
        return False
