"""A rule-based Thai Dummy player: greedy meld search, safe discards, collects that pay, early knocks.

It reads only its seat's :class:`DummyView` and the legal actions, and is deterministic under its
random generator (used only by ``noise`` and the end-game check). Every legal action gets a number
(:func:`evaluate`), and the best one is played; the numbers are rough points for this seat, which
is also what hints show. How it plays, turn by turn:

* **Knock** (น็อค) when a knock is legal and its score beats the best other seat's estimated
  score (or the stock is nearly out), choosing the face-down card that scores most (lowest
  value, a speto under ``speto_knock``). When a knock would lose, it does not meld or lay off
  down to a single card either, since that would leave a losing knock as the only move.
* **Collect** (เก็บ) when the collected meld, the cards that can be melded or laid off after it
  and being born (เกิด) outweigh the cards it leaves in hand: a deep collect that drags dead
  cards into the hand is declined; one that lets it knock at once is always taken.
* **Meld and lay off** (ฝาก) at once when born, meld first, taking melds from the partition of
  the hand that puts the most points down: cards in hand are minus points whenever anyone knocks.
* **Discard** the card that minimises (a) the expected cost of the cards kept, each card's value
  discounted by its chance of still making a meld (pairs, gaps, row cards it could collect,
  live outs among unseen cards), weighed up when another player is a few cards from knocking,
  less (b) the chance that a small kept hand can knock after the next draw, plus (c) three times
  the danger of feeding the next player: the chance that they hold, or later draw, the cards to
  collect it (cards they are known to have collected count for sure, unseen cards by their
  share of the unseen pool), times what that collect would give them (the expected points of
  the meld they would make, spetos included, more if they are not yet born or could knock and
  make it a โง่), plus the modern discard penalties (ทิ้งใบฝาก, ทิ้งเต็ม). A live speto (สเปโต) is
  kept while another card will do; a dead one (nobody can meld it) goes.
* **End game**: once the stock is down to 20 cards, the three best ways to end the turn (a
  discard, or a knock) are played out to the end on 16 deals of the hidden cards drawn from
  this seat's view, and the one that wins most often is played
  (:mod:`~samrap.players.heuristic.dummy_endgame`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from random import Random
from typing import TypeVar

from samrap.core.cardset import CardSet
from samrap.core.melds import extension_cards, meldable_cards
from samrap.games.dummy.actions import Collect, Discard, Draw, DummyAction, Knock, LayOff, Meld, Pass
from samrap.games.dummy.cards import CARD_VALUES, SPETOS, is_speto, mask_value
from samrap.games.dummy.observe import DummyView
from samrap.games.dummy.state import DummyState, Phase
from samrap.players.budget import Budget, MoveEstimate
from samrap.players.heuristic.dummy_hand import (
    BORN_VALUE,
    _Context,
    _context,
    _is_dead,
    best_partition,
    danger,
    hand_cost,
)
from samrap.players.words import card_text, mask_text, meld_ref

A = TypeVar("A")

_SUIT_BITS = (1 << 13) - 1
#: Rough points of drawing from the stock instead of collecting (a random card may help the hand).
DRAW_VALUE = 4.0
#: Extra cost of throwing a speto that someone could still meld.
SPETO_KEEP = 60.0
#: Weight of the cards a collect leaves in hand (below 1: cards taken are also denied to the others).
COLLECT_RISK = 0.6
#: Weight of the danger of feeding the next player against the cost of the cards kept.
DANGER_WEIGHT = 3.0


def knock_points(v: DummyView, a: Knock) -> float:
    """This seat's points for the game if it knocks with ``a`` (rules 23-25 and the modern knocks)."""
    cfg = v.config
    down = v.hand & ~(1 << a.card)
    total = float(mask_value(v.put_down[v.seat] | down))
    total += 100 if cfg.speto_knock and is_speto(a.card) else 50
    total += sum(i.points for i in v.items if i.seat == v.seat)
    table = v.put_down[v.seat] | down
    if cfg.colour_knock and table and any(table & ~(_SUIT_BITS << (13 * s)) == 0 for s in range(4)):
        total *= 2
    if not v.turn_born:
        total *= 2
    return total


def opponent_estimate(v: DummyView, q: int, ctx: _Context) -> float:
    """Seat ``q``'s expected game score if the game ended now by someone else's knock."""
    pool = ctx.unseen.bit_count()
    mean = mask_value(ctx.unseen) / pool if pool else 7.5
    unknown = v.hand_sizes[q] - v.known[q].bit_count()
    hand = mask_value(v.known[q]) + unknown * mean
    if not v.is_born(q):
        hand *= 3  # ตกตึก: the hand counts three times
    items = sum(i.points for i in v.items if i.seat == q)
    return mask_value(v.put_down[q]) - hand + items


#: How many points behind the best other seat a knock may leave this seat and still be played.
KNOCK_MARGIN = 0.0
#: Below this many stock cards the heuristic knocks whatever the score: time is running out.
KNOCK_STOCK = 6


def should_knock(v: DummyView, a: Knock, ctx: _Context) -> bool:
    """Knock when it wins the game on the estimate, or when waiting is no longer safe."""
    if v.stock_size <= KNOCK_STOCK:
        return True
    mine = knock_points(v, a)
    best_other = max(opponent_estimate(v, q, ctx) for q in range(v.config.players) if q != v.seat)
    return mine >= best_other - KNOCK_MARGIN


def _after_turn_value(hand: CardSet, ctx: _Context) -> float:
    """Points of playing on as a born player with ``hand``: meld the best partition, lay off, keep the rest.

    A knock becomes possible when at most one card is left over.
    """
    melded, melds = best_partition(hand, ctx.ace_low)
    rest = hand
    for m in melds:
        rest &= ~m
    laid = rest & ctx.table_ext
    rest &= ~laid
    down = melded + mask_value(laid)
    if rest.bit_count() <= 1 and hand.bit_count() >= 1:
        if not rest:  # keep the cheapest card for the knock
            cheapest = min((CARD_VALUES[c] for c in range(52) if hand >> c & 1), default=0)
            down -= cheapest
        return down + 50.0 + 40.0  # the knock ends the game: +50 and nothing left in hand
    # The discard takes the worst card away.
    worst = max((CARD_VALUES[c] for c in range(52) if rest >> c & 1), default=0)
    return down - COLLECT_RISK * hand_cost(rest, True, ctx) + 0.6 * worst


#: Points of being able to knock next turn (weighted by the chance a stock card allows it).
KNOCK_READY = 60.0
#: Knock chances are computed for kept hands of at most this many cards.
READY_HAND = 4


def knockable(hand: CardSet, ctx: _Context) -> bool:
    """Whether a born player holding ``hand`` could knock: everything down but one card."""
    _, melds = best_partition(hand, ctx.ace_low)
    rest = hand
    ext = ctx.table_ext
    big = False
    for m in melds:
        rest &= ~m
        ext |= extension_cards(m, ctx.ace_low)
        big = big or m.bit_count() >= 4
    left = rest & ~ext
    n = left.bit_count()
    if n == 1:
        return True
    return n == 0 and (rest != 0 or big)


def knock_chance(hand: CardSet, ctx: _Context) -> float:
    """The chance that the next stock card lets a born player holding ``hand`` knock.

    Exactly the share of unseen cards ``u`` with ``knockable(hand | u)``, but only the cards that
    make a meld with two of the hand's (:func:`completers`) are tried one by one: any other card
    leaves the hand's melds as they are and is one more card left over, or one laid off on the
    table (the playouts of a search ask this hundreds of times per iteration).
    """
    pool = ctx.unseen
    total = pool.bit_count()
    if not total:
        return 0.0
    near = completers(hand, ctx.ace_low) & pool
    hits = 0
    x = near
    while x:
        low = x & -x
        x ^= low
        if knockable(hand | low, ctx):
            hits += 1
    plain = pool & ~near
    if plain:
        _, melds = best_partition(hand, ctx.ace_low)
        rest = hand
        ext = ctx.table_ext
        for m in melds:
            rest &= ~m
            ext |= extension_cards(m, ctx.ace_low)
        left = (rest & ~ext).bit_count()
        if left == 0:  # the card is the one left over, or laid off with one of the hand's kept
            hits += plain.bit_count()
        elif left == 1:  # only a card that can be laid off keeps a single card over
            hits += (plain & ext).bit_count()
    return hits / total


_RANK0 = sum(1 << (13 * s) for s in range(4))
_RANK12 = _RANK0 << 12


def completers(hand: CardSet, ace_low: bool) -> CardSet:
    """The cards outside ``hand`` that make a meld with two of its cards (a set of three, a run
    of three; with ``ace_low`` also A-2-3): the cards ``u`` in ``meldable_cards(hand | u)``."""
    out = 0
    if ace_low:
        for s in range(4):
            m = (hand >> (13 * s)) & _SUIT_BITS
            trio = m & 0b1000000000011  # A (bit 12), 2 (bit 0), 3 (bit 1)
            if trio.bit_count() == 2:
                out |= (0b1000000000011 & ~trio) << (13 * s)
    adj = hand & (hand >> 1) & ~_RANK12  # k and k+1 of one suit (k below the ace)
    out |= (adj & ~_RANK0) >> 1  # k-1
    out |= (adj & ~(_RANK12 >> 1)) << 2  # k+2 (k+1 below the ace)
    gap = hand & (hand >> 2) & ~(_RANK12 | _RANK12 >> 1)  # k and k+2
    out |= gap << 1
    a = hand & _SUIT_BITS
    b = (hand >> 13) & _SUIT_BITS
    c = (hand >> 26) & _SUIT_BITS
    d = (hand >> 39) & _SUIT_BITS
    two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    if two:
        out |= two | two << 13 | two << 26 | two << 39
    return out & ~hand


class DummyHeuristic:
    """The heuristic Thai Dummy bot (see the module docstring); ``noise`` plays a random move that often.

    ``endgame`` turns on the end-game check (:mod:`~samrap.players.heuristic.dummy_endgame`):
    with few stock cards left, its best few moves are compared on simulated finishes. ISMCTS
    playouts turn it off, but ``expert``'s keep a cheap one: ``endgame_stock`` starts the check
    later (at most that many stock cards, below the check's own start) and ``endgame_deals``
    plays fewer finishes (``None``: the check's own numbers, as ``medium`` plays).
    """

    def __init__(
        self,
        name: str = "heuristic",
        noise: float = 0.0,
        endgame: bool = True,
        endgame_stock: int | None = None,
        endgame_deals: int | None = None,
    ) -> None:
        self._name = name
        self.noise = noise
        self.endgame = endgame
        self.endgame_stock = endgame_stock
        self.endgame_deals = endgame_deals

    @property
    def name(self) -> str:
        return self._name

    def choose(
        self, view: DummyView, legal: Sequence[DummyAction], rng: Random, budget: Budget | None = None
    ) -> DummyAction:
        if len(legal) == 1:
            return legal[0]
        if self.noise and rng.random() < self.noise:
            return legal[rng.randrange(len(legal))]
        first = best_action(view, legal)
        if not self.endgame or (self.endgame_stock is not None and view.stock_size > self.endgame_stock):
            return first
        from samrap.players.heuristic.dummy_endgame import DEALS, endgame_choice  # it builds on this module

        return endgame_choice(view, legal, first, rng, self.endgame_deals or DEALS)

    def analyse(
        self, view: DummyView, legal: Sequence[DummyAction], rng: Random, budget: Budget | None = None
    ) -> list[MoveEstimate]:
        """Every legal move with its rough points, best first; in the end game the moves the
        end-game check compares come first, by their share of won simulated finishes (``win``),
        so the first hint is the move this bot would play with the same generator."""
        ctx = _context(view)
        out = [_estimate(view, a, ctx) for a in legal]
        out.sort(key=lambda e: -e.value)
        if not self.endgame or len(legal) == 1:
            return out
        if self.endgame_stock is not None and view.stock_size > self.endgame_stock:
            return out
        from samrap.players.heuristic.dummy_endgame import DEALS, candidates, simulated_wins

        moves = candidates(view, legal, best_action(view, legal))
        if not moves:
            return out
        n = self.endgame_deals or DEALS
        wins = simulated_wins(view, moves, rng.getrandbits(64), n)
        order = sorted(range(len(moves)), key=lambda k: (-wins[k], k))  # ties: the rule-based move first
        by_action = {e.action: e for e in out}
        checked = [replace(by_action[moves[k]], win=wins[k] / n, visits=n) for k in order]
        return checked + [e for e in out if e.action not in set(moves)]


def best_action(view: DummyView, legal: Sequence[DummyAction]) -> DummyAction:
    """The heuristic's move: the legal action with the highest :func:`evaluate` (first on ties)."""
    if len(legal) == 1:
        return legal[0]
    ctx = _context(view)
    phase = view.phase
    if phase in (Phase.PLAY, Phase.LAST_PLAY):
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            best_knock = max(knocks, key=lambda a: knock_points(view, a))
            if len(knocks) == len(legal) or should_knock(view, best_knock, ctx):
                return best_knock
            legal = [a for a in legal if not isinstance(a, Knock)]
            if HOLD_BEHIND and view.stock_size > KNOCK_STOCK:
                # Behind: do not put cards down so far that the only move left is a losing knock.
                held = [a for a in legal if not _forces_knock(view, a, 2)]
                if held:
                    legal = held
        if view.is_born(view.seat):
            melds = [a for a in legal if isinstance(a, Meld)]
            if melds:
                _, plan = best_partition(view.hand, ctx.ace_low)
                for m in melds:
                    if m.cards in plan:
                        return m
                return max(melds, key=lambda m: mask_value(m.cards))
            for lay in legal:
                if isinstance(lay, LayOff):
                    return lay
    best = legal[0]
    best_value = float("-inf")
    for act in legal:
        value = evaluate(view, act, ctx)
        if value > best_value:
            best, best_value = act, value
    return best


#: Keep two cards rather than be forced into a knock that loses (see :func:`best_action`).
HOLD_BEHIND = True


def _forces_knock(view: DummyView, a: DummyAction, keep: int) -> bool:
    """A meld or lay-off after which fewer than ``keep`` cards are left in hand."""
    if isinstance(a, Meld):
        return (view.hand & ~a.cards).bit_count() < keep
    if isinstance(a, LayOff):
        return view.hand.bit_count() - 1 < keep
    return False


def evaluate(view: DummyView, a: DummyAction, ctx: _Context | None = None) -> float:
    """Rough points for this seat of playing ``a`` now (only differences between actions matter)."""
    if ctx is None:
        ctx = _context(view)
    hand = view.hand
    born = view.is_born(view.seat)
    match a:
        case Knock():
            return 200.0 + knock_points(view, a)
        case Meld(cards=m):
            return mask_value(m) - hand_cost(hand & ~m, born, ctx) + hand_cost(hand, born, ctx) + 1000.0
        case LayOff(card=c):
            return CARD_VALUES[c] + 900.0
        case Discard(card=c):
            rest = hand & ~(1 << c)
            value = -hand_cost(rest, born, ctx) - DANGER_WEIGHT * danger(c, ctx)
            if born and KNOCK_READY and rest.bit_count() <= READY_HAND:
                value += KNOCK_READY * knock_chance(rest, ctx)
            if SPETOS >> c & 1 and not _is_dead(c, rest, ctx):
                value -= SPETO_KEEP
            return value
        case Draw():
            return DRAW_VALUE - hand_cost(hand, born, ctx)
        case Collect(index=i, meld=m, onto=onto):
            taken = 0
            for c in view.row[i:]:
                taken |= 1 << c
            down = (1 << view.row[i]) if onto >= 0 else m
            after = (hand | taken) & ~down
            value = mask_value(down) + _after_turn_value(after, ctx)
            if not born:
                value += BORN_VALUE
            if view.row[i] == view.head:
                value += view.config.head_bonus * (2 if is_speto(view.head) else 1)
            if view.phase is Phase.LAST_DRAW:
                value += 500.0  # the collect is followed by a knock
            return value
        case Pass():
            return -hand_cost(hand, born, ctx)
    return 0.0


def _estimate(view: DummyView, a: DummyAction, ctx: _Context) -> MoveEstimate:
    value = evaluate(view, a, ctx)
    en, th = _reason(view, a, ctx)
    score = knock_points(view, a) if isinstance(a, Knock) else None
    return MoveEstimate(action=a, value=round(value, 1), score=score, reason=en, reason_th=th)


def _reason(view: DummyView, a: DummyAction, ctx: _Context) -> tuple[str, str]:
    """The move's reason in both languages, cards and melds as the table shows them (players/words.py)."""
    match a:
        case Knock(card=c):
            pts = knock_points(view, a)
            dark = " (dark knock, doubled)" if not view.turn_born else ""
            dark_th = " (น็อคมืด คูณสอง)" if not view.turn_born else ""
            return (
                f"knock with {card_text(c)} face down: {pts:+.0f} points{dark}",
                f"น็อค คว่ำ {card_text(c)}: {pts:+.0f} แต้ม{dark_th}",
            )
        case Meld(cards=m):
            return (
                f"meld {mask_text(m)}: {mask_value(m)} points onto the table",
                f"ลง {mask_text(m)}: ได้ {mask_value(m)} แต้มบนโต๊ะ",
            )
        case LayOff(card=c, target=t):
            return (
                f"lay off {card_text(c)} on {meld_ref(t, 'en')}: {CARD_VALUES[c]} points",
                f"ฝาก {card_text(c)} ที่{meld_ref(t, 'th')}: {CARD_VALUES[c]} แต้ม",
            )
        case Discard(card=c):
            d = danger(c, ctx)
            if SPETOS >> c & 1 and not _is_dead(c, view.hand, ctx):
                return (f"throws a live speto {card_text(c)}", f"ทิ้งสเปโต {card_text(c)} ที่ยังใช้ได้")
            if d >= 10:
                return (
                    f"discard {card_text(c)}: risky, the next player may collect it ({d:.0f} pts at stake)",
                    f"ทิ้ง {card_text(c)}: เสี่ยง คนถัดไปอาจเก็บได้",
                )
            return (
                f"discard {card_text(c)}: safe, keeps the cards that may still meld",
                f"ทิ้ง {card_text(c)}: ปลอดภัย ถือไพ่ที่ยังเข้าชุดได้ไว้",
            )
        case Draw():
            return ("draw from the stock", "จั่วจากกองจั่ว")
        case Collect(index=i, meld=m, onto=onto):
            n = len(view.row) - i
            what = f"meld {mask_text(m)}" if onto < 0 else f"lay it off on {meld_ref(onto, 'en')}"
            born = "" if view.is_born(view.seat) else ", and become born"
            born_th = "" if view.is_born(view.seat) else " และเกิด"
            return (
                f"collect {card_text(view.row[i])} ({n} card{'s' if n > 1 else ''}) and {what}{born}",
                f"เก็บ {card_text(view.row[i])} ({n} ใบ){born_th}",
            )
        case Pass():
            return ("pass: no collect leads to a knock", "ผ่าน: เก็บแล้วน็อคไม่ได้")
    return ("", "")


# ---------------------------------------------------------------------------------------------
# A cheap rollout policy for ISMCTS playouts


def _loose_cards(hand: CardSet, ace_low: bool) -> CardSet:
    """Cards of ``hand`` in no meld and with no same-suit neighbour or same-rank partner in hand."""
    meldable = meldable_cards(hand, ace_low)
    near = ((hand << 1) | (hand >> 1) | (hand << 2) | (hand >> 2)) & ~meldable
    ranks = 0
    for s in range(4):
        ranks |= (hand >> (13 * s)) & _SUIT_BITS
    paired = 0
    for s in range(4):
        others = 0
        for t in range(4):
            if t != s:
                others |= (hand >> (13 * t)) & _SUIT_BITS
        paired |= (((hand >> (13 * s)) & _SUIT_BITS) & others) << (13 * s)
    return hand & ~meldable & ~near & ~paired


def rollout(state: DummyState, legal: Sequence[DummyAction], rng: Random) -> DummyAction:
    """A fast greedy policy for playouts: knock, collect, meld, lay off, throw the worst loose card.

    It reads only what the player to move may know (their own hand, the table, the row), so it
    is a fair stand-in for a player; about ten times cheaper than :func:`best_action`.
    """
    n = len(legal)
    if n == 1:
        return legal[0]
    last = legal[-1]
    if isinstance(last, Knock):
        return last
    first = legal[0]
    if isinstance(first, Draw):
        # Collect the target that puts the most points down (ties: the newest row card).
        best: DummyAction = first
        best_value = 0
        for a in legal:
            if isinstance(a, Collect):
                v = mask_value(a.meld) if a.onto < 0 else 1
                if v >= best_value:
                    best, best_value = a, v
        return best
    if isinstance(first, LayOff):
        return first
    if isinstance(first, Meld):
        return max((a for a in legal if isinstance(a, Meld)), key=lambda a: a.cards.bit_count())
    if isinstance(first, Collect | Pass):
        return first
    if isinstance(first, Discard):
        hand = state.hands[state.current]
        ace_low = state.config.ace_low
        loose = _loose_cards(hand, ace_low) & ~SPETOS
        pool = loose or (hand & ~meldable_cards(hand, ace_low) & ~SPETOS) or hand
        top = -1
        choice = first
        for a in legal:
            if isinstance(a, Discard) and pool >> a.card & 1:
                v = CARD_VALUES[a.card] * 4 + rng.randrange(4)
                if v > top:
                    top, choice = v, a
        return choice
    return legal[rng.randrange(n)]
