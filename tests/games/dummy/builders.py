"""Terse builders for Thai Dummy scenario tests.

Cards are written as text (``7h8h9h``, ``Qs``); a position is built from what each seat holds,
the discard row, the table melds and the stock, and checked for card conservation by a round
trip through its position string. Cards not placed anywhere go to the bottom of the stock, or
out of play (like the two-player burn) with ``rest_in_stock=False``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

import pytest

from samrap.core.cards import card_str, parse_card
from samrap.core.cardset import CardSet, cards_of, from_cards, parse_set
from samrap.core.errors import IllegalActionError
from samrap.games.dummy import rules, scoring
from samrap.games.dummy.actions import DummyAction, parse_action
from samrap.games.dummy.config import CLASSIC, DummyConfig
from samrap.games.dummy.putdown import table_reach
from samrap.games.dummy.state import DummyState, Phase

PHASES = {"draw": Phase.DRAW, "play": Phase.PLAY, "lastdraw": Phase.LAST_DRAW, "lastplay": Phase.LAST_PLAY}


def cards(text: str) -> CardSet:
    """``"7h8h9h"`` -> the card set."""
    return parse_set(text)


def card(text: str) -> int:
    return parse_card(text)


def seq(text: str) -> list[int]:
    """Cards in the written order (``"Kd 2c Ts"`` or ``"Kd2cTs"``)."""
    out: list[int] = []
    for tok in text.split():
        i = 0
        while i < len(tok):
            j = i + 3 if tok[i : i + 2] == "10" else i + 2
            out.append(parse_card(tok[i:j]))
            i = j
    return out


def position(
    hands: Sequence[str],
    *,
    row: str = "",
    melds: str = "",
    stock: str = "",
    rest_in_stock: bool = True,
    config: DummyConfig = CLASSIC,
    turn: int = 0,
    phase: str = "draw",
    born: Iterable[int] = (),
    turn_born: bool | None = None,
    put: dict[int, str] | None = None,
    known: dict[int, str] | None = None,
    layoffs: Sequence[int] | None = None,
    head: str | None = None,
    direction: int = 1,
    starter: int = 0,
    ngo: int = -1,
    scores: Sequence[int] | None = None,
) -> DummyState:
    """A mid-game position.

    Args:
        hands: each seat's hand; the number of seats is the number of hands.
        row: the discard row, oldest first, each card followed by its discarder's seat or ``*`` for
            the first upcard: ``"Qh* 7d1 8d0"``.
        melds: table melds in the order put down, each with its owner: ``"7h8h9h@0 5c5d5h@1"``.
        stock: the top stock cards, top first.
        rest_in_stock: unplaced cards go under ``stock`` (default) or out of play.
        put: cards a seat put down on another seat's meld (its lay-offs): ``{1: "7c"}``. The other
            cards of each meld count as put down by its owner.
        turn_born: whether the player to move was born when the turn began (default: born now).
        head: the first upcard, when it is no longer in the row (default: the ``*`` row card).
    """
    n = len(hands)
    config = dataclasses.replace(config, players=n)
    hand_masks = tuple(cards(h) for h in hands)
    row_cards: list[int] = []
    row_by: list[int] = []
    for tok in row.split():
        row_cards.append(parse_card(tok[:-1]))
        row_by.append(-1 if tok[-1] == "*" else int(tok[-1]))
    meld_masks: list[CardSet] = []
    owners: list[int] = []
    for tok in melds.split():
        m, _, o = tok.partition("@")
        meld_masks.append(cards(m))
        owners.append(int(o))
    extra = {q: cards(t) for q, t in (put or {}).items()}
    laid = 0
    for mask in extra.values():
        laid |= mask
    put_down = [extra.get(q, 0) for q in range(n)]
    for mask, owner in zip(meld_masks, owners, strict=True):
        put_down[owner] |= mask & ~laid
    top = seq(stock)
    placed: list[int] = []
    for h in hand_masks:
        placed += cards_of(h)
    placed += row_cards
    for mask in meld_masks:
        placed += cards_of(mask)
    used = set(placed) | set(top)
    if len(used) != len(placed) + len(top):
        twice = sorted({c for c in placed + top if (placed + top).count(c) > 1})
        raise ValueError(f"cards placed twice: {' '.join(card_str(c) for c in twice)}")
    rest = [c for c in range(52) if c not in used]
    deck = tuple(placed + top + rest)
    stock_pos = len(placed)
    stock_end = 52 if rest_in_stock else stock_pos + len(top)
    born_mask = sum(1 << q for q in set(born))
    head_card: int
    if head is not None:
        head_card = parse_card(head)
    elif -1 in row_by:
        head_card = row_cards[row_by.index(-1)]
    else:
        head_card = deck[-1]
    s = DummyState(
        config=config,
        phase=PHASES[phase],
        current=turn,
        direction=direction,
        starter=starter,
        deck=deck,
        stock_pos=stock_pos,
        stock_end=stock_end,
        hands=hand_masks,
        row=tuple(row_cards),
        row_by=tuple(row_by),
        melds=tuple(meld_masks),
        meld_owner=tuple(owners),
        put_down=tuple(put_down),
        known=tuple(cards((known or {}).get(q, "-")) for q in range(n)),
        born=born_mask,
        layoffs=tuple(layoffs) if layoffs is not None else (0,) * n,
        turn_born=bool(born_mask >> turn & 1) if turn_born is None else turn_born,
        ngo_from=ngo,
        head=head_card,
        items=(),
        scores=tuple(scores) if scores is not None else (0,) * n,
        row_cards=from_cards(row_cards),
        reach=table_reach(tuple(meld_masks), config.ace_low),
    )
    again = DummyState.from_string(s.to_string())  # checks card conservation
    assert again == s
    return s


def deck_for(
    hands: Sequence[str],
    upcard: str,
    stock: str = "",
    *,
    starter: int = 0,
    direction: int = 1,
) -> list[int]:
    """A deck order that deals ``hands`` (one card at a time from ``starter``), then the upcard,
    then ``stock`` on top of the stock; the other cards follow in ascending order."""
    n = len(hands)
    per_seat = [seq(h) for h in hands]
    size = len(per_seat[0])
    assert all(len(h) == size for h in per_seat)
    deck: list[int] = []
    for k in range(n * size):
        seat = (starter + direction * (k % n)) % n
        deck.append(per_seat[seat][k // n])
    deck.append(parse_card(upcard))
    deck += seq(stock)
    deck += [c for c in range(52) if c not in set(deck)]
    assert sorted(deck) == list(range(52))
    return deck


def act(s: DummyState, *texts: str) -> DummyState:
    """Apply each action text in turn (checked)."""
    for t in texts:
        s = rules.apply(s, parse_action(t))
    return s


def legal(s: DummyState) -> set[str]:
    """The legal actions as text (also checks the list is sorted and has no repeats)."""
    acts = rules.legal_actions(s)
    texts = [a.text() for a in acts]
    assert len(set(texts)) == len(texts), "legal_actions repeats an action"
    return set(texts)


def legal_of(s: DummyState, kind: str) -> set[str]:
    """The legal actions whose text starts with ``kind`` (``"M"``, ``"L"``, ``"X"``, ``"K"``, ``"C"``)."""
    return {t for t in legal(s) if t.split(" ")[0].rstrip("0123456789") == kind}


def rule_of(s: DummyState, text: str | DummyAction, seat: int | None = None) -> int | str:
    """The rule number an illegal action breaks (fails the test if the action is legal)."""
    a = parse_action(text) if isinstance(text, str) else text
    with pytest.raises(IllegalActionError) as info:
        rules.apply(s, a, seat)
    return info.value.rule


def items(s: DummyState) -> list[tuple[int, str, int]]:
    """The ledger of a finished game as (seat, code, points) lines."""
    return [(i.seat, i.code, i.points) for i in scoring.ledger(s)]
