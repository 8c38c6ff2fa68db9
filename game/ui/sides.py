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
