"""The rules of Thai Dummy as pure functions: deal, legal actions, apply.

Rule numbers are those of ``docs/rules/dummy.md``. ``legal_actions`` lists every legal action
in a fixed order (``actions.sort_key``); ``apply`` checks an action and raises
:class:`IllegalActionError` naming the first rule it breaks, in the order of rule 41;
``apply_unchecked`` skips the checks for actions that came from ``legal_actions``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from samrap.core.cards import card_str
from samrap.core.cardset import FULL_DECK, RANK_MASKS, SUIT_MASKS, CardSet, set_str
from samrap.core.errors import IllegalActionError
from samrap.core.melds import (
    RUN_PARTNERS,
    SAME_RANK,
    extension_cards,
    is_meld,
    is_run,
    is_set,
    meldable_cards,
    melds_in,
    melds_with,
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
from samrap.games.dummy.cards import is_speto
from samrap.games.dummy.config import DummyConfig
from samrap.games.dummy.putdown import knocks, layoff_room, owner_allows, single_layoffs
from samrap.games.dummy.state import DummyState, LedgerItem, Phase, field_index

#: Interned discard actions, one per card (discards are the commonest action).
DISCARDS = tuple(Discard(c) for c in range(52))
_BITS = tuple(1 << c for c in range(52))
_S0, _S1, _S2, _S3 = SUIT_MASKS
_DRAW, _PLAY = Phase.DRAW, Phase.PLAY
_ACES = RANK_MASKS[12]
_RUN_STARTS = sum(((1 << 11) - 1) << (13 * s) for s in range(4))  # cards with two above them in suit
# Interned actions: a frozen dataclass costs about 1 µs to build, a cache hit a tenth of that.
_meld = cache(Meld)
_layoff = cache(LayOff)
_collect = cache(Collect)


class _SuitDiscards(dict[int, tuple[Discard, ...]]):
    """The discard actions of one suit's 13-bit pattern, built on first use (not at import).

    A dict with ``__missing__`` rather than ``functools.cache``: a hit is a plain subscript, with
    no wrapper call, and this lookup runs four times on every turn.
    """

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.suit = suit

    def __missing__(self, pattern: int) -> tuple[Discard, ...]:
        found = tuple(DISCARDS[13 * self.suit + r] for r in range(13) if pattern >> r & 1)
        self[pattern] = found
        return found


_D0, _D1, _D2, _D3 = (_SuitDiscards(suit) for suit in range(4))


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
    if sorted(deck) != list(range(52)):
        raise IllegalActionError(1, "a Dummy deck is the 52 cards 0..51, each exactly once")
    if not 0 <= starter < n:
        raise IllegalActionError(6, f"starting seat {starter} is not one of the {n} seats")
    if direction not in (1, -1):
        raise IllegalActionError(8, "direction is +1 (clockwise) or -1")
    deck = tuple(deck)
    hs = config.cards_per_hand
    hands = [0] * n
    for k in range(n * hs):
        hands[(starter + direction * (k % n)) % n] |= 1 << deck[k]
    upcard = deck[n * hs]
    zeros = (0,) * n
    return DummyState(
        config=config,
        phase=Phase.DRAW,
        current=starter,
        direction=direction,
        starter=starter,
        deck=deck,
        stock_pos=n * hs + 1,
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
    )


# ---------------------------------------------------------------------------------------------
# Collects (เก็บ)


def _collects(s: DummyState, seat: int) -> list[Collect]:
    cfg = s.config
    hand = s.hands[seat]
    row = s.row
    ace_low = cfg.ace_low
    row_mask = sum(map(_BITS.__getitem__, row))
    to_layoff = cfg.collect_to_layoff and layoff_room(s, seat) > 0
    if to_layoff:
        hopeful = row_mask
    else:
        # Superset filter over the whole row (many rows have no hopeful card at all): a meld with
        # target t holds a hand card, either of t's rank (and the rank has three cards among hand
        # and row) or of t's suit (and t is in three suit-adjacent cards among hand and row).
        everything = hand | row_mask
        a = hand & 0x1FFF
        b = (hand >> 13) & 0x1FFF
        c = (hand >> 26) & 0x1FFF
        d = hand >> 39
        ranks = a | b | c | d
        hand_suits = (a and _S0) | (b and _S1) | (c and _S2) | (d and _S3)
        # The run windows and three-of-a-rank of ``everything``, inlined: this runs on every draw.
        x = everything & (everything >> 1) & (everything >> 2) & _RUN_STARTS
        near = x | x << 1 | x << 2
        if ace_low:
            x = (everything & _ACES) >> 12 & everything & (everything >> 1)  # A-2-3, marked on the 2
            near |= x | x << 1 | x << 12
        a = everything & 0x1FFF
        b = (everything >> 13) & 0x1FFF
        c = (everything >> 26) & 0x1FFF
        d = everything >> 39
        three = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
        near &= hand_suits
        three &= ranks  # ranks with three cards in all, one of them in hand
        if three:
            near |= three | three << 13 | three << 26 | three << 39
        hopeful = row_mask & near
        if not hopeful:
            return []
    partners = RUN_PARTNERS[ace_low]
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
        maybe = (SAME_RANK[t] & avail).bit_count() >= 2
        if not maybe:
            for pair in partners[t]:
                if avail & pair == pair:
                    maybe = True
                    break
        if maybe:
            for m in melds_with(t, avail, ace_low):
                if m & hand and (avail | low) & ~m:
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
    # Built kind by kind in sort_key order (melds, lay-offs, discards, knocks): no sort needed.
    hand = s.hands[p]
    ace_low = s.config.ace_low
    meldable = meldable_cards(hand, ace_low)
    out: list[DummyAction] = []
    several = hand.bit_count() >= 2
    if s.born >> p & 1:
        if meldable:
            for m in melds_in(hand, ace_low):
                if hand & ~m:
                    out.append(_meld(m))
        if several:
            layoffs = single_layoffs(s, p, hand)
            if layoffs:
                layoffs.sort()
                out += [_layoff(c, t) for c, t in layoffs]
    if several:
        out += _D0[hand & 0x1FFF]
        out += _D1[(hand >> 13) & 0x1FFF]
        out += _D2[(hand >> 26) & 0x1FFF]
        out += _D3[hand >> 39]
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
                raise IllegalActionError(17, f"there is no table meld {t}")
            if not extension_cards(s.melds[t], cfg.ace_low) >> c & 1:
                raise IllegalActionError(17, f"{card_str(c)} does not extend meld {t} ({set_str(s.melds[t])})")
            if not owner_allows(s, t, 1 << c, p):
                raise IllegalActionError(40, f"{card_str(c)} must touch a card the owner of meld {t} put down")
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
            raise IllegalActionError(12, f"there is no table meld {a.onto}")
        if not extension_cards(s.melds[a.onto], cfg.ace_low) >> t & 1:
            raise IllegalActionError(17, f"{card_str(t)} does not extend meld {a.onto}")
        if not owner_allows(s, a.onto, 1 << t, p):
            raise IllegalActionError(40, f"{card_str(t)} must touch a card the owner of meld {a.onto} put down")
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
            raise IllegalActionError(17, f"there is no table meld {t}")
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
            raise IllegalActionError(17, f"{set_str(g)} does not extend meld {t} ({set_str(meld)})")
        if not owner_allows(s, t, g, p):
            raise IllegalActionError(40, f"{set_str(g)} must touch cards the owner of meld {t} put down")
    if a.layoffs and len(a.layoffs) > layoff_room(s, p):
        raise IllegalActionError(17, f"at most {cfg.max_layoffs_per_game} lay-offs per game")


# ---------------------------------------------------------------------------------------------
# Unchecked apply (for actions from legal_actions)


#: Builds a state from a full list of its fields, skipping the named tuple's Python-level
#: ``__new__`` (half the cost of a successor state). The hot transitions (draw, collect, discard)
#: copy ``list(s)`` and set the fields they change by name (``state.field_index``); a draw, a
#: collect and a discard only happen in a live game, so ``knocker`` and ``knock_card`` stay -1.
_state = tuple.__new__
_PHASE = field_index("phase")
_CURRENT = field_index("current")
_STOCK_POS = field_index("stock_pos")
_HANDS = field_index("hands")
_ROW = field_index("row")
_ROW_BY = field_index("row_by")
_MELDS = field_index("melds")
_MELD_OWNER = field_index("meld_owner")
_PUT_DOWN = field_index("put_down")
_KNOWN = field_index("known")
_BORN = field_index("born")
_LAYOFFS = field_index("layoffs")
_TURN_BORN = field_index("turn_born")
_NGO_FROM = field_index("ngo_from")
_ITEMS = field_index("items")


def _replace_at(t: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    changed = list(t)  # faster than slicing and unpacking, on CPython 3.11 (timeit)
    changed[i] = v
    return tuple(changed)


def _speto_item(s: DummyState, card: int, target: int, seat: int) -> tuple[LedgerItem, ...]:
    pen = s.config.speto_layoff_penalty
    owner = s.meld_owner[target]
    if pen and is_speto(card) and owner != seat:
        return (LedgerItem(owner, "speto_laid_on", -pen, card_str(card)),)
    return ()


def apply_unchecked(s: DummyState, a: DummyAction) -> DummyState:
    """Apply an action known to be legal (from ``legal_actions``); no checks."""
    p = s.current
    hands = s.hands
    hand = hands[p]
    if isinstance(a, Discard):  # the commonest action, ahead of the match
        return _apply_discard(s, p, a.card)
    match a:
        case DrawAction():
            card = s.deck[s.stock_pos]
            new_hands = list(hands)
            new_hands[p] = hand | 1 << card
            new = list(s)
            new[_PHASE] = _PLAY
            new[_STOCK_POS] = s.stock_pos + 1
            new[_HANDS] = tuple(new_hands)
            return _state(DummyState, new)
        case Collect(index=i, meld=m, onto=onto):
            return _apply_collect(s, p, i, m, onto)
        case Meld(cards=m):
            return _with(
                s,
                hands=_replace_at(hands, p, hand & ~m),
                melds=(*s.melds, m),
                meld_owner=(*s.meld_owner, p),
                put_down=_replace_at(s.put_down, p, s.put_down[p] | m),
                known=_replace_at(s.known, p, s.known[p] & ~m),
            )
        case LayOff(card=c, target=t):
            b = 1 << c
            return _with(
                s,
                hands=_replace_at(hands, p, hand & ~b),
                melds=_replace_at(s.melds, t, s.melds[t] | b),
                put_down=_replace_at(s.put_down, p, s.put_down[p] | b),
                known=_replace_at(s.known, p, s.known[p] & ~b),
                layoffs=_replace_at(s.layoffs, p, s.layoffs[p] + 1),
                items=s.items + _speto_item(s, c, t, p),
            )
        case Knock(card=c, melds=ms, layoffs=ls):
            melds = list(s.melds)
            items = s.items
            for card, t in ls:
                melds[t] |= 1 << card
                items += _speto_item(s, card, t, p)
            down = hand & ~(1 << c)
            return _with(
                s,
                phase=Phase.OVER,
                hands=_replace_at(hands, p, 0),
                melds=(*melds, *ms),
                meld_owner=s.meld_owner + (p,) * len(ms),
                put_down=_replace_at(s.put_down, p, s.put_down[p] | down),
                known=_replace_at(s.known, p, 0),
                layoffs=_replace_at(s.layoffs, p, s.layoffs[p] + len(ls)),
                items=items,
                knocker=p,
                knock_card=c,
            )
        case Pass():
            return _with(s, phase=Phase.OVER)
    raise IllegalActionError(11, f"not a Dummy action: {a!r}")


def _apply_collect(s: DummyState, p: int, i: int, m: CardSet, onto: int) -> DummyState:
    cfg = s.config
    hand = s.hands[p]
    t = s.row[i]
    taken = sum(map(_BITS.__getitem__, s.row[i:]))
    items = s.items
    melds, owners, layoffs = s.melds, s.meld_owner, s.layoffs
    if onto >= 0:
        down = 1 << t
        melds = _replace_at(melds, onto, melds[onto] | down)
        layoffs = _replace_at(layoffs, p, layoffs[p] + 1)
        items += _speto_item(s, t, onto, p)
    else:
        down = m
        melds = (*melds, m)
        owners = (*owners, p)
    new_hand = (hand | taken) & ~down
    # โง่ (rules 27, 37): a one-card collect of the newest card, discarded by the previous player.
    ngo_from = s.row_by[i] if i == len(s.row) - 1 and s.row_by[i] >= 0 else -1
    if t == s.head and (cfg.head_bonus or cfg.head_penalty):
        if cfg.head_bonus:
            items += (LedgerItem(p, "head", cfg.head_bonus * (2 if is_speto(t) else 1), card_str(t)),)
        feeder = _head_feeder(s, p, i, m) if cfg.head_penalty and onto < 0 else -1
        if feeder >= 0:
            items += (LedgerItem(feeder, "head_penalty", -cfg.head_penalty, card_str(t)),)
    hands = list(s.hands)
    hands[p] = new_hand
    put_down = list(s.put_down)
    put_down[p] |= down
    known = list(s.known)
    known[p] = (known[p] | taken) & new_hand
    new = list(s)
    new[_PHASE] = Phase.LAST_PLAY if s.phase is Phase.LAST_DRAW else _PLAY
    new[_HANDS] = tuple(hands)
    new[_ROW] = s.row[:i]
    new[_ROW_BY] = s.row_by[:i]
    new[_MELDS] = melds
    new[_MELD_OWNER] = owners
    new[_PUT_DOWN] = tuple(put_down)
    new[_KNOWN] = tuple(known)
    new[_BORN] = s.born | 1 << p
    new[_LAYOFFS] = layoffs
    new[_NGO_FROM] = ngo_from
    new[_ITEMS] = items
    return _state(DummyState, new)


def _head_feeder(s: DummyState, p: int, i: int, m: CardSet) -> int:
    """Who pays ปี้หัว (modern head rule) when ``p`` collects the head at row index ``i`` into ``m``.

    The meld only became possible once its newest row card was discarded, so that card's discarder
    fed the head: the newest row card of the meld other than the head. A meld completed from hand
    (no row card but the head) or fed by the collector's own discard costs nobody (-1).
    """
    row, row_by = s.row, s.row_by
    for j in range(len(row) - 1, i, -1):
        if m >> row[j] & 1:
            who = row_by[j]
            return who if who >= 0 and who != p else -1
    return -1


def _apply_discard(s: DummyState, p: int, c: int) -> DummyState:
    cfg = s.config
    items = s.items
    if cfg.discard_layoff_penalty and any(
        extension_cards(m, cfg.ace_low) >> c & 1 and owner_allows(s, i, 1 << c, p) for i, m in enumerate(s.melds)
    ):
        items += (LedgerItem(p, "discard_layoff", -cfg.discard_layoff_penalty, card_str(c)),)
    if cfg.discard_full_penalty:
        row_mask = 0
        for r in s.row:
            row_mask |= 1 << r
        if melds_with(c, row_mask & FULL_DECK, cfg.ace_low):
            items += (LedgerItem(p, "discard_full", -cfg.discard_full_penalty, card_str(c)),)
    nxt = (p + s.direction) % cfg.players
    b = 1 << c
    known = s.known
    if known[p] & b:
        known = _replace_at(known, p, known[p] & ~b)
    hands = list(s.hands)
    hands[p] &= ~b
    new = list(s)
    new[_PHASE] = Phase.LAST_DRAW if s.stock_pos >= s.stock_end else _DRAW
    new[_CURRENT] = nxt
    new[_HANDS] = tuple(hands)
    new[_ROW] = (*s.row, c)
    new[_ROW_BY] = (*s.row_by, p)
    new[_KNOWN] = known
    new[_TURN_BORN] = bool(s.born >> nxt & 1)
    new[_NGO_FROM] = -1
    new[_ITEMS] = items
    return _state(DummyState, new)


def _with(s: DummyState, **changes: object) -> DummyState:
    """A copy of ``s`` with ``changes`` (for the rarer transitions; hot ones call the constructor)."""
    return s._replace(**changes)  # type: ignore[arg-type]
