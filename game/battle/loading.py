"""Loading scenarios and replays with the ruleset they need, as one step
that either succeeds or raises :class:`~game.data.errors.FileError`."""

from __future__ import annotations

from pathlib import Path

from game import rulesets
from game.core.replay import ReplayRecord, read_replay
from game.core.ruleset import Ruleset
from game.data.errors import FileError
from game.data.maps import MapFile, load_map
from game.data.scenario import Scenario, load_scenario, map_side_problem, placement_problem


def ruleset_for(path: str | Path, ruleset_id: str) -> Ruleset:
    """The registered ruleset ``ruleset_id``, or a FileError naming ``path``."""
    try:
        return rulesets.get(ruleset_id)
    except rulesets.UnknownRuleset as e:
        raise FileError(path, "ruleset", str(e)) from None


def map_problem(rs: Ruleset, m: MapFile, sc: Scenario | None = None) -> tuple[str, str] | None:
    """What a ruleset that checks its maps (``validate_map``) refuses in
    ``m``, as (where in the map, reason): with a scenario, first a map made
    for another ruleset or a deployment zone or exit for a side the scenario
    lacks (:func:`~game.data.scenario.map_side_problem`); then the ruleset's
    own checks (feature kinds and properties). None for a ruleset without
    ``validate_map``: it plays on any map."""
    check = getattr(rs, "validate_map", None)
    if check is None:
        return None
    return (map_side_problem(sc, m) if sc is not None else None) or check(m)


def open_scenario(path: str | Path) -> tuple[Ruleset, Scenario, MapFile]:
    """Load a scenario, its map and its ruleset, then check, in this order:
    the map against the ruleset and the scenario (:func:`map_problem`), units
    on the table and off impassable terrain, and the ruleset's own
    ``validate_scenario`` (sides, forces, params, objectives, special rules).
    Raises :class:`FileError` naming the scenario file."""
    sc, m = load_scenario(path, check_placement=False)
    rs = ruleset_for(path, sc.ruleset)
    bad_map = map_problem(rs, m, sc)
    if bad_map:
        raise FileError(path, "map", f"{sc.map} [{bad_map[0]}]: {bad_map[1]}")
    placed = placement_problem(sc, m)
    if placed:
        raise FileError(path, *placed)
    check = getattr(rs, "validate_scenario", None)
    if check is not None:
        problem = check(sc, m)
        if problem:
            where, reason = problem
            raise FileError(path, where, reason)
    return rs, sc, m


def open_replay(path: str | Path) -> tuple[Ruleset, ReplayRecord]:
    """Read a replay and find its ruleset."""
    rec = read_replay(path)
    return ruleset_for(path, rec.header.ruleset), rec


def validate_file(path: str | Path) -> str:
    """Validate a map, scenario or replay by its name; return a one-line OK
    message or raise FileError."""
    p = Path(path)
    name = p.name
    if name.endswith(".scenario.json"):
        rs, sc, m = open_scenario(p)
        return f"{p}: ok (scenario {sc.id!r} for {rs.id}, map {m.id!r} with {len(m.features)} features)"
    if name.endswith(".map.json"):
        m = load_map(p)
        if m.ruleset is not None:
            bad_map = map_problem(ruleset_for(p, m.ruleset), m)
            if bad_map:
                raise FileError(p, *bad_map)
        return f"{p}: ok (map {m.id!r}, {m.table.width_mm:g} x {m.table.height_mm:g} mm, {len(m.features)} features)"
    if name.endswith(".jsonl"):
        from game.core.replay import verify

        rs, rec = open_replay(p)
        v = verify(rec, rs)
        if not v.ok:
            raise FileError(p, f"action {v.first_bad}", v.reason)
        note = f"; {rec.truncated}" if rec.truncated else ""
        return f"{p}: ok (replay of {rec.header.scenario.id!r}, {len(rec.actions)} actions, verified{note})"
    if name.endswith(".save.json"):
        from game.core.session import Battle
        from game.data.save import read_save

        sv = read_save(p)
        rs = ruleset_for(p, sv.ruleset)
        battle = Battle(rs, sv.scenario, sv.map, sv.seed)
        for i, data in enumerate(sv.actions):
            try:
                r = battle.submit(rs.parse_action(data))
            except ValueError as e:  # pydantic.ValidationError is a ValueError
                raise FileError(p, f"actions[{i}]", f"cannot be decoded ({str(e).splitlines()[0]})") from None
            if not r.ok:
                raise FileError(p, f"actions[{i}]", f"rejected on replay: {r.reason}")
        return f"{p}: ok (saved game of {sv.scenario.id!r}, {len(sv.actions)} actions, turn {battle.state.turn})"
    raise FileError(p, "", "unknown file kind: expected *.map.json, *.scenario.json, *.replay.jsonl or *.save.json")
