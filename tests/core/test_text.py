"""core/text.py: the text both games draw alike (terminal widths, seats, ledger names, card texts)."""

from __future__ import annotations

from samrap.core.text import item_name, pad, pretty_cards, seat_text, width


def test_thai_marks_take_no_column() -> None:
    assert width("ไพ่ในมือ") == 6  # ไ พ ่ ใ น ม ื อ: two marks of width 0
    assert width("10♥") == 3 and width("ตา") == 2
    assert pad("ตา", 4) == "ตา  " and pad("toolong", 3) == "toolong"


def test_seats_have_no_latin_letter_in_thai() -> None:
    assert seat_text(1, ("ann", "ben")) == "s1 ben"
    assert seat_text(1, ("ann", "ben"), "th") == "#1 ben"
    assert seat_text(3, (), "th") == "#3"


def test_ledger_names_by_language_and_unknown_codes_as_they_are() -> None:
    names = {"out": ("หมดมือ", "went out")}
    assert item_name(names, "out") == "went out" and item_name(names, "out", "th") == "หมดมือ"
    assert item_name(names, "bonus", "th") == "bonus"


def test_card_texts_read_as_faces_without_deck_copy_marks() -> None:
    assert pretty_cards("6s'7s8s8s'9s'Ts") == "6♠ 7♠ 8♠ 8♠ 9♠ 10♠"
    assert pretty_cards("*1") == "★" and pretty_cards("*0=7h") == "★7♥"
    assert pretty_cards("12") == "12"  # a count, not a card
