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


def check_output(out: Path, suffixes: tuple[str, ...], force: bool) -> None:
    """Refuse an output path with the wrong suffix, or an existing file
    without ``--force``, so no command overwrites a file it was not meant to.

    Raises typer.Exit(2) after one line on stderr.
    """
    name = out.name
    if not name.endswith(suffixes) or (suffixes != (".map.json",) and name.endswith((".map.json", ".scenario.json", ".replay.jsonl"))):
        raise _fail(f"{out}: the output must end in {' or '.join(suffixes)}")
    if out.is_dir():
        raise _fail(f"{out}: is a folder")
    if out.exists() and not force:
        raise _fail(f"{out}: already exists (use --force to replace it)")


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


def generate_cmd(ruleset: str = typer.Argument(..., help="battlespace or spacefleet"),
                 out: Path = typer.Option(..., "--out", help="the *.map.json to write"),
                 seed: int = typer.Option(1, "--seed", help="generator seed (same seed, same map)"),
                 zone: Optional[str] = typer.Option(None, "--zone", help="space fleet: the battlezone to build (default: rolled)"),
                 force: bool = FORCE) -> None:
    """Generate a random table for a ruleset."""
    from game.data.io import dumps, write_atomic
    from game.editor.generators import GeneratorUnavailable, generate

    check_output(out, (".map.json",), force)
    try:
        m = generate(ruleset, seed, **({"zone": zone} if zone else {}))
    except GeneratorUnavailable as e:
        raise _fail(str(e)) from None
    write_atomic(out, dumps(m))
    typer.echo(f"generated {len(m.features)} pieces for {ruleset} (seed {seed}) into {out}")


app.command("import")(import_cmd)
app.command("export")(export_cmd)
app.command("generate")(generate_cmd)
