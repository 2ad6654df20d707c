"""``--lang th`` speaks Thai everywhere in the terminal (issue 12.5): play, its help, hints and
errors, replay and hint tables, for both games.

A Thai screen may hold Latin letters only in card texts (``Q♠``, ``7h8h9h``), the action notation a
player types (``D``, ``P3``, ``L 8h>2``), single keys (``q``), names, file paths, command-line
options and the values typed after them (``--show all``, ``--backend ray``) or the packages to install
(``matplotlib``), and the terms thai-terms.md keeps
(``ค่า seed``, ``SHA-256``). Any other Latin word fails the test, so an English
sentence cannot slip into a Thai screen unseen.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from samrap.cli.text import TEXTS
from samrap.engine.match import run_match
from samrap.engine.record import make_record, read_record, write_record
from samrap.engine.registry import configure
from samrap.players.levels import make_bot
from tests.cli.helpers import run

#: Card texts (``7h``, ``10♥``, ``*7h``, ``7h'``), melds of them, and lay-off targets (``8h>2``).
_CARD = r"(?:[*★]?(?:10|[2-9TJQKA])[cdhs♣♦♥♠]'*|\*\d?|★)"
_CARDS = re.compile(rf"^(?:{_CARD})+(?:>\d+)?$", re.IGNORECASE)
#: Action letters with their numbers (``D``, ``C3``, ``P12``, ``K``) and single keys (``q``, ``c``).
_NOTATION = re.compile(r"^(?:[A-Za-z]\d*|[A-Z]\d*<[^>]*>)$")
#: Words thai-terms.md keeps in a Thai screen, and the program's name.
_KEPT = {"seed", "SHA-256", "samrap"}
#: Command-line options (``--deals``) and the option values a player must type (``--show all``).
_OPTION = re.compile(r"^--[a-z][a-z-]*$")
_OPTION_VALUES = {"mistakes", "all", "ismcts", "heuristic", "local", "ray", "auto", "asyncio", "uvloop", "matplotlib"}
_SPLIT = re.compile(r"[\s()\[\],:;·|/]+")


def latin_words(text: str, names: tuple[str, ...] = (), paths: tuple[str, ...] = ()) -> list[str]:
    """The Latin words of ``text`` that are none of the allowed kinds (see the module docstring).

    ``names`` are player names and what the player typed (echoed back), ``paths`` file paths.
    """
    for known in sorted((*paths, *names), key=len, reverse=True):
        text = text.replace(known, " ")
    bad = []
    for token in _SPLIT.split(text):
        word = token.strip(".'\"")
        if not re.search(r"[A-Za-z]", word) or word in _KEPT:
            continue
        if _CARDS.match(word) or _NOTATION.match(word) or _OPTION.match(word) or word in _OPTION_VALUES:
            continue
        bad.append(word)
    return bad


def test_the_checker_catches_english_and_lets_cards_and_notation_pass() -> None:
    assert latin_words("ทิ้ง Q♠ · X Qs · C3 7h8h9h · L 8h>2 · G 7c7d*7h 5s6s*7s8s · ค่า seed 3") == []
    assert latin_words("แต้ม 5 points") == ["points"]
    assert latin_words("#1 ben หมดมือ", names=("ben",)) == []
    assert latin_words("went out") == ["went", "out"]
    assert latin_words("--show ต้องเป็น mistakes หรือ all") == []
    assert latin_words("--show must be mistakes") == ["must", "be"]
    assert latin_words("ไพ่ 7c7d*7h, P<ลึก> (P3) 9c'3d") == []


def test_every_thai_sentence_of_the_cli_table_is_thai() -> None:
    """Each Thai entry of cli/text.py, its placeholders dropped, has no stray Latin word."""
    for key, (_, th) in TEXTS.items():
        if key == "error.lang" or not th:  # said before the language is known / English only
            continue
        text = re.sub(r"\{[^}]*\}", " ", th)
        assert latin_words(text) == [], key


PLAYERS = ("คุณ", "random-1", "random-2", "random-3")


def _play(game: str, players: str, script: str, record: Path) -> str:
    args = ("play", game, "--players", players, "--seed", "3", "--bots", "random", "--lang", "th")
    result = run(*args, "--name", "คุณ", "--record", str(record), input=script)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_thai_dummy_match_speaks_thai(tmp_path: Path) -> None:
    record = tmp_path / "d.json"
    out = _play("dummy(target=50)", "2", "?\nzz\n99\nX As\n!\n" + "1\n" * 1500, record)
    out = out.replace("zz", "")  # the typo, echoed back
    assert "ตอบได้อย่างใดอย่างหนึ่ง" in out and "คำแนะนำ:" in out and "ผิดกติกาข้อ 30" in out
    assert "ชุดบนโต๊ะ" in out and "สรุปแต้ม" in out and "บันทึกเกมไว้ที่" in out
    assert latin_words(out, PLAYERS, (str(record),)) == []
    replay = run("replay", str(record), "--lang", "th")
    assert replay.exit_code == 0, replay.output
    assert "ถูกต้อง" in replay.stdout
    assert latin_words(replay.stdout, PLAYERS, (str(record),)) == []


def test_a_thai_contract_deal_speaks_thai(tmp_path: Path) -> None:
    record = tmp_path / "c.json"
    out = _play("contract", "4", "?\nzz\nX As\n!\n" + "1\n" * 400 + "q\n", record)
    out = out.replace("zz", "")  # the typo, echoed back
    assert "รอบที่ 1 จาก 7" in out and "สัญญา: ตอง 2 ชุด" in out and "กองทิ้ง" in out
    assert "หยิบไพ่บนสุดจากกองทิ้ง" in out  # the Contract help, not Dummy's
    assert latin_words(out, PLAYERS, (str(record),)) == []


@pytest.fixture(scope="module")
def contract_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    spec, cfg = configure("contract", players=3)
    game = spec.make_game(cfg)
    bots = [make_bot("random", game, name=f"bot{k}") for k in range(3)]
    match = run_match(spec, cfg, bots, 5, max_games=1)
    path = tmp_path_factory.mktemp("thai") / "contract.json"
    write_record(path, make_record(match, "2026-01-01T00:00:00Z"))
    return path


def test_thai_hints_and_replay_of_a_contract_record(contract_record: Path) -> None:
    names = ("bot0", "bot1", "bot2")
    hint = run("hint", str(contract_record), "--at", "3", "--bot", "heuristic", "--lang", "th")
    assert hint.exit_code == 0, hint.output
    assert "คอนแทรครัมมี่" in hint.stdout and "คำแนะนำ" in hint.stdout
    assert latin_words(hint.stdout, names, (str(contract_record),)) == []
    replay = run("replay", str(contract_record), "--lang", "th")
    assert replay.exit_code == 0, replay.output
    assert "รอบที่ 1" in replay.stdout
    assert latin_words(replay.stdout, names, (str(contract_record),)) == []


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("play", "dummy", "--seed", "-1", "--lang", "th"), "ค่า seed ต้องอยู่ระหว่าง"),
        (("play", "dummy", "--lang", "th", "--record", "/no/such/dir/m.json"), "บันทึกเกมที่"),
        (("replay", "/no/such/file.json", "--lang", "th"), "ไม่ได้"),
        (("play", "dummy", "--players", "5", "--lang", "th"), "ตั้งค่า players ไม่ได้"),
        (("play", "chess", "--lang", "th"), "ตั้งค่า game ไม่ได้"),
        (("rules", "dummy", "-o", "target=x", "--lang", "th"), "ตั้งค่า target ไม่ได้"),
        (("learn", "dummy", "--lesson", "nope", "--lang", "th"), "--lesson: ไม่มีบทเรียน nope"),
    ],
)
def test_thai_errors_are_one_thai_line(args: tuple[str, ...], says: str) -> None:
    result = run(*args, input="q\n")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and says in result.stderr
    paths = tuple(p for a in args if "/" in a for p in (a, str(Path(a).parent)))
    typed = ("players", "game", "target", "nope", "dummy")  # the options and values typed
    assert latin_words(result.stderr, paths=paths, names=typed) == []


def test_terminal_bot_names_are_thai() -> None:
    """Issue 26.8: a Thai screen names bots in Thai (บอทปานกลาง 2); the record keeps medium-2."""
    from samrap.cli.text import bot_label

    assert bot_label("medium-2", "th") == "บอทปานกลาง 2"
    assert bot_label("ismcts:100-1", "th") == "บอทค้นหา 1"
    assert bot_label("medium-2", "en") == "medium-2"
    assert bot_label("ben", "th") == "ben"  # a person's name stays as typed


def test_terminal_names_level_bots_as_the_web_does() -> None:
    """Issue 23.6: a level bot is its level's person, in seat order, as faces.js names it (the same
    table, players.levels.LEVEL_PEOPLE); other bots as bot_label; a person as typed."""
    from samrap.cli.text import people_names

    players = ("คุณ", "medium-1", "medium-2", "bot:hard", "ismcts:100-4", "ben")
    assert people_names(players, "th") == ("คุณ", "พี่ต้น", "พี่แก้ว", "เฮียเสือ", "บอทค้นหา 4", "ben")
    assert people_names(players, "en") == ("คุณ", "Phi Ton", "Phi Kaew", "Hia Suea", "ismcts:100-4", "ben")
    assert people_names(("random-0", "random-1"), "th") == ("ลุงเต๋า", "ป้าโชค")


def test_samrap_play_and_replay_in_thai_name_the_bots_as_the_web_table(tmp_path: Path) -> None:
    """``samrap play --lang th`` against the default (medium) bots says พี่ต้น and พี่แก้ว, as the
    web table names two medium bots; the record keeps medium-1 and medium-2; replay says the same."""
    record = tmp_path / "m.json"
    args = ("play", "dummy(players=3,target=50)", "--seed", "5", "--lang", "th", "--name", "คุณ")
    out = run(*args, "--record", str(record), input="1\n" * 2000).stdout
    assert "#1 พี่ต้น" in out and "#2 พี่แก้ว" in out and "medium" not in out and "บอทปานกลาง" not in out

    assert read_record(record).match.players == ("คุณ", "medium-1", "medium-2")
    replay = run("replay", str(record), "--lang", "th")
    assert replay.exit_code == 0, replay.output
    assert "#1 พี่ต้น" in replay.stdout and "#2 พี่แก้ว" in replay.stdout and "medium" not in replay.stdout
    english = run("replay", str(record))
    assert "s1 Phi Ton" in english.stdout and "s2 Phi Kaew" in english.stdout
    hint = run("hint", str(record), "--at", "3", "--bot", "heuristic", "--lang", "th")
    assert hint.exit_code == 0, hint.output
    assert "#1 พี่ต้น" in hint.stdout and "medium" not in hint.stdout
    review = run("review", str(record), "--seat", "1", "--deals", "2", "--lang", "th")
    assert review.exit_code == 0, review.output
    assert "พี่ต้น" in review.stdout and "medium" not in review.stdout


def test_a_person_named_like_a_bot_keeps_their_name() -> None:
    """Seats known to be people (``people``) keep their names as typed, even ``easy-1``; the level
    bots beside them are still named as the web names them, in seat order."""
    from samrap.cli.text import people_names

    players = ("easy-1", "medium-1", "medium-2")
    assert people_names(players, "th", people=(0,)) == ("easy-1", "พี่ต้น", "พี่แก้ว")
    assert people_names(players, "th")[0] != "easy-1"  # without the fact, the name reads as a bot's


def test_samrap_play_records_its_person_and_replay_keeps_their_name(tmp_path: Path) -> None:
    """``samrap play --name easy-1`` shows and records seat 0 as the person (``metadata.people``),
    so the table, the replay and the review say ``easy-1``, not an easy bot's name."""
    record = tmp_path / "m.json"
    args = ("play", "dummy(players=3,target=50)", "--seed", "5", "--lang", "th", "--name", "easy-1")
    out = run(*args, "--record", str(record), input="1\n" * 2000).stdout
    assert "#0 easy-1" in out and "#1 พี่ต้น" in out
    rec = read_record(record)
    assert rec.metadata["people"] == [0]
    replay = run("replay", str(record), "--lang", "th")
    assert replay.exit_code == 0, replay.output
    assert "#0 easy-1" in replay.stdout and "#1 พี่ต้น" in replay.stdout
