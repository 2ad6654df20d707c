"""The rules of Contract Rummy in words, Thai and English, written from a :class:`ContractConfig`.

Numbers are those of ``docs/rules/contract.md``, the ones the engine's errors cite. Every config
field a player chooses changes the text when it differs from ``seed`` (a test checks each field, so
a new option cannot go unmentioned); ``max_turns`` only bounds endless deals and is not a rule a
player reads. A rule that does not apply is left out: runs of 3 only when ``min_run`` is 3, deep
pick-ups only with ``pickup = deep``, buying only when it is on. Thai words follow thai-terms.md.
"""

from __future__ import annotations

from samrap.core.rulebook import Rule, RuleBook, Section, preset_of
from samrap.games.contract.config import PRESETS, ContractConfig
from samrap.games.contract.contracts import CONTRACTS, DEALS

_EN_COUNT = ("no", "one", "two", "three")
_TH_COUNT = ("", "หนึ่ง", "สอง", "สาม")


def _contract_en(sets: int, runs: int) -> str:
    parts = []
    if sets:
        parts.append(f"{_EN_COUNT[sets]} set{'s' if sets > 1 else ''}")
    if runs:
        parts.append(f"{_EN_COUNT[runs]} run{'s' if runs > 1 else ''}")
    return " and ".join(parts)


def _contract_th(sets: int, runs: int) -> str:
    parts = []
    if sets:
        parts.append(f"ตอง {sets} ชุด")
    if runs:
        parts.append(f"เรียง {runs} ชุด")
    return " กับ ".join(parts)


def _cards(c: ContractConfig) -> Section:
    n = c.players
    decks, jokers = c.n_decks, c.n_jokers
    pack_en = f"The pack: {decks} standard decks and {jokers} jokers"
    pack_th = f"ใช้ไพ่ {decks} สำรับ กับโจ๊กเกอร์ {jokers} ใบ"
    if c.decks is None and c.jokers is None:
        if c.joker_rule == "players_minus_one":
            pack_en += " (one joker fewer than the players)"
            pack_th += " (โจ๊กเกอร์น้อยกว่าจำนวนผู้เล่นหนึ่งใบ)"
        else:
            pack_en += " (2 decks for 3–5 players, 3 for 6–8, a joker per deck)"
            pack_th += " (3–5 คนใช้ 2 สำรับ 6–8 คนใช้ 3 สำรับ โจ๊กเกอร์สำรับละใบ)"
    else:
        pack_en += " (a house setting)"
        pack_th += " (ตั้งไว้สำหรับโต๊ะนี้)"
    return Section(
        "cards",
        "Cards",
        "ไพ่",
        (
            Rule(
                1,
                f"3 to 5 players, 4 is best; up to 8 as an option (here: {n}).",
                f"ผู้เล่น 3–5 คน 4 คนดีที่สุด เล่นได้ถึง 8 คน (ที่นี่ {n} คน)",
            ),
            Rule(2, pack_en + ".", pack_th),
            Rule(
                3,
                "An ace is high or low, never both in one run; runs do not wrap (Q-K-A-2 is not a run).",
                "เอซเป็นไพ่สูงหรือต่ำได้อย่างใดอย่างหนึ่ง เรียงวนไม่ได้ (Q♥ K♥ A♥ 2♥ ไม่ได้)",
            ),
            Rule(4, "Jokers are wild.", "โจ๊กเกอร์แทนไพ่ใดก็ได้"),
        ),
    )


def _deals(c: ContractConfig) -> Section:
    t = c.ten_card_deals
    each_en = "; ".join(f"deal {deal}: {_contract_en(sets, runs)}" for deal, (sets, runs) in enumerate(CONTRACTS, 1))
    each_th = " ".join(f"รอบที่ {deal}: {_contract_th(sets, runs)}" for deal, (sets, runs) in enumerate(CONTRACTS, 1))
    contracts = Rule(7, f"The seven contracts: {each_en}.", f"สัญญาทั้งเจ็ดรอบ: {each_th}")
    return Section(
        "deals",
        "Seven deals",
        "เจ็ดรอบ",
        (
            Rule(
                5,
                f"Seven deals: deals 1–{t} give 10 cards each, deals {t + 1}–{DEALS} give 12.",
                f"เล่น 7 รอบ รอบที่ 1–{t} แจกคนละ 10 ใบ รอบที่ {t + 1}–{DEALS} แจกคนละ 12 ใบ",
            ),
            Rule(
                6,
                "First dealer: everyone cuts a card and the lowest deals (ace low). The deal passes left; the "
                "dealer deals one at a time starting on their left. The rest is the stock; its top card starts the "
                "discard pile. The player left of the dealer plays first.",
                "ผู้แจกคนแรก: ทุกคนตัดไพ่คนละใบ ใบต่ำสุดเป็นผู้แจก (เอซต่ำ) แล้วผู้แจกเวียนไปทางซ้าย "
                "แจกทีละใบเริ่มจากคนทางซ้าย ไพ่ที่เหลือเป็นกองจั่ว หงายใบบนสุดเป็นกองทิ้ง "
                "คนทางซ้ายของผู้แจกเริ่มก่อน",
            ),
            Rule(
                31,
                "A tie for the lowest cut card, or a cut joker, cuts again.",
                "ถ้าตัดได้ใบต่ำสุดเท่ากัน หรือตัดได้โจ๊กเกอร์ ต้องตัดใหม่",
            ),
            contracts,
        ),
    )


def _melds(c: ContractConfig) -> Section:
    if c.set_suits == "any":
        most = 4 * c.n_decks
        sets = Rule(
            8,
            f"A set (ตอง) is 3 or more cards of one rank, in any suits (with {c.n_decks} decks up to {most} "
            f"natural cards); lay-offs on such sets too.",
            f"ตอง คือไพ่แต้มเดียวกัน 3 ใบขึ้นไป ดอกซ้ำกันได้ ({c.n_decks} สำรับมีได้ถึง {most} ใบ) ฝากกับตองแบบนี้ได้เช่นกัน",
        )
    else:
        sets = Rule(
            8,
            "A set (ตอง) is 3 or 4 cards of one rank; no two cards of a set may share a suit.",
            "ตอง คือไพ่แต้มเดียวกัน 3 หรือ 4 ใบ ห้ามมีดอกซ้ำกันในชุดเดียว",
        )
    rules = [
        sets,
        Rule(
            9,
            f"A run (เรียง) is {c.min_run} or more consecutive cards of one suit.",
            f"เรียง คือไพ่ดอกเดียวกันเรียงกัน {c.min_run} ใบขึ้นไป",
        ),
    ]
    if c.same_suit_runs == "different":
        rules.append(
            Rule(
                10,
                "When a contract asks for several runs, they must be of different suits.",
                "ถ้าสัญญามีเรียงหลายชุด แต่ละชุดต้องต่างดอกกัน",
            )
        )
    elif c.same_suit_runs == "allowed":
        rules.append(
            Rule(
                10,
                "When a contract asks for several runs, they may be of the same suit.",
                "ถ้าสัญญามีเรียงหลายชุด จะเป็นดอกเดียวกันก็ได้",
            )
        )
    else:
        rules.append(
            Rule(
                27,
                "When a contract asks for several runs, they may share a suit unless the two runs would join into one.",
                "ถ้าสัญญามีเรียงหลายชุด เรียงดอกเดียวกันที่ลงพร้อมกันต้องไม่ต่อกันเป็นเรียงเดียว",
            )
        )
    rules += [
        Rule(
            11,
            "A joker stands for one card, whose rank and suit you declare when placing it; it keeps that identity "
            "for the rest of the deal. In a run its identity follows from its place.",
            "โจ๊กเกอร์แทนไพ่หนึ่งใบ ต้องบอกแต้มและดอกเมื่อลง และเป็นใบนั้นไปจนจบรอบ ในเรียง ใบที่แทนดูได้จากตำแหน่ง",
        ),
        Rule(
            26,
            "Every meld holds at least one natural card: no meld of jokers alone.",
            "ทุกชุดต้องมีไพ่จริงอย่างน้อยหนึ่งใบ ลงโจ๊กเกอร์ล้วนไม่ได้",
        ),
    ]
    return Section("melds", "Melds", "ชุดไพ่", tuple(rules))


def _turn(c: ContractConfig) -> Section:
    rules: list[Rule] = []
    if c.pickup == "deep":
        rules.append(
            Rule(
                12,
                "Draw the top card of the stock, or take from the discard pile: the top card, or a deeper card "
                "with every card above it, only if that card goes on the table this same turn (rule 24).",
                "จั่วจากกองจั่ว หรือหยิบจากกองทิ้ง: ใบบนสุด หรือใบที่ลึกกว่าพร้อมไพ่ที่ทับอยู่ทั้งหมด ถ้าลงใบนั้นบนโต๊ะในตาเดียวกัน (ข้อ 24)",
            )
        )
    else:
        rules.append(
            Rule(
                12,
                "Draw the top card of the stock, or take the top card of the discard pile (no deeper card).",
                "จั่วจากกองจั่ว หรือหยิบใบบนสุดจากกองทิ้ง (หยิบใบที่ลึกกว่าไม่ได้)",
            )
        )
    down_en = "The first time in a deal you put cards down (go down), you must put down exactly the deal's contract"
    down_th = "การลงไพ่ครั้งแรกในรอบ (ลงตามสัญญา) ต้องลงให้ตรงตามสัญญาของรอบนั้นพอดี"
    if c.contract_exact:
        run_size = c.min_run
        down_en += f"; each contract meld has exactly 3 cards (runs {run_size}), except in deal 7 (rule 22)."
        down_th += f" แต่ละชุดต้องมี 3 ใบพอดี (เรียง {run_size} ใบ) ยกเว้นรอบที่ 7 (ข้อ 22)"
    else:
        down_en += ", its melds of any valid size."
        down_th += " ชุดจะมีกี่ใบก็ได้ตามกติกา"
    rules.append(Rule(13, down_en, down_th))
    rules.append(
        Rule(
            22,
            "The whole contract goes down in one move; extra melds or melds of the wrong kind are not allowed.",
            "ต้องลงตามสัญญาทั้งหมดในครั้งเดียว ลงชุดเกินหรือผิดชนิดไม่ได้",
        )
    )
    if c.melds_after_down:
        rules.append(
            Rule(
                14,
                "After going down you may put down new melds (a house setting) and lay off on any meld, yours or "
                "another player's.",
                "หลังลงตามสัญญาแล้ว ลงชุดใหม่ได้ (ตั้งไว้สำหรับโต๊ะนี้) และฝากกับชุดใดก็ได้ ของตนหรือของผู้อื่น",
            )
        )
    else:
        rules.append(
            Rule(
                14,
                "After going down you put down no new melds but may lay off on any meld, yours or another player's.",
                "หลังลงตามสัญญาแล้ว ลงชุดใหม่ไม่ได้ แต่ฝากกับชุดใดก็ได้ ของตนหรือของผู้อื่น",
            )
        )
    rules += [
        Rule(
            15,
            "End the turn with one discard, unless every card is on the table. If you took the single top discard, "
            "you may not discard it, nor a card of the same face, this turn (rule 25).",
            "จบตาด้วยการทิ้งหนึ่งใบ เว้นแต่ลงหมดแล้ว ถ้าหยิบใบบนสุดของกองทิ้งมาใบเดียว ห้ามทิ้งใบนั้นหรือใบหน้าเดียวกันในตานั้น (ข้อ 25)",
        ),
        Rule(
            16,
            "Joker exchange (แลกโจ๊กเกอร์): a player who went down on an earlier turn may put the natural card a joker "
            "stands for in a run in its place and take the joker, which must go on the table again this turn. "
            "A joker in a set can never be taken.",
            "แลกโจ๊กเกอร์: ผู้ที่ลงตามสัญญาในตาก่อนๆ แล้ว วางไพ่จริงแทนโจ๊กเกอร์ในเรียงแล้วเอาโจ๊กเกอร์ไปได้ "
            "แต่ต้องลงโจ๊กเกอร์นั้นในตาเดียวกัน โจ๊กเกอร์ในตองเอาไปไม่ได้",
        ),
    ]
    if c.deal7_discard:
        rules.append(
            Rule(
                17,
                "Deal 7: you must go down and go out in one turn; a final discard is allowed (a house setting). "
                "Nobody lays off in deal 7.",
                "รอบที่ 7: ต้องลงตามสัญญาและหมดมือในตาเดียว ทิ้งใบสุดท้ายได้ (ตั้งไว้สำหรับโต๊ะนี้) รอบนี้ไม่มีใครฝาก",
            )
        )
    else:
        rules.append(
            Rule(
                17,
                "Deal 7: you must go down and go out in one turn, melding every card, with no discard. Nobody lays "
                "off in deal 7.",
                "รอบที่ 7: ต้องลงตามสัญญาและหมดมือในตาเดียว ลงไพ่ทุกใบโดยไม่ทิ้ง รอบนี้ไม่มีใครฝาก",
            )
        )
    rules.append(
        Rule(
            30,
            "A move after which you could not end the turn legally (for example, holding only a card you may not "
            "discard) is not allowed.",
            "ห้ามเดินถ้าหลังจากนั้นจะจบตาตามกติกาไม่ได้ (เช่น เหลือแต่ไพ่ที่ห้ามทิ้ง)",
        )
    )
    k = c.max_reshuffles
    rules.append(
        Rule(
            18,
            f"Empty stock: the discard pile except its top card is shuffled into a new stock, at most {k} times; "
            f"when the stock is empty again the deal ends with nobody out and everyone scores their hand.",
            f"กองจั่วหมด: สับกองทิ้งยกเว้นใบบนสุดเป็นกองจั่วใหม่ได้ไม่เกิน {k} ครั้ง "
            f"ถ้ากองจั่วหมดอีกรอบนั้นจบโดยไม่มีใครหมดมือ และทุกคนนับแต้มไพ่ในมือ",
        )
    )
    return Section("turn", "A turn", "ในหนึ่งตา", tuple(rules))


def _buying(c: ContractConfig) -> Section | None:
    if not c.buying:
        return None
    return Section(
        "buying",
        'Buying ("May I")',
        "การซื้อ",
        (
            Rule(
                None,
                f"ซื้อ (buy): when the player in turn does not take the top discard, the other players, nearest in "
                f"turn first, may claim it and take one penalty card from the stock with it. At most {c.max_buys} "
                f"buys per player per deal; a player who has gone down may not buy.",
                f"ซื้อ: เมื่อผู้เล่นในตาไม่หยิบใบบนสุดของกองทิ้ง คนอื่นขอซื้อได้ โดยคนที่อยู่ถัดไปใกล้ที่สุดได้ก่อน "
                f"และต้องจั่วไพ่ปรับเพิ่มอีก 1 ใบ ซื้อได้ไม่เกิน {c.max_buys} ครั้งต่อคนต่อรอบ "
                f"ผู้ที่ลงตามสัญญาแล้วซื้อไม่ได้",
            ),
        ),
    )


def _stalls(c: ContractConfig) -> tuple[Rule, ...]:
    """Why a deal can end with nobody out, where the config makes that common.

    Measured (bench/contract_nobody_out.py, four heuristic bots): under distinct-suit sets about six
    deals 1 in ten end with nobody out, against almost none with sets of any suits; a player who
    meets such a deal deserves to know it is the rules, not a bug.
    """
    if c.set_suits == "any":
        return ()
    return (
        Rule(
            None,
            "Why a deal can end with nobody out: a set's cards must all be of different suits, so with two decks "
            "a set of three takes one more card and a set of four none; once a rank's set holds all four suits, "
            "the other cards of that rank can never be laid off. After going down you may only lay off "
            "(rule 14), so in a deal of sets the table soon has no place for the cards still held: players only "
            "draw and discard until the stock runs out for the last time, and everyone scores their hand "
            "(rules 18 and 28).",
            "ทำไมบางรอบไม่มีใครหมดมือ: ไพ่ในตองต้องต่างดอกกัน ไพ่สองสำรับ ตองสามใบจึงฝากได้อีกใบเดียว "
            "ตองสี่ใบฝากไม่ได้อีก เมื่อตองของแต้มใดครบสี่ดอกแล้ว ไพ่แต้มนั้นที่เหลือจะฝากไม่ได้เลย "
            "หลังลงตามสัญญาแล้วทำได้แค่ฝาก (ข้อ 14) ในรอบที่สัญญาเป็นตอง โต๊ะจึงไม่มีที่ให้ไพ่ที่ยังถืออยู่ "
            "ผู้เล่นได้แต่จั่วและทิ้งจนกองจั่วหมดครั้งสุดท้าย แล้วทุกคนเสียแต้มตามไพ่ในมือ (ข้อ 18 และ 28)",
        ),
    )


def _scoring(c: ContractConfig) -> Section:
    return Section(
        "scoring",
        "Going out and scoring",
        "หมดมือและการนับแต้ม",
        (
            Rule(
                19,
                "You go out when you have met the contract and have no cards left; the deal ends at once for "
                "everyone. Going down and going out in one turn is allowed.",
                "หมดมือ คือเมื่อลงตามสัญญาแล้วและไม่มีไพ่เหลือ รอบนั้นจบทันที ลงตามสัญญาแล้วหมดมือในตาเดียวได้",
            ),
            Rule(
                20,
                "Everyone else takes penalty points for the cards in hand: 2–10 face value; J, Q, K 10; A 15; "
                "joker 15. The player who went out scores 0.",
                "คนอื่นเสียแต้มตามไพ่ในมือ: 2–10 ตามหน้าไพ่ J Q K ใบละ 10 A 15 โจ๊กเกอร์ 15 คนที่หมดมือได้ 0",
            ),
            Rule(
                21,
                "After seven deals the lowest total wins; an exact tie is shared.",
                "ครบเจ็ดรอบ แต้มรวมน้อยที่สุดชนะ ถ้าเท่ากันพอดีชนะร่วมกัน",
            ),
            *_stalls(c),
        ),
    )


def rulebook(config: ContractConfig) -> RuleBook:
    """The rules of Contract Rummy under ``config``, in words (see the module docstring)."""
    sections = [_cards(config), _deals(config), _melds(config), _turn(config)]
    buying = _buying(config)
    if buying is not None:
        sections.append(buying)
    sections.append(_scoring(config))
    return RuleBook(
        "contract",
        config.to_string(),
        preset_of(config, PRESETS),
        "Contract Rummy",
        "คอนแทรครัมมี่ (รัมมี่สัญญา)",
        tuple(sections),
    )


#: Rules the engine cites that the rules page keeps among the precise decisions (docs/rules), not
#: among the rules a player reads first: their text for an illegal move, number -> (Thai, English).
CITED: dict[str, tuple[str, str]] = {
    "24": (
        "ไพ่ที่หยิบลึกต้องลงโต๊ะภายในตานั้น: ในการลงตามสัญญา การฝาก หรือแลกแทนโจ๊กเกอร์",
        "A deep pick-up's card must be on the table by the end of the turn: in the go-down, a lay-off,"
        " or swapped in for a joker.",
    ),
    "25": (
        "ห้ามทิ้งไพ่ที่เพิ่งหยิบจากบนสุดของกองทิ้ง หรือไพ่หน้าเดียวกับใบนั้น",
        "You may not discard the card you took from the top of the discard pile, nor a card of the same face.",
    ),
    "27": (
        "เรียงที่ลงตามสัญญาพร้อมกันต้องเป็นคนละดอก หรือตามตัวเลือกของโต๊ะ เรียงดอกเดียวกันต้องไม่ต่อกัน",
        "Runs put down together must be of different suits, or under the table's option, runs of one suit"
        " must not join.",
    ),
    "32": (
        "การเดินนี้ไม่ใช่การเดินของคอนแทรครัมมี่",
        "That is not a Contract Rummy move.",
    ),
}
