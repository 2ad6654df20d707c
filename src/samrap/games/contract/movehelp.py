"""What a person may type at a terminal Contract Rummy table, in Thai and English.

The game's own notation (``docs/notation-contract.md``) told for people: the CLI's ``?`` help
shows it, so the help always names this game's moves (P, P<depth>, G, E, C), not another game's.
"""

from __future__ import annotations

#: lang -> the action-text lines of the ``?`` help (the keys for numbers, ?, ! and q are the CLI's).
MOVE_HELP: dict[str, str] = {
    "en": """\
  action text          D draw · P take the top discard · P3 take the discard 3 deep with the 3 above it
                       G 7c7d*7h 5s6s*7s8s go down with the deal's contract (* a joker, naming its card)
                       L 8h>2 lay 8h off on meld 3, shown [3 >2] · L *9h>2 a joker standing for 9h
                       E 7s>2 put 7s in meld 3 for its joker and take the joker · X 9c discard (X * a joker)
                       C buy the discard (one penalty card from the stock) · - do not buy""",
    "th": """\
  พิมพ์การเดิน          D จั่ว · P หยิบไพ่บนสุดจากกองทิ้ง · P3 หยิบไพ่ที่ลึก 3 ใบพร้อมไพ่ที่ทับอยู่ 3 ใบ
                       G 7c7d*7h 5s6s*7s8s ลงตามสัญญาของรอบนี้ (* คือโจ๊กเกอร์ ตามด้วยไพ่ที่แทน)
                       L 8h>2 ฝาก 8h ที่ชุดที่ 3 ซึ่งแสดงเป็น [3 >2] · L *9h>2 ฝากโจ๊กเกอร์แทน 9h
                       E 7s>2 แลกโจ๊กเกอร์: วาง 7s ในชุดที่ 3 แทนโจ๊กเกอร์แล้วรับโจ๊กเกอร์มา · X 9c ทิ้ง (X * ทิ้งโจ๊กเกอร์)
                       C ซื้อไพ่ทิ้ง (ต้องจั่วเพิ่มอีก 1 ใบเป็นค่าปรับ) · - ไม่ซื้อ""",
}
