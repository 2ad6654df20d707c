"""What one seat may know (its observation) and determinizations consistent with it.

A seat sees its own hand; other hands only as sizes plus the row cards they collected and
still hold (everyone saw them taken, rule 5); the whole row with who discarded each card; the
table melds with who put down each card; born flags; the stock's size; scores. At the end of
a game the hands are shown (they are counted in the open) and so is the knock card. The stock
order and the burnt cards are never shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from samrap.core.cardset import FULL_DECK, CardSet, cards_of, from_cards
from samrap.core.rng import Random
from samrap.games.dummy.config import DummyConfig
from samrap.games.dummy.putdown import table_reach
from samrap.games.dummy.state import DummyState, LedgerItem, Phase


@dataclass(frozen=True, slots=True)
class DummyView:
    """One seat's observation. Hashable: it is also the information-set key."""

    seat: int
    config: DummyConfig
    phase: Phase
    current: int
    direction: int
    starter: int
    hand: CardSet
    hand_sizes: tuple[int, ...]
    known: tuple[CardSet, ...]
    row: tuple[int, ...]
    row_by: tuple[int, ...]
    melds: tuple[CardSet, ...]
    meld_owner: tuple[int, ...]
    put_down: tuple[CardSet, ...]
    born: int
    layoffs: tuple[int, ...]
    stock_size: int
    turn_born: bool
    ngo_from: int
    head: int
    items: tuple[LedgerItem, ...]
    scores: tuple[int, ...]
    knocker: int
    knock_card: int
    revealed: tuple[CardSet, ...]

    def is_born(self, seat: int) -> bool:
        return bool(self.born >> seat & 1)

    def to_string(self) -> str:
        from samrap.games.dummy.notation import view_to_string

        return view_to_string(self)


def observe(s: DummyState, seat: int) -> DummyView:
    """The observation of ``seat`` (0 <= seat < players)."""
    over = s.phase is Phase.OVER
    return DummyView(
        seat=seat,
        config=s.config,
        phase=s.phase,
        current=s.current,
        direction=s.direction,
        starter=s.starter,
        hand=s.hands[seat],
        hand_sizes=tuple(h.bit_count() for h in s.hands),
        known=s.known,
        row=s.row,
        row_by=s.row_by,
        melds=s.melds,
        meld_owner=s.meld_owner,
        put_down=s.put_down,
        born=s.born,
        layoffs=s.layoffs,
        stock_size=s.stock_size,
        turn_born=s.turn_born,
        ngo_from=s.ngo_from,
        head=s.head,
        items=s.items,
        scores=s.scores,
        knocker=s.knocker,
        knock_card=s.knock_card if over else -1,
        revealed=s.hands if over else (),
    )


def unseen_cards(v: DummyView) -> CardSet:
    """Cards whose place ``v.seat`` does not know: other hands' unknown part, stock, burnt cards."""
    seen = v.hand
    for c in v.row:
        seen |= 1 << c
    for m in v.melds:
        seen |= m
    for q, k in enumerate(v.known):
        if q != v.seat:
            seen |= k
    if v.knock_card >= 0:
        seen |= 1 << v.knock_card
    for h in v.revealed:
        seen |= h
    return FULL_DECK & ~seen


def resample(v: DummyView, rng: Random) -> DummyState:
    """A full state drawn uniformly among those consistent with ``v`` (a determinization).

    Publicly known cards stay where everyone knows they are; the seat's own hand stays; the
    unseen cards are shuffled into the other hands' unknown parts, the stock and the burnt pile.
    """
    n = v.config.players
    pool = cards_of(unseen_cards(v))
    rng.shuffle(pool)
    hands = list(v.revealed) if v.revealed else [0] * n
    k = 0
    if not v.revealed:
        for q in range(n):
            if q == v.seat:
                hands[q] = v.hand
                continue
            h = v.known[q]
            need = v.hand_sizes[q] - h.bit_count()
            for c in pool[k : k + need]:
                h |= 1 << c
            k += need
            hands[q] = h
    stock_end = 52 - 5 if v.config.burn else 52
    stock_pos = stock_end - v.stock_size
    future = pool[k:]  # stock (in order) then the burnt cards
    used = FULL_DECK
    for c in future:
        used &= ~(1 << c)
    past = cards_of(used)
    deck = tuple(past[:stock_pos]) + tuple(future) + tuple(past[stock_pos:])
    return DummyState(
        config=v.config,
        phase=v.phase,
        current=v.current,
        direction=v.direction,
        starter=v.starter,
        deck=deck,
        stock_pos=stock_pos,
        stock_end=stock_end,
        hands=tuple(hands),
        row=v.row,
        row_by=v.row_by,
        melds=v.melds,
        meld_owner=v.meld_owner,
        put_down=v.put_down,
        known=v.known,
        born=v.born,
        layoffs=v.layoffs,
        turn_born=v.turn_born,
        ngo_from=v.ngo_from,
        head=v.head,
        items=v.items,
        scores=v.scores,
        row_cards=from_cards(v.row),
        reach=table_reach(v.melds, v.config.ace_low),
        knocker=v.knocker,
        knock_card=v.knock_card,
    )
