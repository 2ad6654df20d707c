"""Multi-line text of a Dummy view, state or ledger for people (CLI, tests, bug reports).

Pure text: no colour and no terminal library, so the same output serves a terminal, a log file
and a golden test; the CLI may colour it. Cards are shown with suit symbols (``10♥``); action
text still uses the notation (``X Th``), which is what a player types.

Everything is drawn from a *view*, so rendering for a seat can never leak another seat's hidden
cards; :func:`render_state` (every hand shown) is for debugging only.
"""

from __future__ import annotations

from collections.abc import Sequence

from samrap.core.cards import card_pretty, suit_of
from samrap.core.cardset import CardSet, cards_of
from samrap.core.melds import is_ace_low_run, run_suit
from samrap.core.text import MELD_HEADING, meld_label, pad, seat_text, width
from samrap.core.text import item_name as core_item_name
from samrap.games.dummy.observe import DummyView, observe
from samrap.games.dummy.scoring import ITEM_NAMES
from samrap.games.dummy.state import DummyState, LedgerItem, Phase

_LABELS: dict[str, tuple[str, str]] = {
    # key: (Thai, English); English labels keep the Thai term beside them.
    "title": ("ดัมมี่", "Thai Dummy (ดัมมี่)"),
    "stock": ("กองจั่ว", "Stock (กองจั่ว)"),
    "cards": ("ใบ", "cards"),
    "row": ("กองกลาง (เก่าสุดก่อน)", "Row (กองกลาง), oldest first"),
    "table": MELD_HEADING,
    "players": ("ผู้เล่น", "Players"),
    "born": ("เกิด", "born (เกิด)"),
    "not_born": ("ยังไม่เกิด", "not born"),
    "known": ("ไพ่ที่รู้ว่าถือ", "known"),
    "score": ("แต้ม", "score"),
    "turn": ("ตา", "turn"),
    "hand": ("ไพ่ในมือ", "Your hand"),
    "head": ("หัว", "head"),
    "clockwise": ("ตามเข็ม", "clockwise"),
    "counter": ("ทวนเข็ม", "counter-clockwise"),
    "over": ("จบเกม", "Game over"),
    "layoffs": ("ฝากแล้ว", "lay-offs"),
    "total": ("รวม", "total"),
}

_PHASE_HINTS: dict[Phase, tuple[str, str]] = {
    Phase.DRAW: ("จั่ว (D) หรือ เก็บ (C<i> <ชุด>)", "draw (D) or collect (C<i> <meld>)"),
    Phase.PLAY: ("ลง ฝาก แล้วทิ้ง (X) หรือ น็อค (K)", "meld, lay off, then discard (X) or knock (K)"),
    Phase.LAST_DRAW: ("กองจั่วหมด: เก็บแล้วน็อค หรือผ่าน (-)", "stock is out: collect and knock, or pass (-)"),
    Phase.LAST_PLAY: ("ตาสุดท้าย: ลงชุดหรือฝากได้ แล้วต้องน็อค", "last turn: meld or lay off, then knock"),
    Phase.OVER: ("จบเกม", "game over"),
}


def _label(key: str, lang: str) -> str:
    th, en = _LABELS[key]
    return th if lang == "th" else en


def hand_text(mask: CardSet) -> str:
    """A hand sorted by suit (c d h s) then rank, suits separated by two spaces: ``7♣ 8♣  J♦  A♠``."""
    groups: list[list[str]] = [[], [], [], []]
    for c in cards_of(mask):
        groups[suit_of(c)].append(card_pretty(c))
    return "  ".join(" ".join(g) for g in groups if g) or "-"


def meld_cards(mask: CardSet) -> list[int]:
    """A meld's cards in reading order: ascending rank, an ace played low first (A-2-3)."""
    cards: list[int] = list(cards_of(mask))
    if run_suit(mask) >= 0 and is_ace_low_run(mask):  # is_ace_low_run expects a one-suit mask
        cards = cards[-1:] + cards[:-1]
    return cards


def _seat(q: int, names: Sequence[str], lang: str = "en") -> str:
    return seat_text(q, names, lang)


def _row_lines(v: DummyView, lang: str) -> list[str]:
    if not v.row:
        return ["  -"]
    entries = []
    for i, (c, by) in enumerate(zip(v.row, v.row_by, strict=True)):
        who = _label("head", lang) if by < 0 else _seat(by, (), lang)
        entries.append(f"{i} {card_pretty(c)} {who}")
    per_line = 8
    return ["  " + " · ".join(entries[k : k + per_line]) for k in range(0, len(entries), per_line)]


def _meld_text(v: DummyView, index: int, lang: str = "en") -> str:
    meld, owner = v.melds[index], v.meld_owner[index]
    parts = []
    for c in meld_cards(meld):
        text = card_pretty(c)
        if not v.put_down[owner] >> c & 1:
            # Laid off by someone else: say who, since it scores for them (rule 23).
            layer = next((q for q, m in enumerate(v.put_down) if m >> c & 1), -1)
            text += f"({_seat(layer, (), lang)})" if layer >= 0 else ""
        parts.append(text)
    return f"{meld_label(index)} " + " ".join(parts)


def _table_lines(v: DummyView, names: Sequence[str], lang: str = "en") -> list[str]:
    cols = max(width(_seat(q, names, lang)) for q in range(v.config.players))
    lines = []
    for q in range(v.config.players):
        mine = [_meld_text(v, i, lang) for i, o in enumerate(v.meld_owner) if o == q]
        lines.append(f"  {pad(_seat(q, names, lang), cols)}  " + ("   ".join(mine) if mine else "-"))
    return lines


def _player_lines(v: DummyView, names: Sequence[str], lang: str) -> list[str]:
    cols = max(width(_seat(q, names, lang)) for q in range(v.config.players))
    limit = v.config.max_layoffs_per_game
    lines = []
    for q in range(v.config.players):
        born = _label("born", lang) if v.is_born(q) else _label("not_born", lang)
        size = f"{v.hand_sizes[q]} {_label('cards', lang)}"
        if q != v.seat and v.known[q] and not v.revealed:
            size += f", {_label('known', lang)} {hand_text(v.known[q])}"
        extra = f"  {_label('layoffs', lang)} {v.layoffs[q]}/{limit}" if limit is not None else ""
        turn = f"  <- {_label('turn', lang)}" if q == v.current and v.phase is not Phase.OVER else ""
        score = f"{_label('score', lang)} {v.scores[q]:+d}"
        lines.append(f"  {pad(_seat(q, names, lang), cols)}  {pad(born, 12)} {pad(score, 11)} {size}{extra}{turn}")
    return lines


def render_view(v: DummyView, names: Sequence[str] = (), lang: str = "en") -> str:
    """Everything seat ``v.seat`` may see, as text (``lang`` ``en`` or ``th`` for the labels)."""
    n = v.config.players
    direction = _label("clockwise", lang) if v.direction > 0 else _label("counter", lang)
    hint = _PHASE_HINTS[v.phase][0 if lang == "th" else 1]
    # A Thai screen names no config string; the English header keeps it for bug reports.
    config = "" if lang == "th" else f"  {v.config.to_string()}"
    lines = [
        f"{_label('title', lang)}{config}  ·  {direction}",
        f"{_label('turn', lang)}: {_seat(v.current, names, lang)}  ·  {hint}",
        f"{_label('stock', lang)}: {v.stock_size} {_label('cards', lang)}",
        f"{_label('row', lang)}:",
        *_row_lines(v, lang),
        f"{_label('table', lang)}:",
        *_table_lines(v, names, lang),
        f"{_label('players', lang)}:",
        *_player_lines(v, names, lang),
    ]
    if v.phase is Phase.OVER:
        lines.append(f"{_label('over', lang)}: {_ending(v, names, lang)}")
        for q in range(n):
            if v.revealed and v.revealed[q]:
                lines.append(f"  {_seat(q, names, lang)}: {hand_text(v.revealed[q])}")
    else:
        lines.append(f"{_label('hand', lang)} ({v.hand.bit_count()}): {hand_text(v.hand)}")
    return "\n".join(lines)


def _ending(v: DummyView, names: Sequence[str], lang: str = "en") -> str:
    """How the game ended, in thai-terms' words: ``#1 ben น็อค คว่ำ Q♠ (น็อคมืด)``."""
    if lang == "th":
        if v.knocker < 0:
            return "ไม่มีใครน็อค กองจั่วหมด"
        card = f" คว่ำ {card_pretty(v.knock_card)}" if v.knock_card >= 0 else ""
        return f"{_seat(v.knocker, names, lang)} น็อค{card}" + (" (น็อคมืด)" if not v.turn_born else "")
    if v.knocker < 0:
        return "no knock (the stock ran out)"
    dark = " - dark knock (น็อคมืด)" if not v.turn_born else ""
    card = f", face down {card_pretty(v.knock_card)}" if v.knock_card >= 0 else ""
    return f"{_seat(v.knocker, names)} knocked (น็อค){card}{dark}"


def render_state(s: DummyState, names: Sequence[str] = (), lang: str = "en") -> str:
    """Debugging text of a full state: the current seat's view plus every hand and the stock."""
    lines = [render_view(observe(s, s.current), names, lang), "All hands:"]
    for q in range(s.config.players):
        lines.append(f"  {_seat(q, names)}: {hand_text(s.hands[q])}")
    stock = " ".join(card_pretty(c) for c in s.deck[s.stock_pos : s.stock_end]) or "-"
    lines.append(f"Stock, next first: {stock}")
    return "\n".join(lines)


def item_name(code: str, lang: str = "en") -> str:
    return core_item_name(ITEM_NAMES, code, lang)


def render_ledger(ledger: Sequence[LedgerItem], players: int, names: Sequence[str] = (), lang: str = "en") -> str:
    """One block per seat: each ledger item with its points, then the seat's total (rule 28)."""
    lines = []
    for q in range(players):
        mine = [i for i in ledger if i.seat == q]
        lines.append(_seat(q, names))
        for item in mine:
            detail = f" ({item.detail})" if item.detail else ""
            lines.append(f"  {pad(item_name(item.code, lang) + detail, 40)} {item.points:+6d}")
        lines.append(f"  {pad(_label('total', lang), 40)} {sum(i.points for i in mine):+6d}")
    return "\n".join(lines)
