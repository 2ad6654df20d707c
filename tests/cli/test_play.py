"""``samrap play``: a person (scripted stdin) against bots, to the end of a short match."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from random import Random
from typing import Any

import pytest

from samrap.cli.common import stdout
from samrap.cli.play import HumanPlayer, moves_text
from samrap.core.errors import InvalidNotationError
from samrap.engine.record import read_record, verify_record
from samrap.engine.registry import configure
from samrap.games.dummy import DummyGame
from tests.cli.helpers import run

SHORT = ("play", "dummy", "--players", "2", "--config", "target=50", "--seed", "3", "--bots", "random")
FIRST_MOVES = "1\n" * 1500  # always the first listed move: every game ends, whatever the deal


def test_a_scripted_match_plays_to_the_end_and_is_recorded(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    result = run(*SHORT, "--record", str(path), input=FIRST_MOVES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "=== Game 1: " in out
    assert "Your hand (11): " in out and "Row (กองกลาง)" in out and "Stock (กองจั่ว)" in out
    assert "Ledger, game 1" in out and "cards in hand" in out and "game total" in out
    assert "Match over after" in out and "Winner: " in out
    assert f"Record written to {path}" in out
    record = read_record(path)
    assert record.match.complete and record.match.players == ("you", "random-1")
    assert verify_record(record) is None


def test_the_same_seed_and_input_give_the_same_session(tmp_path: Path) -> None:
    a = run(*SHORT, "--record", str(tmp_path / "a.json"), input=FIRST_MOVES)
    b = run(*SHORT, "--record", str(tmp_path / "b.json"), input=FIRST_MOVES)
    assert a.stdout.replace("a.json", "b.json") == b.stdout
    assert read_record(tmp_path / "a.json").match == read_record(tmp_path / "b.json").match


def test_thai_ledger_names(tmp_path: Path) -> None:
    result = run(*SHORT, "--lang", "th", "--record", str(tmp_path / "m.json"), input=FIRST_MOVES)
    assert result.exit_code == 0
    assert "ไพ่ในมือ" in result.stdout and "สรุปแต้ม" in result.stdout


def test_help_typos_and_illegal_moves_are_answered_in_one_line(tmp_path: Path) -> None:
    script = "?\nzz\n99\nX As\n\n" + FIRST_MOVES
    result = run(*SHORT, "--record", str(tmp_path / "m.json"), input=script)
    assert result.exit_code == 0
    out = result.stdout
    assert "Answer with one of:" in out
    assert "not a move: not a Dummy action: 'zz'" in out
    assert "not a move: there is no move 99; choose 1-1" in out
    assert "illegal: X As: rule 30: " in out
    assert "Traceback" not in result.output


def test_quitting_before_any_game_ends_writes_no_record(tmp_path: Path) -> None:
    result = run(*SHORT, "--record", str(tmp_path / "m.json"), input="q\n")
    assert result.exit_code == 0
    assert "Match stopped (quit) after 0 finished games" in result.stdout
    assert "no record written" in result.stdout
    assert not (tmp_path / "m.json").exists()


def test_quitting_after_a_game_records_the_finished_games(tmp_path: Path) -> None:
    args = ("play", "dummy", "--players", "2", "--config", "target=5000", "--seed", "3")
    full = run(*args, "--record", str(tmp_path / "full.json"), input="1\n" * 200)
    game_one = full.stdout.split("=== Game 2")[0]
    answers = game_one.count("move (number, action, ? help, ! hint, q quit)> ")
    path = tmp_path / "part.json"
    result = run(*args, "--record", str(path), input="1\n" * answers + "q\n")
    assert result.exit_code == 0
    assert "Match stopped (quit) after 1 finished game." in result.stdout
    record = read_record(path)
    assert len(record.match.games) == 1 and not record.match.complete
    assert verify_record(record) is None


def test_end_of_input_stops_the_match() -> None:
    result = run(*SHORT, input="")
    assert result.exit_code == 0
    assert "Match stopped (end of input)" in result.stdout


def test_the_default_record_name_is_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(*SHORT, input=FIRST_MOVES)
    assert result.exit_code == 0
    written = [p.name for p in tmp_path.glob("samrap-dummy-*-seed3.json")]
    assert len(written) == 1
    assert f"Record written to {written[0]}" in result.stdout


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--preset", "bogus"), "unknown dummy preset 'bogus'"),
        (("--config", "target=-5"), "target: must be a positive number"),
        (("--config", "dummy(target=50"), "not a config string"),
        (("--players", "5"), "players: Thai Dummy is for 2 to 4 players"),
        (("--lang", "fr"), "--lang must be one of en, th"),
        (("--seed", "-1"), "--seed must be between 0"),
    ],
)
def test_bad_options_are_one_line_usage_errors(args: tuple[str, ...], says: str) -> None:
    result = run("play", "dummy", *args, input="q\n")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and says in result.stderr
    assert result.stderr.startswith("samrap: error: ")


def test_an_unknown_game_is_a_usage_error() -> None:
    result = run("play", "chess")
    assert result.exit_code == 2 and "unknown game or preset 'chess'" in result.stderr


def _human() -> tuple[HumanPlayer, DummyGame]:
    spec, config = configure("dummy(players=2)")
    game = DummyGame(config)
    return HumanPlayer("you", spec, game, ("you", "bot"), "en", stdout()), game


def test_a_bare_card_picks_the_one_move_with_it() -> None:
    human, game = _human()
    state = game.apply(game.new_game(seed=3), game.parse_action("D"))
    legal = game.legal_moves(state)
    texts = [game.action_text(a) for a in legal]
    discard = texts[-1]
    card = discard.split()[1]
    assert game.action_text(human.interpret(card, legal, texts)) == discard
    assert game.action_text(human.interpret(card.lower(), legal, texts)) == discard
    assert human.interpret("1", legal, texts) == legal[0]
    with pytest.raises(InvalidNotationError, match="no listed move"):
        human.interpret("2c" if "2c" not in " ".join(texts) else "2h", legal, texts)


def test_choose_reads_until_it_gets_a_move() -> None:
    human, game = _human()
    state = game.new_game(seed=3)
    lines = iter(["", "zz", "D"])
    human.read_line = lambda: next(lines)
    assert human.choose(game.observe(state, 0), game.legal_moves(state), Random(0)) == game.parse_action("D")


def test_moves_are_laid_out_in_numbered_columns() -> None:
    text = moves_text(["D", "C0 7h8h9h", "X Qs"], width=40)
    assert text.splitlines()[0].split() == ["1)", "D", "2)", "C0", "7h8h9h"]
    assert text.splitlines()[1].strip() == "3) X Qs"


def test_the_default_opponents_are_the_medium_level(tmp_path: Path) -> None:
    """Without --bots a person meets the heuristic (level medium), named by seat."""
    path = tmp_path / "m.json"
    args = ("play", "dummy", "--players", "3", "--config", "target=50", "--seed", "5", "--record", str(path))
    result = run(*args, input=FIRST_MOVES)
    assert result.exit_code == 0, result.output
    assert read_record(path).match.players == ("you", "medium-1", "medium-2")


def test_one_bot_spec_per_seat(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    args = ("play", "dummy", "-n", "3", "--config", "target=50", "--seed", "5", "--bots", "easy, random")
    result = run(*args, "--record", str(path), input=FIRST_MOVES)
    assert result.exit_code == 0, result.output
    assert read_record(path).match.players == ("you", "easy-1", "random-2")


@pytest.mark.parametrize(
    ("bots", "message"),
    [("easy,easy,easy", "one per seat"), ("wizard", "unknown bot"), (",", "at least one bot")],
)
def test_bad_bot_line_ups_are_usage_errors(bots: str, message: str) -> None:
    result = run("play", "dummy", "-n", "3", "--seed", "1", "--bots", bots, input="q\n")
    assert result.exit_code == 2
    assert "--bots" in result.stderr and message in result.stderr
    assert "Traceback" not in result.output


def test_an_external_bot_sits_at_a_terminal_match(tmp_path: Path) -> None:
    """The line protocol's example bot plays seat 1 of ``samrap play`` (issue: external bots in play)."""
    path = tmp_path / "x.json"
    bot = "external:" + sys.executable + " examples/external_bot.py"
    result = run(*SHORT[:-2], "--bots", bot, "--record", str(path), input=FIRST_MOVES)
    assert result.exit_code == 0, result.output
    record = read_record(path)
    assert record.match.complete and record.match.players[1] == bot + "-1"
    assert verify_record(record) is None


def test_the_hint_key_ranks_listed_moves_without_changing_the_match(tmp_path: Path) -> None:
    """``!`` shows the heuristic's best moves by their listed numbers; the match is the same as without it."""
    plain = run(*SHORT, "--record", str(tmp_path / "a.json"), input=FIRST_MOVES)
    hinted = run(*SHORT, "--record", str(tmp_path / "b.json"), input="!\n" + FIRST_MOVES)
    assert plain.exit_code == hinted.exit_code == 0
    out = hinted.stdout
    hint = out[out.index("Hint:") :].splitlines()[1]
    number, text = hint.split(")")[0].strip(), hint.split(")")[1].split()[0]
    first_moves = out[out.index("Your moves:") :].splitlines()[1]
    assert f"{number}) {text}" in first_moves  # the hint names a listed move by its number
    assert read_record(tmp_path / "a.json").match.games == read_record(tmp_path / "b.json").match.games


def test_hints_speak_thai() -> None:
    result = run(*SHORT, "--lang", "th", "--record", os.devnull, input="!\nq\n")
    assert "คำแนะนำ:" in result.stdout


@pytest.mark.parametrize("where", ["no/such/dir/m.json", "."])
def test_an_unwritable_record_path_is_refused_before_the_match(tmp_path: Path, where: str) -> None:
    """``-r`` to a missing folder (or a folder) fails at once: no match is played only to be lost."""
    target = tmp_path / where
    result = run(*SHORT, "--record", str(target), input=FIRST_MOVES)
    assert result.exit_code == 2
    assert result.stderr.startswith("samrap: error: cannot write the record ") and result.stderr.count("\n") == 1
    assert result.stdout == ""  # not one card dealt


def test_terminal_contract_rummy_is_rendered_with_its_own_help(tmp_path: Path) -> None:
    """``samrap play contract`` shows the deal, its contract, the pile, seats and hand, never the
    raw position string, and ``?`` teaches Contract's notation (P, P<depth>, G, E, C), not Dummy's."""
    args = ("play", "contract", "--seed", "3", "--bots", "random", "--record", str(tmp_path / "c.json"))
    result = run(*args, input="?\n1\nq\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "=== Deal 1: " in out
    assert "Deal 1/7  ·  contract: two sets" in out and "Discard pile, top last:" in out
    assert "Table melds ([3 >2] is meld 3" in out and "Your hand (10): " in out and "<- turn" in out
    assert "|phase" not in out and "hands:" not in out  # no position string
    help_text = out[out.index("Answer with one of:") :]
    assert "P3 take the discard 3 deep" in help_text and "G 7c7d*7h" in help_text and "E 7s>2" in help_text
    assert "collect" not in help_text and "knock" not in help_text
    dummy = run(*SHORT, "--record", str(tmp_path / "d.json"), input="?\nq\n").stdout
    assert "C3 7h8h9h collect row card 3" in dummy and "P3 take" not in dummy


@pytest.mark.parametrize("command", ["/no/such/bot", sys.executable + " -c print(1)"])
def test_a_broken_external_bot_is_one_line_not_a_traceback(tmp_path: Path, command: str) -> None:
    """A bot that cannot start, or answers outside the protocol, ends the match with one line, exit 2."""
    result = run(*SHORT[:-2], "--bots", "external:" + command, "--record", str(tmp_path / "m.json"), input=FIRST_MOVES)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.stderr.count("\n") == 1
    assert result.stderr.startswith("samrap: error: a bot stopped the match: ")


def test_ctrl_c_stops_the_match_and_keeps_the_finished_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C at the prompt is a quit, not a traceback: the games finished so far are recorded."""
    args = ("play", "dummy", "--players", "2", "--config", "target=5000", "--seed", "3", "--bots", "random")
    full = run(*args, "--record", str(tmp_path / "full.json"), input="1\n" * 200)
    answers = full.stdout.split("=== Game 2")[0].count("move (number, action, ? help, ! hint, q quit)> ")
    lines = iter(["1\n"] * answers)

    def read_line() -> str | None:
        line = next(lines, None)
        if line is None:
            raise KeyboardInterrupt
        return line

    monkeypatch.setattr(HumanPlayer, "__init__", _with_reader(HumanPlayer.__init__, read_line))
    path = tmp_path / "part.json"
    result = run(*args, "--record", str(path))
    assert result.exit_code == 0, result.output
    assert "Match stopped (interrupted) after 1 finished game." in result.stdout
    assert "Traceback" not in result.output
    assert len(read_record(path).match.games) == 1


def _with_reader(init: Any, reader: Any) -> Any:
    def patched(self: HumanPlayer, *a: Any, **kw: Any) -> None:
        init(self, *a, **kw)
        self.read_line = reader

    return patched


def test_english_hints_read_as_imperatives(tmp_path: Path) -> None:
    out = run(*SHORT, "--record", str(tmp_path / "m.json"), input="1\n!\nq\n").stdout
    first = out[out.index("Hint:") :].splitlines()[1]
    reason = first.split(")", 1)[1].strip().split("  ", 1)[1]  # "<number>) <move>  <reason>"
    assert reason[0].isupper() and reason.split()[0] in {"Discard", "Draw", "Collect", "Meld", "Knock", "Lay", "Pass"}
