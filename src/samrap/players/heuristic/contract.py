"""A rule-based Contract Rummy player: go down early, lay off, safe discards, buy when it helps.

It reads only its seat's :class:`ContractView` and the legal actions. Like the Dummy heuristic it
gives every legal action a number (:func:`evaluate`, rough penalty points saved) and plays the best:

* **Go down** (ลงสัญญา) the first turn the contract can be met, with the go-down that puts the
  most cards (and the most penalty points) on the table; then **meld** (when the option allows)
  and **lay off** everything that fits, naturals before jokers: every card left in hand is a
  penalty when someone goes out, and an empty hand *is* going out.
* **Take the top discard** (and **buy** it under ``liverpool`` rules, while not down and with
  buys left) only when it helps: a joker; a card that lays off at once (when down); or, before
  going down, a card that pairs with the hand in a way the contract needs (a rank for sets, a
  same-suit neighbour for runs). Deep pick-ups and joker exchanges are left to the search bot.
* **Discard** the card that costs most and helps least: high penalty, no partner of its rank, no
  same-suit neighbour within two; never a joker while anything else will do; and, when the next
  player is down, not a card that they could lay off on the table (it would help them go out).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from random import Random
from typing import cast

from samrap.core.cards import card_str
from samrap.games.contract.actions import (
    Claim,
    ContractAction,
    Discard,
    Draw,
    Exchange,
    GoDown,
    LayOff,
    Meld,
    Pass,
    PickUp,
)
from samrap.games.contract.cards import JOKER, face_value
from samrap.games.contract.config import ContractConfig
from samrap.games.contract.contracts import LAST_DEAL, contract
from samrap.games.contract.melds import ext_faces
from samrap.games.contract.observe import ContractView
from samrap.games.contract.state import ContractState
from samrap.players.budget import Budget, MoveEstimate
from samrap.players.heuristic.contract_cover import _Cover
from samrap.players.words import face_text, meld_ref

_SUIT = (1 << 13) - 1
#: Penalty points of each rank in hand (``face_value`` of a natural face, by ``face % 13``).
_PIPS = tuple(face_value(r) for r in range(13))


def hand_faces(v: ContractView) -> tuple[list[int], int]:
    """The natural faces in hand (with repeats) and the number of jokers."""
    pack = v.config.pack
    faces: list[int] = []
    jokers = 0
    x = v.hand
    while x:
        low = x & -x
        pid = low.bit_length() - 1
        x ^= low
        f = pack.faces[pid]
        if f == JOKER:
            jokers += 1
        else:
            faces.append(f)
    return faces, jokers


#: :func:`table_ext`'s last answer, for the same table (the tuple itself, held here so that its
#: identity is not reused): a playout asks again at every move, and the table changes seldom.
_LAST_EXT: list[object] = [None, 0]


def table_ext(v: ContractView) -> int:
    """Every face that some table meld takes as one more card."""
    melds = v.melds
    last = _LAST_EXT
    if last[0] is melds:
        return cast(int, last[1])
    out = 0
    for m in melds:
        out |= ext_faces(m)
    last[0], last[1] = melds, out
    return out


def _use(face: int, fmask: int, v: ContractView, ext: int) -> float:
    """How much ``face`` helps the hand whose natural faces are the mask ``fmask`` (0 = none).

    Only the *other* faces count (copies of ``face`` itself never do), so the hand's face mask
    serves every card in it: the partners of its rank in other suits, and the other ranks of its
    suit within two.
    """
    if face == JOKER:
        return 10.0
    if v.down >> v.seat & 1:
        return 8.0 if ext >> face & 1 else 0.0
    sets, runs = contract(v.deal)
    r, s = face % 13, face // 13
    score = 0.0
    if sets:
        same_rank = 0
        for t in range(4):
            if t != s and fmask >> (t * 13 + r) & 1:
                same_rank += 1
        score += 2.0 * min(same_rank, 2)
    if runs:
        near = (fmask >> (s * 13)) & _SUIT & ((0x1F << r) >> 2) & ~(1 << r)
        score += 1.5 * min(near.bit_count(), 3)
    return score


def _next_seat(v: ContractView) -> int:
    return (v.current + 1) % v.config.players


def _mask(faces: Sequence[int]) -> int:
    out = 0
    for f in faces:
        if f != JOKER:
            out |= 1 << f
    return out


def _discard_cost(v: ContractView, face: int, fmask: int, ext: int) -> float:
    cost = 3.0 * _use(face, fmask, v, ext) - face_value(face)
    if face == JOKER:
        cost += 100.0
    nxt = _next_seat(v)
    if v.down >> nxt & 1 and face != JOKER and ext >> face & 1:
        cost += 25.0  # the next player, already down, would lay it off
    return cost


def evaluate(v: ContractView, a: ContractAction, faces: Sequence[int] | None = None, ext: int | None = None) -> float:
    """Rough points for this seat of playing ``a`` now (only differences between actions matter)."""
    if faces is None:
        faces = hand_faces(v)[0]
    if ext is None:
        ext = table_ext(v)
    return _evaluate(v, a, _mask(faces), ext)


def _evaluate(v: ContractView, a: ContractAction, fmask: int, ext: int) -> float:
    """:func:`evaluate` with the hand's natural faces as a mask."""
    match a:
        case GoDown(melds=ms):
            return 1000.0 + sum(m.size for m in ms) * 10 + sum(face_value(f) for m in ms for f in _faces(m.nat))
        case Meld(meld=m):
            return 900.0 + m.size * 10
        case LayOff(face=f, joker=j):
            return 800.0 + face_value(f) - (5.0 if j else 0.0)
        case Exchange():
            return -50.0
        case Discard(face=f):
            return -_discard_cost(v, f, fmask, ext)
        case Draw():
            return 0.0
        case PickUp(depth=d):
            if d:
                return -100.0
            top = v.config.pack.faces[v.pile[-1]] if v.pile else -1
            return 4.0 * _use(top, fmask, v, ext) - 6.0
        case Claim():
            top = v.config.pack.faces[v.pile[-1]] if v.pile else -1
            if v.down >> v.seat & 1:
                return -10.0
            return 4.0 * _use(top, fmask, v, ext) - 10.0  # a buy also costs a penalty card
        case Pass():
            return 0.0
    return 0.0


def _faces(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _deal7_plan(view: ContractView, legal: Sequence[ContractAction], a: ContractAction) -> ContractAction:
    """Deal 7, not down: plan for going out at once (rule 17). Throw the card whose loss leaves
    the hand nearest three runs (:func:`cover_cost`), the dearest on ties; take the top discard
    only when it brings the hand nearer (or is a joker), else draw. Without this the heuristic's
    usual card-by-card usefulness left nine deals in ten of deal 7 with nobody out."""
    pack = view.config.pack
    faces = pack.faces
    nat: list[int] = []
    jokers = 0
    x = view.hand
    while x:
        low = x & -x
        f = faces[low.bit_length() - 1]
        x ^= low
        if f == JOKER:
            jokers += 1
        else:
            nat.append(f)
    runs = contract(view.deal)[1]
    min_run = view.config.min_run
    if isinstance(a, Discard):
        best: Discard | None = None
        best_key = 0
        hand: _Cover | None = None
        memo: dict[int, int] = {}
        for o in legal:
            if type(o) is not Discard or o.face == JOKER:
                continue
            f = o.face
            key = memo.get(f)
            if key is None:
                if hand is None:
                    hand = _Cover(nat, jokers, runs, min_run)
                # (cost, the dearest first) as one number: a face is worth 2..15 points.
                key = memo[f] = 32 * hand.cost_without(f) - _PIPS[f % 13]
            if best is None or key < best_key:
                best, best_key = o, key
        return a if best is None else best
    if isinstance(a, Draw | PickUp) and view.pile:
        top = faces[view.pile[-1]]
        take = next((x for x in legal if isinstance(x, PickUp) and x.depth == 0), None)
        draw = next((x for x in legal if isinstance(x, Draw)), a)
        if take is None:
            return draw
        if top == JOKER:
            return take
        cover = _Cover(nat, jokers, runs, min_run)
        now = cover.cost()
        cover.add(top)
        best_after = min(cover.cost_without(f) for f in set(nat))  # give back one card held before
        return take if best_after < now else draw
    return a


def best_action(view: ContractView, legal: Sequence[ContractAction]) -> ContractAction:
    """The legal action with the highest :func:`evaluate` (the first on ties); in deal 7 before
    going down, the draw and the discard plan for going out at once (:func:`_deal7_plan`)."""
    if view.deal == LAST_DEAL and not view.down >> view.seat & 1:
        # The plan decides these turns whatever the usual evaluation would pick among them, so
        # that evaluation is skipped: a discard when some natural card can be thrown, a draw or
        # the top discard when both are there (the same moves; playouts spend most time here).
        if all(type(x) is Discard for x in legal):
            if any(x.face != JOKER for x in legal):  # type: ignore[union-attr]
                return _deal7_plan(view, legal, legal[0])
        elif (
            view.pile
            and all(type(x) is Draw or type(x) is PickUp for x in legal)
            and any(type(x) is Draw for x in legal)
        ):
            return _deal7_plan(view, legal, legal[0])
        a = _best_action(view, legal)
        return _deal7_plan(view, legal, a) if isinstance(a, Discard | Draw | PickUp) else a
    return _best_action(view, legal)


def _best_action(view: ContractView, legal: Sequence[ContractAction]) -> ContractAction:
    for a in legal:
        kind = type(a)
        if kind is LayOff or kind is GoDown or kind is Meld:
            break
    else:
        a = legal[0]
    if isinstance(a, GoDown | Meld):
        return max((x for x in legal if type(x) is type(a)), key=lambda x: evaluate(view, x, (), 0))
    if isinstance(a, LayOff):
        return a if not a.joker else next((x for x in legal if isinstance(x, LayOff) and not x.joker), a)
    fmask = view.config.pack.faces_of(view.hand)
    ext = table_ext(view)
    best = legal[0]
    best_value = float("-inf")
    # The discards (most of a turn's moves) are valued here as _discard_cost does, with what
    # it reads of the view taken once: the same numbers, in the same order of operations.
    down = view.down
    me_down = down >> view.seat & 1
    next_down = down >> (view.current + 1) % view.config.players & 1
    sets, runs = contract(view.deal)
    for a in legal:
        if type(a) is Discard:
            f = a.face
            if f == JOKER:
                value = -(3.0 * 10.0 - face_value(JOKER) + 100.0)
            else:
                r = f % 13
                if me_down:
                    use = 8.0 if ext >> f & 1 else 0.0
                else:
                    use = 0.0
                    if sets:
                        s = f // 13
                        same_rank = 0
                        for t in range(4):
                            if t != s and fmask >> (t * 13 + r) & 1:
                                same_rank += 1
                        use += 2.0 * min(same_rank, 2)
                    if runs:
                        near = (fmask >> (f - r)) & _SUIT & ((0x1F << r) >> 2) & ~(1 << r)
                        use += 1.5 * min(near.bit_count(), 3)
                cost = 3.0 * use - _PIPS[r]
                if next_down and ext >> f & 1:
                    cost += 25.0
                value = -cost
        else:
            value = _evaluate(view, a, fmask, ext)
        if value > best_value:
            best, best_value = a, value
    return best


#: How many moves :func:`candidates` offers a search at most (the heuristic's own move included).
CANDIDATES = 4
#: How many a search with :data:`WIDE_PLAYOUTS` playouts or more a decision compares (Contract's
#: ``expert``): its budget gives each of six moves as many playouts as ``hard`` gives four.
WIDE_CANDIDATES = 6
WIDE_PLAYOUTS = 400


def candidates(view: ContractView, legal: Sequence[ContractAction], k: int = CANDIDATES) -> list[ContractAction]:
    """The moves worth a search at this decision, the heuristic's own move first.

    Lay-offs, new melds and forced moves are not worth one (a single move is returned). Otherwise:
    the heuristic's best moves by :func:`evaluate` (draw or take the discard, which card to throw),
    and when the contract can be met, the best go-downs *and* the best way to wait (a discard).
    """
    first = best_action(view, legal)
    if len(legal) == 1 or isinstance(first, LayOff | Meld):
        return [first]
    fmask = view.config.pack.faces_of(view.hand)
    ext = table_ext(view)
    scored = sorted(
        (a for a in legal if a != first and not isinstance(a, LayOff | Meld | Exchange)),
        key=lambda a: -_evaluate(view, a, fmask, ext),
    )
    out: list[ContractAction] = [first]
    if isinstance(first, GoDown):
        waits = 1 if k <= CANDIDATES else 2  # a wider search also weighs a second way to wait
        out += [a for a in scored if isinstance(a, GoDown)][: k - 1 - waits]
        out += [a for a in scored if not isinstance(a, GoDown)][:waits]
    else:
        out += scored[: k - 1]
    return out


@lru_cache(maxsize=8)
def _top_only(config: ContractConfig) -> ContractConfig:
    return config if config.pickup == "top" else replace(config, pickup="top")


def playout_state(s: ContractState) -> ContractState:
    """``s`` with deep pick-ups switched off, for heuristic playouts in a search.

    The heuristic never digs (a deep pick-up is worth -100 to it against 0 for a draw), so its
    playouts are unchanged; but listing the deep pick-ups of a player who is down can take the
    rules engine a very long time in rare positions, which stalled a whole search.
    """
    return s._replace(config=_top_only(s.config))


class _MoverSeat:
    """What :func:`best_action` reads of a view, taken straight from a playout's state for its mover.

    ``observe`` builds a whole :class:`ContractView` (hand sizes, known cards, ...) at every move
    of a playout; the heuristic reads only these fields, all of them part of the mover's own view
    (its hand, the pile, the table, who is down), so its moves are the same and cost less.
    """

    __slots__ = ("config", "current", "deal", "down", "hand", "melds", "pile", "seat")

    def __init__(self, s: ContractState, seat: int) -> None:
        self.seat = seat
        self.config = s.config
        self.deal = s.deal
        self.current = s.current
        self.hand = s.hands[seat]
        self.down = s.down
        self.melds = s.melds
        self.pile = s.pile


def rollout(s: ContractState, legal: Sequence[ContractAction], rng: Random) -> ContractAction:
    """The heuristic's move for the seat to move in ``s`` (a playout policy; same moves as
    :class:`ContractHeuristic` shown ``observe(s, mover)``, without building the whole view)."""
    if len(legal) == 1:
        return legal[0]
    return best_action(cast(ContractView, _MoverSeat(s, s.to_move())), legal)


def deal_value(scores: Sequence[float], seat: int) -> float:
    """A finished deal's worth for ``seat`` in a search: the others' mean penalty minus its own."""
    others = [x for q, x in enumerate(scores) if q != seat]
    return sum(others) / len(others) - scores[seat]


#: Standard deviation of one seat's penalty in deals 1..7 when four heuristics play (120 seats of
#: 30 matches: ``samrap tournament contract --seats heuristic,heuristic,heuristic,heuristic``,
#: seed 99); deals 1 (two sets, quick) and 7 (all out at once, or nobody) vary least.
DEAL_SD: tuple[float, ...] = (4.4, 20.8, 25.9, 31.1, 30.1, 35.2, 17.8)

#: Nodes and weights of the win-chance integral: a grid over the standard normal (41 points on
#: [-4, 4], weights normalised).
_Z = tuple(-4.0 + 0.2 * i for i in range(41))
_W0 = tuple(math.exp(-0.5 * z * z) for z in _Z)
_W = tuple(w / sum(_W0) for w in _W0)


def _phi_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def win_chance(totals: Sequence[float], seat: int, spread: float) -> float:
    """The chance that ``seat`` ends the match with the lowest total (ties shared).

    ``totals`` are the match totals so far and ``spread`` the standard deviation of one seat's
    penalties still to come (every seat alike, independent, normal). With nothing to come it is
    the win share itself.
    """
    mine = totals[seat]
    if spread <= 0.0:
        best = min(totals)
        return 1.0 / sum(1 for t in totals if t == best) if mine == best else 0.0
    gaps = [(mine - t) / spread for q, t in enumerate(totals) if q != seat]
    p = 0.0
    for z, w in zip(_Z, _W, strict=True):
        term = w
        for g in gaps:
            term *= 1.0 - _phi_cdf(z + g)
        p += term
    return p


def match_value(view: ContractView, margin: float = 0.2) -> Callable[[Sequence[float], int], float]:
    """A finished playout's worth for the search: the chance of winning the *match*, plus a little margin.

    The deal's penalties are added to the match totals so far (``view.scores``, public) and the
    deals still to come add normal noise of :data:`DEAL_SD`; the value is ``100 x`` that win chance
    (percentage points) plus ``margin x`` :func:`deal_value`, which still orders moves when the
    match is all but decided.
    """
    totals = view.scores
    deal = view.deal
    spread = math.sqrt(sum(sd * sd for sd in DEAL_SD[deal:]))

    def value(scores: Sequence[float], seat: int) -> float:
        after = [t + x for t, x in zip(totals, scores, strict=True)]
        return 100.0 * win_chance(after, seat, spread) + margin * deal_value(scores, seat)

    return value


class ContractHeuristic:
    """The heuristic Contract Rummy bot; ``noise`` plays a random move that often."""

    def __init__(self, name: str = "heuristic", noise: float = 0.0) -> None:
        self._name = name
        self.noise = noise

    @property
    def name(self) -> str:
        return self._name

    def choose(
        self, view: ContractView, legal: Sequence[ContractAction], rng: Random, budget: Budget | None = None
    ) -> ContractAction:
        if len(legal) == 1:
            return legal[0]
        if self.noise and rng.random() < self.noise:
            return legal[rng.randrange(len(legal))]
        return best_action(view, legal)

    def analyse(
        self, view: ContractView, legal: Sequence[ContractAction], rng: Random, budget: Budget | None = None
    ) -> list[MoveEstimate]:
        out = []
        for a in legal:
            en, th = _reason(view, a)
            out.append(MoveEstimate(action=a, value=round(evaluate(view, a), 1), reason=en, reason_th=th))
        out.sort(key=lambda e: -e.value)
        return out


def _reason(v: ContractView, a: ContractAction) -> tuple[str, str]:
    match a:
        case GoDown():
            return ("go down with the contract: those cards stop counting", "ลงตามสัญญา: ไพ่ที่ลงไม่ถูกนับแต้ม")
        case Meld():
            return ("put down a new meld", "ลงชุดใหม่")
        case LayOff(face=f, target=t, joker=j):
            card = face_text(card_str(f))
            return (
                f"lay off {'a joker as ' if j else ''}{card} on {meld_ref(t, 'en')}",
                f"ฝาก{'โจ๊กเกอร์แทน ' if j else ' '}{card} ที่{meld_ref(t, 'th')}",
            )
        case Exchange():
            return ("exchange a joker (left to the search)", "แลกโจ๊กเกอร์")
        case Discard(face=f):
            text = "★" if f == JOKER else face_text(card_str(f))
            return (f"discard {text}: {face_value(f)} penalty points out of the hand", f"ทิ้ง {text}")
        case Draw():
            return ("draw from the stock", "จั่วจากกองจั่ว")
        case PickUp(depth=d):
            return (("take the top discard" if not d else f"dig {d} deep"), "หยิบไพ่จากกองทิ้ง")
        case Claim():
            return ("buy the discard", "ซื้อไพ่")
        case Pass():
            return ("pass", "ผ่าน")
    return ("", "")


def cutoff_scores(s: ContractState) -> tuple[float, ...]:
    """Estimated penalty points of a deal cut short (an ISMCTS playout stopped early).

    Each hand is counted at its penalty value, as if someone went out now; a player who has not
    gone down counts extra, since they are far from going out. Reads the determinized state of a
    search, never a real one.
    """
    values = s.config.pack.values
    out = []
    for q, hand in enumerate(s.hands):
        pts = 0
        x = hand
        while x:
            low = x & -x
            pts += values[low.bit_length() - 1]
            x ^= low
        if not s.down >> q & 1:
            pts += 25
        out.append(float(pts))
    return tuple(out)
