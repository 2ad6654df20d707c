"""The rules of Thai Dummy in words, Thai and English, written from a :class:`DummyConfig`.

Numbers are those of ``docs/rules/dummy.md``, the ones the engine's errors cite. Every config field
changes the text when it differs from ``classic`` (a test checks this for each field, so a new
option cannot go unmentioned); a rule that does not apply under the config is left out. The Thai
words are those of ``thai-terms.md``; a Thai sentence holds no Latin word except card texts.
"""

from __future__ import annotations

from samrap.core.rulebook import Rule, RuleBook, Section, preset_of
from samrap.games.dummy.config import HAND_SIZES, PRESETS, DummyConfig


def _cards_and_deal(c: DummyConfig) -> Section:
    n, hs = c.players, c.cards_per_hand
    usual_en = ", ".join(f"{HAND_SIZES[k]} for {k} players" for k in (2, 3, 4))
    usual_th = " ".join(f"{k} คน {HAND_SIZES[k]} ใบ" for k in (2, 3, 4))
    rules = [
        Rule(
            1,
            f"One 52-card deck, no jokers, for 2 to 4 players (here: {n}).",
            f"ไพ่สำรับเดียว 52 ใบ ไม่มีโจ๊กเกอร์ เล่นได้ 2–4 คน (ที่นี่ {n} คน)",
        ),
        Rule(
            2,
            f"Cards are dealt one at a time, {hs} to each player"
            + (f" (a house setting; usually {usual_en})." if c.hand_size is not None else "."),
            f"แจกทีละใบ คนละ {hs} ใบ" + (f" (ตั้งไว้สำหรับโต๊ะนี้ ปกติ {usual_th})" if c.hand_size is not None else ""),
        ),
    ]
    if c.burn:
        rules.append(
            Rule(
                3,
                "With 2 players, the last 5 cards of the deck are set aside unseen: they are out of play.",
                "เล่น 2 คน คัดไพ่ 5 ใบจากก้นกองออกโดยไม่มีใครเห็น ไพ่เหล่านั้นไม่ใช้ในเกมนี้",
            )
        )
    elif c.two_player_burn:
        rules.append(
            Rule(
                3,
                "The two-player burn is set, but it applies only with 2 players: no cards are set aside.",
                "ตั้งคัดไพ่ 5 ใบออกไว้ แต่ใช้เฉพาะเมื่อเล่น 2 คน โต๊ะนี้จึงไม่คัดไพ่ออก",
            )
        )
    rules += [
        Rule(
            4,
            "The rest is the stock (กองจั่ว). Its top card is turned up as the first card of the discard row "
            "(กองกลาง): the head (หัว).",
            "ไพ่ที่เหลือเป็นกองจั่ว หงายใบบนสุดเป็นใบแรกของกองกลาง ใบนี้เรียกว่าหัว",
        ),
        Rule(
            5,
            "Discards are laid in a row, in order, every card visible to everyone, so everyone knows who "
            "discarded each card and which row cards each player collected.",
            "ไพ่ที่ทิ้งวางเรียงเป็นแถวตามลำดับ ทุกคนเห็นทุกใบ จึงรู้ว่าใครทิ้งใบไหน และใครเก็บใบไหนไป",
        ),
    ]
    return Section("deal", "Cards and deal", "ไพ่และการแจก", tuple(rules))


def _order(c: DummyConfig) -> Section:
    return Section(
        "order",
        "Order of play",
        "ลำดับการเล่น",
        (
            Rule(
                6,
                "Game 1: the dealer is drawn at random; the player after the dealer plays first, and play "
                "passes clockwise.",
                "เกมแรก สุ่มผู้แจก ผู้เล่นถัดจากผู้แจกเริ่มก่อน แล้วเวียนตามเข็มนาฬิกา",
            ),
            Rule(
                7,
                "Later games: the player who knocked starts; after a game with no knock, the start passes one seat on.",
                "เกมต่อไป ผู้ที่น็อคเป็นคนเริ่ม ถ้าไม่มีใครน็อค คนถัดไปเป็นคนเริ่ม",
            ),
            Rule(
                8,
                "After a โง่ (rule 27) the next game is played in the reverse direction.",
                "หลังโง่ (ข้อ 27) เกมต่อไปเล่นวนกลับทิศ",
            ),
        ),
    )


def _melds(c: DummyConfig) -> Section:
    if c.ace_low:
        ace = Rule(
            9,
            "Ranks go 2 up to A, and the ace may also be low (a house setting): Q-K-A and A-2-3 are runs, "
            "never both ends in one run and never wrapping (K-A-2 is not). An ace is worth 15 either way.",
            "แต้มเรียงจาก 2 ถึง A และเอซเป็นไพ่ต่ำได้ด้วย (ตั้งไว้สำหรับโต๊ะนี้): Q♥ K♥ A♥ และ A♥ 2♥ 3♥ "
            "เป็นเรียง แต่เรียงวนไม่ได้ (K♥ A♥ 2♥ ไม่ได้) เอซมีค่า 15 แต้มเสมอ",
        )
    else:
        ace = Rule(
            9,
            "Ranks go 2 up to A; the ace is high only: Q-K-A is a run, A-2-3 and K-A-2 are not.",
            "แต้มเรียงจาก 2 ถึง A เอซเป็นไพ่สูงเท่านั้น: Q♥ K♥ A♥ เป็นเรียง แต่ A♥ 2♥ 3♥ และ K♥ A♥ 2♥ ไม่ใช่",
        )
    return Section(
        "melds",
        "Melds",
        "ชุดไพ่",
        (
            ace,
            Rule(
                10,
                "A run (เรียง) is 3 or more consecutive cards of one suit; a set (ตอง) is 3 or 4 cards of one rank.",
                "เรียง คือไพ่ดอกเดียวกันเรียงกัน 3 ใบขึ้นไป ตอง คือไพ่แต้มเดียวกัน 3 หรือ 4 ใบ",
            ),
        ),
    )


def _turn(c: DummyConfig) -> Section:
    collect_en = (
        "Collect (เก็บ): choose a card at any depth of the row; put it face up at once in a new meld "
        "with at least one card from your hand (the meld may also use cards taken with it), and take "
        "it and every card discarded after it. Never row cards older than it (rule 31)."
    )
    collect_th = (
        "เก็บ: เลือกไพ่ใบใดก็ได้ในกองกลาง ต้องลงใบนั้นเป็นชุดใหม่ทันทีกับไพ่ในมืออย่างน้อยหนึ่งใบ "
        "(ใช้ไพ่ที่เก็บมาพร้อมกันได้) แล้วเก็บใบนั้นกับไพ่ทุกใบที่ทิ้งหลังจากนั้น "
        "ใช้ไพ่ที่ทิ้งก่อนใบนั้นไม่ได้ (ข้อ 31)"
    )
    if c.collect_to_layoff:
        collect_en += " House setting: the card may instead be laid off alone on a table meld (a lay-off, rule 40)."
        collect_th += " ตั้งไว้สำหรับโต๊ะนี้: จะฝากใบนั้นกับชุดบนโต๊ะแทนก็ได้ (นับเป็นการฝาก ข้อ 40)"
    rules = [
        Rule(
            11,
            "Begin with exactly one draw (จั่ว) of the top stock card, or one collect from the row; melds, "
            "lay-offs and the end of the turn come after it (rule 30).",
            "เริ่มตาด้วยการจั่วไพ่ใบบนสุดจากกองจั่ว หรือเก็บจากกองกลาง อย่างใดอย่างหนึ่งครั้งเดียว "
            "การลงชุด การฝาก และการจบตามาทีหลัง (ข้อ 30)",
        ),
        Rule(12, collect_en, collect_th),
        Rule(
            13,
            "A move that would leave your hand empty before the turn ends is not allowed.",
            "ห้ามเดินจนไพ่ในมือหมดก่อนจบตา",
        ),
        Rule(
            14,
            "Born (เกิด): your first collect makes you born for the rest of the game.",
            "เกิด: การเก็บครั้งแรกทำให้ผู้เล่นเกิด และเกิดไปจนจบเกม",
        ),
        Rule(
            15,
            "A player who is not born may not meld from hand or lay off, except by knocking.",
            "ผู้ที่ยังไม่เกิดลงชุดจากมือหรือฝากไม่ได้ เว้นแต่น็อค",
        ),
        Rule(
            16,
            "A born player may, after drawing or collecting, meld from hand and lay off, in any order.",
            "ผู้ที่เกิดแล้ว หลังจั่วหรือเก็บ ลงชุดจากมือและฝากได้ตามลำดับที่ต้องการ",
        ),
    ]
    layoff_en = (
        "Lay off (ฝาก): add cards to any meld on the table, yours or another player's, on your own turn "
        "once born. Runs extend at either end without wrapping; a set takes its 4th card. A card laid "
        "off extends the meld for everyone."
    )
    layoff_th = (
        "ฝาก: ต่อไพ่เข้ากับชุดใดก็ได้บนโต๊ะ ของตัวเองหรือของผู้อื่น ในตาของตนเมื่อเกิดแล้ว "
        "เรียงต่อได้ทั้งสองข้างแต่วนไม่ได้ ตองรับใบที่ 4 ได้ ไพ่ที่ฝากแล้วทุกคนต่อได้"
    )
    limit = c.max_layoffs_per_game
    if limit is None:
        layoff_en += " There is no limit on lay-offs."
        layoff_th += " ฝากได้ไม่จำกัด"
    else:
        layoff_en += f" Each player may lay off at most {limit} cards per game, those in a knock included."
        layoff_th += f" แต่ละคนฝากได้ไม่เกิน {limit} ใบต่อเกม นับใบฝากตอนน็อคด้วย"
    rules.append(Rule(17, layoff_en, layoff_th))
    if not c.layoff_on_layoff:
        rules.append(
            Rule(
                40,
                "House setting: a card laid off on a run must touch a card the meld's owner put down "
                "(a set's 4th card always may), also inside a knock.",
                "ตั้งไว้สำหรับโต๊ะนี้: ใบฝากในเรียงต้องติดกับไพ่ที่เจ้าของชุดลงเอง (ใบที่ 4 ของตองฝากได้เสมอ) ตอนน็อคก็เช่นกัน",
            )
        )
    rules.append(
        Rule(
            18,
            "End the turn with exactly one discard (ทิ้ง), face up at the end of the row, or a knock.",
            "จบตาด้วยการทิ้งไพ่หนึ่งใบหงายต่อท้ายกองกลาง หรือน็อค",
        )
    )
    return Section("turn", "A turn", "ในหนึ่งตา", tuple(rules))


def _end(c: DummyConfig) -> Section:
    return Section(
        "end",
        "Knock and the end of a game",
        "น็อคและการจบเกม",
        (
            Rule(
                19,
                "Knock (น็อค): after drawing or collecting, put down every card in hand as melds and lay-offs "
                "except one, placed face down. The game ends at once. A player who is not born may knock too.",
                "น็อค: หลังจั่วหรือเก็บ ลงไพ่ทั้งหมดเป็นชุดและฝาก เหลือใบเดียวคว่ำไว้ เกมจบทันที ผู้ที่ยังไม่เกิดก็น็อคได้",
            ),
            Rule(
                33,
                "With one card left, the only way to end the turn is to knock with it; discarding your last card "
                "is not allowed.",
                "เหลือไพ่ใบเดียว ต้องน็อคด้วยใบนั้น ทิ้งไพ่ใบสุดท้ายไม่ได้",
            ),
            Rule(
                20,
                "Dark knock (น็อคมืด): a knock by a player who was not born when the knocking turn began.",
                "น็อคมืด: น็อคโดยที่ยังไม่เกิดเมื่อเริ่มตานั้น",
            ),
            Rule(
                21,
                "When the stock is out and the player who drew its last card has discarded, the next player has "
                "one last turn; the row is never reshuffled.",
                "เมื่อกองจั่วหมดและผู้ที่จั่วใบสุดท้ายทิ้งไพ่แล้ว ผู้เล่นคนถัดไปได้เล่นอีกตาเดียว ไม่สับกองกลางมาใหม่",
            ),
            Rule(
                35,
                "On that last turn you may not draw or discard: collect (any depth), meld and lay off while a "
                "knock stays possible, and knock; or pass, and the game ends with no knock.",
                "ตาสุดท้ายนั้นจั่วหรือทิ้งไม่ได้: เก็บ (ลึกแค่ไหนก็ได้) ลงชุดและฝากได้ตราบที่ยังน็อคได้ แล้วน็อค หรือผ่าน แล้วเกมจบโดยไม่มีใครน็อค",
            ),
        ),
    )


def _scoring(c: DummyConfig) -> Section:
    fall_en = (
        "ตกตึก (fall off the building): when someone knocks, every player who is not born scores −2 × the value "
        "of their hand"
    )
    fall_th = "ตกตึก: เมื่อมีคนน็อค ผู้ที่ยังไม่เกิดเสียแต้มสองเท่าของไพ่ในมือ"
    if c.fall_on_stock_out:
        fall_en += ", and also when the stock runs out with no knock."
        fall_th += " และเมื่อกองจั่วหมดโดยไม่มีใครน็อคด้วย"
    else:
        fall_en += "."
    ngo_en = (
        f"โง่ (ngo: fed the knock): if the next player collects only the card you just discarded and knocks "
        f"in that turn, you lose a further {c.ngo_penalty}"
    )
    ngo_th = f"โง่: ถ้าคนถัดไปเก็บไพ่ที่เราเพิ่งทิ้งใบเดียวแล้วน็อคในตานั้น เราเสียอีก {c.ngo_penalty} แต้ม"
    if c.ngo_dark_penalty != c.ngo_penalty:
        ngo_en += f" ({c.ngo_dark_penalty} if the knock is dark)"
        ngo_th += f" (ถ้าเป็นน็อคมืดเสีย {c.ngo_dark_penalty} แต้ม)"
    ngo_en += ", and the next game reverses direction."
    ngo_th += " และเกมต่อไปเล่นวนกลับทิศ"
    return Section(
        "scoring",
        "Scoring",
        "การนับแต้ม",
        (
            Rule(
                22,
                "Card values: 2–9 are 5; 10, J, Q, K are 10; A is 15. The spetos (สเปโต) 2♣ and Q♠ are 50 each.",
                "ค่าไพ่: 2–9 ใบละ 5 แต้ม 10 J Q K ใบละ 10 A ใบละ 15 สเปโต 2♣ และ Q♠ ใบละ 50",
            ),
            Rule(
                23,
                "Each player scores + the cards they put face up on the table (their melds, the cards collected "
                "into them, their lay-offs) − every card left in hand.",
                "แต่ละคนได้แต้มไพ่ที่ตนลงบนโต๊ะ (ชุดของตน ไพ่ที่เก็บมาลง และใบฝาก) ลบแต้มไพ่ที่เหลือในมือทุกใบ",
            ),
            Rule(24, "The knocker's face-down card scores +50 instead of its value.", "ใบน็อค (คว่ำ) ได้ 50 แต้มแทนค่าไพ่"),
            Rule(25, "Dark knock: the knocker's whole score for the game is doubled.", "น็อคมืด: แต้มทั้งเกมของผู้น็อคคูณสอง"),
            Rule(26, fall_en, fall_th),
            Rule(27, ngo_en, ngo_th),
            Rule(
                29,
                f"Scores add up over games. The first to reach {c.target} or more wins; if several reach it in "
                f"the same game, the highest total wins, and an exact tie is shared.",
                f"แต้มสะสมข้ามเกม ใครถึง {c.target} แต้มก่อนชนะ ถ้าถึงพร้อมกันหลายคนในเกมเดียว แต้มรวมสูงสุดชนะ ถ้าเท่ากันพอดีชนะร่วมกัน",
            ),
        ),
    )


def _house(c: DummyConfig) -> Section | None:
    rules: list[Rule] = []
    if c.head_bonus:
        rules.append(
            Rule(
                None,
                f"หัว (head): whoever melds the head scores {c.head_bonus} extra "
                f"({2 * c.head_bonus} if the head is a speto).",
                f"หัว: ผู้ที่ลงหัวได้เพิ่ม {c.head_bonus} แต้ม (ถ้าหัวเป็นสเปโตได้ {2 * c.head_bonus} แต้ม)",
            )
        )
    if c.head_penalty:
        rules.append(
            Rule(
                None,
                f"ปี้หัว (fed the head): the player whose discard let another collect the head loses "
                f"{c.head_penalty}: the discarder of the newest row card, other than the head, in the meld "
                f"that collects it. Nobody pays when that meld holds no row card but the head, and never "
                f"the collector.",
                f"ปี้หัว: ผู้ที่ทิ้งไพ่ให้คนอื่นเก็บหัวได้เสีย {c.head_penalty} แต้ม คือผู้ที่ทิ้งใบใหม่ที่สุดในชุดที่เก็บหัว "
                f"(ไม่นับหัว) ถ้าชุดนั้นไม่มีไพ่จากกองกลางนอกจากหัว ไม่มีใครเสีย และผู้เก็บไม่เสียเอง",
            )
        )
    if c.speto_knock:
        rules.append(
            Rule(
                None,
                "Speto knock: a speto knocked face down scores 100 instead of 50.",
                "น็อคสเปโต: ใบน็อคที่เป็นสเปโตได้ 100 แต้มแทน 50",
            )
        )
    if c.colour_knock:
        rules.append(
            Rule(
                None,
                "น็อคสี (colour knock): when all the knocker's table cards are of one suit, the "
                "knocker's score is doubled (×4 with a dark knock).",
                "น็อคสี: ถ้าไพ่ที่ผู้น็อคลงบนโต๊ะเป็นดอกเดียวกันทั้งหมด แต้มคูณสอง (น็อคมืดด้วยคูณสี่)",
            )
        )
    if c.discard_layoff_penalty:
        rules.append(
            Rule(
                None,
                f"ทิ้งใบฝาก: discarding a card that could be laid off on a table meld costs {c.discard_layoff_penalty}.",
                f"ทิ้งใบฝาก: ทิ้งไพ่ที่ฝากกับชุดบนโต๊ะได้ เสีย {c.discard_layoff_penalty} แต้ม",
            )
        )
    if c.discard_full_penalty:
        rules.append(
            Rule(
                None,
                f"ทิ้งเต็ม: discarding a card that forms a meld with cards already in the row costs "
                f"{c.discard_full_penalty}.",
                f"ทิ้งเต็ม: ทิ้งไพ่ที่เข้าชุดกับไพ่ในกองกลางได้ เสีย {c.discard_full_penalty} แต้ม",
            )
        )
    if c.speto_layoff_penalty:
        rules.append(
            Rule(
                None,
                f"โดนฝากสเปโต: when another player lays a speto off on your meld, you lose {c.speto_layoff_penalty}.",
                f"โดนฝากสเปโต: ถ้ามีคนอื่นฝากสเปโตกับชุดของเรา เราเสีย {c.speto_layoff_penalty} แต้ม",
            )
        )
    if not rules:
        return None
    return Section("house", "House rules", "กติกาเสริม", tuple(rules))


def rulebook(config: DummyConfig) -> RuleBook:
    """The rules of Thai Dummy under ``config``, in words (see the module docstring)."""
    sections = [_cards_and_deal(config), _order(config), _melds(config), _turn(config), _end(config), _scoring(config)]
    house = _house(config)
    if house is not None:
        sections.append(house)
    return RuleBook("dummy", config.to_string(), preset_of(config, PRESETS), "Thai Dummy (ดัมมี่)", "ดัมมี่", tuple(sections))


#: Rules the engine cites that the rules page keeps among the precise decisions (docs/rules), not
#: among the rules a player reads first: their text for an illegal move, number -> (Thai, English).
CITED: dict[str, tuple[str, str]] = {
    "30": (
        "ลำดับในตา: ต้องจั่วหรือเก็บหนึ่งครั้งก่อน แล้วจึงลงชุด ฝาก หรือน็อค",
        "Order in a turn: exactly one draw or collect comes first; melds, lay-offs and the knock only after it.",
    ),
    "31": (
        "ชุดที่ลงตอนเก็บ ใช้ได้เฉพาะไพ่ที่เก็บ ไพ่ที่ได้มาพร้อมกัน และไพ่ที่อยู่ในมือก่อนเก็บ",
        "A collect's meld may use only the target, the cards taken with it and cards held before the collect.",
    ),
    "40": (
        "ตัวเลือกของโต๊ะจำกัดการฝาก: จำนวนครั้งที่ฝากได้ในเกม หรือต้องฝากติดกับไพ่ที่เจ้าของชุดลงเอง",
        "The table's options limit lay-offs: how many a player may make in a game, or only next to cards"
        " the meld's owner put down.",
    ),
}
