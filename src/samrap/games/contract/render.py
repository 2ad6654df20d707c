"""Multi-line text of a Contract Rummy view, state or ledger for people (CLI, tests, bug reports).

Pure text, like Dummy's ``render``: no colour and no terminal library. Cards are shown by face
with suit symbols (``10♥``, and ``★`` for a joker in hand); a joker on the table shows what it
stands for (``★7♥``). Action text still uses the notation (``L *7h>2``), which is what a player
types.

Everything is drawn from a *view*, so rendering for a seat can never leak another seat's hidden
cards; :func:`render_state` (every hand and the stock shown) is for debugging only.
"""

from __future__ import annotations

from collections.abc import Sequence

from samrap.core.cards import card_pretty
from samrap.core.text import MELD_HEADING, meld_label, pad, seat_text, width
from samrap.core.text import item_name as core_item_name
from samrap.games.contract.cards import JOKER, Pack
from samrap.games.contract.contracts import DEALS, contract, contract_text
from samrap.games.contract.melds import TableMeld, ordered_faces
from samrap.games.contract.observe import ContractView, observe
from samrap.games.contract.scoring import ITEM_NAMES
from samrap.games.contract.state import ContractState, LedgerItem, Phase

_LABELS: dict[str, tuple[str, str]] = {
    # key: (Thai, English); the Thai words are those of docs/thai-terms.md.
    "title": ("คอนแทรครัมมี่", "Contract Rummy (รัมมี่สัญญา)"),
    "contract": ("สัญญา", "contract"),
    "stock": ("กองจั่ว", "Stock"),
    "cards": ("ใบ", "cards"),
    "pile": ("กองทิ้ง (บนสุดอยู่ท้าย)", "Discard pile, top last"),
    "table": MELD_HEADING,
    "players": ("ผู้เล่น", "Players"),
    "down": ("ลงแล้ว", "down"),
    "not_down": ("ยังไม่ลง", "not down"),
    "known": ("ไพ่ที่รู้ว่าถือ", "known"),
    "score": ("แต้มรวม", "total"),
    "buys": ("ซื้อ", "buys"),
    "turn": ("ตา", "turn"),
    "hand": ("ไพ่ในมือ", "Your hand"),
    "over": ("จบรอบ", "Deal over"),
    "out": ("หมดมือ", "went out"),
    "nobody_out": ("ไม่มีใครหมดมือ", "nobody went out"),
    "forbid": ("ห้ามทิ้ง", "may not discard"),
    "deep": ("ต้องลงไพ่ที่หยิบลึกในตานี้", "must table the deep card this turn"),
    "pending": ("โจ๊กเกอร์ที่แลกมาต้องลงในตานี้", "exchanged jokers to table this turn"),
    "staging": (
        "ชุดที่เลือกลงไว้ (ไพ่ยังอยู่ในมือจนลงครบสัญญา, เลือกชุดต่อไป G+)",
        "go-down under way (cards stay in hand until the contract is complete; next meld G+)",
    ),
    "total": ("รวม", "total"),
}

_PHASE_HINTS: dict[Phase, tuple[str, str]] = {
    Phase.DRAW: ("จั่ว (D) หรือหยิบจากกองทิ้ง (P, P<ลึก>)", "draw (D) or take discards (P, P<depth>)"),
    Phase.PLAY: (
        "ลงตามสัญญา (G) ฝาก (L) แลกโจ๊กเกอร์ (E) แล้วทิ้ง (X)",
        "go down (G), lay off (L), exchange (E), discard (X)",
    ),
    Phase.CLAIM: ("ซื้อไพ่ทิ้ง (C) หรือผ่าน (-)", "buy the discard (C) or pass (-)"),
    Phase.OVER: ("จบรอบ", "deal over"),
}


def contract_words(deal: int, lang: str = "en") -> str:
    """The deal's contract for people: ``two sets + one run`` or ``ตอง 2 ชุด + เรียง 1 ชุด``."""
    if lang != "th":
        return contract_text(deal)
    sets, runs = contract(deal)
    parts = [f"{word} {n} ชุด" for word, n in (("ตอง", sets), ("เรียง", runs)) if n]
    return " + ".join(parts)


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
    if m.any_suits:  # a set of any suits may hold a face twice: every natural, then the jokers
        joker_ids = {j for j, _ in m.jokers}
        naturals = sorted(
            pid % 52 for pid in range(m.cards.bit_length()) if m.cards >> pid & 1 and pid not in joker_ids
        )
        return " ".join([*(card_pretty(f) for f in naturals), *("★" + card_pretty(f) for _, f in m.jokers)])
    return " ".join(("★" if jokers >> f & 1 else "") + card_pretty(f) for f in ordered_faces(m.faces))


def _pile_line(v: ContractView) -> str:
    pack = v.config.pack
    return "  " + (" ".join(face_pretty(pack.faces[c]) for c in v.pile) or "-")


def _table_lines(v: ContractView, names: Sequence[str], lang: str) -> list[str]:
    if not v.melds:
        return ["  -"]
    cols = max(width(seat_text(q, names, lang)) for q in range(v.config.players))
    label = width(meld_label(len(v.melds) - 1))  # "[10 >9]" is wider than "[9 >8]": the columns stay put
    return [
        f"  {pad(meld_label(i), label)} {pad(seat_text(m.owner, names, lang), cols)}  {meld_text(m)}"
        for i, m in enumerate(v.melds)
    ]


def _player_lines(v: ContractView, names: Sequence[str], lang: str) -> list[str]:
    pack = v.config.pack
    cols = max(width(seat_text(q, names, lang)) for q in range(v.config.players))
    lines = []
    for q in range(v.config.players):
        down = _label("down", lang) if v.down >> q & 1 else _label("not_down", lang)
        size = f"{v.hand_sizes[q]} {_label('cards', lang)}"
        if q != v.seat and v.known[q] and not v.revealed:
            size += f", {_label('known', lang)} {hand_text(pack, v.known[q])}"
        buys = f"  {_label('buys', lang)} {v.buys[q]}/{v.config.max_buys}" if v.config.buying else ""
        turn = f"  <- {_label('turn', lang)}" if q == v.to_move() and v.phase is not Phase.OVER else ""
        score = f"{_label('score', lang)} {v.scores[q]}"
        lines.append(f"  {pad(seat_text(q, names, lang), cols)}  {pad(down, 10)} {pad(score, 10)} {size}{buys}{turn}")
    return lines


def _duty_lines(v: ContractView, lang: str) -> list[str]:
    """What the player to move still owes this turn (rules 12, 16, 24-26), everyone saw it happen;
    in the mover's own view also the go-down it is putting down a meld at a time (rule 22)."""
    if v.phase is Phase.OVER:
        return []
    pack = v.config.pack
    duties = []
    if v.forbid >= 0:
        duties.append(f"{_label('forbid', lang)} {face_pretty(v.forbid)}")
    if v.deep >= 0:
        duties.append(f"{_label('deep', lang)}: {face_pretty(pack.faces[v.deep])}")
    if v.pending:
        duties.append(f"{_label('pending', lang)}: {hand_text(pack, v.pending)}")
    if v.staging:  # the seat's own go-down chosen a meld at a time (only its view holds it)
        duties.append(f"{_label('staging', lang)}: {' '.join(m.text() for m in v.staging)}")
    return [f"  * {d}" for d in duties]


def render_view(v: ContractView, names: Sequence[str] = (), lang: str = "en") -> str:
    """Everything seat ``v.seat`` may see, as text (``lang`` ``en`` or ``th`` for the labels).

    The Thai screen names no config string (players read the deal and its contract instead);
    the English header keeps it for bug reports.
    """
    pack = v.config.pack
    hint = _PHASE_HINTS[v.phase][0 if lang == "th" else 1]
    title = _label("title", lang) if lang == "th" else f"{_label('title', lang)}  {v.config.to_string()}"
    deal = f"รอบที่ {v.deal} จาก {DEALS}" if lang == "th" else f"Deal {v.deal}/{DEALS}"
    lines = [
        title,
        f"{deal}  ·  {_label('contract', lang)}: {contract_words(v.deal, lang)}",
        f"{_label('turn', lang)}: {seat_text(v.to_move(), names, lang)}  ·  {hint}",
        *_duty_lines(v, lang),
        f"{_label('stock', lang)}: {v.stock_size} {_label('cards', lang)}",
        f"{_label('pile', lang)}:",
        _pile_line(v),
        f"{_label('table', lang)}:",
        *_table_lines(v, names, lang),
        f"{_label('players', lang)}:",
        *_player_lines(v, names, lang),
    ]
    if v.phase is Phase.OVER:
        out = f"{seat_text(v.out, names, lang)} {_label('out', lang)}"
        ending = out if v.out >= 0 else _label("nobody_out", lang)
        lines.append(f"{_label('over', lang)}: {ending}")
        for q in range(v.config.players):
            if v.revealed and v.revealed[q]:
                lines.append(f"  {seat_text(q, names, lang)}: {hand_text(pack, v.revealed[q])}")
    else:
        lines.append(f"{_label('hand', lang)} ({v.hand.bit_count()}): {hand_text(pack, v.hand)}")
    return "\n".join(lines)


def render_state(s: ContractState, names: Sequence[str] = (), lang: str = "en") -> str:
    """Debugging text of a full state: the mover's view plus every hand and the stock."""
    pack = s.config.pack
    lines = [render_view(observe(s, s.to_move()), names, lang), "All hands:"]
    for q in range(s.config.players):
        lines.append(f"  {seat_text(q, names, lang)}: {hand_text(pack, s.hands[q])}")
    lines.append("Stock, next first: " + (" ".join(face_pretty(pack.faces[c]) for c in s.stock) or "-"))
    return "\n".join(lines)


def item_name(code: str, lang: str = "en") -> str:
    return core_item_name(ITEM_NAMES, code, lang)


def render_ledger(ledger: Sequence[LedgerItem], players: int, names: Sequence[str] = (), lang: str = "en") -> str:
    """One block per seat: each ledger item with its penalty points, then the seat's total (rule 20)."""
    lines = []
    for q in range(players):
        mine = [i for i in ledger if i.seat == q]
        lines.append(seat_text(q, names, lang))
        for item in mine:
            detail = f" ({item.detail})" if item.detail else ""
            lines.append(f"  {pad(item_name(item.code, lang) + detail, 40)} {item.points:6d}")
        lines.append(f"  {pad(_label('total', lang), 40)} {sum(i.points for i in mine):6d}")
    return "\n".join(lines)
