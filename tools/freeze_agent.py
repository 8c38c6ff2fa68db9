"""Freeze a ruleset's ``default`` agent as its ``previous`` agent: the
ladder's baseline (``battletable ladder SCENARIO --agents default,previous``),
which a new default must beat.

    .venv/bin/python tools/freeze_agent.py RULESET [RULESET ...]   # at a release
    .venv/bin/python tools/freeze_agent.py --rehash RULESET        # after adapting the copy
    .venv/bin/python tools/freeze_agent.py --check [RULESET ...]   # the copies are as frozen

Freezing copies the module of the class that the ruleset's ``agents()`` names
``default`` (it must live in ``game/rulesets/<id>/ai/``), with every module of
that ``ai`` folder it imports, into ``game/rulesets/<id>/ai/previous/``
(replacing what was there). Imports of the ruleset's own modules (``..rules``)
become one level deeper, so the copy keeps using the ruleset's shared rules
and helpers; imports within ``ai/`` point at the copies, so later changes to
the default agent, its candidates or its scoring leave ``previous`` as it was.
The generated ``__init__.py`` defines ``PreviousAgent`` (the frozen class,
named ``previous``) and records the source commit, the ruleset version and a
SHA-256 of every copied file; the ruleset's ``agents()`` maps ``previous`` to
it. ``tests/ai/test_previous_agents.py`` checks the hashes (the copy is not
edited by accident), that every call from the copy into a shared helper
still fits that helper's signature, and plays a short seeded battle with it.

When a shared helper changes its signature, adapt the call in the copy (the
least change that keeps the old behaviour) and run ``--rehash`` for that
ruleset. Exit status 2 with one line for a bad ruleset or a default agent
outside its ``ai`` folder.
"""

from __future__ import annotations

import ast
import hashlib
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import typer  # noqa: E402

FOLDER = "previous"
_FROM = re.compile(r"^(\s*from )(\.+)(\S*)( import )", re.M)


def ai_dir(rid: str) -> Path:
    """The ruleset's ``ai`` folder."""
    return ROOT / "game" / "rulesets" / rid / "ai"


def snapshot_dir(rid: str) -> Path:
    """Where the ruleset's frozen ``previous`` agent lives."""
    return ai_dir(rid) / FOLDER


def _local_imports(path: Path) -> set[str]:
    """Modules of the same ``ai`` folder that ``path`` imports (anywhere in
    the file, functions included), as bare module names."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out |= {a.name for a in node.names}
    return {m for m in out if (path.parent / f"{m}.py").is_file()}


def closure(rid: str, module: str) -> list[str]:
    """``module`` and every module of the ruleset's ``ai`` folder it needs,
    sorted (bare names, ``agent`` for ``ai/agent.py``)."""
    todo, seen = [module], set()
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        todo += sorted(_local_imports(ai_dir(rid) / f"{m}.py") - seen)
    return sorted(seen)


def deepen(text: str, rid: str) -> str:
    """``text`` moved one package down: relative imports that leave ``ai/``
    (two dots or more) get one more dot; absolute imports of the live
    ``ai`` modules point at the snapshot's."""
    text = _FROM.sub(lambda m: m.group(1) + (m.group(2) + "." if len(m.group(2)) >= 2 else m.group(2))
                     + m.group(3) + m.group(4), text)
    return text.replace(f"game.rulesets.{rid}.ai.", f"game.rulesets.{rid}.ai.{FOLDER}.")


def digest(text: str) -> str:
    """SHA-256 of a file's text (hex)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _commit(files: list[Path]) -> str:
    """The checkout's commit, noting when ``files`` differ from it."""
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "--", *map(str, files)], cwd=ROOT, capture_output=True,
                               text=True, check=True).stdout.strip()
        return out.stdout.strip() + (" (with uncommitted changes)" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _header(rid: str, name: str, commit: str) -> str:
    return (f"# Frozen copy of game/rulesets/{rid}/ai/{name}.py at {commit[:12]}{commit[40:]}, made by\n"
            f"# tools/freeze_agent.py: the ruleset's `previous` agent. Do not edit (see that tool for the one exception).\n")


def _init(rid: str, cls: type, version: object, commit: str, hashes: dict[str, str]) -> str:
    mod = cls.__module__.rsplit(".", 1)[1]
    lines = [
        f'"""The previous release of the {rid} ``default`` agent ({cls.__name__}),',
        "frozen by ``tools/freeze_agent.py`` so that a new default must beat it on",
        "the ladder (``battletable ladder SCENARIO --agents default,previous``).",
        "",
        "Generated; do not edit. The copies here import the ruleset's shared rules",
        "and helpers, never the live ``ai`` modules.",
        '"""',
        "",
        f"from .{mod} import {cls.__name__} as _Frozen",
        "",
        "#: the commit the copy was taken from",
        f"SOURCE_COMMIT = {commit!r}",
        "#: the ruleset's version at that commit",
        f"RULESET_VERSION = {version!r}",
        "#: the frozen agent's class name at that commit",
        f"SOURCE_CLASS = {cls.__name__!r}",
        "#: SHA-256 of each copied file as written (``tools/freeze_agent.py --check``)",
        "FILES = {",
        *(f"    {k!r}: {v!r}," for k, v in sorted(hashes.items())),
        "}",
        "",
        "",
        "class PreviousAgent(_Frozen):",
        f'    """{cls.__name__} as it was at ``SOURCE_COMMIT`` (ruleset version',
        '    ``RULESET_VERSION``)."""',
        "",
        '    name = "previous"',
        "",
    ]
    return "\n".join(lines)


def default_class(rid: str) -> type:
    """The class the ruleset's ``agents()`` names ``default``. Raises
    ValueError when it is not defined in the ruleset's ``ai`` folder."""
    from game import rulesets

    cls = dict(rulesets.get(rid).agents()).get("default")
    prefix = f"game.rulesets.{rid}.ai."
    if not isinstance(cls, type) or not cls.__module__.startswith(prefix) or cls.__module__.count(".") != 4:
        raise ValueError(f"{rid}: agents()['default'] is {cls!r}, not a class in game/rulesets/{rid}/ai/")
    return cls


def freeze(rid: str) -> list[Path]:
    """Replace the ruleset's ``previous`` snapshot with its current default
    agent; returns the files written."""
    from game import rulesets

    cls = default_class(rid)
    names = closure(rid, cls.__module__.rsplit(".", 1)[1])
    commit = _commit([ai_dir(rid) / f"{n}.py" for n in names])
    out = snapshot_dir(rid)
    out.mkdir(exist_ok=True)
    for old in out.glob("*.py"):
        old.unlink()
    hashes, written = {}, []
    for name in names:
        text = _header(rid, name, commit) + deepen((ai_dir(rid) / f"{name}.py").read_text(encoding="utf-8"), rid)
        path = out / f"{name}.py"
        path.write_text(text, encoding="utf-8")
        hashes[path.name], written = digest(text), written + [path]
    init = out / "__init__.py"
    init.write_text(_init(rid, cls, getattr(rulesets.get(rid), "version", None), commit, hashes), encoding="utf-8")
    return written + [init]


def recorded(rid: str) -> dict[str, str]:
    """The hashes the snapshot's ``__init__.py`` records (read as text, not
    imported)."""
    tree = ast.parse((snapshot_dir(rid) / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "FILES" for t in node.targets):
            return ast.literal_eval(node.value)
    raise ValueError(f"{rid}: {FOLDER}/__init__.py records no FILES")


def changed(rid: str) -> list[str]:
    """Snapshot files whose text no longer matches the recorded hash, and
    files recorded but missing or present but not recorded."""
    want = recorded(rid)
    have = {p.name: digest(p.read_text(encoding="utf-8")) for p in snapshot_dir(rid).glob("*.py") if p.name != "__init__.py"}
    return sorted(n for n in set(want) | set(have) if want.get(n) != have.get(n))


def _resolve(package: str, node: ast.ImportFrom) -> str:
    base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
    return (f"{base}.{node.module}" if node.module else base) if node.level else node.module or ""


def _shared(package: str, tree: ast.AST) -> dict[str, object]:
    """Names bound anywhere in a snapshot module to objects from outside the
    snapshot (the shared rules and helpers), name -> object."""
    import importlib

    out: dict[str, object] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.module == "__future__":
            continue
        mod = _resolve(package, node)
        if mod == package or mod.startswith(package + "."):
            continue
        for a in node.names:
            try:
                obj = importlib.import_module(f"{mod}.{a.name}")
            except ImportError:
                obj = getattr(importlib.import_module(mod), a.name)
            out[a.asname or a.name] = obj
    return out


def call_mismatches(rid: str) -> list[str]:
    """Calls in the snapshot to shared helpers (``helper(...)`` or
    ``module.helper(...)`` through an imported name) that no longer fit the
    helper's signature, as ``file:line name: why``. Calls spreading
    ``*args``/``**kwargs`` are not checked. Raises ImportError/AttributeError
    when a name the snapshot imports is gone."""
    import inspect

    package = f"game.rulesets.{rid}.ai.{FOLDER}"
    out = []
    for path in sorted(snapshot_dir(rid).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = _shared(package, tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f, target = node.func, None
            if isinstance(f, ast.Name) and f.id in names:
                target = names[f.id]
            elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and inspect.ismodule(names.get(f.value.id)):
                target = getattr(names[f.value.id], f.attr, None)
                if target is None:
                    out.append(f"{path.name}:{node.lineno} {f.value.id}.{f.attr}: no such name")
                    continue
            if target is None or not callable(target) or any(isinstance(a, ast.Starred) for a in node.args) \
                    or any(k.arg is None for k in node.keywords):
                continue
            try:
                sig = inspect.signature(target)
            except (TypeError, ValueError):
                continue
            try:
                sig.bind(*node.args, **{k.arg: k.value for k in node.keywords})
            except TypeError as e:
                out.append(f"{path.name}:{node.lineno} {ast.unparse(f)}: {e}")
    return out


def rehash(rid: str) -> None:
    """Record the current text of the snapshot's files as frozen."""
    init = snapshot_dir(rid) / "__init__.py"
    text = init.read_text(encoding="utf-8")
    have = {p.name: digest(p.read_text(encoding="utf-8")) for p in snapshot_dir(rid).glob("*.py") if p.name != "__init__.py"}
    block = "FILES = {\n" + "".join(f"    {k!r}: {v!r},\n" for k, v in sorted(have.items())) + "}"
    init.write_text(re.sub(r"FILES = \{\n.*?\n\}", lambda _: block, text, flags=re.S), encoding="utf-8")


def main(names: list[str] = typer.Argument(None, help="ruleset ids (--check: all when none)"),
         check: bool = typer.Option(False, "--check", help="only check the snapshots' hashes"),
         re_hash: bool = typer.Option(False, "--rehash", help="record the snapshots' current text as frozen")) -> None:
    from game import rulesets

    ids = names or (rulesets.ids() if check else [])
    if not ids:
        typer.echo("name a ruleset (known: " + ", ".join(rulesets.ids()) + ")", err=True)
        raise typer.Exit(2)
    bad = False
    for rid in ids:
        try:
            if rid not in rulesets.ids():
                raise ValueError(f"unknown ruleset {rid!r} (known: {', '.join(rulesets.ids())})")
            if check and not (snapshot_dir(rid) / "__init__.py").is_file():
                typer.echo(f"{rid}: no previous agent frozen")
            elif check:
                diff, calls = changed(rid), call_mismatches(rid)
                bad |= bool(diff or calls)
                typer.echo(f"{rid}: " + (f"edited since frozen: {', '.join(diff)}" if diff else "as frozen"))
                for c in calls:
                    typer.echo(f"{rid}: the copy's call no longer fits: {c}")
            elif re_hash:
                rehash(rid)
                typer.echo(f"{rid}: hashes recorded")
            else:
                files = freeze(rid)
                typer.echo(f"{rid}: froze {', '.join(p.relative_to(ROOT).as_posix() for p in files)}")
        except (ValueError, FileNotFoundError) as e:
            typer.echo(str(e), err=True)
            raise typer.Exit(2)
    if bad:
        raise typer.Exit(1)


if __name__ == "__main__":
    typer.run(main)
