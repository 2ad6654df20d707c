"""The rules of Thai Dummy as pure functions: deal, legal actions, apply.

Rule numbers are those of ``docs/rules/dummy.md``. ``legal_actions`` lists every legal action
in a fixed order (``actions.sort_key``); ``apply`` checks an action and raises
:class:`IllegalActionError` naming the first rule it breaks, in the order of rule 41;
``apply_unchecked`` skips the checks for actions that came from ``legal_actions``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import starmap

from samrap.core.cards import card_str
from samrap.core.cardset import CardSet, set_str
from samrap.core.errors import IllegalActionError
from samrap.core.melds import (
    extension_cards,
    is_meld,
    is_run,
    is_set,
    melds_in,
)
from samrap.games.dummy.actions import (
    DRAW,
    PASS,
    Collect,
    Discard,
    DummyAction,
    Knock,
    LayOff,
    Meld,
    Pass,
)
from samrap.games.dummy.actions import Draw as DrawAction
from samrap.games.dummy.config import DummyConfig
from samrap.games.dummy.putdown import (
    chain_reach,
    knocks,
    layoff_room,
    owner_allows,
    single_layoffs,
)
from samrap.games.dummy.state import DummyState, Phase, TableReach
from samrap.games.dummy.suits import (
    RANK0,
    RUN_MELDS,
    RUNS_WITH,
    SET_MELDS,
    SETS_WITH,
    SUIT_DISCARDS,
    SUIT_SHIFT,
    WINDOWS,
    meld_cards,
)
from samrap.games.dummy.suits import meld_action as _meld
from samrap.games.dummy.transitions import apply_unchecked as apply_unchecked

_BITS = tuple(1 << c for c in range(52))
_DECK = set(range(52))
_DRAW, _PLAY = Phase.DRAW, Phase.PLAY
# Interned actions: a frozen dataclass costs about 1 µs to build, a cache hit a tenth of that.
_layoff = cache(LayOff)
_collect = cache(Collect)
_NO_REACH: TableReach = (0, ())  # no table meld, or no lay-off room
_D0, _D1, _D2, _D3 = SUIT_DISCARDS
#: The cards of ranks 2 to Q (where a run of three starts, without ``ace_low``) and the aces.
_RUN_STARTS = sum(0x7FF << 13 * suit for suit in range(4))
_ACES = RANK0 << 12
_NOT_TWOS, _NOT_ACES = ~RANK0, ~_ACES


# ---------------------------------------------------------------------------------------------
# The deal


def new_game(
    config: DummyConfig,
    deck: Sequence[int],
    starter: int,
    direction: int = 1,
    scores: Sequence[int] | None = None,
) -> DummyState:
    """Deal a game from an explicit deck order (rules 2-4).

    Cards are dealt one at a time starting with ``starter`` (the player after the dealer) and
    going in ``direction``; the next card is the first upcard; the rest is the stock.

    Raises:
        IllegalActionError: the deck is not a permutation of the 52 cards, or a seat is out of range.
    """
    n = config.players
    if len(deck) != 52 or set(deck) != _DECK:  # (a quarter of the instructions ``sorted`` takes)
        raise IllegalActionError(1, "a Dummy deck is the 52 cards 0..51, each exactly once")
    if not 0 <= starter < n:
        raise IllegalActionError(6, f"starting seat {starter} is not one of the {n} seats")
    if direction not in (1, -1):
        raise IllegalActionError(8, "direction is +1 (clockwise) or -1")
    deck = tuple(deck)
    hs = config.cards_per_hand
    dealt = n * hs
    hands = [0] * n
    for i in range(n):  # the i-th card of every round goes to the same seat
        hand = 0
        for c in deck[i:dealt:n]:
            hand |= _BITS[c]
        hands[(starter + direction * i) % n] = hand
    upcard = deck[dealt]
    zeros = (0,) * n
    return DummyState(
        config=config,
        phase=Phase.DRAW,
        current=starter,
        direction=direction,
        starter=starter,
        deck=deck,
        stock_pos=dealt + 1,
        stock_end=52 - 5 if config.burn else 52,
        hands=tuple(hands),
        row=(upcard,),
        row_by=(-1,),
        melds=(),
        meld_owner=(),
        put_down=zeros,
        known=zeros,
        born=0,
        layoffs=zeros,
        turn_born=False,
        ngo_from=-1,
        head=upcard,
        items=(),
        scores=tuple(scores) if scores is not None else zeros,
        row_cards=_BITS[upcard],
        reach=_NO_REACH,
    )


# ---------------------------------------------------------------------------------------------
# Collects (เก็บ)


def _collects(s: DummyState, seat: int) -> list[Collect]:
    cfg = s.config
    hand = s.hands[seat]
    row = s.row
    ace_low = cfg.ace_low
    row_mask = s.row_cards
    to_layoff = cfg.collect_to_layoff and layoff_room(s, seat) > 0
    if to_layoff:
        hopeful = row_mask
    else:
        # Superset filter over the whole row (many rows have no hopeful card at all): a meld with
        # target t lies among the hand and the row, so t is in a run window of their cards (three
        # suit-adjacent cards, all four suits at once as ``meldable_cards`` does) or its rank has
        # three cards among them. (The walk asks for a hand card in the meld: a window or a rank
        # of row cards alone is rare enough not to filter out here, where every draw pays.)
        # ``test_fast_twins.py`` compares the listing with a plain reading of rule 12.
        e = hand | row_mask
        x = e & e >> 1 & e >> 2 & _RUN_STARTS
        window = x | x << 1 | x << 2
        if ace_low:
            x = (e & _ACES) >> 12 & e & e >> 1  # A-2-3, marked on the 2
            window |= x | x << 1 | x << 12
        f0 = e & 0x1FFF
        f1 = e >> 13 & 0x1FFF
        f2 = e >> 26 & 0x1FFF
        f3 = e >> 39
        three = f0 & f1 & (f2 | f3) | f2 & f3 & (f0 | f1)  # the ranks with three cards or four
        hopeful = row_mask & (window | three * RANK0) if three else row_mask & window
        if not hopeful:
            return []
    runs_with = RUNS_WITH[ace_low]
    windows = WINDOWS[ace_low]
    # Walk the row newest first, so ``avail`` (the hand and every card after the target, which
    # are taken with it) grows by one card a step; stop once no hopeful card is left.
    found: list[list[Collect]] = []
    avail = hand
    i = len(row)
    while hopeful:
        i -= 1
        t = row[i]
        low = _BITS[t]
        if not hopeful & low:
            avail |= low
            continue
        hopeful ^= low
        here: list[Collect] = []
        # ``melds_with(t, avail)`` read off the tables: the runs by the suit's pattern, the sets
        # by the rank's suits (three or four of them), merged by mask.
        full = avail | low
        shift = SUIT_SHIFT[t]
        pattern = full >> shift & 0x1FFF
        r = t - shift
        ms = runs_with[pattern << 6 | t] if windows[pattern] >> r & 1 else ()  # (no window: no run)
        marks = full >> r & RANK0
        if marks.bit_count() >= 3:
            ms = tuple(sorted(ms + SETS_WITH[marks << 6 | t])) if ms else SETS_WITH[marks << 6 | t]
        for m in ms:
            if m & hand and full & ~m:
                here.append(_collect(i, m))
        if to_layoff:
            for j, meld in enumerate(s.melds):
                if extension_cards(meld, ace_low) >> t & 1 and owner_allows(s, j, low, seat):
                    here.append(Collect(i, 0, j))
        if here:
            found.append(here)
        avail |= low
    if len(found) == 1:
        return found[0]
    # Oldest target first; each target's list is already in sort_key order (melds by mask, then
    # lay-off targets).
    found.reverse()
    return [a for here in found for a in here]


# ---------------------------------------------------------------------------------------------
# Legal actions


def legal_actions(s: DummyState) -> list[DummyAction]:
    """Every legal action of the player to move, in ``sort_key`` order (empty once the game is over)."""
    p = s.current
    phase = s.phase
    if phase is _DRAW:
        return [DRAW, *_collects(s, p)]
    if phase is _PLAY:
        return _play_actions(s, p)
    if phase is Phase.LAST_DRAW:
        ok: list[DummyAction] = [c for c in _collects(s, p) if _knocks_after(s, c)]
        ok.append(PASS)
        return ok
    if phase is Phase.LAST_PLAY:
        return _last_play_actions(s, p)
    return []


#: Every Dummy move is one decision, so the legal moves (what players, records and the
#: environments' codecs read; ``Game.legal_moves``) are the legal actions, the same function.
legal_moves = legal_actions


def _knocks_after(s: DummyState, a: DummyAction) -> bool:
    """Whether the player to move can still knock after ``a`` (a legal action of this turn)."""
    after = apply_unchecked(s, a)
    return bool(knocks(after, after.current, after.hands[after.current]))


def _last_play_actions(s: DummyState, p: int) -> list[DummyAction]:
    """Rule 35: after the last-turn collect, the melds and lay-offs that keep a knock possible, and
    the knocks. The player is born (the collect made them so); no discard. Rare (once a game at
    most), so each meld and lay-off is checked by applying it."""
    hand = s.hands[p]
    ace_low = s.config.ace_low
    out: list[DummyAction] = []
    for m in melds_in(hand, ace_low):
        if hand & ~m and _knocks_after(s, meld := _meld(m)):
            out.append(meld)
    if hand.bit_count() >= 2:
        layoffs = single_layoffs(s, p, hand)
        layoffs.sort()
        for c, t in layoffs:
            if _knocks_after(s, layoff := _layoff(c, t)):
                out.append(layoff)
    out.extend(knocks(s, p, hand))
    return out


def _play_actions(s: DummyState, p: int) -> list[DummyAction]:
    """The actions after the draw (rules 16-19), in sort_key order (melds, lay-offs, discards,
    knocks): no sort needed.

    Its plain twin, ``play_actions_plain`` in tests/games/dummy/test_fast_twins.py, asks each
    kind of its own function; this runs on every play turn, so the hand's melds come from
    per-suit tables, the table's reach is looked up once for the lay-offs and the knocks, and the
    knocks' prune (in most turns, two cards that can go nowhere: no knock) is asked here, before
    any call; ``putdown.knocks`` asks it again, rarely, and lists the knocks.
    """
    hand = s.hands[p]
    cfg = s.config
    ace_low = cfg.ace_low
    # The hand's melds suit by suit (``meldable_cards`` and ``melds_in`` in one): the run windows
    # of each suit's pattern from a table, the ranks held in three suits or four.
    a = hand & 0x1FFF
    b = (hand >> 13) & 0x1FFF
    c = (hand >> 26) & 0x1FFF
    d = hand >> 39
    windows = WINDOWS[ace_low]
    wa, wb, wc, wd = windows[a], windows[b], windows[c], windows[d]
    meldable = wa | wb << 13 | wc << 26 | wd << 39
    three = a & b & (c | d) | c & d & (a | b)
    if three:
        meldable |= hand & three * RANK0  # (the rank pattern in every suit)
    limit = cfg.max_layoffs_per_game
    # The table's reach, kept with the table (the state's ``reach``), unless no lay-off is left.
    table = s.reach if limit is None or limit - s.layoffs[p] > 0 else _NO_REACH  # layoff_room, inlined
    reach = table[0] & hand
    out: list[DummyAction] = []
    several = hand & (hand - 1)  # two cards or more
    if s.born >> p & 1:
        if meldable:
            runs = RUN_MELDS[ace_low]
            ms: list[Meld] = []
            if wa:
                ms += runs[0][a]
            if wb:
                ms += runs[1][b]
            if wc:
                ms += runs[2][c]
            if wd:
                ms += runs[3][d]
            if three:
                while three:
                    low = three & -three
                    three ^= low
                    r = low.bit_length() - 1
                    ms += SET_MELDS[r][hand >> r & RANK0]
                ms.sort(key=meld_cards)  # (a set's cards span suits: runs and sets interleave)
            if meldable == hand:  # (only then can a meld take the whole hand, which rule 13 forbids)
                ms = [m for m in ms if m.cards != hand]
            out += ms
        if several and reach:
            # ``single_layoffs``, the table's reach at hand: each (card, meld index), sorted.
            free = cfg.layoff_on_layoff
            layoffs = []
            for i, ext in table[1]:
                ext &= hand
                while ext:
                    low = ext & -ext
                    ext ^= low
                    if free or owner_allows(s, i, low, p):
                        layoffs.append((low.bit_length() - 1, i))
            if layoffs:
                layoffs.sort()
                out += starmap(_layoff, layoffs)  # (no comprehension frame)
    if several:
        out += _D0[a]
        out += _D1[b]
        out += _D2[c]
        out += _D3[d]
    uncovered = hand & ~meldable
    if uncovered & (uncovered - 1):  # the prune of ``knocks``, its table reach already at hand
        if not reach:
            return out
        if ace_low:
            reach = chain_reach(reach, hand, True)
        else:  # ``suit_neighbours``, inlined: one step up or down inside the suit
            reach |= reach << 1 & _NOT_TWOS | reach >> 1 & _NOT_ACES
        if (uncovered & ~reach).bit_count() > 1:
            return out
    out.extend(knocks(s, p, hand, meldable))
    return out


# ---------------------------------------------------------------------------------------------
# Checked apply


def apply(s: DummyState, a: DummyAction, seat: int | None = None) -> DummyState:
    """Apply ``a`` for the player to move (or for ``seat``, which must be the player to move).

    Raises:
        IllegalActionError: the first rule the action breaks (rule 41's order).
    """
    if s.phase is Phase.OVER:
        raise IllegalActionError(19 if s.knocker >= 0 else 21, "the game is over")
    p = s.current
    if seat is not None and seat != p:
        raise IllegalActionError(6, f"it is seat {p}'s turn, not seat {seat}'s")
    match a:
        case DrawAction() | Collect() | Pass():
            if s.phase in (Phase.PLAY, Phase.LAST_PLAY):
                raise IllegalActionError(30, "one draw or collect per turn, and it comes first")
        case Meld() | LayOff() | Discard() | Knock():
            if s.phase in (Phase.DRAW, Phase.LAST_DRAW):
                raise IllegalActionError(
                    30, "draw or collect first; melds, lay-offs and the end of the turn come after"
                )
        case _:
            raise IllegalActionError(11, f"not a Dummy action: {a!r}")
    _check(s, p, a)
    return apply_unchecked(s, a)


def _check(s: DummyState, p: int, a: DummyAction) -> None:
    hand = s.hands[p]
    cfg = s.config
    born = bool(s.born >> p & 1)
    last = s.phase in (Phase.LAST_DRAW, Phase.LAST_PLAY)
    match a:
        case DrawAction():
            if last:
                raise IllegalActionError(35, "the stock is empty: collect and knock, or pass")
        case Pass():
            if not last:
                raise IllegalActionError(35, "passing is only for the last turn after the stock runs out")
        case Collect():
            _check_collect(s, p, a)
            if last and not _knocks_after(s, a):
                raise IllegalActionError(35, "on the last turn a collect must be followed by a knock")
        case Meld(cards=m):
            if not born:
                raise IllegalActionError(15, "a player who is not born (เกิด) may not meld from hand")
            if m & ~hand:
                raise IllegalActionError(16, f"{set_str(m & ~hand)} not in hand")
            if not is_meld(m, cfg.ace_low):
                raise IllegalActionError(10, f"{set_str(m)} is neither a set nor a run")
            if not hand & ~m:
                raise IllegalActionError(13, "a move may not leave the hand empty before the turn ends")
            if last and not _knocks_after(s, a):
                raise IllegalActionError(35, "on the last turn, a meld must leave a knock possible")
        case LayOff(card=c, target=t):
            if not born:
                raise IllegalActionError(15, "a player who is not born (เกิด) may not lay off")
            if not hand >> c & 1:
                raise IllegalActionError(17, f"{card_str(c)} is not in hand")
            if not 0 <= t < len(s.melds):
                raise IllegalActionError(17, f"there is no table meld >{t}")
            if not extension_cards(s.melds[t], cfg.ace_low) >> c & 1:
                raise IllegalActionError(17, f"{card_str(c)} does not extend meld >{t} ({set_str(s.melds[t])})")
            if not owner_allows(s, t, 1 << c, p):
                raise IllegalActionError(40, f"{card_str(c)} must touch a card the owner of meld >{t} put down")
            if layoff_room(s, p) <= 0:
                raise IllegalActionError(17, f"at most {cfg.max_layoffs_per_game} lay-offs per game")
            if hand.bit_count() < 2:
                raise IllegalActionError(13, "a move may not leave the hand empty before the turn ends")
            if last and not _knocks_after(s, a):
                raise IllegalActionError(35, "on the last turn, a lay-off must leave a knock possible")
        case Discard(card=c):
            if last:
                raise IllegalActionError(35, "the last turn ends with a knock, not a discard")
            if not hand >> c & 1:
                raise IllegalActionError(18, f"{card_str(c)} is not in hand")
            if hand.bit_count() < 2:
                raise IllegalActionError(33, "one card left: the only way to end the turn is to knock with it")
        case Knock():
            _check_knock(s, p, a)


def _check_collect(s: DummyState, p: int, a: Collect) -> None:
    cfg = s.config
    hand = s.hands[p]
    if not 0 <= a.index < len(s.row):
        raise IllegalActionError(12, f"the row has no card at index {a.index} (it holds {len(s.row)})")
    t = s.row[a.index]
    taken = 0
    for c in s.row[a.index :]:
        taken |= 1 << c
    if a.onto >= 0:
        if not cfg.collect_to_layoff:
            raise IllegalActionError(12, "the target must go into a new meld (collect_to_layoff is off)")
        if a.meld:
            raise IllegalActionError(12, "a collect either melds the target or lays it off, not both")
        if a.onto >= len(s.melds):
            raise IllegalActionError(12, f"there is no table meld >{a.onto}")
        if not extension_cards(s.melds[a.onto], cfg.ace_low) >> t & 1:
            raise IllegalActionError(17, f"{card_str(t)} does not extend meld >{a.onto}")
        if not owner_allows(s, a.onto, 1 << t, p):
            raise IllegalActionError(40, f"{card_str(t)} must touch a card the owner of meld >{a.onto} put down")
        if layoff_room(s, p) <= 0:
            raise IllegalActionError(17, f"at most {cfg.max_layoffs_per_game} lay-offs per game")
        return
    m = a.meld
    if not m >> t & 1:
        raise IllegalActionError(12, f"the meld must contain the target {card_str(t)}")
    if m & ~(hand | taken):
        raise IllegalActionError(31, f"{set_str(m & ~(hand | taken))} is neither in hand nor taken with {card_str(t)}")
    if not m & hand:
        raise IllegalActionError(12, "the meld needs at least one card from hand")
    if not is_meld(m, cfg.ace_low):
        raise IllegalActionError(10, f"{set_str(m)} is neither a set nor a run")
    if not (hand | taken) & ~m:
        raise IllegalActionError(13, "a move may not leave the hand empty before the turn ends")


def _check_knock(s: DummyState, p: int, a: Knock) -> None:
    cfg = s.config
    hand = s.hands[p]
    if not hand >> a.card & 1:
        raise IllegalActionError(19, f"the face-down card {card_str(a.card)} is not in hand")
    rest = hand & ~(1 << a.card)
    used = 0
    for m in a.melds:
        if m & used:
            raise IllegalActionError(19, f"{set_str(m & used)} is used twice in the knock")
        if not is_meld(m, cfg.ace_low):
            raise IllegalActionError(10, f"{set_str(m)} is neither a set nor a run")
        used |= m
    groups: dict[int, CardSet] = {}
    for c, t in a.layoffs:
        if used >> c & 1:
            raise IllegalActionError(19, f"{card_str(c)} is used twice in the knock")
        if not 0 <= t < len(s.melds):
            raise IllegalActionError(17, f"there is no table meld >{t}")
        used |= 1 << c
        groups[t] = groups.get(t, 0) | (1 << c)
    if used & ~rest:
        raise IllegalActionError(19, f"{set_str(used & ~rest)} not in hand (besides the face-down card)")
    if used != rest:
        raise IllegalActionError(19, f"a knock puts down every card but one; {set_str(rest & ~used)} left over")
    for t, g in groups.items():
        meld = s.melds[t]
        ok = is_set(meld | g) if is_set(meld) else is_run(meld | g, cfg.ace_low)
        if not ok:
            raise IllegalActionError(17, f"{set_str(g)} does not extend meld >{t} ({set_str(meld)})")
        if not owner_allows(s, t, g, p):
            raise IllegalActionError(40, f"{set_str(g)} must touch cards the owner of meld >{t} put down")
    if a.layoffs and len(a.layoffs) > layoff_room(s, p):
        raise IllegalActionError(17, f"at most {cfg.max_layoffs_per_game} lay-offs per game")
