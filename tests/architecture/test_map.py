"""docs/architecture.md is a map that cannot drift (issue 28.4).

Two checks. **Every module is on the map**: each Python module under ``src/samrap`` (migrations
aside) and each web module of ``server/static`` is named, in backticks, in the paragraph of its
package in "The packages and their one concept each" (a paragraph opens with **`samrap.x`**; a
module is named by its path from that package, by its file name, or by a glob such as
`codec_*.py`), and each sub-package by `name/`. **Every claim about imports is a contract**: the
layer diagram, the independent games, the forbidden imports and every allowed exception in the
document are the import-linter contracts in ``pyproject.toml``, and every contract is in the
document under its own name. A failure names the module or claim and where it belongs.
"""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "samrap"
DOC = ROOT / "docs" / "architecture.md"


def _doc() -> str:
    return DOC.read_text(encoding="utf-8")


def _section(text: str, title: str) -> str:
    """The text of the ``## title`` section (up to the next ``## ``)."""
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def _paragraphs() -> dict[str, str]:
    """Each package paragraph of the packages section, by every package it opens with."""
    out: dict[str, str] = {}
    for para in re.split(r"\n\s*\n", _section(_doc(), "The packages and their one concept each")):
        head = re.match(r"((?:\*\*`samrap(?:\.[a-z_.]+)?`\*\*(?:,\s*|\s+and\s+)?)+)", para.strip())
        if head:
            for pkg in re.findall(r"`(samrap(?:\.[a-z_.]+)?)`", head.group(1)):
                out[pkg] = para
    return out


def _modules() -> list[tuple[str, Path]]:
    """(dotted package that holds it, path) of every module on the map's scope."""
    out = []
    for p in sorted(SRC.rglob("*.py")):
        if "migrations" in p.parts or p.name == "__init__.py":
            continue
        out.append((".".join(("samrap", *p.relative_to(SRC).parent.parts)), p))
    static = SRC / "server" / "static"
    out += [("samrap.server", p) for p in sorted(static.rglob("*.js"))]
    return out


def _owner(pkg: str, paragraphs: dict[str, str]) -> str | None:
    """The nearest enclosing package that has a paragraph."""
    while pkg and pkg != "samrap":
        if pkg in paragraphs:
            return pkg
        pkg = pkg.rpartition(".")[0]
    return None


def _named(rel: str, para: str) -> bool:
    name = rel.rpartition("/")[2]
    for token in re.findall(r"`([^`\s]+\.(?:py|js))`", para):
        if rel == token or rel.endswith("/" + token) or fnmatch.fnmatch(name, token) or fnmatch.fnmatch(rel, token):
            return True
    return False


def test_every_module_is_named_in_its_package_paragraph() -> None:
    paragraphs = _paragraphs()
    missing = []
    for pkg, path in _modules():
        where = path.relative_to(ROOT)
        if f"{pkg}.{path.stem}" in paragraphs and path.suffix == ".py":
            continue  # a top-level module with its own paragraph (samrap.openspiel)
        owner = _owner(pkg, paragraphs)
        if owner is None:
            missing.append(f"{where}: no paragraph opening with **`{pkg}`** in docs/architecture.md")
            continue
        base = SRC.joinpath(*owner.split(".")[1:])
        rel = path.relative_to(base).as_posix()
        if not _named(rel, paragraphs[owner]):
            missing.append(f"{where}: name `{rel}` (what it is for) in the **`{owner}`** paragraph of {DOC.name}")
    assert not missing, "modules missing from the map:\n" + "\n".join(missing)


def test_every_sub_package_is_named() -> None:
    paragraphs = _paragraphs()
    missing = []
    for init in sorted(SRC.rglob("__init__.py")):
        pkg = ".".join(("samrap", *init.parent.relative_to(SRC).parts))
        described = any(p == pkg or p.startswith(pkg + ".") for p in paragraphs)
        if "migrations" in init.parts or pkg == "samrap" or described:
            continue
        parent = pkg.rpartition(".")[0]
        owner = _owner(parent, paragraphs)
        if owner is None or f"`{init.parent.name}/`" not in paragraphs[owner]:
            where = init.parent.relative_to(ROOT)
            missing.append(f"{where}: give it a paragraph or name `{init.parent.name}/` in **`{owner}`**")
    assert not missing, "packages missing from the map:\n" + "\n".join(missing)


def _contracts() -> list[dict[str, Any]]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, Any]] = data["tool"]["importlinter"]["contracts"]
    return contracts


def _diagram() -> list[list[str]]:
    """The layer diagram of "The layers", top first: each line's packages."""
    block = _section(_doc(), "The layers").split("```")[1]
    layers = []
    for line in block.strip().splitlines():
        names = line.split("  ")[0].strip()  # the packages, then two spaces, then what they are
        layers.append([n.strip() for n in names.split("|")])
    return layers


def _layer(entry: str) -> list[str]:
    return [n.strip() for n in entry.split("|")]


def test_the_layer_diagram_is_the_layers_contract() -> None:
    (layers,) = [c for c in _contracts() if c["type"] == "layers"]
    diagram = _diagram()
    # The diagram may split a contract layer into its independent parts (the games' line).
    flat = [sorted(entry) for entry in diagram]
    expected = [sorted(_layer(e)) for e in layers["layers"]]
    collapsed: list[list[str]] = []
    for entry in flat:
        if collapsed and all(n.startswith("samrap.games.") for n in entry) and collapsed[-1] == ["samrap.games"]:
            continue
        collapsed.append(["samrap.games"] if all(n.startswith("samrap.games.") for n in entry) else entry)
    assert collapsed == expected, f"the layer diagram {diagram} is not the contract's {layers['layers']}"


def test_every_contract_and_exception_is_in_the_document() -> None:
    doc = _doc()
    problems = []
    for c in _contracts():
        if f"**{c['name']}**" not in doc:
            problems.append(f"contract {c['name']!r}: name it in bold in docs/architecture.md's list of contracts")
        for rule in c.get("ignore_imports", []):
            src, _, dst = (part.strip().removesuffix(".**") for part in rule.partition("->"))
            if f"`{src} -> {dst}`" not in doc:
                problems.append(f"contract {c['name']!r} allows {rule!r}: write `{src} -> {dst}` in the document")
        for key in ("modules", "source_modules", "containers"):
            for m in c.get(key, []):
                if f"`{m}`" not in doc:
                    problems.append(f"contract {c['name']!r}: `{m}` is not in the document")
        for m in c.get("forbidden_modules", []):
            if not m.startswith("samrap") and f"`{m}`" not in doc:
                problems.append(f"contract {c['name']!r} forbids `{m}`: the document does not say so")
    assert not problems, "\n".join(problems)


def test_the_document_claims_no_import_rule_that_is_not_a_contract() -> None:
    """Every ``a -> b`` edge the document allows is a contract's exception, and every module the
    document says the rules may not import is forbidden by a contract."""
    doc = _doc()
    allowed = {
        tuple(part.strip().removesuffix(".**") for part in rule.split("->"))
        for c in _contracts()
        for rule in c.get("ignore_imports", [])
    }
    for src, dst in re.findall(r"`(samrap\.[a-z_.*]+) -> (samrap\.[a-z_.*]+)`", doc):
        assert (src, dst) in allowed, f"docs/architecture.md allows `{src} -> {dst}`, which no contract does"
    forbidden = {m for c in _contracts() for m in c.get("forbidden_modules", [])}
    rules_para = next(p for p in re.split(r"\n\s*\n", _section(doc, "The layers")) if "may not import" in p)
    listed = rules_para.split("may not import", 1)[1].split(".", 1)[0]
    claimed = set(re.findall(r"`([a-z_]+)`", listed))
    assert claimed, "the document no longer lists what the rules may not import"
    assert claimed <= forbidden, f"the document forbids {sorted(claimed - forbidden)}, no contract does"


def _item(doc: str, name: str) -> str:
    """The numbered item of "The layers" that states the contract ``name`` (up to the next item)."""
    section = _section(doc, "The layers")
    start = section.index(f"**{name}**")
    end = re.search(r"\n\d+\. |\n\s*\n", section[start:])
    return section[start : start + end.start() if end else len(section)]


def test_each_contract_item_names_exactly_its_modules() -> None:
    """The item of a forbidden contract names as its subjects exactly the contract's source modules
    and as what they may not import exactly its forbidden modules; the item of an independence
    contract names exactly its modules. (The other tests check that every name of a contract is
    somewhere in the document; this one that the item claims no more and no less.)"""
    doc = _doc()
    names = r"`((?:samrap\.)?[a-z_.]+)`"
    problems = []
    for c in _contracts():
        if c["type"] == "layers":
            continue
        item = " ".join(_item(doc, c["name"]).split())  # one line: the claims wrap anywhere
        if c["type"] == "independence":
            said = set(re.findall(names, item.split("never import", 1)[0]))
            if said != set(c["modules"]):
                problems.append(f"{c['name']!r}: the document says {sorted(said)}, the contract {c['modules']}")
            continue
        subjects, _, rest = item.partition("may not import")
        said = {m for m in re.findall(names, subjects) if m.startswith("samrap")}
        if said != set(c["source_modules"]):
            problems.append(f"{c['name']!r}: the document binds {sorted(said)}, the contract {c['source_modules']}")
        listed = set(re.findall(names, re.split(r"\. | \(", rest, maxsplit=1)[0]))  # up to the sentence's end
        if listed != set(c["forbidden_modules"]):
            problems.append(
                f"{c['name']!r}: the document forbids {sorted(listed)}, the contract {c['forbidden_modules']}"
            )
    assert not problems, "\n".join(problems)
