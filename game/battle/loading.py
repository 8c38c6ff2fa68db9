"""Loading scenarios and replays with the ruleset they need, as one step
that either succeeds or raises :class:`~game.data.errors.FileError`."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from game import rulesets
from game.core.logtext import plural
from game.core.replay import ReplayRecord, read_replay
from game.core.ruleset import Ruleset
from game.battle.mapcheck import Problem, check_map, errors
from game.data.errors import FileError, action_problem
from game.data.maps import MapFile, load_map
from game.data.scenario import Scenario, load_scenario, map_side_problem, placement_problem


def ruleset_for(path: str | Path, ruleset_id: str) -> Ruleset:
    """The registered ruleset ``ruleset_id``, or a FileError naming ``path``."""
    try:
        return rulesets.get(ruleset_id)
    except rulesets.UnknownRuleset as e:
        raise FileError(path, "ruleset", str(e)) from None


def problem_line(p: Problem, m: MapFile) -> tuple[str, str]:
    """A map problem as (where, reason) for a one-line :class:`FileError`:
    ``feature b1 at (120, 40) mm`` and the checker's message, word for word
    as the editor's problem panel shows it."""
    who = ""
    if p.item_id:
        kinds = (("feature", m.features), ("deployment zone", m.deployment_zones), ("objective", m.objectives), ("exit", m.exits))
        label = next((name for name, items in kinds if any(i.id == p.item_id for i in items)), "")
        who = f"{label} {p.item_id} ".lstrip()
    return f"{who}at ({p.x:.0f}, {p.y:.0f}) mm", p.message


def map_errors(m: MapFile, ruleset_id: str | None = None) -> list[Problem]:
    """The errors of the one map validator (:func:`check_map`) for ``m``
    played with ``ruleset_id`` (default: the ruleset the map names)."""
    return errors(check_map(m, ruleset=ruleset_id))


def check_map_file(path: str | Path) -> MapFile:
    """Read a map file and check it with the one map validator; raise a
    :class:`FileError` for its first error, the others in ``.more``."""
    m = load_map(path, check_geometry=False)
    if m.ruleset is not None:
        ruleset_for(path, m.ruleset)
    errs = map_errors(m)
    if errs:
        e = FileError(path, *problem_line(errs[0], m))
        e.more = [FileError(path, *problem_line(x, m)) for x in errs[1:]]
        raise e
    return m


def map_problem(rs: Ruleset, m: MapFile, sc: Scenario | None = None) -> tuple[str, str] | None:
    """What refuses ``m`` for ruleset ``rs``, as (where in the map, reason):
    with a scenario, first a map made for another ruleset or a deployment
    zone or exit for a side the scenario lacks (for a ruleset that checks its
    maps, :func:`~game.data.scenario.map_side_problem`); then the first error
    of the one map validator (:func:`check_map`: geometry, overlaps,
    reachability, the ruleset's own ``validate_map``), with how many more
    there are."""
    if sc is not None and getattr(rs, "validate_map", None) is not None:
        side = map_side_problem(sc, m)
        if side:
            return side
    errs = map_errors(m, rs.id)
    if not errs:
        return None
    where, reason = problem_line(errs[0], m)
    more = f" (and {len(errs) - 1} more problem{'s' if len(errs) > 2 else ''})" if len(errs) > 1 else ""
    return where, reason + more


def scenario_problem(rs: Ruleset, sc: Scenario, m: MapFile) -> tuple[str, str] | None:
    """Every rules-aware check of a scenario on its map, in this order: the
    map against the ruleset and the scenario (:func:`map_problem`, where
    ``map [...]``), units on the table and off impassable terrain, and the
    ruleset's own ``validate_scenario`` (sides, forces, params, objectives,
    special rules). The first problem as (where, reason), or None. A scenario
    file, a replay's header and a saved game all pass through here."""
    bad_map = map_problem(rs, m, sc)
    if bad_map:
        return "map", f"{sc.map} [{bad_map[0]}]: {bad_map[1]}"
    placed = placement_problem(sc, m)
    if placed:
        return placed
    if sc.data_overrides:
        from game.core.overrides import override_problem

        bad = override_problem(rs, sc.data_overrides)
        if bad:
            return f"data_overrides.{bad[0]}", bad[1]
    check = getattr(rs, "validate_scenario", None)
    return check(sc, m) if check is not None else None


def check_embedded(path: str | Path, where: str, ruleset_id: str, sc: Scenario, m: MapFile,
                   seats: dict | None = None) -> Ruleset:
    """The checks of :func:`scenario_problem` for a scenario and map embedded
    in a replay header or a saved game (``where``: ``line 1``), plus its
    seats: every side seated, no unknown side or agent. Returns the ruleset;
    raises :class:`FileError`."""
    from game.battle.controller import seat_agent
    from game.battle.seats import Seat, SeatError

    rs = ruleset_for(path, ruleset_id)
    problem = scenario_problem(rs, sc, m)
    if problem:
        inner, reason = problem
        raise FileError(path, f"{where} scenario.{inner}".strip(), reason)
    if seats is not None:
        import random

        sides = rs.sides(sc)
        for side, spec in seats.items():
            if side not in sides:
                raise FileError(path, f"{where} seats.{side}".strip(), f"side {side!r} is not a side of the scenario ({', '.join(sides)})")
            if spec.kind == "ai":
                try:
                    seat_agent(rs, side, Seat("ai", spec.agent or "default", dict(spec.params)), random.Random(0))
                except SeatError as e:
                    raise FileError(path, f"{where} seats.{side}".strip(), str(e).split(": ", 1)[-1]) from None
                except (TypeError, ValueError) as e:
                    raise FileError(path, f"{where} seats.{side}.params".strip(), f"not parameters agent {spec.agent!r} takes ({e})") from None
    return rs


def open_scenario(path: str | Path) -> tuple[Ruleset, Scenario, MapFile]:
    """Load a scenario, its map and its ruleset, then check it
    (:func:`scenario_problem`). Raises :class:`FileError` naming the
    scenario file."""
    sc, m = load_scenario(path, check_placement=False)
    rs = ruleset_for(path, sc.ruleset)
    problem = scenario_problem(rs, sc, m)
    if problem:
        raise FileError(path, *problem)
    return rs, sc, m


def open_replay(path: str | Path) -> tuple[Ruleset, ReplayRecord]:
    """Read a replay and find its ruleset; the header's embedded scenario,
    map and seats are checked as strictly as a scenario file
    (:func:`check_embedded`)."""
    rec = read_replay(path)
    h = rec.header
    rs = check_embedded(path, "line 1", h.ruleset, h.scenario, h.map, h.seats)
    return rs, rec


def open_save(path: str | Path):
    """Read a saved game and check it as loading it does: the embedded
    scenario, map and seats (:func:`check_embedded`), the ruleset version it
    was saved with (resuming re-simulates its actions, which needs exactly
    that version) and its replay reference (absent is fine: the battle goes
    on in a new replay; present, it must be a regular file). Returns
    ``(ruleset, save)``; raises :class:`FileError`."""
    from game.data.io import require_regular
    from game.data.save import read_save

    sv = read_save(path)
    rs = check_embedded(path, "", sv.ruleset, sv.scenario, sv.map, sv.seats)
    if sv.ruleset_version != rs.version:
        raise FileError(path, "ruleset_version",
                        f"saved with {rs.id} version {sv.ruleset_version}; this program has {rs.id} version "
                        f"{rs.version}, and resuming the battle needs version {sv.ruleset_version}")
    if sv.replay:
        require_regular(path, "replay", sv.replay, sv.replay)
    return rs, sv


KINDS = (".map.json", ".scenario.json", ".replay.jsonl", ".save.json", ".campaign.json", ".roster.json")


def expand_folder(path: str | Path) -> list[Path]:
    """The files ``validate`` checks for one argument: the path itself, or
    for a folder every map, scenario, replay and save under it (recursively,
    sorted by path; symlinked folders are not followed into). Raises
    :class:`FileError` for a folder with none of them."""
    p = Path(path)
    if not p.is_dir():
        return [p]
    # links and special files are listed too, for validate_file to refuse by name
    found = sorted(f for f in p.rglob("*") if f.name.endswith(KINDS) and (f.is_symlink() or not f.is_dir()))
    if not found:
        raise FileError(p, "", "a folder with no maps, scenarios, replays or saved games in it")
    return found


def validate_file(path: str | Path) -> str:
    """Validate a map, scenario, replay, save, campaign or roster by its name;
    return a one-line OK message or raise FileError."""
    p = Path(path)
    name = p.name
    if name.endswith(".scenario.json"):
        rs, sc, m = open_scenario(p)
        return f"{p}: ok (scenario {sc.id!r} for {rs.id}, map {m.id!r} with {len(m.features)} features)"
    if name.endswith(".map.json"):
        m = check_map_file(p)
        return f"{p}: ok (map {m.id!r}, {m.table.width_mm:g} x {m.table.height_mm:g} mm, {len(m.features)} features)"
    if name.endswith(".jsonl"):
        from game.core.replay import verify

        rs, rec = open_replay(p)
        v = verify(rec, rs)
        if not v.ok:
            raise FileError(p, v.where, v.reason)
        note = f"; {rec.truncated}" if rec.truncated else ""
        if v.unfinished and not rec.truncated:
            note = "; " + v.reason.split("; ", 1)[1]   # the same words as `verify`: no end line, after N actions
        return f"{p}: ok (replay of {rec.header.scenario.id!r}, {plural(len(rec.actions), 'action')}, verified{note})"
    if name.endswith(".save.json"):
        from game.core.session import Battle

        rs, sv = open_save(p)
        battle = Battle(rs, sv.scenario, sv.map, sv.seed)
        for i, data in enumerate(sv.actions):
            try:
                r = battle.submit(rs.parse_action(data))
            except ValueError as e:  # pydantic.ValidationError is a ValueError
                raise FileError(p, f"actions[{i}]", action_problem(e) if isinstance(e, ValidationError) else str(e)) from None
            if not r.ok:
                raise FileError(p, f"actions[{i}]", f"rejected on replay: {r.reason}")
        return f"{p}: ok (saved game of {sv.scenario.id!r}, {plural(len(sv.actions), 'action')}, turn {battle.state.turn})"
    if name.endswith(".campaign.json"):
        from game.battle.campaign import open_campaign

        c, paths = open_campaign(p)
        return f"{p}: ok (campaign {c.name!r} for {c.ruleset}, {plural(len(paths), 'battle')})"
    if name.endswith(".roster.json"):
        hooks = [rs for rs in map(rulesets.get, rulesets.ids()) if hasattr(rs, "check_roster")]
        if not hooks:
            raise FileError(p, "", "no ruleset here has an army builder")
        return f"{p}: ok ({hooks[0].check_roster(p)}; `battletable army check` prices it against a scenario)"
    raise FileError(p, "", "unknown file kind: expected *.map.json, *.scenario.json, *.replay.jsonl, *.save.json, "
                          "*.campaign.json or *.roster.json (or a folder holding them)")
