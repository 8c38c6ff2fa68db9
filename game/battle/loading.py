"""Loading scenarios and replays with the ruleset they need, as one step
that either succeeds or raises :class:`~game.data.errors.FileError`."""

from __future__ import annotations

from pathlib import Path

from game import rulesets
from game.core.replay import ReplayRecord, read_replay
from game.core.ruleset import Ruleset
from game.data.errors import FileError
from game.data.maps import MapFile, load_map
from game.data.scenario import Scenario, load_scenario


def ruleset_for(path: str | Path, ruleset_id: str) -> Ruleset:
    """The registered ruleset ``ruleset_id``, or a FileError naming ``path``."""
    try:
        return rulesets.get(ruleset_id)
    except rulesets.UnknownRuleset as e:
        raise FileError(path, "ruleset", str(e)) from None


def open_scenario(path: str | Path) -> tuple[Ruleset, Scenario, MapFile]:
    """Load a scenario, its map and its ruleset; the ruleset validates the
    scenario's forces and params (``validate_scenario`` if it has one)."""
    sc, m = load_scenario(path)
    rs = ruleset_for(path, sc.ruleset)
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
