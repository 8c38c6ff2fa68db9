"""Design: Layout - the import layering holds: ui -> battle | editor -> ai ->
rulesets -> core -> geometry | data; only game/ui imports pygame; only
game/core/dice.py draws random numbers; core, geometry and rulesets never read
the clock; no ruleset package has an import circle among its modules."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

# which game packages each package may import
ALLOWED = {
    "geometry": {"geometry"},
    "data": {"data", "geometry"},
    "core": {"core", "data", "geometry"},
    "rulesets": {"rulesets", "core", "data", "geometry", "ai"},
    "ai": {"ai", "core", "data", "geometry"},
    "battle": {"battle", "ai", "rulesets", "core", "data", "geometry"},
    "editor": {"editor", "battle", "ai", "rulesets", "core", "data", "geometry"},
    "lab": {"lab", "battle", "ai", "rulesets", "core", "data", "geometry"},
    "ui": {"ui", "editor", "battle", "ai", "rulesets", "core", "data", "geometry"},
}


@lru_cache(maxsize=None)
def _imports_of(path: Path) -> tuple[str, ...]:
    """The modules a file imports by absolute name: parsed once per run (the
    tests below only read the list; the files do not change while they run)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
    return tuple(out)


def _imports(path: Path) -> list[str]:
    return list(_imports_of(path))


def _files():
    for path in GAME.rglob("*.py"):
        parts = path.relative_to(GAME).parts
        if len(parts) > 1:
            yield parts[0], path


def test_packages_import_only_lower_layers():
    bad = []
    for pkg, path in _files():
        for mod in _imports(path):
            if mod.startswith("game."):
                target = mod.split(".")[1]
                if target in ALLOWED and target not in ALLOWED.get(pkg, set()):
                    bad.append(f"{path.relative_to(ROOT)} imports {mod}")
    assert not bad, bad


def test_only_ui_imports_pygame():
    bad = [str(p.relative_to(ROOT)) for pkg, p in _files() if pkg != "ui" and any(m.split(".")[0] in ("pygame", "pygame_gui") for m in _imports(p))]
    assert not bad, bad


def test_only_dice_touches_randomness_and_no_clock_in_the_rules():
    bad = []
    for pkg, path in _files():
        mods = _imports(path)
        rel = str(path.relative_to(ROOT))
        if pkg in ("core", "geometry", "rulesets") and rel != "game/core/dice.py":
            text = path.read_text()
            # an agent's rng may be passed in and annotated (random.Random);
            # drawing from the module's global generator is not allowed
            if re.search(r"\brandom\.(?!Random\b)[a-z_]+\(", text) or "from random import" in text or "numpy.random" in text or "np.random" in text:
                bad.append(f"{rel} draws random numbers outside game/core/dice.py")
            if "time" in mods or "datetime" in mods:
                bad.append(f"{rel} reads the clock")
    assert not bad, bad


def _package_modules(root: Path) -> dict[str, Path]:
    """Dotted module names inside one package (the package itself is ""), each to its file."""
    out = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _internal_imports(absolute: str, name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    """The modules of package ``root`` that module ``name`` imports, wherever the
    import stands (at the top or inside a function: a deferred import still
    closes a circle at run time). ``from .pkg import mod`` names the module
    ``pkg.mod`` when it is one, else the package ``pkg`` itself; ``absolute`` is
    the package's dotted name (``game.rulesets.battlespace``)."""
    here = name.split(".") if name else []
    pkg = here if path.name == "__init__.py" else here[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg[:len(pkg) - (node.level - 1)]
                mod = ".".join(base + (node.module.split(".") if node.module else []))
            elif node.module and (node.module == absolute or node.module.startswith(absolute + ".")):
                mod = node.module[len(absolute) + 1:]
            else:
                continue
            for alias in node.names:
                sub = f"{mod}.{alias.name}" if mod else alias.name
                out.add(sub if sub in mods else mod)
        elif isinstance(node, ast.Import):
            out |= {a.name[len(absolute) + 1:] for a in node.names if a.name.startswith(absolute + ".")}
    return {m for m in out if m in mods and m != name}


def test_no_import_circles_inside_a_ruleset():
    """game/rulesets/README.md, Shape: no module of a ruleset package imports,
    directly or through others, a module that imports it back (imports inside
    functions count; importing the package itself counts, as its
    ``__init__`` builds the whole ruleset)."""
    import networkx as nx

    circles = []
    for root in sorted(p.parent for p in (GAME / "rulesets").glob("*/__init__.py")):
        mods = _package_modules(root)
        graph = nx.DiGraph()
        for name, path in mods.items():
            graph.add_node(name)
            absolute = ".".join(root.relative_to(ROOT).parts)
            graph.add_edges_from((name, m) for m in _internal_imports(absolute, name, path, mods))
        for cycle in nx.simple_cycles(graph):
            circles.append(f"{root.name}: " + " -> ".join((c or "__init__") for c in cycle + cycle[:1]))
    assert not circles, circles


def test_the_circle_check_sees_deferred_and_package_imports(tmp_path):
    """The check above finds the import inside a function and the one of the
    package's ``__init__`` (relative and absolute), so such circles are caught."""
    pkg = tmp_path / "probe"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .a import x\n")
    (pkg / "a.py").write_text("from .b import y\nfrom .sub import c\nx = 1\n")
    (pkg / "b.py").write_text("y = 2\n\n\ndef f():\n    from . import x\n    return x\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "c.py").write_text("def g():\n    import probe.b\n    from ..a import x\n    return x\n")
    mods = _package_modules(pkg)
    assert set(mods) == {"", "a", "b", "sub", "sub.c"}
    assert _internal_imports("probe", "a", pkg / "a.py", mods) == {"b", "sub.c"}
    assert _internal_imports("probe", "b", pkg / "b.py", mods) == {""}
    assert _internal_imports("probe", "", pkg / "__init__.py", mods) == {"a"}
    assert _internal_imports("probe", "sub.c", pkg / "sub" / "c.py", mods) == {"b", "a"}
