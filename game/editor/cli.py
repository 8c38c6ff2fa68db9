"""Command-line front ends of the editor's import, export and generators.

Register them on the main ``battletable`` app (``game/cli.py``)::

    from game.editor.cli import export_cmd, generate_cmd, import_cmd
    app.command("import")(import_cmd)
    app.command("export")(export_cmd)
    app.command("generate")(generate_cmd)

or mount the whole sub-app: ``app.add_typer(editor_cli.app, name="map")``.
Every bad file or option ends in one line on stderr and exit status 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from game.data.errors import FileError

app = typer.Typer(add_completion=False, help="Map import, export and generation.")


def _fail(msg: str) -> typer.Exit:
    typer.echo(f"error: {msg}", err=True)
    return typer.Exit(2)


def check_output(out: Path, suffixes: tuple[str, ...], force: bool, option: str | None = None) -> None:
    """Refuse an output path with the wrong suffix, an existing file without
    ``--force`` (so no command overwrites a file it was not meant to), or one
    whose folder does not exist (a mistyped path makes no folders).
    ``option`` (e.g. ``"--scenario"``) starts the message when given.

    Raises typer.Exit(2) after one line on stderr.
    """
    name = out.name
    ours = (".map.json", ".scenario.json", ".replay.jsonl")
    problem = None
    if not name.endswith(suffixes) or (not set(suffixes) & set(ours) and name.endswith(ours)):
        problem = f"{out}: the output must end in {' or '.join(suffixes)}"
    elif out.is_dir():
        problem = f"{out}: is a folder"
    elif out.exists() and not force:
        problem = f"{out}: already exists (use --force to replace it)"
    elif not out.parent.is_dir():
        problem = f"{out}: there is no folder {str(out.parent)!r} to write it in (no command creates one)"
    if problem:
        raise _fail(f"{option}: {problem}" if option else problem)


FORCE = typer.Option(False, "--force", help="replace the output file if it exists")


def import_cmd(file: Path = typer.Argument(..., help="a Tiled map (.tmj/.json) or a GeoJSON FeatureCollection"),
               out: Path = typer.Option(..., "--out", help="the *.map.json to write"),
               scale: float = typer.Option(1.0, "--scale", help="mm per file unit (Tiled pixel, GeoJSON unit)"),
               offset_x: float = typer.Option(0.0, "--offset-x", help="mm added to x after scaling"),
               offset_y: float = typer.Option(0.0, "--offset-y", help="mm added to y after scaling"),
               ruleset: Optional[str] = typer.Option(None, "--ruleset", help="ruleset id to record in the map"),
               force: bool = FORCE) -> None:
    """Import a Tiled or GeoJSON file as a map; print one line per object skipped."""
    from game.editor.exchange import import_map

    check_output(out, (".map.json",), force)
    try:
        m, warnings = import_map(file, out, scale, (offset_x, offset_y), ruleset=ruleset)
    except FileError as e:
        raise _fail(str(e)) from None
    for w in warnings:
        typer.echo(f"warning: {w}", err=True)
    typer.echo(f"imported {len(m.features)} features, {len(m.deployment_zones)} zones, {len(m.objectives)} objectives, "
               f"{len(m.exits)} exits into {out} ({len(warnings)} skipped or changed)")


def export_cmd(map_file: Path = typer.Argument(..., help="a *.map.json"),
               fmt: str = typer.Option(..., "--format", help="tiled or geojson"),
               out: Path = typer.Option(..., "--out", help="the file to write"),
               force: bool = FORCE) -> None:
    """Export a map to Tiled JSON or GeoJSON."""
    from game.editor.exchange import export_map

    if fmt not in ("tiled", "geojson"):
        raise _fail(f"--format must be tiled or geojson, not {fmt!r}")
    check_output(out, (".tmj", ".json") if fmt == "tiled" else (".geojson", ".json"), force)
    try:
        export_map(map_file, fmt, out)
    except FileError as e:
        raise _fail(str(e)) from None
    typer.echo(f"exported {map_file} to {out} ({fmt})")


#: options only the space-fleet generator takes, by their command-line name
_SPACEFLEET_ONLY = ("--method", "--zone", "--placer", "--edge", "--choice", "--attack-rating", "--sides", "--scenario")


def _pairs(option: str, values: list[str], sides: tuple[str, ...], what: str, noun: str, needs: str) -> dict[str, str]:
    """Parse repeated ``SIDE=VALUE`` options (``what`` names VALUE in the
    messages, ``noun`` in words) into side -> value, one per side.

    Raises typer.Exit(2) after one line naming ``option``: none given, a value
    not of the form SIDE=VALUE, an unknown side, a side given twice or missing.
    """
    if not values:
        raise _fail(f"{option}: {needs} ({' '.join(f'{s}={what}' for s in sides)})")
    out: dict[str, str] = {}
    for v in values:
        side, sep, val = (x.strip() for x in v.partition("="))
        if not sep or not side or not val:
            raise _fail(f"{option}: {v!r} is not SIDE={what}")
        if side not in sides:
            raise _fail(f"{option}: unknown side {side!r} (known: {', '.join(sides)})")
        if side in out:
            raise _fail(f"{option}: {side} is given twice")
        out[side] = val
    for side in sides:
        if side not in out:
            raise _fail(f"{option}: no {noun} for {side}")
    return out


def _spacefleet_setup(seed: int, method: Optional[str], zone: Optional[str], placer: Optional[str],
                      edge: Optional[str], choice: list[str], attack_rating: list[str], sides_opt: Optional[str]):
    """Check the space-fleet set-up options and run the set-up method
    (spacefleet_celestial_phenomena: placing celestial phenomena, methods
    1-3). Returns the ``generator.SetUp`` and the battle's two side ids.

    Raises typer.Exit(2) after one line naming the bad option.
    """
    import re

    from game.rulesets.spacefleet import generator as g

    m = (method or "2").strip()
    if m not in ("1", "2", "3"):
        raise _fail(f"--method: must be 1, 2 or 3, not {method!r}")
    n = int(m)
    sides = g.SIDES
    if sides_opt is not None:
        sides = tuple(x.strip() for x in sides_opt.split(","))
        if len(sides) != 2 or len(set(sides)) != 2 or not all(re.fullmatch(r"[A-Za-z0-9_.:-]+", x) for x in sides):
            raise _fail(f"--sides: {sides_opt!r} is not two different side ids, e.g. imperial,chaos")
    given = {"--placer": placer is not None, "--edge": edge is not None,
             "--choice": bool(choice), "--attack-rating": bool(attack_rating)}
    takes = {1: ("--placer", "--edge"), 2: (), 3: ("--choice", "--attack-rating")}[n]
    for opt, present in given.items():
        if present and opt not in takes:
            only = 1 if opt in ("--placer", "--edge") else 3
            raise _fail(f"{opt}: only set-up method {only} takes it (this is method {n})")
    zone_name = None
    if zone is not None:
        if n == 3:
            raise _fail("--zone: set-up method 3 decides the battlezone from --choice and --attack-rating; leave --zone out")
        try:
            zone_name = g.battlezone(zone)
        except ValueError as e:
            raise _fail(f"--zone: {e}") from None
    if n == 1:
        if placer is None:
            raise _fail(f"--placer: set-up method 1 needs the side that placed the phenomena ({' or '.join(sides)})")
        if placer not in sides:
            raise _fail(f"--placer: unknown side {placer!r} (known: {', '.join(sides)})")
        if edge is None:
            raise _fail("--edge: set-up method 1 needs the table edge the other side picks (north, south, east or west)")
        if edge not in g.OPPOSITE_EDGE:
            raise _fail(f"--edge: unknown table edge {edge!r} (known: {', '.join(g.OPPOSITE_EDGE)})")
        if zone_name is None:
            raise _fail("--zone: set-up method 1 needs the battlezone whose generator lays out the placer's phenomena (1-6 or a name)")
        return g.setup_method1(seed, placer, edge, zone_name, sides), sides
    if n == 2:
        return g.setup_method2(seed, zone_name), sides
    picks = _pairs("--choice", choice, sides, "BATTLEZONE", "battlezone", "set-up method 3 needs each side's secret battlezone")
    zones: dict[str, int] = {}
    for side, v in picks.items():
        try:
            zones[side] = g.zone_number(g.battlezone(v))
        except ValueError as e:
            raise _fail(f"--choice: {side}: {e}") from None
    raw = _pairs("--attack-rating", attack_rating, sides, "RATING", "attack rating", "set-up method 3 needs each side's fleet attack rating")
    ratings: dict[str, int] = {}
    for side, v in raw.items():
        if not v.isdigit():
            raise _fail(f"--attack-rating: {side}: {v!r} is not a whole number 0 or more")
        ratings[side] = int(v)
    return g.setup_method3(seed, zones, ratings, sides), sides


def _scenario_for(setup, sides: tuple[str, ...], map_out: Path, scenario_out: Path) -> dict:
    """A playable scenario for a generated space-fleet map: the ``sides`` in
    seating order with the standard cruiser-clash fleets on their edges
    (``generator.standard_forces``; method 1's edges, else north and south),
    the map (path relative to the scenario) and the set-up's params
    (battlezone, sunward, solar flares, radiation bursts, ``setup``). Edit
    the forces to fight another battle."""
    import os

    from game.rulesets.spacefleet.generator import standard_forces

    m = setup.map
    edges = (setup.params.get("setup") or {}).get("edges")
    return {"format_version": 1, "id": m.id, "name": m.name, "description": setup.summary, "ruleset": "spacefleet",
            "map": os.path.relpath(map_out.resolve(), scenario_out.resolve().parent).replace(os.sep, "/"),
            "sides": [{"id": s, "name": s.title()} for s in sides], "forces": standard_forces(m, sides, edges),
            "objectives": [], "special_rules": [], "turn_limit": 8, "params": setup.params}


def generate_cmd(ruleset: str = typer.Argument(..., help="battlespace or spacefleet"),
                 out: Path = typer.Option(..., "--out", help="the *.map.json to write"),
                 seed: str = typer.Option("1", "--seed", metavar="INTEGER", help="generator seed (same seed and options, same files)"),
                 method: Optional[str] = typer.Option(None, "--method", metavar="N",
                                                      help="space fleet: set-up method 1, 2 or 3 (default 2)"),
                 zone: Optional[str] = typer.Option(None, "--zone", help="space fleet: the battlezone (1-6 or a name); "
                                                    "method 1: the one the placer lays out; method 2: the agreed one "
                                                    "(default: rolled on a D6)"),
                 placer: Optional[str] = typer.Option(None, "--placer", metavar="SIDE",
                                                      help="space fleet, method 1: the side that placed the phenomena"),
                 edge: Optional[str] = typer.Option(None, "--edge", help="space fleet, method 1: the table edge the "
                                                    "other side picks (north, south, east, west); the placer takes the opposite"),
                 choice: Optional[list[str]] = typer.Option(None, "--choice", metavar="SIDE=BATTLEZONE",
                                                            help="space fleet, method 3: a side's secret battlezone (1-6 or a name); once per side"),
                 attack_rating: Optional[list[str]] = typer.Option(None, "--attack-rating", metavar="SIDE=RATING",
                                                                   help="space fleet, method 3: a side's fleet attack rating; once per side"),
                 sides: Optional[str] = typer.Option(None, "--sides", metavar="SIDE,SIDE",
                                                     help="space fleet: the battle's two side ids in seating order "
                                                     "(default imperial,chaos)"),
                 scenario: Optional[Path] = typer.Option(None, "--scenario", help="space fleet: also write a *.scenario.json "
                                                         "with the set-up's params and the standard fleets (playable as is)"),
                 force: bool = FORCE) -> None:
    """Generate a random table for a ruleset. For the space fleet, pick the
    celestial-phenomena set-up method (1 placer and edge, 2 rolled or agreed
    battlezone, 3 battlezone choices plus attack ratings); one line says the
    method, the battlezone and any roll."""
    from game.data.io import dumps, write_atomic
    from game.editor.generators import GeneratorUnavailable, generate

    try:
        seed_n = int(seed.strip())
    except ValueError:
        raise _fail(f"--seed: {seed!r} is not a whole number") from None
    if ruleset != "spacefleet":
        values = (method, zone, placer, edge, choice, attack_rating, sides, scenario)
        for opt, v in zip(_SPACEFLEET_ONLY, values):
            if v is not None and v != []:
                raise _fail(f"{opt}: only the spacefleet generator takes it, not {ruleset!r}")
        check_output(out, (".map.json",), force, "--out")
        try:
            m = generate(ruleset, seed_n)
        except GeneratorUnavailable as e:
            raise _fail(str(e)) from None
        write_atomic(out, dumps(m))
        typer.echo(f"generated {len(m.features)} pieces for {ruleset} (seed {seed_n}) into {out}")
        return
    setup, pair = _spacefleet_setup(seed_n, method, zone, placer, edge, choice or [], attack_rating or [], sides)
    check_output(out, (".map.json",), force, "--out")
    if scenario is not None:
        check_output(scenario, (".scenario.json",), force, "--scenario")
    write_atomic(out, dumps(setup.map))
    if scenario is not None:
        write_atomic(scenario, dumps(_scenario_for(setup, pair, out, scenario)))
    also = f" and {scenario}" if scenario is not None else ""
    typer.echo(f"generated {len(setup.map.features)} pieces for spacefleet (seed {seed_n}) into {out}{also}: {setup.summary}")


app.command("import")(import_cmd)
app.command("export")(export_cmd)
app.command("generate")(generate_cmd)
