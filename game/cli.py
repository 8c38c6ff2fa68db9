"""The ``battletable`` command line (typer).

Every bad file or option ends in one line on stderr and exit status 2; no
tracebacks reach users (set ``BATTLETABLE_DEBUG=1`` to see them).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Optional

import typer

from game.battle.seats import Seat, SeatError, parse_seat

app = typer.Typer(add_completion=False, no_args_is_help=False, help="Battletable: tabletop miniatures wargames on real geometry.")

ROOT = Path(__file__).resolve().parent.parent
#: the bundled default battle (the README's first command plays it)
DEFAULT_SCENARIO = ROOT / "maps" / "battlespace" / "mission1.scenario.json"


def _err(msg: str, code: int = 2) -> "typer.Exit":
    typer.echo(f"error: {msg}", err=True)
    return typer.Exit(code)


def _seats(values: list[str] | None) -> dict[str, Seat]:
    out: dict[str, Seat] = {}
    for v in values or []:
        side, seat = parse_seat(v)
        if side in out:
            raise SeatError(f"--seat names side {side!r} twice")
        out[side] = seat
    return out


def _replay_out(path: Path | None, scenario: Path, seed: int) -> Path:
    """Where a played battle's replay goes: the given ``*.replay.jsonl``, or a
    new file under ``replays/`` that never overwrites an older one."""
    if path is not None:
        if not path.name.endswith(".replay.jsonl"):
            raise _err(f"{path}: a replay file must end in .replay.jsonl")
        if path.is_dir():
            raise _err(f"{path}: is a folder")
        return path
    base = _default_replay_path(scenario, seed)
    candidate, n = base, 1
    while candidate.exists():
        n += 1
        candidate = base.with_name(base.name.removesuffix(".replay.jsonl") + f"-{n}.replay.jsonl")
    return candidate


def has_display() -> bool:
    """True where a desktop window can open."""
    if os.environ.get("SDL_VIDEODRIVER", "") in ("dummy", "offscreen"):
        return False
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def _default_replay_path(scenario: Path, seed: int) -> Path:
    stem = scenario.name.removesuffix(".scenario.json")
    return Path("replays") / f"{stem}-seed{seed}.replay.jsonl"


def _play_headless(scenario: Path, seats: dict[str, Seat], seed: int, replay: Path | None, quiet: bool) -> None:
    from game.battle.runner import play

    out = _replay_out(replay, scenario, seed)
    res = play(scenario, seats, seed, out, log=None if quiet else typer.echo)
    winner = res.winner or "nobody (draw)"
    typer.echo(f"Battle over after {res.turns} turns and {res.actions} actions: {winner} wins ({res.reason}).")
    typer.echo(f"Replay saved to {res.replay}")


def _launch_ui(kind: str, **kwargs) -> bool:
    """Open the desktop app; False when it is not available in this build."""
    try:
        from game.ui import app as ui_app  # noqa: F401
    except ImportError:
        return False
    ui_app.run(kind, **kwargs)
    return True


@app.callback(invoke_without_command=True)
def main_callback(ctx: typer.Context,
                  headless: bool = typer.Option(False, "--headless", help="no window: an AI-vs-AI battle in the terminal"),
                  seed: int = typer.Option(1, "--seed", help="battle seed")) -> None:
    """With no command: open the desktop app on the default battle, or with
    --headless (or no display) play it AI against AI in the terminal."""
    if ctx.invoked_subcommand is not None:
        return
    if not DEFAULT_SCENARIO.exists():
        raise _err(f"the default battle {DEFAULT_SCENARIO} is missing from this install")
    if headless or not has_display() or not _launch_ui("menu", scenario=DEFAULT_SCENARIO, seed=seed):
        if not headless and has_display():
            typer.echo("The desktop app is not part of this build yet; playing AI against AI in the terminal.")
        _play_headless(DEFAULT_SCENARIO, {}, seed, None, quiet=False)


@app.command()
def play(scenario: Path = typer.Argument(..., help="a *.scenario.json file"),
         seat: Optional[list[str]] = typer.Option(None, "--seat", help="SIDE=human or SIDE=ai:NAME (repeatable)"),
         seed: int = typer.Option(1, "--seed", help="battle seed"),
         headless: bool = typer.Option(False, "--headless", help="no window; every seat must be an AI"),
         replay: Optional[Path] = typer.Option(None, "--replay", help="where to write the replay"),
         screenshot: Optional[Path] = typer.Option(None, "--screenshot", help="render one frame to this PNG and exit"),
         quiet: bool = typer.Option(False, "--quiet", help="print only the result")) -> None:
    """Play a scenario: in a window, or headless AI against AI."""
    from game.battle.loading import open_scenario

    seats = _seats(seat)
    open_scenario(scenario)  # report a bad file before anything else
    if screenshot is not None:
        if screenshot.suffix.lower() != ".png":
            raise _err(f"{screenshot}: a screenshot is written as PNG; the name must end in .png")
        if not _launch_ui("screenshot", scenario=scenario, seed=seed, seats=seats, path=screenshot):
            raise _err("--screenshot needs the desktop app, which lands with the desktop-app issue (#6)")
        return
    if headless or not has_display():
        if any(s.kind == "human" for s in seats.values()):
            raise _err("human seats need a display; drop --headless or seat every side with ai:NAME")
        _play_headless(scenario, seats, seed, replay, quiet)
        return
    if not _launch_ui("battle", scenario=scenario, seed=seed, seats=seats, replay=replay):
        typer.echo("The desktop app is not part of this build yet; playing AI against AI in the terminal.")
        _play_headless(scenario, {k: v for k, v in seats.items() if v.kind == "ai"}, seed, replay, quiet)


@app.command()
def simulate(scenario: Path = typer.Argument(..., help="a *.scenario.json file"),
             games: int = typer.Option(10, "--games", min=1, help="number of battles"),
             seed: int = typer.Option(1, "--seed", help="seed of the run (each game derives its own)"),
             jobs: int = typer.Option(1, "--jobs", min=1, help="parallel processes"),
             seat: Optional[list[str]] = typer.Option(None, "--seat", help="SIDE=ai:NAME (repeatable)"),
             out: Optional[Path] = typer.Option(None, "--out", help="folder for the replays"),
             as_json: bool = typer.Option(False, "--json", help="print the summary as one JSON object")) -> None:
    """Run many AI-vs-AI battles; print win rates with 95% intervals."""
    from concurrent.futures import ProcessPoolExecutor

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from game.battle.loading import open_scenario
    from game.battle.runner import _play_job, check_seats, game_seed, summarise

    seats = _seats(seat)
    if any(s.kind == "human" for s in seats.values()):
        raise _err("simulate seats only AIs (SIDE=ai:NAME)")
    rs, sc, _ = open_scenario(scenario)
    sides = rs.sides(sc)
    check_seats(rs, sc, seats)
    out_dir = out or Path("replays") / f"sim-{sc.id}-seed{seed}"
    out_dir.mkdir(parents=True, exist_ok=True)
    jobs_args = [(scenario, seats, game_seed(seed, i), out_dir / f"game{i:04d}.replay.jsonl") for i in range(games)]
    console = Console(stderr=True)
    results = []
    with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console, transient=as_json) as bar:
        task = bar.add_task("games", total=games)
        if jobs == 1:
            for a in jobs_args:
                results.append(_play_job(a))
                bar.advance(task)
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for r in pool.map(_play_job, jobs_args):
                    results.append(r)
                    bar.advance(task)
    summary = summarise(results, sides, seed)
    if as_json:
        typer.echo(json.dumps(summary, sort_keys=True))
        return
    table = Table(title=f"{sc.name}: {games} games, seed {seed}")
    for col in ("side", "seat", "wins", "win rate", "95% CI"):
        table.add_column(col)
    for s, row in summary["sides"].items():
        lo, hi = row["ci95"]
        who = str(seats.get(s, Seat())) if s in sides else "the rules"
        table.add_row(s, who, str(row["wins"]), f"{row['win_rate']:.1%}", f"{lo:.1%} - {hi:.1%}")
    table.add_row("draws", "", str(summary["draws"]), f"{summary['draws'] / games:.1%}", "")
    Console().print(table)
    typer.echo(f"mean turns {summary['mean_turns']:.2f}; replays in {out_dir}")


@app.command("replay")
def replay_cmd(replay: Path = typer.Argument(..., help="a *.replay.jsonl file"),
               headless: bool = typer.Option(False, "--headless", help="print the battle log instead of opening the viewer")) -> None:
    """Watch a replay (the viewer), or print its battle log with --headless."""
    from game.battle.loading import open_replay
    from game.battle.runner import log_line
    from game.core.session import Battle

    rs, rec = open_replay(replay)
    if not headless and has_display() and _launch_ui("replay", path=replay):
        return
    if rec.truncated:
        typer.echo(f"note: {rec.truncated}")
    h = rec.header
    battle = Battle(rs, h.scenario, h.map, h.seed)
    from pydantic import ValidationError

    for i, line in enumerate(rec.actions):
        try:
            action = rs.parse_action(line.action)
        except ValidationError as e:
            raise _err(f"{replay} [action {i}]: cannot be decoded ({e.errors()[0]['msg']})") from None
        r = battle.submit(action)
        if not r.ok:
            raise _err(f"{replay} [action {i}]: rejected on replay: {r.reason}")
        for ev in r.events:
            text = log_line(battle, ev)
            if text:
                typer.echo(f"[turn {battle.state.turn}] {text}")
    s = battle.state
    typer.echo(f"{len(rec.actions)} actions; " + (f"{s.winner or 'nobody'} won ({s.end_reason})" if s.over else "the battle was not finished"))


@app.command()
def verify(replay: Path = typer.Argument(..., help="a *.replay.jsonl file")) -> None:
    """Re-simulate a replay; name the first action where it diverges."""
    from game.battle.loading import open_replay
    from game.core.replay import verify as do_verify

    rs, rec = open_replay(replay)
    if rec.truncated:
        typer.echo(f"note: {rec.truncated}")
    v = do_verify(rec, rs)
    if v.ok:
        typer.echo(f"{replay}: ok, {v.actions} actions {v.reason}")
        return
    raise _err(f"{replay} [action {v.first_bad}]: {v.reason}", code=1)


@app.command()
def edit(map_path: Optional[Path] = typer.Argument(None, metavar="MAP", help="a *.map.json file")) -> None:
    """Open the map editor."""
    if map_path is not None:
        from game.data.maps import load_map

        load_map(map_path)
    if not has_display():
        raise _err("the map editor needs a display (try 'battletable import', 'export' or 'generate' for headless map work)", code=1)
    if not _launch_ui("editor", path=map_path):
        raise _err("the desktop app is not installed in this build", code=1)


from game.editor.cli import export_cmd, generate_cmd, import_cmd  # noqa: E402

app.command("import", help="Import a Tiled (.tmj) or GeoJSON map as a *.map.json.")(import_cmd)
app.command("export", help="Export a *.map.json to Tiled JSON or GeoJSON.")(export_cmd)
app.command("generate", help="Generate a random table for a ruleset (seeded).")(generate_cmd)


@app.command()
def validate(files: list[Path] = typer.Argument(..., help="maps, scenarios, replays or saved games")) -> None:
    """Check files; print one line per file. Exit 2 if any is bad."""
    from game.battle.loading import validate_file
    from game.data.errors import FileError

    bad = 0
    for f in files:
        try:
            typer.echo(validate_file(f))
        except FileError as e:
            typer.echo(f"error: {e}", err=True)
            bad += 1
    if bad:
        raise typer.Exit(2)


def main(argv: list[str] | None = None) -> None:
    """Entry point of ``battletable`` and ``python -m game``."""
    from game.data.errors import FileError

    try:
        rc = app(args=argv, standalone_mode=False)
        if isinstance(rc, int) and rc:
            sys.exit(rc)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except (FileError, SeatError) as e:
        typer.echo(f"error: {e}", err=True)
        sys.exit(2)
    except OSError as e:  # a file that cannot be written or read
        where = e.filename or ""
        typer.echo(f"error: {where}: {e.strerror or e}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as e:  # noqa: BLE001 - no tracebacks for users
        if hasattr(e, "show") and hasattr(e, "exit_code"):  # click/typer usage errors
            e.show()
            sys.exit(e.exit_code)
        if type(e).__name__ == "Abort":
            sys.exit(1)
        if os.environ.get("BATTLETABLE_DEBUG"):
            raise
        typer.echo(f"error: {e.__class__.__name__}: {e} (set BATTLETABLE_DEBUG=1 for details)", err=True)
        sys.exit(1)
