"""Design: Layout - the import layering holds: ui -> battle | editor -> ai ->
rulesets -> core -> geometry | data; only game/ui imports pygame; only
game/core/dice.py draws random numbers; core, geometry and rulesets never read
the clock."""

from __future__ import annotations

import ast
import re
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


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
    return out


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
