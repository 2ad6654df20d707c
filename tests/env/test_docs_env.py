"""docs/env.md shows the current action-id and observation tables (regenerated, not hand-copied)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from samrap.env.codec import layout_table
from samrap.env.codec_contract import ContractCodec
from samrap.env.codec_dummy import DummyCodec
from samrap.env.encode_contract import contract_layout
from samrap.env.encode_dummy import LAYOUT
from samrap.games.contract.config import ContractConfig
from samrap.games.dummy import DummyConfig

DOC = Path(__file__).resolve().parents[2] / "docs" / "env.md"


def _block(name: str) -> str:
    m = re.search(rf"<!-- {name} -->\n(.*?)\n<!-- /{name} -->", DOC.read_text(encoding="utf-8"), re.S)
    assert m, f"docs/env.md lacks the {name} block"
    return m.group(1)


@pytest.mark.parametrize(
    ("name", "table"),
    [
        ("dummy-actions", lambda: layout_table(DummyCodec(DummyConfig(players=2)).segments)),
        ("contract-actions", lambda: layout_table(ContractCodec(ContractConfig()).segments)),
        ("dummy-observation", LAYOUT.table),
        ("contract-observation", lambda: contract_layout(ContractConfig()).table()),
    ],
)
def test_doc_tables_are_current(name: str, table: object) -> None:
    assert _block(name) == table()  # type: ignore[operator]
