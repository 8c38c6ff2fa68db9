"""Who is who on the table, for drawing (no pygame): side colours and the
sides a figure's sight lines go to.

Both follow optional ruleset hooks:

* ``side_style(side) -> "friendly" | "hostile" | "neutral"``: neutral sides
  (civilians, hostages, vehicles) are drawn in muted colours. Without it a
  side is neutral unless it is in ``state.sides``.
* ``enemies_of(state, side) -> set[str]``: the sides whose figures ``side``'s
  sight lines are drawn to. Without it: every side of ``state.sides`` other
  than ``side``.
"""

from __future__ import annotations

import re

from game.ui.palette import Palette, SideColours


def scenario_sides(scenario) -> list[str]:
    """Every side id a scenario names (its sides, then its forces' keys)."""
    if scenario is None:
        return []
    out = [s.id for s in getattr(scenario, "sides", ())]
    out += [k for k in getattr(scenario, "forces", {}) if k not in out]
    return out


def map_sides(map_file) -> list[str]:
    """The sides a map's deployment zones and exits name."""
    if map_file is None:
        return []
    names = [z.side for z in getattr(map_file, "deployment_zones", ())]
    names += [e.side for e in getattr(map_file, "exits", ())]
    return [n for n in names if n]


def side_colours(palette: Palette, ruleset, state=None, scenario=None, map_file=None, figures=(), markers=()) -> SideColours:
    """The colours of one table: ``state.sides`` first (the scenario's sides
    when there is no state), then every other side named by the scenario,
    the map, the figures and the markers, sorted; styled by the ruleset's
    ``side_style`` if it has one."""
    order = list(getattr(state, "sides", None) or scenario_sides(scenario))
    others = set(scenario_sides(scenario)) | set(map_sides(map_file))
    others |= {f.side for f in figures if getattr(f, "side", None)}
    others |= {m.side for m in markers if getattr(m, "side", None)}
    return SideColours(palette, order, others - set(order), getattr(ruleset, "side_style", None))


def enemy_sides(ruleset, state, side: str) -> set[str]:
    """The sides ``side``'s sight lines go to: the ruleset's
    ``enemies_of(state, side)``, else the other sides of ``state.sides``."""
    hook = getattr(ruleset, "enemies_of", None)
    if hook is not None:
        try:
            got = hook(state, side)
        except Exception:  # noqa: BLE001 - a display hook never breaks drawing
            got = None
        if got is not None:
            return {str(s) for s in got}
    return {s for s in getattr(state, "sides", ()) if s != side}


def side_names(scenario) -> dict[str, str]:
    """Side id -> the name a player reads, for every side the scenario seats
    (:meth:`Scenario.side_name`: the id where the file gives no name)."""
    return {sid: scenario.side_name(sid) for sid in scenario.side_ids()} if scenario is not None else {}


def name_sides(text: str, scenario) -> str:
    """``text`` (a ruleset's words, such as its hot-seat ``decision_note``)
    with every side id standing as a whole word replaced by the name a
    player reads (:meth:`Scenario.side_name`); ``chaos's`` becomes
    ``Chaos raiders'``. Ids without a name of their own stay as written."""
    if not text or scenario is None:
        return text
    names = {k: v for k, v in side_names(scenario).items() if v != k}
    if not names:
        return text
    pat = re.compile(r"(?<![\w-])(" + "|".join(re.escape(k) for k in sorted(names, key=len, reverse=True)) + r")('s)?(?![\w-])")

    def sub(m: re.Match) -> str:
        name = names[m.group(1)]
        if m.group(2):
            return name + ("'" if name.endswith("s") else "'s")
        return name

    return pat.sub(sub, text)
