"""``samrap simulate``: seeded, so the same seed prints the same summary apart from the wall time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from samrap.cli.simulate import Summary
from samrap.engine.match import single_games
from samrap.engine.record import read_record, verify_record
from samrap.engine.registry import resolve
from samrap.players import RandomPlayer
from tests.cli.helpers import run

ARGS = ("simulate", "dummy", "--players", "3", "--games", "25", "--seed", "4")


def _without_wall_time(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if "wall time" not in line)


def test_same_seed_same_summary() -> None:
    a, b = run(*ARGS), run(*ARGS)
    assert a.exit_code == b.exit_code == 0
    assert _without_wall_time(a.stdout) == _without_wall_time(b.stdout)
    for label in ("games", "actions", "knocks (น็อค)", "dark knocks (น็อคมืด)", "fools (โง่)", "(ตกตึก)", "stock-outs"):
        assert label in a.stdout
    assert "average score per seat" in a.stdout and "wall time" in a.stdout
    c = run(*ARGS[:-1], "5")
    assert _without_wall_time(c.stdout) != _without_wall_time(a.stdout)


def test_json_summary() -> None:
    a = json.loads(run(*ARGS, "--json").stdout)
    b = json.loads(run(*ARGS, "--json").stdout)
    assert a.pop("wall_time_s") >= 0 and b.pop("wall_time_s") >= 0
    assert a == b
    assert a["games"] == 25 and a["players"] == 3 and a["config"] == "dummy(players=3)"
    assert a["knocks"] + a["stock_outs"] == 25
    assert a["dark_knocks"] <= a["knocks"] and a["ngo"] <= a["knocks"]
    assert len(a["average_scores"]) == 3 and a["actions"] > 25 * 10


def test_the_text_and_json_summaries_agree() -> None:
    data = json.loads(run(*ARGS, "--json").stdout)
    rows = {}
    for line in run(*ARGS).stdout.splitlines()[1:]:
        label, _, value = line.strip().partition("  ")
        rows[label] = value.strip()
    assert rows["games"] == str(data["games"])
    assert rows["actions"].startswith(f"{data['actions']} (")
    assert rows["knocks (น็อค)"] == str(data["knocks"])
    assert rows["stock-outs, no knock (กองจั่วหมด)"] == str(data["stock_outs"])


def test_records_one_per_game_each_replays(tmp_path: Path) -> None:
    result = run("simulate", "dummy", "--players", "2", "--games", "3", "--seed", "1", "--record", str(tmp_path))
    assert result.exit_code == 0
    files = sorted(tmp_path.glob("game-*.json"))
    assert [f.name for f in files] == ["game-00001.json", "game-00002.json", "game-00003.json"]
    for f in files:
        record = read_record(f)
        assert len(record.match.games) == 1 and record.match.players == ("random-0", "random-1")
        assert verify_record(record) is None


def test_preset_and_config_options() -> None:
    data = json.loads(run(*ARGS, "--preset", "modern", "--config", "ace_low=true", "--json").stdout)
    assert data["config"].startswith("dummy(ace_low=true,colour_knock=true")


def test_no_progress_bar_when_not_a_terminal() -> None:
    result = run(*ARGS)
    assert result.stderr == ""


def test_bad_game_count_is_a_usage_error() -> None:
    result = run("simulate", "dummy", "--games", "0")
    assert result.exit_code == 2 and "--games must be at least 1" in result.stderr


def test_named_bots_play_the_simulation(tmp_path: Path) -> None:
    """``--bots heuristic`` seats the heuristic everywhere; the records name each seat's bot."""
    args = ("simulate", "dummy", "-n", "2", "--games", "4", "--seed", "1", "--json")
    result = run(*args, "--bots", "heuristic,random", "--record", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 4
    record = read_record(tmp_path / "game-00001.json")
    assert record.match.players == ("heuristic-0", "random-1") and verify_record(record) is None


def test_a_bad_bot_is_a_usage_error() -> None:
    result = run("simulate", "dummy", "--games", "2", "--bots", "nobody")
    assert result.exit_code == 2 and "--bots" in result.stderr and "Traceback" not in result.output


def test_the_summary_names_the_bots_in_every_seat() -> None:
    """17.6: the head line and the JSON name the bots that played, not "N random players"."""
    args = ("simulate", "dummy", "-n", "3", "--games", "2", "--seed", "1", "--bots", "heuristic,random,easy")
    text = run(*args).stdout
    assert text.splitlines()[0].endswith("3 players: s0 heuristic, s1 random, s2 easy")
    assert "random players" not in text
    assert json.loads(run(*args, "--json").stdout)["bots"] == ["heuristic", "random", "easy"]
    one = run("simulate", "dummy", "-n", "4", "--games", "1", "--bots", "random")
    assert one.stdout.splitlines()[0].endswith("4 players: 4 x random")


@pytest.mark.parametrize(
    ("text", "games"), [("dummy(players=4)", 150), ("dummy(players=2)", 60), ("contract(players=3)", 8)]
)
def test_the_summary_counts_each_stat_as_the_stat_counts_each_ledger(text: str, games: int) -> None:
    """The summary looks a game's counts up by the stats' codes in its ledger: each stat's own count."""
    spec, config = resolve(text)
    n = spec.make_game(config).players
    results = list(single_games(spec, config, [RandomPlayer() for _ in range(n)], 3, games))
    summary = Summary(spec, text, n, 3)
    for r in results:
        summary.add(r)
    ledgers = [r.games[0].ledger for r in results]
    assert summary.stats == {s.key: sum(s.count(ledger) for ledger in ledgers) for s in spec.stats}
    assert summary.games == games and summary.actions == sum(len(r.games[0].actions) for r in results)
    assert summary.score_sums == [sum(r.games[0].scores[q] for r in results) for q in range(n)]
    assert len(summary._counts) <= 12  # the few codes the stats read, not every ledger's


def test_a_thai_summary_has_no_english_word() -> None:
    """``--lang th``: every line in Thai (the bots as typed, ค่า seed), for both games; JSON keys stay English."""
    from tests.cli.test_thai import latin_words

    for game, bots, says in (
        ("dummy(players=2)", "heuristic,random", "จำนวนเกม"),
        ("contract", "heuristic", "จำนวนรอบ"),
    ):
        result = run("simulate", game, "-g", "2", "--bots", bots, "--lang", "th")
        assert result.exit_code == 0, result.output
        assert says in result.stdout and "แต้มเฉลี่ยต่อที่นั่ง" in result.stdout and "วินาที" in result.stdout
        assert latin_words(result.stdout, names=("heuristic", "random")) == []
    english = json.loads(run(*ARGS, "--json").stdout)
    thai = json.loads(run(*ARGS, "--json", "--lang", "th").stdout)
    assert thai.keys() == english.keys()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--bots", "nobody"), "--bots: ใช้บอท nobody ไม่ได้"),
        (("--bots", "random,random,random,random,random"), "--bots: ระบุบอทหนึ่งตัวสำหรับทุกที่นั่ง"),
        (("--games", "0"), "--games ต้องเป็น 1 ขึ้นไป"),
        (("--seed", "-1"), "ค่า seed ต้องอยู่ระหว่าง"),
        (("--config", "target=x"), "ตั้งค่า target ไม่ได้"),
        (("--record", "/proc/no-such-samrap-dir"), "--record: สร้างโฟลเดอร์"),
    ],
)
def test_thai_errors_name_the_option(args: tuple[str, ...], says: str) -> None:
    from tests.cli.test_thai import latin_words

    result = run("simulate", "dummy", "-g", "1", "--lang", "th", *args)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert says in result.stderr, result.stderr
    typed = tuple(a for a in args if not a.startswith("--"))
    known = ("random", "heuristic", "ismcts", "learned", "external", "easy", "medium", "hard", "expert")  # the bots
    assert latin_words(result.stderr, names=("target", *known, *typed), paths=typed) == []
