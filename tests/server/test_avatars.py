"""A person's drawn avatar (issue 23.6): one of a fixed set, checked by the server, kept on the
seat through the table's log, and shown to everyone in the table's seats."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

from fastapi.testclient import TestClient

from samrap.server.app import create_app
from samrap.server.messages import AvatarId
from tests.server.conftest import create, join, make_settings

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "hard"}]


def test_avatars_are_kept_on_the_seats(client: TestClient) -> None:
    made = create(client, game="dummy", seats=SEATS, host_name="สมชาย", host_avatar="elephant")
    code = made["table"]["code"]
    assert made["table"]["seats"][0]["avatar"] == "elephant"
    joined = join(client, code, "Nok", avatar="bird")
    seats = joined["table"]["seats"]
    assert [s.get("avatar") for s in seats] == ["elephant", "bird", None]  # a bot is drawn by its level
    assert client.get(f"/api/tables/{code}").json()["seats"][1]["avatar"] == "bird"


def test_no_avatar_is_fine(client: TestClient) -> None:
    made = create(client, game="dummy", seats=SEATS, host_name="A")
    joined = join(client, made["table"]["code"], "B")
    assert [s.get("avatar") for s in joined["table"]["seats"]] == [None, None, None]


def test_an_unknown_avatar_is_refused_by_name(client: TestClient) -> None:
    made = create(client, game="dummy", seats=SEATS, host_name="A")
    code = made["table"]["code"]
    for bad in ("dragon", "", "<svg>", "https://example.com/me.png", 7):
        r = client.post(f"/api/tables/{code}/join", json={"name": "B", "avatar": bad})
        assert r.status_code == 422, r.text
        body = r.json()
        assert body["code"] == "malformed" and "avatar" in body["message"], body
    r = client.post("/api/tables", json={"game": "dummy", "seats": SEATS, "host_name": "A", "host_avatar": "dragon"})
    assert r.status_code == 422 and "host_avatar" in r.json()["message"]
    # nobody sat down on a refused request
    assert [s["kind"] for s in client.get(f"/api/tables/{code}").json()["seats"]] == ["human", "open", "bot"]


def test_the_avatar_survives_a_restart(db_path: Path) -> None:
    """The avatar is in the table's log: a server that loads the table again has it."""
    with TestClient(create_app(make_settings(db_path))) as c1:
        code = create(c1, game="dummy", seats=SEATS, host_name="A", host_avatar="lotus")["table"]["code"]
        join(c1, code, "B", avatar="star")
    with TestClient(create_app(make_settings(db_path))) as c2:
        seats = c2.get(f"/api/tables/{code}").json()["seats"]
        assert [s.get("avatar") for s in seats[:2]] == ["lotus", "star"]


def test_the_set_is_the_web_apps() -> None:
    """The ids the server accepts are the ones static/js/faces.js draws."""
    from samrap.server.settings import STATIC_DIR

    text = (STATIC_DIR / "js" / "faces.js").read_text(encoding="utf-8")
    ids = text.split("export const AVATARS = [", 1)[1].split("];", 1)[0]
    assert [x.strip().strip('"') for x in ids.split(",") if x.strip()] == list(get_args(AvatarId))
