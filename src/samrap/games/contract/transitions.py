"""State transitions of Contract Rummy without any legality checks: the deal and ``apply_unchecked``.

Successor states are built with the constructor (DESIGN §7.4). Actions name faces; :func:`pick`
chooses which physical copy moves, preferring the copies everyone already knows about (the deep
card, a joker taken back by exchange, cards taken from the pile) so that a move never tells the
other seats more than a real table would.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from samrap.core.errors import IllegalActionError
from samrap.core.rng import make_rng, shuffled
from samrap.games.contract.actions import (
    Claim,
    ContractAction,
    Discard,
    Draw,
    Exchange,
    GoDown,
    GoDownMeld,
    LayOff,
    Meld,
    Pass,
    PickUp,
)
from samrap.games.contract.cards import bits, lowest
from samrap.games.contract.config import ContractConfig
from samrap.games.contract.contracts import contract
from samrap.games.contract.melds import Spec, TableMeld, exchanged, make_meld, spec_shape, with_card
from samrap.games.contract.state import (
    CLAIM_PHASE,
    DRAW_PHASE,
    OVER_PHASE,
    PLAY_PHASE,
    ContractState,
    Phase,
    field_index,
)


def new_deal(
    config: ContractConfig,
    deck: Sequence[int],
    dealer: int,
    deal: int = 1,
    scores: Sequence[int] | None = None,
    seed: int = 0,
) -> ContractState:
    """Deal from an explicit deck order (rules 5, 6): one card at a time from the dealer's left.

    The next card starts the discard pile; the rest is the stock, ``deck[k]`` drawn before
    ``deck[k + 1]``. ``seed`` drives the empty-stock reshuffles (rule 28).

    Raises:
        IllegalActionError: the deck is not the pack, a seat or the deal number is out of range.
    """
    n = config.players
    pack = config.pack
    if sorted(deck) != list(range(pack.size)):
        raise IllegalActionError(2, f"a deck is the {pack.size} cards 0..{pack.size - 1} of the pack, each once")
    if not 0 <= dealer < n:
        raise IllegalActionError(6, f"dealer seat {dealer} is not one of the {n} seats")
    if not 1 <= deal <= 7:
        raise IllegalActionError(5, f"deals are numbered 1 to 7, not {deal}")
    if scores is not None and len(scores) != n:
        raise IllegalActionError(21, f"scores need one total per seat ({n})")
    hs = config.hand_size(deal)
    hands = [0] * n
    for k in range(n * hs):
        hands[(dealer + 1 + k) % n] |= 1 << deck[k]
    zeros = (0,) * n
    return ContractState(
        config=config,
        deal=deal,
        dealer=dealer,
        phase=Phase.DRAW,
        current=(dealer + 1) % n,
        claimer=-1,
        hands=tuple(hands),
        known=zeros,
        stock=tuple(deck[n * hs + 1 :]),
        pile=(deck[n * hs],),
        melds=(),
        down=0,
        went_down=False,
        forbid=-1,
        deep=-1,
        pending=0,
        buys=zeros,
        reshuffles=0,
        seed=seed,
        turns=0,
        scores=tuple(scores) if scores is not None else zeros,
    )


def reshuffle_order(seed: int, k: int, cards: Sequence[int]) -> tuple[int, ...]:
    """The new stock of reshuffle ``k`` (1, 2, ...): ``cards`` sorted, then shuffled from ``seed``."""
    return shuffled(sorted(cards), make_rng(f"contract-reshuffle:{seed}:{k}"))


def pick(s: ContractState, p: int, cands: int) -> int:
    """Which physical card of ``cands`` (a non-empty subset of seat ``p``'s hand) moves.

    The deep card first (it must reach the table), then jokers taken back by exchange, then cards
    everyone saw taken, then the lowest id: the copy that tells the other seats the least.
    """
    if s.deep >= 0 and cands >> s.deep & 1:
        return s.deep
    x = cands & s.pending
    if x:
        return lowest(x)
    x = cands & s.known[p]
    return lowest(x if x else cands)


def _set(t: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    """``t`` with item ``i`` replaced (through a list: faster than slicing for seat tuples)."""
    out = list(t)
    out[i] = v
    return tuple(out)


def next_buyer(s: ContractState, after: int) -> int:
    """The next seat after ``after`` (stopping before the player in turn) that may buy, or -1."""
    cfg = s.config
    n = cfg.players
    q = (after + 1) % n
    while q != s.current:
        if not s.down >> q & 1 and s.buys[q] < cfg.max_buys:
            return q
        q = (q + 1) % n
    return -1


def can_open_claim(s: ContractState) -> bool:
    """Liverpool: a declined top discard can be bought only with 2 stock cards (penalty + the draw)."""
    return s.config.buying and bool(s.pile) and len(s.stock) >= 2


#: ``_new(ContractState, fields)`` builds a state from the full list of its fields without the
#: ``NamedTuple``'s Python-level ``__new__`` (a 22-argument call), about a third of the cost of the
#: hottest transitions. They copy ``list(s)`` and set the fields they change by the positions
#: below, named from ``ContractState._fields`` (``state.field_index``), so that a field added or
#: moved is followed; ``tests/games/contract/test_state.py`` pins the order and checks that each
#: of them changes only its fields, and the trace tests pin what they build.
_new = tuple.__new__
_CONFIG = field_index("config")
_SEED = field_index("seed")
_PHASE = field_index("phase")
_CURRENT = field_index("current")
_CLAIMER = field_index("claimer")
_HANDS = field_index("hands")
_KNOWN = field_index("known")
_STOCK = field_index("stock")
_PILE = field_index("pile")
_MELDS = field_index("melds")
_DOWN = field_index("down")
_WENT_DOWN = field_index("went_down")
_FORBID = field_index("forbid")
_DEEP = field_index("deep")
_PENDING = field_index("pending")
_RESHUFFLES = field_index("reshuffles")
_TURNS = field_index("turns")
_OUT = field_index("out")
_STAGING = field_index("staging")


def _draw_stock(s: ContractState, hands: tuple[int, ...], stock: tuple[int, ...]) -> ContractState:
    """The player in turn takes ``stock[0]`` into ``hands`` (a draw, or the draw after a buy)."""
    new: list[Any] = list(s)
    p: int = new[_CURRENT]
    new_hands = list(hands)
    new_hands[p] = hands[p] | 1 << stock[0]
    new[_PHASE] = PLAY_PHASE
    new[_CLAIMER] = -1
    new[_HANDS] = tuple(new_hands)
    new[_STOCK] = stock[1:]
    new[_WENT_DOWN] = False
    new[_FORBID] = -1
    new[_DEEP] = -1
    new[_PENDING] = 0
    new[_OUT] = -1
    return _new(ContractState, new)


def _put_down(s: ContractState, p: int, hand: int, melds: tuple[TableMeld, ...], down: int = -1) -> ContractState:
    """After cards left seat ``p``'s hand for the table: clear what they satisfied, or go out.

    ``down`` >= 0 marks a go-down (the new down mask; ``went_down`` becomes true; ``staging``,
    a go-down chosen a meld at a time, is cleared: this is its whole move).
    """
    new: list[Any] = list(s)
    if hand:
        new[_PHASE] = PLAY_PHASE  # (``out`` stays -1 while the deal goes on)
    else:
        new[_PHASE] = OVER_PHASE
        new[_OUT] = p
    seats = list(new[_HANDS])  # (_set, inlined here and below: a call less a move)
    seats[p] = hand
    new[_HANDS] = tuple(seats)
    known: tuple[int, ...] = new[_KNOWN]
    if known[p] & ~hand:
        seats = list(known)
        seats[p] = known[p] & hand
        new[_KNOWN] = tuple(seats)
    new[_MELDS] = melds
    if down >= 0:
        new[_DOWN] = down
        new[_WENT_DOWN] = True
        new[_STAGING] = ()  # a go-down put down a meld at a time is complete
    deep: int = new[_DEEP]
    if deep >= 0 and not hand >> deep & 1:
        new[_DEEP] = -1
    new[_PENDING] = new[_PENDING] & hand
    return _new(ContractState, new)


def _place(s: ContractState, p: int, hand: int, spec: Spec) -> tuple[int, TableMeld]:
    """Take the cards of ``spec`` out of ``hand``; returns the rest and the new table meld."""
    cfg = s.config
    pack = cfg.pack
    cards = 0
    jokers = []
    for layer in (spec.nat, *spec.more) if spec.more else (spec.nat,):
        for f in bits(layer):
            pid = pick(s, p, hand & pack.face_masks[f])
            hand ^= 1 << pid
            cards |= 1 << pid
    for f in bits(spec.jok):
        pid = pick(s, p, hand & pack.jokers_mask)
        hand ^= 1 << pid
        cards |= 1 << pid
        jokers.append((pid, f))
    sh = spec_shape(spec, cfg.set_suits == "any")
    assert sh is not None, "apply_unchecked got an invalid meld"
    return hand, make_meld(p, sh, spec.faces, cards, tuple(jokers))


def apply_unchecked(s: ContractState, a: ContractAction) -> ContractState:
    """Apply an action known to be legal (from ``legal_actions`` or ``legal_moves``); no checks.

    A :class:`GoDownMeld` adds its meld to ``staging``; the one that completes the contract is
    exactly the whole :class:`GoDown` of the staged melds from the state without them.

    The commonest cases (discards, draws, pick-ups and lay-offs are most moves) are asked with
    ``isinstance``, in that order, and read their fields after: a ``match`` class pattern with
    fields costs several times more (each field is read through its own lookup), and
    ``apply_unchecked`` runs once an action and again for each move the rule-30 search tries.
    """
    p = s.current
    if isinstance(a, Discard):
        return _discard(s, p, a.face)
    if isinstance(a, Draw):
        if s.phase is DRAW_PHASE and s.config.buying and can_open_claim(s):
            q = next_buyer(s, p)
            if q >= 0:
                return _with(s, phase=CLAIM_PHASE, claimer=q)
        return _draw_stock(s, s.hands, s.stock)
    if isinstance(a, PickUp):
        return _pick_up(s, p, a.depth)
    if isinstance(a, LayOff):
        f, t, joker = a.face, a.target, a.joker
        pack = s.config.pack
        hand = s.hands[p]
        pid = pick(s, p, hand & (pack.jokers_mask if joker else pack.face_masks[f]))
        melds = (*s.melds[:t], with_card(s.melds[t], f, pid, joker), *s.melds[t + 1 :])
        return _put_down(s, p, hand & ~(1 << pid), melds)
    match a:
        case GoDown(melds=specs):
            hand = s.hands[p]
            placed: list[TableMeld] = []
            for spec in specs:
                hand, m = _place(s, p, hand, spec)
                placed.append(m)
            return _put_down(s, p, hand, (*s.melds, *placed), s.down | 1 << p)
        case Meld(meld=spec):
            hand, m = _place(s, p, s.hands[p], spec)
            return _put_down(s, p, hand, (*s.melds, m))
        case GoDownMeld(meld=spec):
            staged = (*s.staging, spec)
            sets, runs = contract(s.deal)
            if len(staged) < sets + runs:  # the cards stay in the hand (rule 22)
                new = list(s)  # (as the other transitions: ``_replace`` is several times dearer)
                new[_STAGING] = staged
                return _new(ContractState, new)
            return apply_unchecked(s, GoDown(staged))  # which clears ``staging`` (_put_down)
        case Exchange(face=f, target=t):
            pid = pick(s, p, s.hands[p] & s.config.pack.face_masks[f])
            meld, jid = exchanged(s.melds[t], f, pid)
            hand = (s.hands[p] & ~(1 << pid)) | 1 << jid
            deep = -1 if pid == s.deep else s.deep
            return _with(
                s,
                hands=_set(s.hands, p, hand),
                known=_set(s.known, p, (s.known[p] & hand) | 1 << jid),
                melds=(*s.melds[:t], meld, *s.melds[t + 1 :]),
                deep=deep,
                pending=s.pending | 1 << jid,
            )
        case Claim():
            q = s.claimer
            top, penalty = s.pile[-1], s.stock[0]
            hands = _set(s.hands, q, s.hands[q] | 1 << top | 1 << penalty)
            after = _with(
                s, pile=s.pile[:-1], known=_set(s.known, q, s.known[q] | 1 << top), buys=_set(s.buys, q, s.buys[q] + 1)
            )
            return _draw_stock(after, hands, s.stock[1:])
        case Pass():
            q = next_buyer(s, s.claimer)
            if q >= 0:
                return _with(s, claimer=q)
            return _draw_stock(s, s.hands, s.stock)
    raise IllegalActionError(12, f"not a Contract Rummy action: {a!r}")


def _pick_up(s: ContractState, p: int, k: int) -> ContractState:
    """Seat ``p`` takes the pile's top ``k + 1`` cards (``k`` > 0: a deep pick-up, rule 12)."""
    pile = s.pile
    cut = len(pile) - k - 1
    taken_cards = pile[cut:]
    taken = 0
    for c in taken_cards:
        taken |= 1 << c
    new: list[Any] = list(s)
    new[_PHASE] = PLAY_PHASE
    seats = list(new[_HANDS])  # (_set, inlined)
    seats[p] |= taken
    new[_HANDS] = tuple(seats)
    seats = list(new[_KNOWN])
    seats[p] |= taken
    new[_KNOWN] = tuple(seats)
    new[_PILE] = pile[:cut]
    if k:
        new[_FORBID] = -1
        new[_DEEP] = taken_cards[0]
    else:
        new[_FORBID] = new[_CONFIG].pack.faces[taken_cards[0]]
        new[_DEEP] = -1
    return _new(ContractState, new)


def _discard(s: ContractState, p: int, f: int) -> ContractState:
    new: list[Any] = list(s)
    cfg: ContractConfig = new[_CONFIG]
    hands: tuple[int, ...] = new[_HANDS]
    known: tuple[int, ...] = new[_KNOWN]
    deep: int = new[_DEEP]
    hand = hands[p]
    cands = hand & cfg.pack.face_masks[f]
    if deep >= 0 and cands >> deep & 1:  # pick(), inlined
        pid = deep
    else:
        x = cands & new[_PENDING] or cands & known[p] or cands
        pid = (x & -x).bit_length() - 1
    hand ^= 1 << pid
    new_hands = list(hands)  # _set(), inlined
    new_hands[p] = hand
    new[_HANDS] = tuple(new_hands)
    if known[p] >> pid & 1:
        new[_KNOWN] = _set(known, p, known[p] & hand)
    pile: tuple[int, ...] = (*new[_PILE], pid)
    if not hand:  # rules 19, 29: out at once
        new[_PHASE] = OVER_PHASE
        new[_PILE] = pile
        new[_OUT] = p
        return _new(ContractState, new)
    turns: int = new[_TURNS] + 1
    new[_TURNS] = turns
    over = turns >= cfg.max_turns
    if not new[_STOCK] and not over:  # rule 28: the empty stock is checked at the start of a turn
        reshuffles: int = new[_RESHUFFLES]
        if reshuffles >= cfg.max_reshuffles or len(pile) <= 1:
            over = True
        else:
            new[_RESHUFFLES] = reshuffles = reshuffles + 1
            new[_STOCK] = reshuffle_order(new[_SEED], reshuffles, pile[:-1])
            pile = pile[-1:]
    new[_PHASE] = OVER_PHASE if over else DRAW_PHASE
    new[_CURRENT] = (p + 1) % cfg.players
    new[_CLAIMER] = -1
    new[_PILE] = pile
    new[_WENT_DOWN] = False
    new[_FORBID] = -1
    new[_DEEP] = -1
    new[_PENDING] = 0
    new[_OUT] = -1
    return _new(ContractState, new)


def _with(s: ContractState, **changes: object) -> ContractState:
    """A copy of ``s`` with ``changes`` (``NamedTuple._replace``)."""
    return s._replace(**changes)  # type: ignore[arg-type]
