"""Tiny Rummy: a third game that lives in the tests and reaches every layer through the registry.

Why it exists: issue 28.1 asks that a new game need no change outside its own package and its
registration. This package is that game, and ``test_third_game.py`` plays it through the match
runner, records and replay, the random and search bots and a tournament.

The rules, numbered as a rules page would number them:

1. 12 cards: ranks ``A 2 3 4`` in suits ``c d h`` (``3h``); two to four players; three cards each,
   the rest face down as the stock.
2. A turn is a draw from the stock (``D``), then a discard of one of the four cards (``X 3h``).
3. A player whose three cards after the discard are a meld wins the game and scores 1: a set (one
   rank in three suits) or a run (one suit, three ranks in a row, the ace low only).
4. When the stock is empty at a draw, the game ends with no winner.
5. The next game starts with the next seat; the match ends when a player reaches ``target``
   points, or after ``4 * target`` games; the highest total wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from samrap.core.configstr import split_config_string
from samrap.core.errors import ConfigError, IllegalActionError, InvalidNotationError

SUITS = "cdh"
RANKS = "A234"
CARDS = 12
HAND = 3


def card_text(card: int) -> str:
    return RANKS[card % 4] + SUITS[card // 4]


def parse_card(text: str) -> int:
    t = text.strip()
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise InvalidNotationError(f"not a Tiny Rummy card: {text!r}")
    return SUITS.index(t[1]) * 4 + RANKS.index(t[0])


def _cards(mask: int) -> list[int]:
    return [c for c in range(CARDS) if mask >> c & 1]


def is_meld(mask: int) -> bool:
    """Rule 3: three cards of one rank, or three in a row of one suit."""
    cards = _cards(mask)
    if len(cards) != HAND:
        return False
    ranks = sorted(c % 4 for c in cards)
    suits = {c // 4 for c in cards}
    if len(set(ranks)) == 1:
        return True
    return len(suits) == 1 and ranks[2] - ranks[0] == 2 and len(set(ranks)) == 3


@dataclass(frozen=True, slots=True)
class TinyConfig:
    """Attributes:
    players: seats at the table (2-4).
    target: the points that end the match.
    """

    players: int = 2
    target: int = 2

    def to_string(self) -> str:
        return f"tiny(players={self.players},target={self.target})"

    @staticmethod
    def from_string(text: str, base: TinyConfig | None = None) -> TinyConfig:
        name, fields = split_config_string(text)
        if name != "tiny":
            raise ConfigError("game", f"not a Tiny Rummy config: {text!r}")
        cfg = base or TinyConfig()
        for key, value in fields.items():
            if key not in ("players", "target"):
                raise ConfigError(key, f"Tiny Rummy has no option {key!r}")
            if not value.isdigit():
                raise ConfigError(key, f"{key} is a whole number, not {value!r}")
            cfg = replace(cfg, **{key: int(value)})
        if not 2 <= cfg.players <= 4:
            raise ConfigError("players", "Tiny Rummy is for two to four players")
        return cfg


@dataclass(frozen=True, slots=True)
class Draw:
    pass


@dataclass(frozen=True, slots=True)
class Discard:
    card: int


TinyAction = Draw | Discard


@dataclass(frozen=True, slots=True)
class LedgerItem:
    seat: int
    code: str
    points: int
    detail: str = ""


@dataclass(frozen=True, slots=True)
class TinyState:
    config: TinyConfig
    hands: tuple[int, ...]
    stock: tuple[int, ...]
    discards: tuple[int, ...]
    current: int
    starter: int
    drawn: bool = False
    winner: int = -1  # a seat, -1 while playing, -2 when the stock ran out (rule 4)
    scores: tuple[int, ...] = field(default=())

    def to_string(self) -> str:
        hands = " | ".join(" ".join(card_text(c) for c in _cards(h)) for h in self.hands)
        return f"{hands} ; stock {len(self.stock)} ; turn {self.current}{' drawn' if self.drawn else ''}"


@dataclass(frozen=True, slots=True)
class TinyView:
    seat: int
    hand: int
    discards: tuple[int, ...]
    stock_left: int
    hand_sizes: tuple[int, ...]
    current: int
    starter: int
    drawn: bool
    winner: int
    config: TinyConfig
    scores: tuple[int, ...]

    def to_string(self) -> str:
        hand = " ".join(card_text(c) for c in _cards(self.hand))
        row = " ".join(card_text(c) for c in self.discards)
        return f"seat {self.seat}: {hand} ; row {row} ; stock {self.stock_left} ; turn {self.current}"


class TinyGame:
    """The facade: every method a function of its arguments (the ``engine.protocol.Game`` shape)."""

    name = "tiny"

    def __init__(self, config: TinyConfig) -> None:
        self.config = config
        self.players = config.players

    def deal_order(self, seed: int) -> tuple[int, ...]:
        deck = list(range(CARDS))
        random.Random(seed).shuffle(deck)
        return tuple(deck)

    def new_game(
        self,
        seed: int | None = None,
        *,
        deck: Sequence[int] | None = None,
        starter: int = 0,
        scores: Sequence[int] | None = None,
    ) -> TinyState:
        """Deal from ``deck``, or from the deck order of ``seed`` (the environments deal so)."""
        if deck is None:
            deck = self.deal_order(seed or 0)
        n = self.players
        hands = tuple(sum(1 << c for c in deck[q * HAND : (q + 1) * HAND]) for q in range(n))
        return TinyState(
            self.config, hands, tuple(deck[n * HAND :]), (), starter, starter, scores=tuple(scores or (0,) * n)
        )

    def current_player(self, s: TinyState) -> int:
        return -1 if s.winner != -1 else s.current

    def legal_actions(self, s: TinyState) -> list[TinyAction]:
        if s.winner != -1:
            return []
        if not s.drawn:
            return [Draw()]
        return [Discard(c) for c in _cards(s.hands[s.current])]

    legal_moves = legal_actions

    def apply(self, s: TinyState, a: TinyAction, seat: int | None = None) -> TinyState:
        if s.winner != -1:
            raise IllegalActionError(3, "the game is over")
        if seat is not None and seat != s.current:
            raise IllegalActionError(2, f"it is seat {s.current}'s turn")
        if isinstance(a, Draw) and s.drawn:
            raise IllegalActionError(2, "one draw a turn, and it comes first")
        if isinstance(a, Discard) and (not s.drawn or not s.hands[s.current] >> a.card & 1):
            raise IllegalActionError(2, "draw first, then discard a card in hand")
        return self.apply_unchecked(s, a)

    def apply_unchecked(self, s: TinyState, a: TinyAction) -> TinyState:
        p = s.current
        if isinstance(a, Draw):
            if not s.stock:
                return replace(s, winner=-2)
            hands = tuple(h | (1 << s.stock[0]) if q == p else h for q, h in enumerate(s.hands))
            return replace(s, hands=hands, stock=s.stock[1:], drawn=True)
        hand = s.hands[p] & ~(1 << a.card)
        hands = tuple(hand if q == p else h for q, h in enumerate(s.hands))
        after = replace(s, hands=hands, discards=(*s.discards, a.card), drawn=False)
        if is_meld(hand):
            return replace(after, winner=p)
        if not after.stock:
            return replace(after, winner=-2)
        return replace(after, current=(p + 1) % self.players)

    def is_terminal(self, s: TinyState) -> bool:
        return s.winner != -1

    def returns(self, s: TinyState) -> tuple[int, ...]:
        return tuple(1 if q == s.winner else 0 for q in range(self.players))

    def ledger(self, s: TinyState) -> list[LedgerItem]:
        return [LedgerItem(s.winner, "win", 1)] if s.winner >= 0 else []

    def observe(self, s: TinyState, seat: int) -> TinyView:
        return TinyView(
            seat,
            s.hands[seat],
            s.discards,
            len(s.stock),
            tuple(h.bit_count() for h in s.hands),
            s.current,
            s.starter,
            s.drawn,
            s.winner,
            s.config,
            s.scores,
        )

    def resample(self, v: TinyView, rng: random.Random) -> TinyState:
        """A state the seat cannot tell from the true one: the unseen cards dealt anew."""
        seen = v.hand
        for c in v.discards:
            seen |= 1 << c
        unseen = [c for c in range(CARDS) if not seen >> c & 1]
        rng.shuffle(unseen)
        hands = []
        for q, size in enumerate(v.hand_sizes):
            if q == v.seat:
                hands.append(v.hand)
            else:
                take, unseen = unseen[:size], unseen[size:]
                hands.append(sum(1 << c for c in take))
        return TinyState(
            v.config, tuple(hands), tuple(unseen), v.discards, v.current, v.starter, v.drawn, v.winner, v.scores
        )

    def parse_action(self, text: str) -> TinyAction:
        t = text.split()
        if t == ["D"]:
            return Draw()
        if len(t) == 2 and t[0] == "X":
            return Discard(parse_card(t[1]))
        raise InvalidNotationError(f"not a Tiny Rummy action: {text!r}")

    def action_text(self, a: TinyAction) -> str:
        return "D" if isinstance(a, Draw) else f"X {card_text(a.card)}"
