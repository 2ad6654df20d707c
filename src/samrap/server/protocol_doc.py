"""Write (or check) ``docs/protocol.schema.json`` from the message models.

``python -m samrap.server.protocol_doc`` rewrites the file; ``--check`` exits 1 when it is stale.
``tests/server/test_protocol_doc.py`` runs the check, so a changed message cannot land without
its schema.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from samrap.server.messages import protocol_schema

DEFAULT_PATH = Path("docs/protocol.schema.json")


def schema_text() -> str:
    return json.dumps(protocol_schema(), indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    check = "--check" in args
    paths = [a for a in args if not a.startswith("--")]
    path = Path(paths[0]) if paths else DEFAULT_PATH
    text = schema_text()
    if check:
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current != text:
            print(f"{path} is stale: run python -m samrap.server.protocol_doc", file=sys.stderr)
            return 1
        return 0
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
