"""What a person may type at a terminal Thai Dummy table, in Thai and English.

The game's own notation (``docs/notation.md``) told for people: the CLI's ``?`` help shows it.
"""

from __future__ import annotations

#: lang -> the action-text lines of the ``?`` help (the keys for numbers, ?, ! and q are the CLI's).
MOVE_HELP: dict[str, str] = {
    "en": """\
  action text          D draw · C3 7h8h9h collect row card 3 into a meld · M 7h8h9h meld
                       L 5h>2 lay 5h off on meld 3, shown [3 >2] · X Qs discard · K Qs knock with Qs face down
                       (K Qs 7h8h9h 5c>2 also melds and lays off) · - pass the last turn""",
    "th": """\
  พิมพ์การเดิน          D จั่ว · C3 7h8h9h เก็บไพ่ใบที่ 3 ในกองกลางลงเป็นชุด · M 7h8h9h ลงชุด
                       L 5h>2 ฝาก 5h ที่ชุดที่ 3 ซึ่งแสดงเป็น [3 >2] · X Qs ทิ้ง · K Qs น็อค คว่ำ Qs
                       (K Qs 7h8h9h 5c>2 ลงชุดและฝากไปพร้อมกัน) · - ผ่านตาสุดท้าย""",
}
