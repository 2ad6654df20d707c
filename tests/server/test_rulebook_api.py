"""``GET /api/rules/{game}``: the web rules page's rules of a preset with options, in words (issue 14.4)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from samrap.engine.rulebooks import rulebook_for


def test_rules_of_a_preset_with_options_in_both_languages(client: TestClient) -> None:
    r = client.get("/api/rules/dummy", params={"preset": "seed", "target": "300"})
    assert r.status_code == 200
    book = r.json()
    assert book == rulebook_for("dummy", "seed", {"target": "300"}).to_dict()  # the CLI's rule book
    assert book["game"] == "dummy" and book["preset"] is None  # seed with an option is no preset
    texts = [rule["en"] for s in book["sections"] for rule in s["rules"]]
    assert any("at most 2 cards per game" in t for t in texts)
    assert any("The first to reach 300" in t for t in texts)
    assert all(rule["th"] for s in book["sections"] for rule in s["rules"])


def test_the_default_preset_and_every_game(client: TestClient) -> None:
    assert client.get("/api/rules/dummy").json()["preset"] == "classic"
    contract = client.get("/api/rules/contract", params={"preset": "liverpool"}).json()
    assert contract["preset"] == "liverpool"
    assert "buying" in [s["key"] for s in contract["sections"]]


def test_bad_game_preset_or_option_is_bad_config_naming_the_field(client: TestClient) -> None:
    for path, params, field in (
        ("/api/rules/chess", {}, "game"),
        ("/api/rules/dummy", {"preset": "nope"}, "preset"),
        ("/api/rules/dummy", {"ace_low": "maybe"}, "ace_low"),
        ("/api/rules/dummy", {"no_such": "1"}, "no_such"),
    ):
        r = client.get(path, params=params)
        assert r.status_code == 422, (path, params)
        assert r.json()["code"] == "bad_config" and field in r.json()["message"]
