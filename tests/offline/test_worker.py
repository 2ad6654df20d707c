"""The worker's JSON dispatch (samrap.offline.worker) and the pack's integrity check and zip."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import zipfile
from typing import Any

import pytest

from samrap.offline import pack
from samrap.offline.worker import handle


def _call(req: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(handle(json.dumps(req)))
    return out


def test_create_start_and_play_through_json() -> None:
    body = {"game": "dummy", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}], "host_name": "นก"}
    made = _call({"op": "create", "code": "OFFJSON1", "seed": 4, "request": body})
    assert made["seat"] == 0 and made["table"]["status"] == "lobby"
    assert made["table"]["seats"][0]["name"] == "นก"
    assert _call({"op": "start", "code": "OFFJSON1"})["table"]["status"] == "playing"
    assert _call({"op": "start", "code": "OFFJSON1"})["error"]["code"] == "bad_state"
    welcome = _call({"op": "welcome", "code": "OFFJSON1", "seat": 0})["welcome"]
    assert welcome["t"] == "welcome" and welcome["seat"] == 0
    view = _call({"op": "view", "code": "OFFJSON1", "seat": 0, "since": 0})["view"]
    assert [e["kind"] for e in view["events"]][:3] == ["created", "joined", "bot"]
    while view.get("to_move") == 1:
        _call({"op": "bot", "code": "OFFJSON1"})
        view = _call({"op": "view", "code": "OFFJSON1", "seat": 0})["view"]
    answer = _call({"op": "act", "code": "OFFJSON1", "seat": 0, "v": view["v"], "action": view["legal"][0]})
    assert answer["ok"] is True


def test_bad_requests_answer_errors_not_exceptions() -> None:
    assert _call({"op": "info", "code": "OFFNONE1"})["error"]["code"] == "unknown_table"
    assert _call({"op": "fly"})["error"]["code"] in ("unknown_table", "malformed")
    assert json.loads(handle("[1]"))["error"]["code"] == "malformed"
    assert json.loads(handle("{not json"))["error"]["code"] == "malformed"


def test_the_integrity_check_refuses_other_bytes() -> None:
    data = b"a tarball"
    good = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
    pack.check_integrity(data, good)
    with pytest.raises(pack.PackError, match="refusing"):
        pack.check_integrity(data + b"!", good)
    with pytest.raises(pack.PackError):
        pack.check_integrity(data, "md5-xyz")


def test_the_code_zip_holds_the_pure_packages_only() -> None:
    names = zipfile.ZipFile(io.BytesIO(pack.samrap_zip())).namelist()
    assert "samrap/offline/worker.py" in names and "samrap/games/dummy/rules.py" in names
    assert "typing_extensions.py" in names
    assert not any(n.startswith(("samrap/server/", "samrap/cli/", "samrap/env/")) for n in names)
    assert pack.samrap_zip() == pack.samrap_zip()  # the same code gives the same bytes


def test_the_manifest_names_versioned_addresses() -> None:
    m = pack.pack_manifest()
    assert str(m["version"]).startswith(pack.PYODIDE_VERSION)
    urls = [f["url"] for f in m["files"]]  # type: ignore[attr-defined]
    assert m["code"] in urls
    assert all(u.startswith("/offline/") for u in urls)


def test_without_the_core_the_pack_is_marked_unavailable(tmp_path: Any) -> None:
    status = pack.pack_status(tmp_path)
    assert not status.present and "pyodide.asm.wasm" in status.missing
    assert pack.pack_manifest(tmp_path)["available"] is False
    assert pack.main(["status"]) in (0, 1)


def test_a_kept_record_replays_in_the_worker() -> None:
    from samrap.offline.table import LocalTable

    table = LocalTable("OFFREPL1", {"game": "dummy", "seats": [{"kind": "bot", "level": "random"}] * 2}, 3)
    table.start()
    while table.bot_step() is not None:
        pass
    record = next(iter(table.records.values()))
    answer = _call({"op": "replay", "record": record})
    assert len(answer["games"]) == len(table.games)
    assert [len(g["states"]) for g in answer["games"]] == [len(g.actions) + 1 for g in table.games]


def test_hints_rank_the_seats_legal_moves_from_its_view() -> None:
    body = {"game": "dummy", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}
    _call({"op": "create", "code": "OFFHINT1", "seed": 6, "request": body})
    _call({"op": "start", "code": "OFFHINT1"})
    view = _call({"op": "view", "code": "OFFHINT1", "seat": 0})["view"]
    while view.get("to_move") == 1:
        _call({"op": "bot", "code": "OFFHINT1"})
        view = _call({"op": "view", "code": "OFFHINT1", "seat": 0})["view"]
    hints = _call({"op": "hint", "code": "OFFHINT1", "seat": 0, "lang": "th"})["hints"]
    assert sorted(h["action"] for h in hints) == sorted(view["legal"])
    assert [h["rank"] for h in hints] == list(range(1, len(hints) + 1))
    assert _call({"op": "hint", "code": "OFFHINT1", "seat": 1})["error"]["code"] == "not_your_turn"
