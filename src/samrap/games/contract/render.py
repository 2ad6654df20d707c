"""Multi-line text of a Contract Rummy view, state or ledger for people (CLI, tests, bug reports).

Pure text, like Dummy's ``render``: no colour and no terminal library. Cards are shown by face
with suit symbols (``10♥``, and ``★`` for a joker in hand); a joker on the table shows what it
stands for (``★7♥``). Action text still uses the notation (``L *7h>2``), which is what a player
types.

Everything is drawn from a *view*, so rendering for a seat can never leak another seat's hidden
cards; :func:`render_state` (every hand and the stock shown) is for debugging only.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from samrap.core.cards import card_pretty
from samrap.games.contract.cards import JOKER, Pack
from samrap.games.contract.contracts import contract_text
from samrap.games.contract.melds import TableMeld, ordered_faces
from samrap.games.contract.observe import ContractView, observe
from samrap.games.contract.scoring import ITEM_NAMES
from samrap.games.contract.state import ContractState, LedgerItem, Phase

_LABELS: dict[str, tuple[str, str]] = {
    # key: (Thai, English)
    "title": ("รัมมี่สัญญา", "Contract Rummy (รัมมี่สัญญา)"),
    "deal": ("ตาที่", "Deal"),
    "contract": ("สัญญา", "contract"),
    "stock": ("กองจั่ว", "Stock"),
    "cards": ("ใบ", "cards"),
    "pile": ("กองทิ้ง (บนสุดท้ายสุด)", "Discard pile, top last"),
    "table": ("ไพ่บนโต๊ะ (เลขกอง ใช้ฝาก L <ไพ่>><เลข>)", "Table melds (numbers for lay-offs: L <card>><n>)"),
    "players": ("ผู้เล่น", "Players"),
    "down": ("ลงแล้ว", "down"),
    "not_down": ("ยังไม่ลง", "not down"),
    "known": ("ที่รู้", "known"),
    "score": ("แต้มรวม", "total"),
    "buys": ("ซื้อ", "buys"),
    "turn": ("ตา", "turn"),
    "hand": ("ไพ่ในมือ", "Your hand"),
    "over": ("จบตา", "Deal over"),
    "total": ("รวม", "total"),
}

_PHASE_HINTS: dict[Phase, tuple[str, str]] = {
    Phase.DRAW: ("จั่ว (D) หรือเก็บจากกองทิ้ง (P, P<ลึก>)", "draw (D) or take discards (P, P<depth>)"),
    Phase.PLAY: ("ลงสัญญา (G) ฝาก (L) แลกโจ๊กเกอร์ (E) แล้วทิ้ง (X)", "go down (G), lay off (L), exchange (E), discard (X)"),
    Phase.CLAIM: ("ซื้อไพ่ทิ้ง (C) หรือผ่าน (-)", "buy the discard (C) or pass (-)"),
    Phase.OVER: ("จบตา", "deal over"),
}


def width(text: str) -> int:
    """Terminal columns of ``text``: Thai vowel and tone marks take none, wide characters two."""
    return sum(
        0
        if unicodedata.combining(c) or unicodedata.category(c) == "Mn"
        else 2
        if unicodedata.east_asian_width(c) in "WF"
        else 1
        for c in text
    )


def pad(text: str, columns: int) -> str:
    return text + " " * max(0, columns - width(text))


def _label(key: str, lang: str) -> str:
    th, en = _LABELS[key]
    return th if lang == "th" else en


def face_pretty(face: int) -> str:
    return "★" if face == JOKER else card_pretty(face)


def hand_text(pack: Pack, mask: int) -> str:
    """A hand by suit (c d h s) then rank, jokers last, suits apart: ``7♣ 7♣ 8♣  J♦  ★``."""
    groups: list[list[str]] = [[], [], [], [], []]
    for pid in pack.sorted_ids(mask):
        f = pack.faces[pid]
        groups[4 if f == JOKER else f // 13].append(face_pretty(f))
    return "  ".join(" ".join(g) for g in groups if g) or "-"


def meld_text(m: TableMeld) -> str:
    """A table meld in reading order, jokers as ``★`` with what they stand for: ``5♠ 6♠ ★7♠``."""
    jokers = m.joker_faces
    return " ".join(("★" if jokers >> f & 1 else "") + card_pretty(f) for f in ordered_faces(m.faces))


def _seat(q: int, names: Sequence[str]) -> str:
    return f"s{q} {names[q]}" if q < len(names) else f"s{q}"


def _pile_line(v: ContractView) -> str:
    pack = v.config.pack
    return "  " + (" ".join(face_pretty(pack.faces[c]) for c in v.pile) or "-")


def _table_lines(v: ContractView, names: Sequence[str]) -> list[str]:
    if not v.melds:
        return ["  -"]
    cols = max(width(_seat(q, names)) for q in range(v.config.players))
    return [f"  [{i}] {pad(_seat(m.owner, names), cols)}  {meld_text(m)}" for i, m in enumerate(v.melds)]


def _player_lines(v: ContractView, names: Sequence[str], lang: str) -> list[str]:
    pack = v.config.pack
    cols = max(width(_seat(q, names)) for q in range(v.config.players))
    lines = []
    for q in range(v.config.players):
        down = _label("down", lang) if v.down >> q & 1 else _label("not_down", lang)
        size = f"{v.hand_sizes[q]} {_label('cards', lang)}"
        if q != v.seat and v.known[q] and not v.revealed:
            size += f", {_label('known', lang)} {hand_text(pack, v.known[q])}"
        buys = f"  {_label('buys', lang)} {v.buys[q]}/{v.config.max_buys}" if v.config.buying else ""
        turn = f"  <- {_label('turn', lang)}" if q == v.to_move() and v.phase is not Phase.OVER else ""
        score = f"{_label('score', lang)} {v.scores[q]}"
        lines.append(f"  {pad(_seat(q, names), cols)}  {pad(down, 10)} {score:<10} {size}{buys}{turn}")
    return lines


def render_view(v: ContractView, names: Sequence[str] = (), lang: str = "en") -> str:
    """Everything seat ``v.seat`` may see, as text (``lang`` ``en`` or ``th`` for the labels)."""
    pack = v.config.pack
    hint = _PHASE_HINTS[v.phase][0 if lang == "th" else 1]
    lines = [
        f"{_label('title', lang)}  {v.config.to_string()}",
        f"{_label('deal', lang)} {v.deal}/7  ·  {_label('contract', lang)}: {contract_text(v.deal)}",
        f"{_label('turn', lang)}: {_seat(v.to_move(), names)}  ·  {hint}",
        f"{_label('stock', lang)}: {v.stock_size} {_label('cards', lang)}",
        f"{_label('pile', lang)}:",
        _pile_line(v),
        f"{_label('table', lang)}:",
        *_table_lines(v, names),
        f"{_label('players', lang)}:",
        *_player_lines(v, names, lang),
    ]
    if v.phase is Phase.OVER:
        ending = f"{_seat(v.out, names)} went out" if v.out >= 0 else "nobody went out"
        lines.append(f"{_label('over', lang)}: {ending}")
        for q in range(v.config.players):
            if v.revealed and v.revealed[q]:
                lines.append(f"  {_seat(q, names)}: {hand_text(pack, v.revealed[q])}")
    else:
        lines.append(f"{_label('hand', lang)} ({v.hand.bit_count()}): {hand_text(pack, v.hand)}")
    return "\n".join(lines)


def render_state(s: ContractState, names: Sequence[str] = (), lang: str = "en") -> str:
    """Debugging text of a full state: the mover's view plus every hand and the stock."""
    pack = s.config.pack
    lines = [render_view(observe(s, s.to_move()), names, lang), "All hands:"]
    for q in range(s.config.players):
        lines.append(f"  {_seat(q, names)}: {hand_text(pack, s.hands[q])}")
    lines.append("Stock, next first: " + (" ".join(face_pretty(pack.faces[c]) for c in s.stock) or "-"))
    return "\n".join(lines)


def item_name(code: str, lang: str = "en") -> str:
    names = ITEM_NAMES.get(code)
    if names is None:
        return code
    return names[0] if lang == "th" else names[1]


def render_ledger(ledger: Sequence[LedgerItem], players: int, names: Sequence[str] = (), lang: str = "en") -> str:
    """One block per seat: each ledger item with its penalty points, then the seat's total (rule 20)."""
    lines = []
    for q in range(players):
        mine = [i for i in ledger if i.seat == q]
        lines.append(_seat(q, names))
        for item in mine:
            detail = f" ({item.detail})" if item.detail else ""
            lines.append(f"  {pad(item_name(item.code, lang) + detail, 40)} {item.points:6d}")
        lines.append(f"  {pad(_label('total', lang), 40)} {sum(i.points for i in mine):6d}")
    return "\n".join(lines)
