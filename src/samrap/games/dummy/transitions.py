"""Successor states of Thai Dummy: ``apply_unchecked`` for actions from ``legal_actions``.

Rule numbers are those of ``docs/rules/dummy.md``. Building the successor is the commonest
operation of every playout, so it skips the legality checks (:func:`rules.apply` makes them first)
and writes the state's fields by index. The golden playthroughs and trace hashes replay every game
through the checked ``apply``, so a shortcut here that changed a state fails them.
"""

from samrap.core.cards import card_str
from samrap.core.cardset import CardSet
from samrap.core.errors import IllegalActionError
from samrap.core.melds import (
    extension_cards,
    melds_with,
)
from samrap.games.dummy.actions import (
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
from samrap.games.dummy.putdown import owner_allows, reach_after, table_reach
from samrap.games.dummy.state import DummyState, LedgerItem, Phase

_BITS = tuple(1 << c for c in range(52))
_DRAW, _PLAY = Phase.DRAW, Phase.PLAY


#: Builds a state from a full sequence of its fields, skipping the named tuple's Python-level
#: ``__new__`` (half the cost of a successor state). The draw, the discard, the collect, the
#: lay-off and the meld, the actions of every turn, unpack every field and write the successor
#: out whole (``_FIELDS``); the knock and the pass, once a game, use ``_replace``.
_state = tuple.__new__


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
    # The commonest actions (discards, draws, collects, lay-offs) ahead of the match, asked with
    # ``isinstance``: a class pattern with fields reads each through its own lookup. The discard
    # and the draw unpack every field and write the successor out whole (``_FIELDS`` holds the
    # order; ``test_fast_twins.py`` compares them with ``_replace``), here rather than in a
    # function of their own: a frame and the fields read before the test cost 1,500 instructions.
    if isinstance(a, Discard):
        (
            config, _, p, direction, starter, deck, stock_pos, stock_end, hands, row, row_by, melds,
            meld_owner, put_down, known, born, layoffs, _, _, head, items, scores, row_cards, reach, knocker,
            knock_card,
        ) = s  # fmt: skip
        c = a.card
        if config.discard_layoff_penalty or config.discard_full_penalty:
            items = _discard_penalties(s, p, c)
        nxt = (p + direction) % config.players
        b = 1 << c
        if known[p] & b:
            known = _replace_at(known, p, known[p] & ~b)
        new_hands = list(hands)
        new_hands[p] &= ~b
        # (``row + (c,)``: a concatenation takes two thirds of the time of ``(*row, c)``'s list)
        return _state(
            DummyState,
            (
                config, Phase.LAST_DRAW if stock_pos >= stock_end else _DRAW, nxt, direction, starter, deck,
                stock_pos, stock_end, tuple(new_hands), row + (c,), row_by + (p,), melds, meld_owner, put_down,  # noqa: RUF005
                known, born, layoffs, (born >> nxt & 1) == 1, -1, head, items, scores, row_cards | b, reach,
                knocker, knock_card,
            ),
        )  # fmt: skip
    if isinstance(a, DrawAction):
        (
            config, _, p, direction, starter, deck, stock_pos, stock_end, hands, row, row_by, melds,
            meld_owner, put_down, known, born, layoffs, turn_born, ngo_from, head, items, scores, row_cards,
            reach, knocker, knock_card,
        ) = s  # fmt: skip
        new_hands = list(hands)
        new_hands[p] |= 1 << deck[stock_pos]
        return _state(
            DummyState,
            (
                config, _PLAY, p, direction, starter, deck, stock_pos + 1, stock_end, tuple(new_hands), row,
                row_by, melds, meld_owner, put_down, known, born, layoffs, turn_born, ngo_from, head, items,
                scores, row_cards, reach, knocker, knock_card,
            ),
        )  # fmt: skip
    if isinstance(a, Collect):
        return _apply_collect(s, s.current, a.index, a.meld, a.onto)
    if isinstance(a, LayOff | Meld):  # written out whole too: four or five seats' tuples change
        (
            config, phase, p, direction, starter, deck, stock_pos, stock_end, hands, row, row_by, melds,
            meld_owner, put_down, known, born, layoffs, turn_born, ngo_from, head, items, scores, row_cards,
            reach, knocker, knock_card,
        ) = s  # fmt: skip
        new_hands = list(hands)
        new_put_down = list(put_down)
        new_known = list(known)
        if isinstance(a, LayOff):
            c, t = a.card, a.target
            b = 1 << c
            grown = melds[t] | b
            new_melds = list(melds)
            new_melds[t] = grown
            melds = tuple(new_melds)
            reach = reach_after(reach, t, grown, config.ace_low)
            new_layoffs = list(layoffs)
            new_layoffs[p] += 1
            layoffs = tuple(new_layoffs)
            if config.speto_layoff_penalty:
                items += _speto_item(s, c, t, p)
        else:
            b = a.cards
            reach = reach_after(reach, len(melds), b, config.ace_low)
            melds += (b,)
            meld_owner += (p,)
        new_hands[p] &= ~b
        new_put_down[p] |= b
        new_known[p] &= ~b
        return _state(
            DummyState,
            (
                config, phase, p, direction, starter, deck, stock_pos, stock_end, tuple(new_hands), row, row_by,
                melds, meld_owner, tuple(new_put_down), tuple(new_known), born, layoffs, turn_born, ngo_from, head,
                items, scores, row_cards, reach, knocker, knock_card,
            ),
        )  # fmt: skip
    p = s.current
    hand = s.hands[p]
    match a:
        case Knock(card=c, melds=ms, layoffs=ls):
            table = list(s.melds)
            items = s.items
            for card, t in ls:
                table[t] |= 1 << card
                items += _speto_item(s, card, t, p)
            down = hand & ~(1 << c)
            after = (*table, *ms)
            return _with(
                s,
                phase=Phase.OVER,
                hands=_replace_at(s.hands, p, 0),
                melds=after,
                reach=table_reach(after, s.config.ace_low),
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
    (
        cfg, phase, current, direction, starter, deck, stock_pos, stock_end, hands, row, row_by, melds,
        owners, put_down, known, born, layoffs, turn_born, _, head, items, scores, row_cards, reach, knocker,
        knock_card,
    ) = s  # fmt: skip
    hand = hands[p]
    t = row[i]
    taken = 0
    for c in row[i:]:
        taken |= _BITS[c]
    if onto >= 0:
        down = 1 << t
        grown = melds[onto] | down
        reach = reach_after(reach, onto, grown, cfg.ace_low)
        melds = _replace_at(melds, onto, grown)
        layoffs = _replace_at(layoffs, p, layoffs[p] + 1)
        items += _speto_item(s, t, onto, p)
    else:
        down = m
        reach = reach_after(reach, len(melds), m, cfg.ace_low)
        melds = (*melds, m)
        owners = (*owners, p)
    new_hand = (hand | taken) & ~down
    # โง่ (rules 27, 37): a one-card collect of the newest card, discarded by the previous player.
    ngo_from = row_by[i] if i == len(row) - 1 and row_by[i] >= 0 else -1
    if t == head and (cfg.head_bonus or cfg.head_penalty):
        if cfg.head_bonus:
            items += (LedgerItem(p, "head", cfg.head_bonus * (2 if is_speto(t) else 1), card_str(t)),)
        feeder = _head_feeder(s, p, i, m) if cfg.head_penalty and onto < 0 else -1
        if feeder >= 0:
            items += (LedgerItem(feeder, "head_penalty", -cfg.head_penalty, card_str(t)),)
    new_hands = list(hands)
    new_hands[p] = new_hand
    new_put_down = list(put_down)
    new_put_down[p] |= down
    new_known = list(known)
    new_known[p] = (known[p] | taken) & new_hand
    return _state(
        DummyState,
        (
            cfg, Phase.LAST_PLAY if phase is Phase.LAST_DRAW else _PLAY, current, direction, starter, deck,
            stock_pos, stock_end, tuple(new_hands), row[:i], row_by[:i], melds, owners, tuple(new_put_down),
            tuple(new_known), born | 1 << p, layoffs, turn_born, ngo_from, head, items, scores, row_cards & ~taken,
            reach, knocker, knock_card,
        ),
    )  # fmt: skip


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


#: The fields in the order the draw, the collect and the discard unpack and write them (checked at
#: import).
_FIELDS = (
    "config phase current direction starter deck stock_pos stock_end hands row row_by melds meld_owner"
    " put_down known born layoffs turn_born ngo_from head items scores row_cards reach knocker knock_card"
)
if tuple(_FIELDS.split()) != DummyState._fields:
    raise ImportError("DummyState's fields changed: update apply_unchecked, _apply_collect and _FIELDS")


def _discard_penalties(s: DummyState, p: int, c: int) -> tuple[LedgerItem, ...]:
    """The ledger after discarding ``c``: ทิ้งใบฝาก and ทิ้งเต็ม (modern rules)."""
    cfg = s.config
    items = s.items
    if cfg.discard_layoff_penalty and any(
        extension_cards(m, cfg.ace_low) >> c & 1 and owner_allows(s, i, 1 << c, p) for i, m in enumerate(s.melds)
    ):
        items += (LedgerItem(p, "discard_layoff", -cfg.discard_layoff_penalty, card_str(c)),)
    if cfg.discard_full_penalty and melds_with(c, s.row_cards, cfg.ace_low):
        items += (LedgerItem(p, "discard_full", -cfg.discard_full_penalty, card_str(c)),)
    return items


def _with(s: DummyState, **changes: object) -> DummyState:
    """A copy of ``s`` with ``changes`` (for the rarer transitions; hot ones call the constructor)."""
    return s._replace(**changes)  # type: ignore[arg-type]
