"""``samrap tournament``: table, JSON, records, plot and option errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from samrap.engine.record import read_record, verify_record
from tests.cli.helpers import run


def test_json_results() -> None:
    r = run("tournament", "dummy", "-n", "2", "--seats", "heuristic,random", "--games", "3", "--hands", "1", "--json")
    assert r.exit_code == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["config"] == "dummy(players=2)" and d["units"] == 6 and d["deals"] == 3
    bots = {b["bot"]: b for b in d["bots"]}
    assert bots["heuristic"]["entries"] == 6
    assert 0 <= bots["heuristic"]["ci95"][0] <= bots["heuristic"]["win_rate"] <= bots["heuristic"]["ci95"][1]
    assert bots["heuristic"]["rating_mu"] is not None
    again = run(
        "tournament", "dummy", "-n", "2", "--seats", "heuristic,random", "--games", "3", "--hands", "1", "--json"
    )
    assert json.loads(again.stdout)["bots"][0]["wins"] == d["bots"][0]["wins"]


def test_table_records_and_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    rec, png = tmp_path / "recs", tmp_path / "plot.png"
    r = run(
        "tournament", "dummy(players=2)", "--seats", "random,heuristic", "--games", "1", "--hands", "1",
        "--record", str(rec), "--plot", str(png), "--seed", "9",
    )  # fmt: skip
    assert r.exit_code == 0, r.stderr
    assert "win rate" in r.stdout and "95% CI" in r.stdout and "heuristic" in r.stdout
    files = sorted(rec.iterdir())
    assert [f.name for f in files] == ["deal0001-rot0.json", "deal0001-rot1.json"]
    for f in files:
        assert verify_record(read_record(f)) is None
    assert png.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "heuristic"], "has 2 seats"),
        (["--seats", "heuristic,alphago"], "unknown bot"),
        (["--seats", "heuristic,random", "--games", "0"], "--games"),
        (["--seats", "heuristic,random", "--backend", "mpi"], "--backend"),
    ],
)
def test_option_errors(args: list[str], message: str) -> None:
    r = run("tournament", "dummy(players=2)", *args)
    assert r.exit_code == 2
    assert message in r.stderr


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("no/such/dir/t.png", "--plot: the folder"),
        ("t.bmpx", "--plot: cannot write a .bmpx file"),
        ("", "--plot:"),  # the folder itself
    ],
)
def test_a_bad_plot_path_is_refused_before_any_game(tmp_path: Path, name: str, message: str) -> None:
    """17.6: one line, exit 2, and no game played (the records folder is not even created)."""
    pytest.importorskip("matplotlib")
    rec = tmp_path / "recs"
    r = run(
        "tournament", "dummy(players=2)", "--seats", "random,random", "--games", "50", "--hands", "1",
        "--record", str(rec), "--plot", str(tmp_path / name),
    )  # fmt: skip
    assert r.exit_code == 2
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.output and r.stdout == ""
    assert not rec.exists()


def test_games_per_second_reported() -> None:
    args = ("tournament", "dummy", "-n", "2", "--seats", "random,random", "--games", "2", "--hands", "1")
    d = json.loads(run(*args, "--json").stdout)
    assert d["games"] == 4 and d["games_per_second"] > 0
    text = run(*args).stdout
    assert "4 games in" in text and "games/s" in text


def test_a_thai_tournament_has_no_english_word(tmp_path: Path) -> None:
    """``--lang th``: the table's title, columns and the footer in Thai; the bots as typed."""
    from tests.cli.test_thai import latin_words

    args = ("tournament", "dummy", "-n", "2", "--seats", "heuristic,random", "--games", "1", "--hands", "1")
    result = run(*args, "--lang", "th")
    assert result.exit_code == 0, result.output
    assert "อัตราชนะ" in result.stdout and "ค่า seed 0" in result.stdout and "เกมต่อวินาที" in result.stdout
    assert latin_words(result.stdout, names=("heuristic", "random")) == []


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--seats", "heuristic"], "มี 2 ที่นั่ง แต่ --seats ระบุบอท 1 ตัว"),
        (["--seats", "heuristic,alphago"], "--seats: ใช้บอท alphago ไม่ได้"),
        (["--seats", "heuristic,random", "--games", "0"], "--games ต้องเป็น 1 ขึ้นไป"),
        (["--seats", "heuristic,random", "--seed", "-3"], "ค่า seed ต้องอยู่ระหว่าง"),
        (["--seats", "heuristic,random", "--backend", "mpi"], "--backend ต้องเป็น local หรือ ray"),
        (["--seats", "heuristic,random", "--config", "target=x"], "ตั้งค่า target ไม่ได้"),
        (["--seats", "heuristic,random", "--plot", "/no/such/dir/t.png"], "--plot: ไม่มีโฟลเดอร์"),
    ],
)
def test_thai_option_errors_name_the_option(args: list[str], says: str) -> None:
    from tests.cli.test_thai import latin_words

    r = run("tournament", "dummy(players=2)", "--lang", "th", *args)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert says in r.stderr, r.stderr
    typed = tuple(w for a in args if not a.startswith("--") for w in a.split(","))
    known = ("random", "heuristic", "ismcts", "learned", "external", "easy", "medium", "hard", "expert")  # the bots
    assert latin_words(r.stderr, names=("target", *known, *typed), paths=("/no/such/dir",)) == []
