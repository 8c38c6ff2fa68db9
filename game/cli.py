"""The ``battletable`` command line (typer).

Every bad file or option ends in one line on stderr and exit status 2; no
tracebacks reach users (set ``BATTLETABLE_DEBUG=1`` to see them).
"""

from __future__ import annotations

import inspect
import json
import os
import sys
from pathlib import Path
from typing import Optional

import typer
from typer.core import TyperCommand, TyperGroup

from game.battle.seats import Seat, SeatError, parse_seat
from game.data import limits
from game.ui.scenarios import DEFAULT_SCENARIO  # the bundled default battle (no pygame)


class _PlainHelp:
    """Help as a reader wants it: each paragraph of a docstring flows and is
    wrapped to the terminal by rich (typer keeps the source's line breaks in
    its rich mode), and a flag shows no value placeholder (typer labels
    flags ``<bool>``)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.help:
            paragraphs = inspect.cleandoc(self.help).split("\n\n")
            self.help = "\n\n".join(" ".join(p.split()) for p in paragraphs).replace("``", "'")

    def get_params(self, ctx):
        params = super().get_params(ctx)
        for p in params:
            if getattr(p, "is_flag", False) and p.metavar is None:
                p.metavar = ""
        return params


class _Command(_PlainHelp, TyperCommand):
    """A sub-command with :class:`_PlainHelp`."""


class _Group(_PlainHelp, TyperGroup):
    """A command group with :class:`_PlainHelp`."""


def _typer(**kwargs) -> typer.Typer:
    """A typer app whose commands all use :class:`_PlainHelp`."""
    t = typer.Typer(cls=_Group, add_completion=False, **kwargs)
    command = t.command
    t.command = lambda *a, **kw: command(*a, cls=_Command, **kw)  # type: ignore[method-assign]
    return t


app = _typer(no_args_is_help=False, help="Battletable: tabletop miniatures wargames on real geometry.")

ROOT = Path(__file__).resolve().parent.parent


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


def _check_replay_path(path: Path, force: bool) -> None:
    """Refuse a ``--replay`` that is not a ``*.replay.jsonl``, is a folder, or
    already exists (unless ``force``): no command overwrites a user's file
    (the editor commands' ``check_output``)."""
    from game.editor.cli import check_output

    check_output(path, (".replay.jsonl",), force, "--replay")


def _fresh(base: Path, numbered, taken) -> Path:
    """``base``, else ``numbered(n)`` for n = 2, 3, ... : the first path for
    which ``taken(path)`` is false (so no run overwrites an older one)."""
    candidate, n = base, 1
    while taken(candidate):
        n += 1
        candidate = numbered(n)
    return candidate


def _replay_out(path: Path | None, scenario: Path, seed: int, force: bool = False) -> Path:
    """Where a played battle's replay goes: the given ``*.replay.jsonl`` (never
    an existing file unless ``force``), or a new file under ``replays/`` that
    never overwrites an older one."""
    if path is not None:
        _check_replay_path(path, force)
        return path
    base = _default_replay_path(scenario, seed)
    stem = base.name.removesuffix(".replay.jsonl")
    return _fresh(base, lambda n: base.with_name(f"{stem}-{n}.replay.jsonl"), Path.exists)


def _replays_in(folder: Path) -> list[Path]:
    """The replays directly inside ``folder`` (none if it is not a folder)."""
    return sorted(folder.glob("*.replay.jsonl")) if folder.is_dir() else []


def _sim_out(out: Path | None, scenario_id: str, seed: int, force: bool) -> Path:
    """The folder for a simulation's replays: ``--out`` (refused if it is a
    file, or holds replays and ``force`` is not given), or a new folder under
    ``replays/`` that never mixes with an older run."""
    if out is not None:
        if out.exists() and not out.is_dir():
            raise _err(f"--out: {out}: is a file; --out must be a folder (it gets one replay per game)")
        if not out.exists() and out.name.endswith((".json", ".jsonl")):
            raise _err(f"--out: {out}: --out must be a folder (it gets one replay per game), not a file name")
        old = _replays_in(out)
        if old and not force:
            from game.core.logtext import plural

            raise _err(f"--out: {out}: already holds {plural(len(old), 'replay')} (use --force to write over them)")
        return out
    base = Path("replays") / f"sim-{scenario_id}-seed{seed}"
    return _fresh(base, lambda n: base.with_name(f"{base.name}-{n}"),
                  lambda c: c.exists() and (not c.is_dir() or any(c.iterdir())))


#: what each command expects, by file kind
_KIND_SUFFIXES = ((".map.json", "map"), (".scenario.json", "scenario"), (".replay.jsonl", "replay"), (".save.json", "saved game"))


def _kind_of(path: Path) -> str | None:
    """What kind of Battletable file ``path`` is, by its name or else by its
    content (map, scenario, replay, saved game), or None if unknown."""
    for suffix, kind in _KIND_SUFFIXES:
        if path.name.endswith(suffix):
            return kind
    try:
        with open(path, encoding="utf-8-sig") as f:  # a byte order mark skipped, as the loaders do
            text = f.read(50_000_000)
    except (OSError, UnicodeDecodeError):
        return None
    first = text.split("\n", 1)[0]
    try:
        head = json.loads(first)
        if isinstance(head, dict) and head.get("line") == "header":
            return "replay"
    except ValueError:
        pass
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    if "actions" in data and "scenario" in data:
        return "saved game"
    if "sides" in data and "map" in data:
        return "scenario"
    if "table" in data:
        return "map"
    return None


def _scenarios_using(map_path: Path) -> list[Path]:
    """Scenarios next to ``map_path`` that name it as their map."""
    from game.data.errors import FileError
    from game.data.io import read_json

    found = []
    for sc in sorted(map_path.parent.glob("*.scenario.json")):
        try:
            name = read_json(sc).get("map")
            if isinstance(name, str) and (sc.parent / name).resolve() == map_path.resolve():
                found.append(sc)
        except (FileError, OSError, AttributeError):
            continue
    return found


def _wrong_kind(path: Path, want: str, command: str = "play") -> str | None:
    """A one-line explanation if ``path`` is a Battletable file of another
    kind than ``want`` (``"scenario"`` or ``"replay"``), else None."""
    if not path.is_file():
        return None
    kind = _kind_of(path)
    if kind is None or kind == want:
        return None
    a = "an" if want[0] in "aeiou" else "a"
    msg = f"{path}: this is a {kind}, not {a} {want}"
    if kind == "replay":
        return f"{msg}; watch it with: battletable replay {path}"
    if kind == "scenario":
        return f"{msg}; play it with: battletable play {path}"
    if kind == "map" and want == "scenario":
        users = _scenarios_using(path)
        if users:
            return f"{msg}; try a scenario that uses it: battletable {command} {users[0]}"
        return f"{msg}; give a *.scenario.json that uses it (or edit it with: battletable edit {path})"
    return msg


def _open_scenario(path: Path, command: str = "play"):
    """:func:`open_scenario`, with a clearer line for a map, replay or saved
    game given where a scenario belongs."""
    from game.battle.loading import open_scenario
    from game.data.errors import FileError

    try:
        return open_scenario(path)
    except FileError:
        msg = _wrong_kind(path, "scenario", command)
        if msg:
            raise _err(msg) from None
        raise


def _open_replay(path: Path):
    """:func:`open_replay`, with a clearer line for a scenario or map given
    where a replay belongs."""
    from game.battle.loading import open_replay
    from game.data.errors import FileError

    try:
        return open_replay(path)
    except FileError:
        msg = _wrong_kind(path, "replay")
        if msg:
            raise _err(msg) from None
        raise


def _no_display_reason() -> str:
    """Why :func:`has_display` is False, in words."""
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in ("dummy", "offscreen"):
        return f"SDL_VIDEODRIVER={driver}"
    return "neither DISPLAY nor WAYLAND_DISPLAY is set"


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


def _play_headless(scenario: Path, seats: dict[str, Seat], seed: int, replay: Path | None, quiet: bool, force: bool = False) -> None:
    from game.battle.runner import opened_scenario, play, result_line

    out = _replay_out(replay, scenario, seed, force)
    res = play(scenario, seats, seed, out, log=None if quiet else typer.echo)
    typer.echo(result_line(res, opened_scenario(scenario)))
    typer.echo(f"Replay saved to {res.replay}")


def _play_resumed(path: Path, seats: dict[str, Seat], headless: bool, quiet: bool) -> None:
    """``play --resume``: in the app where there is a display and no
    --headless, else AI against AI in the terminal."""
    from game.battle.runner import play_resumed, result_line

    if not path.is_file() or not path.name.endswith(".jsonl"):
        msg = _wrong_kind(path, "replay") if path.is_file() else None
        if msg:
            raise _err(msg)
    if not headless and has_display() and _launch_ui("resume", path=path, seats=seats):
        return
    from game.battle.loading import open_replay

    res, cut = play_resumed(path, seats, log=None if quiet else typer.echo)
    if quiet:  # otherwise the log said it before the first line of play
        typer.echo(f"Resumed {path} {cut}.")
    typer.echo(result_line(res, open_replay(path)[1].header.scenario))
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
                  seed: int = typer.Option(1, "--seed", min=0, max=limits.MAX_SEED, help="battle seed"),
                  scenario: Optional[Path] = typer.Option(None, "--scenario",
                                                          help="a *.scenario.json to have chosen in the menu (default: Mission 1)")) -> None:
    """With no command: open the desktop app on the default battle (or the
    --scenario given), or with --headless (or no display) play it AI against
    AI in the terminal."""
    from game.ui.settings import check_settings

    check_settings()  # a bad settings.json is named on stderr by every command, headless ones too
    if ctx.invoked_subcommand is not None:
        if scenario is not None:
            raise _err(f"--scenario {scenario}: goes with no command; give the scenario to "
                       f"'battletable {ctx.invoked_subcommand}' itself")
        return
    if scenario is None:
        if not DEFAULT_SCENARIO.exists():
            raise _err(f"the default battle {DEFAULT_SCENARIO} is missing from this install")
        scenario = DEFAULT_SCENARIO
    else:
        # a bad file is named here, before any window opens: never the default in its place
        from game.data.errors import FileError

        if scenario.name.endswith(".campaign.json"):
            raise _err(f"--scenario {scenario}: a campaign; play it with 'battletable campaign play {scenario}'")
        try:
            _open_scenario(scenario)
        except FileError as e:
            raise _err(f"--scenario: {e}") from None
    if headless or not has_display() or not _launch_ui("menu", scenario=scenario, seed=seed):
        _, sc, _ = _open_scenario(scenario)
        why = ("" if headless else f"no display ({_no_display_reason()}): " if not has_display()
               else "the desktop app is not part of this build yet: ")
        typer.echo(f"{why}playing \"{sc.name}\" AI against AI in the terminal, seed {seed}")
        _play_headless(scenario, {}, seed, None, quiet=False)


@app.command()
def play(scenario: Optional[Path] = typer.Argument(None, help="a *.scenario.json file (not with --resume)"),
         seat: Optional[list[str]] = typer.Option(None, "--seat", help="SIDE=human or SIDE=ai:NAME (repeatable)"),
         seed: int = typer.Option(1, "--seed", min=0, max=limits.MAX_SEED, help="battle seed"),
         headless: bool = typer.Option(False, "--headless", help="no window; every seat must be an AI"),
         replay: Optional[Path] = typer.Option(None, "--replay", help="where to write the replay (a new *.replay.jsonl)"),
         force: bool = typer.Option(False, "--force", help="replace the --replay file if it exists"),
         screenshot: Optional[Path] = typer.Option(None, "--screenshot", help="render one frame to this PNG and exit"),
         quiet: bool = typer.Option(False, "--quiet", help="print only the result"),
         resume: Optional[Path] = typer.Option(None, "--resume", help="continue the battle of this *.replay.jsonl from its last complete action, appending to it")) -> None:
    """Play a scenario: in a window, or headless AI against AI; or continue
    an unfinished battle from its replay with --resume."""
    from game.battle.runner import check_seats

    seats = _seats(seat)
    if resume is not None:
        if scenario is not None:
            raise _err(f"--resume {resume}: give either a scenario or --resume, not both (the replay holds its scenario)")
        if replay is not None:
            raise _err("--resume: the battle goes on in the same replay file; --replay does not apply")
        _play_resumed(resume, seats, headless, quiet)
        return
    if scenario is None:
        raise _err("battletable play: missing argument SCENARIO (a *.scenario.json file), or --resume REPLAY; see 'battletable play --help'")
    rs, sc, _ = _open_scenario(scenario)  # report a bad file before anything else
    check_seats(rs, sc, seats)  # then a seat naming a side or agent the scenario lacks
    if replay is not None:
        _check_replay_path(replay, force)
    if screenshot is not None:
        if screenshot.suffix.lower() != ".png":
            raise _err(f"{screenshot}: a screenshot is written as PNG; the name must end in .png")
        if not _launch_ui("screenshot", scenario=scenario, seed=seed, seats=seats, path=screenshot):
            raise _err("--screenshot needs the desktop app, which lands with the desktop-app issue (#6)")
        return
    human = next((side for side, s in seats.items() if s.kind == "human"), None)
    if headless and human:
        raise _err(f"--seat {human}=human: --headless plays AI against AI; seat {human} with ai:NAME, or drop --headless to play in a window")
    if not has_display():
        if human:
            raise _err(f"--seat {human}=human: a human seat needs a display, and there is none ({_no_display_reason()}); "
                       "add --headless with every side seated ai:NAME, or render one frame with --screenshot PNG")
        if not headless and not quiet:
            typer.echo(f"no display ({_no_display_reason()}): playing \"{sc.name}\" AI against AI in the terminal, seed {seed}")
    if headless or not has_display():
        _play_headless(scenario, seats, seed, replay, quiet, force)
        return
    if not _launch_ui("battle", scenario=scenario, seed=seed, seats=seats, replay=replay):
        typer.echo("The desktop app is not part of this build yet; playing AI against AI in the terminal.")
        _play_headless(scenario, {k: v for k, v in seats.items() if v.kind == "ai"}, seed, replay, quiet, force)


@app.command()
def simulate(scenario: Path = typer.Argument(..., help="a *.scenario.json file"),
             games: int = typer.Option(10, "--games", min=1, max=limits.MAX_GAMES, help="number of battles"),
             seed: int = typer.Option(1, "--seed", min=0, max=limits.MAX_SEED, help="seed of the run (each game derives its own)"),
             jobs: int = typer.Option(1, "--jobs", min=1, help="parallel processes"),
             seat: Optional[list[str]] = typer.Option(None, "--seat", help="SIDE=ai:NAME (repeatable)"),
             out: Optional[Path] = typer.Option(None, "--out", help="folder for the replays (default: a new one under replays/)"),
             force: bool = typer.Option(False, "--force", help="write over replays already in --out"),
             verify_sample: int = typer.Option(3, "--verify-sample", min=0,
                                               help="re-verify this many of the replays, each in a fresh process (0: none)"),
             as_json: bool = typer.Option(False, "--json", help="print the summary as one JSON object")) -> None:
    """Run many AI-vs-AI battles; print win rates with 95% intervals.

    Before it reports, a sample of the games' replays is verified in fresh
    processes (``--verify-sample``): a battle must not depend on the games a
    worker played before it. Exit status 1 if one of them diverges.
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from game.core.logtext import plural
    from game.battle.runner import (_play_job, check_seats, game_seed, run_jobs, summarise,
                                    verify_in_fresh_processes, verify_sample as sample_of)

    seats = _seats(seat)
    rs, sc, _ = _open_scenario(scenario, "simulate")
    sides = rs.sides(sc)
    check_seats(rs, sc, seats)
    human = next((side for side, s in seats.items() if s.kind == "human"), None)
    if human:
        raise _err(f"--seat {human}=human: simulate seats only AIs (SIDE=ai:NAME)")
    out_dir = _sim_out(out, sc.id, seed, force)
    out_dir.mkdir(parents=True, exist_ok=True)
    jobs_args = [(scenario, seats, game_seed(seed, i), out_dir / f"game{i:04d}.replay.jsonl") for i in range(games)]
    console = Console(stderr=True)
    results = []
    with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console, transient=as_json) as bar:
        task = bar.add_task("games", total=games)
        def done(r) -> None:
            results.append(r)
            bar.advance(task)

        run_jobs(_play_job, jobs_args, jobs, done)
    summary = summarise(results, sides, seed)
    picked = [results[i].replay for i in sample_of(games, verify_sample, seed)]
    checked = verify_in_fresh_processes(picked, jobs) if picked else []
    bad = [(p, msg) for p, ok, msg in checked if not ok]
    summary["verified"] = {"sample": len(checked), "ok": len(checked) - len(bad), "failed": [p for p, _ in bad]}
    if as_json:
        typer.echo(json.dumps(summary, sort_keys=True))
    if bad:
        for p, msg in bad:
            typer.echo(f"error: {p}: does not verify in a fresh process: {msg}", err=True)
        raise typer.Exit(1)
    if as_json:
        return
    table = Table(title=f"{sc.name}: {plural(games, 'game')}, seed {seed}")
    for col in ("side", "seat", "wins", "win rate", "95% CI"):
        table.add_column(col)
    for s, row in summary["sides"].items():
        lo, hi = row["ci95"]
        who = str(seats.get(s, Seat())) if s in sides else "the rules"
        name = sc.side_name(s)  # by its name, with the id --seat takes
        table.add_row(s if name == s else f"{name} ({s})", who, str(row["wins"]), f"{row['win_rate']:.1%}", f"{lo:.1%} - {hi:.1%}")
    table.add_row("draws", "", str(summary["draws"]), f"{summary['draws'] / games:.1%}", "")
    Console().print(table)
    typer.echo(f"mean turns {summary['mean_turns']:.2f}; replays in {out_dir}")
    if checked:
        typer.echo(f"{plural(len(checked), 'replay')} re-verified in fresh processes: all match")


@app.command()
def lab(spec: Path = typer.Argument(..., help="an experiment file (*.lab.toml)"),
        out: Optional[Path] = typer.Option(None, "--out", help="results folder (default: lab/NAME beside the spec)"),
        backend: str = typer.Option("local", "--backend", help="local (all cores) or ray"),
        jobs: Optional[int] = typer.Option(None, "--jobs", min=1, help="worker processes (default: every core)"),
        address: Optional[str] = typer.Option(None, "--address", help="a Ray cluster's address (with --backend ray)"),
        resume: bool = typer.Option(False, "--resume", help="continue the results already in the folder"),
        force: bool = typer.Option(False, "--force", help="start again over results already in the folder"),
        verify_sample: int = typer.Option(3, "--verify-sample", min=0,
                                          help="re-verify this many of the replays, each in a fresh process (0: none)"),
        as_json: bool = typer.Option(False, "--json", help="print the summary as one JSON object")) -> None:
    """Run a balance experiment: every arm of the spec (overrides, sweeps,
    seats) for its games, on all cores or a Ray cluster; writes results.csv
    game by game, summary.json, PNG plots and report.html."""
    from rich.console import Console
    from rich.table import Table

    from game.lab.experiment import run_experiment

    if backend not in ("local", "ray"):
        raise _err(f"--backend: must be local or ray (got {backend})")
    if address and backend != "ray":
        raise _err("--address: only with --backend ray")
    if backend == "ray":
        import importlib.util

        if importlib.util.find_spec("ray") is None:
            raise _err("--backend ray: Ray is not installed; install the extra: pip install -e '.[cluster]'")
    summary = run_experiment(spec, out, backend, jobs, address, resume, force,
                             echo=(lambda s: typer.echo(s, err=True)) if as_json else typer.echo, progress=not as_json,
                             verify=verify_sample)
    if as_json:
        typer.echo(json.dumps(summary, sort_keys=True))
    for p, msg in summary["verified"]["failed"]:
        typer.echo(f"error: {p}: does not verify in a fresh process: {msg}", err=True)
    if summary["verified"]["failed"]:
        raise typer.Exit(1)
    if as_json:
        return
    table = Table(title=f"{spec.name.removesuffix('.lab.toml')}: {summary['side']} win rate")
    for col in ("arm", "games", "wins", "win rate", "95% Wilson", "mean turns", "p vs first"):
        table.add_column(col)
    for a in summary["arms"]:
        p = "" if a["p_vs_first"] is None else f"{a['p_vs_first']:.3g}"
        table.add_row(str(a["arm"]), str(a["games"]), str(a["wins"]), f"{a['win_rate']:.1%}",
                      f"{a['ci95'][0]:.1%} - {a['ci95'][1]:.1%}", f"{a['mean_turns']:.2f}", p)
    Console().print(table)
    v = summary["verified"]
    if v["sample"]:
        typer.echo(f"{v['sample']} replay{'s' if v['sample'] != 1 else ''} re-verified in fresh processes: all match")
    typer.echo(f"report: {Path(summary['out']) / 'report.html'}")


@app.command()
def ladder(scenario: Path = typer.Argument(..., help="a *.scenario.json file"),
           agents: str = typer.Option("default,random,previous", "--agents", help="agent names, comma-separated"),
           games: int = typer.Option(10, "--games", min=1, help="games per pairing and side"),
           seed: int = typer.Option(1, "--seed", help="seed of the ladder"),
           jobs: Optional[int] = typer.Option(None, "--jobs", min=1, help="worker processes (default: every core)"),
           out: Optional[Path] = typer.Option(None, "--out", help="folder for the replays (default: a new one under replays/)"),
           as_json: bool = typer.Option(False, "--json", help="print the result as one JSON object")) -> None:
    """Rate AI agents on one scenario: a round robin with sides swapped (or,
    against the rules, the same seeds for every agent), Bradley-Terry ratings
    on the Elo scale with 95% intervals, and a binomial test per pair."""
    from rich.console import Console
    from rich.table import Table

    from game.lab.ladder import ladder as run_ladder

    names = [a.strip() for a in agents.split(",") if a.strip()]
    if len(names) < 2 or len(set(names)) != len(names):
        raise _err(f"--agents: give two or more different agent names (got {agents!r})")
    _open_scenario(scenario, "ladder")
    out_dir = out or _fresh(Path("replays") / f"ladder-{scenario.name.removesuffix('.scenario.json')}",
                            lambda n: Path("replays") / f"ladder-{scenario.name.removesuffix('.scenario.json')}-{n}",
                            Path.exists)
    res = run_ladder(scenario, names, games, seed, out_dir, jobs or os.cpu_count() or 1)
    if as_json:
        typer.echo(json.dumps(res, sort_keys=True))
        return
    table = Table(title=f"{res['scenario']} ({res['ruleset']}): {res['mode']}, {games} games a pairing")
    for col in ("agent", "rating (Elo)", "95% interval", "games", "score"):
        table.add_column(col)
    for t in res["ratings"]:
        table.add_row(t["agent"], f"{t['rating']:+.0f}", f"{t['ci95'][0]:+.0f} .. {t['ci95'][1]:+.0f}", str(t["games"]), f"{t['score']:g}")
    Console().print(table)
    for p in res["pairs"]:
        typer.echo(f"{p['a']} vs {p['b']}: {p['a_wins']}-{p['b_wins']} decisive; {p['verdict']}")
    typer.echo(f"replays in {out_dir}")


@app.command("replay")
def replay_cmd(replay: Path = typer.Argument(..., help="a *.replay.jsonl file"),
               headless: bool = typer.Option(False, "--headless", help="print the battle log instead of opening the viewer")) -> None:
    """Watch a replay (the viewer), or print its battle log with --headless.

    With the ruleset version the replay was recorded with, the battle is
    re-simulated and a warning goes to stderr when it differs from the
    record ('battletable verify' is the checker). With another version, the
    recorded events are shown as they are (format 2 replays).
    """
    from game.battle.runner import action_log_lines, named_outcome
    from game.core.logtext import name_sides, plural, reason_line, reason_owner
    from game.core.replay import verify as do_verify, version_problem
    from game.core.session import Battle

    rs, rec = _open_replay(replay)
    if not headless and has_display() and _launch_ui("replay", path=replay):
        return
    if rec.truncated:
        typer.echo(f"note: {rec.truncated}")
    h = rec.header
    if version_problem(rec, rs):
        _show_recorded(replay, rs, rec)
        return
    seen: dict = {}

    def show(b, i, entry) -> None:
        seen["battle"], seen["n"] = b, i + 1
        why = (reason_line(rec.actions[i].reason, h.scenario, reason_owner(rs, entry.action.side))
               if i < len(rec.actions) else "")
        if "turn" not in seen:  # the turn before the first action
            seen["turn"] = Battle(rs, h.scenario, h.map, h.seed).state.turn
        # each reason right under its own action's lines, as the app's log puts it, never after the battle's end
        lines, seen["turn"] = action_log_lines(b, entry.action, list(entry.events), why, seen["turn"])
        for line in lines:
            typer.echo(line)

    v = do_verify(rec, rs, on_step=show, keep_going=True)
    n = seen.get("n", 0)
    s = seen["battle"].state if "battle" in seen else None
    ended = (named_outcome(h.scenario, s.winner, s.end_reason, past=True)
             if s is not None and s.over else "the battle was not finished")
    rest = "" if n == len(rec.actions) else f" (of {len(rec.actions)}; the rest does not re-play)"
    typer.echo(f"{plural(n, 'action')}{rest}; {ended}")
    if not v.ok:
        typer.echo(f"warning: {replay}: {name_sides(v.reason, h.scenario)} (the file was edited or damaged; run 'battletable verify {replay}')", err=True)


def _show_recorded(path: Path, rs, rec) -> None:
    """``replay`` with another ruleset version: the recorded events, as they
    are, with one line saying so (format 1 replays record none: exit 2)."""
    from game.battle.runner import named_outcome
    from game.core.logtext import line_side, name_sides, plural, reason_line, reason_owner, unit_sides, why_after

    h = rec.header
    if not rec.has_events:
        raise _err(f"{path}: recorded with {h.ruleset} version {h.ruleset_version} in replay format 1, which keeps no events; "
                   f"this program has version {rs.version} and cannot re-simulate it")
    typer.echo(f"note: recorded with {h.ruleset} version {h.ruleset_version}; this program has version {rs.version}: "
               "showing the recorded events (not re-simulated)")
    from game.core.engine import apply_recorded
    from game.core.session import Battle

    state = Battle(rs, h.scenario, h.map, h.seed).state  # the turn, as long as this version can apply the events
    turn = state.turn
    units = unit_sides(h.scenario)
    for line in rec.actions:
        side = str(line.action.get("side", ""))
        why = reason_line(line.reason, h.scenario, reason_owner(rs, side))
        datas = list(line.events or [])
        try:  # each event read once: the reason under the side's own first event, as the live log puts it
            parsed = [rs.parse_event(d) for d in datas]
            at = why_after(parsed, side, lambda ev: line_side(rs, ev, side, units))
        except Exception:  # noqa: BLE001 - events this version cannot read: the reason after them
            parsed, at = None, len(datas) - 1
        if why and at < 0:
            typer.echo(why)
        for k, data in enumerate(datas):
            if state is not None:
                try:
                    apply_recorded(rs, state, [parsed[k] if parsed is not None else rs.parse_event(data)])
                    turn = state.turn
                except Exception:  # noqa: BLE001 - an event this version cannot apply: turns from phase events
                    state = None
            if state is None and str(data.get("type", "")).endswith(("phase_began", "turn_began")) \
                    and isinstance(data.get("turn"), int):  # WW2's ww2_turn_began is a phase_began with words
                turn = data["turn"]
            text = _recorded_event_text(rs, data, h.scenario)
            if text:
                typer.echo(f"[turn {turn}] {text}")
            if why and k == at:
                typer.echo(why)
    end = rec.end
    typer.echo(f"{plural(len(rec.actions), 'action')}; " + (named_outcome(h.scenario, end.winner, end.reason, past=True)
                                                        if end else "the battle was not finished"))


def _recorded_event_text(rs, data: dict, scenario=None) -> str:
    """One log line for a recorded event: the log's own line
    (:func:`game.core.logtext.event_line`) when this version still reads the
    event, else its type and fields; sides by ``scenario``'s names."""
    from game.core.logtext import event_line, line_owner, name_sides, secret_mark

    try:
        ev = rs.parse_event(data)
    except Exception:  # noqa: BLE001 - an event of another version: shown as recorded
        fields = ", ".join(f"{k}={v}" for k, v in sorted(data.items()) if k != "type")
        return name_sides(f"{data.get('type', 'event')}: {fields}", scenario)
    text = event_line(rs, ev, scenario)
    return secret_mark(line_owner(rs, ev), scenario) + text if text else ""


@app.command()
def verify(replay: Path = typer.Argument(..., help="a *.replay.jsonl file")) -> None:
    """Re-simulate a replay and check everything it records: every action's
    events, their count, the checkpoints and the whole end line.

    Exit status: 0 if the replay re-simulates exactly (an unfinished one
    up to where it stops, and says so), 1 if it diverges (the first
    diverging action is named), 2 if the file cannot be read or needs
    another ruleset version (which it names).
    """
    from game.core.logtext import name_sides, plural
    from game.core.replay import verify as do_verify

    rs, rec = _open_replay(replay)
    if rec.truncated:
        typer.echo(f"note: {rec.truncated}")
    v = do_verify(rec, rs)
    why = name_sides(v.reason, rec.header.scenario)  # the sides as the scenario names them
    if v.ok:
        typer.echo(f"{replay}: ok, {plural(v.actions, 'action')} {why}")
        return
    raise _err(f"{replay} [{v.where}]: {why}", code=2 if v.where.startswith("line 1") else 1)


@app.command()
def edit(map_path: Optional[Path] = typer.Argument(None, metavar="MAP", help="a *.map.json file"),
         screenshot: Optional[Path] = typer.Option(None, "--screenshot", help="render the editor on MAP to this PNG and exit (no display needed)")) -> None:
    """Open the map editor (or, with --screenshot, save one frame of it).

    A map whose geometry is wrong (a self-intersecting outline, a feature off
    the table) opens, with its problems listed, so it can be mended; a file
    that is not a map at all is refused."""
    if map_path is not None:
        from game.data.io import read_json
        from game.data.maps import parse_map

        parse_map(map_path, read_json(map_path), check_geometry=False)  # the editor's own check (editor.files.open_map)
    if screenshot is not None:
        if screenshot.suffix.lower() != ".png":
            raise _err(f"{screenshot}: a screenshot is written as PNG; the name must end in .png")
        if not _launch_ui("editor", path=map_path, screenshot=screenshot):
            raise _err("the desktop app is not installed in this build", code=1)
        return
    if not has_display():
        raise _err("the map editor needs a display (try --screenshot PNG, or 'battletable import', 'export' or 'generate' for headless map work)", code=1)
    if not _launch_ui("editor", path=map_path):
        raise _err("the desktop app is not installed in this build", code=1)


from game.editor.cli import export_cmd, generate_cmd, import_cmd  # noqa: E402

app.command("import", help="Import a Tiled (.tmj) or GeoJSON map as a *.map.json.")(import_cmd)
app.command("export", help="Export a *.map.json to Tiled JSON or GeoJSON.")(export_cmd)
app.command("generate", help="Generate a random table for a ruleset (seeded).")(generate_cmd)


@app.command()
def validate(files: list[Path] = typer.Argument(..., help="maps, scenarios, replays or saved games, or folders holding them"),
             every: bool = typer.Option(False, "--all", help="list every problem of a map, one line each")) -> None:
    """Check files; print one line per file (with --all, every problem of a
    map). A folder stands for every such file under it. Maps are checked by
    the same validator as the editor's save, play and simulate. Exit 2 if any
    is bad."""
    from game.battle.loading import expand_folder, validate_file
    from game.data.errors import FileError

    bad = 0
    todo: list[Path] = []
    for f in files:
        try:
            todo += expand_folder(f)
        except FileError as e:
            typer.echo(f"error: {e}", err=True)
            bad += 1
    for f in todo:
        try:
            typer.echo(validate_file(f))
        except FileError as e:
            if every:
                for one in [e, *e.more]:
                    typer.echo(f"error: {one}", err=True)
            else:
                more = f" (and {len(e.more)} more problem{'s' if len(e.more) > 1 else ''}: battletable validate --all)" if e.more else ""
                typer.echo(f"error: {e}{more}", err=True)
            bad += 1
    if bad:
        raise typer.Exit(2)


army_app = _typer(no_args_is_help=True, help="Army builder: price a roster against a scenario.")
app.add_typer(army_app, name="army")
campaign_app = _typer(no_args_is_help=True, help="Campaigns: battles fought one after another.")
app.add_typer(campaign_app, name="campaign")


@army_app.command("check")
def army_check(roster: Path = typer.Argument(..., help="a *.roster.json file"),
               scenario: Path = typer.Argument(..., help="the *.scenario.json whose points and power level apply")) -> None:
    """Price ROSTER and check it against SCENARIO's points and power level (the ruleset's
    army builder). Exit 0 when it fits, 1 when it does not, 2 for a bad file."""
    from game.data.errors import FileError

    rs, sc, _ = _open_scenario(scenario, "army check")
    check = getattr(rs, "army_check", None)
    if check is None:
        raise _err(f"{scenario}: the {rs.id} ruleset has no army builder")
    if not roster.name.endswith(".roster.json"):
        raise FileError(roster, "", "a roster is a *.roster.json file")
    ok, lines = check(roster, sc)
    for line in lines:
        typer.echo(line)
    if not ok:
        raise typer.Exit(1)


@campaign_app.command("play")
def campaign_play(campaign: Path = typer.Argument(..., help="a *.campaign.json file"),
                  seat: Optional[list[str]] = typer.Option(None, "--seat", help="SIDE=human or SIDE=ai:NAME (repeatable)"),
                  seed: int = typer.Option(1, "--seed", help="seed of the first battle (battle n plays seed + n - 1)"),
                  folder: Optional[Path] = typer.Option(None, "--folder", help="the campaign's progress folder (default campaigns/ID)"),
                  headless: bool = typer.Option(False, "--headless", help="no window: every battle still to fight, AI against AI"),
                  quiet: bool = typer.Option(False, "--quiet", help="print only the lines between battles and the results")) -> None:
    """Fight the campaign's next battle (in a window), or with --headless (or no display)
    every battle still to fight; survivors and experience are carried from one to the next."""
    from game.battle.campaign import CampaignRun, play_campaign
    from game.battle.runner import check_seats

    if not campaign.name.endswith(".campaign.json"):
        raise _err(f"{campaign}: a campaign is a *.campaign.json file")
    seats = _seats(seat)
    run = CampaignRun(campaign, folder)
    rs, sc, _ = _open_scenario(run.scenarios[0])
    check_seats(rs, sc, seats)
    human = next((side for side, s in seats.items() if s.kind == "human"), None)
    if not headless and has_display():
        nb = run.next_battle()
        for line in nb.lines:
            typer.echo(line)
        if nb.done:
            typer.echo(f"Every battle of {run.campaign.name} has been fought.")
            return
        run.folder.mkdir(parents=True, exist_ok=True)
        if nb.resume and _launch_ui("resume", path=nb.replay, seats=seats):
            return
        if not nb.resume and _launch_ui("battle", scenario=nb.scenario, seed=seed + nb.index, seats=seats, replay=nb.replay):
            return
    if human:
        raise _err(f"--seat {human}=human: a campaign played headless needs every side seated ai:NAME")
    play_campaign(campaign, seats, seed, folder, log=None if quiet else typer.echo, say=typer.echo)


def _param_name(param) -> str:
    """``--games`` for an option, ``SCENARIO`` for an argument."""
    if getattr(param, "param_type_name", "") == "argument":
        return (param.name or "argument").upper()
    opts = [o for o in getattr(param, "opts", []) if o.startswith("--")] or list(getattr(param, "opts", []))
    return opts[0] if opts else (param.name or "option")


def _bad_value(e) -> str:
    """The reason a value was refused, in plain words, e.g. ``must be 1 or
    more (got -3)`` (from the validation error typer raised it from, if any)."""
    cause = e.__cause__
    errors = cause.errors() if hasattr(cause, "errors") else []
    if not errors:
        return e.message.rstrip(".")
    first = errors[0]
    kind, ctx, got = first.get("type", ""), first.get("ctx") or {}, first.get("input")
    reasons = {
        "greater_than_equal": lambda: f"must be {ctx.get('ge')} or more",
        "greater_than": lambda: f"must be more than {ctx.get('gt')}",
        "less_than_equal": lambda: f"must be {ctx.get('le')} or less",
        "less_than": lambda: f"must be less than {ctx.get('lt')}",
        "int_parsing": lambda: "must be a whole number",
        "int_from_float": lambda: "must be a whole number",
        "float_parsing": lambda: "must be a number",
        "bool_parsing": lambda: "must be true or false",
    }
    reason = reasons[kind]() if kind in reasons else first.get("msg", "invalid value").replace("Input should be", "must be")
    return f"{reason} (got {got})" if got is not None else reason


def _usage_line(e) -> str:
    """One line for a click/typer usage error (wrong option, missing argument,
    bad value, unknown command), without the usage box."""
    ctx = getattr(e, "ctx", None)
    cmd = ctx.command_path if ctx is not None else "battletable"
    see = f"see '{cmd} --help'"
    param = getattr(e, "param", None)
    name = type(e).__name__
    msg = e.message.strip()
    if name == "MissingParameter" and param is not None:
        what = _param_name(param)
        text = getattr(param, "help", None)
        extra = f" ({text})" if text else ""
        if getattr(param, "param_type_name", "") == "argument":
            return f"{cmd}: missing argument {what}{extra}; {see}"
        return f"{what}: this option is required{extra}; {see}"
    if name in ("BadParameter", "MissingParameter"):
        where = _param_name(param) if param is not None else (getattr(e, "param_hint", None) or cmd)
        return f"{where}: {_bad_value(e)}"
    if name == "NoSuchOption":
        opt = getattr(e, "option_name", "") or msg
        maybe = sorted(getattr(e, "possibilities", None) or [])
        hint = f"did you mean {' or '.join(maybe)}?" if maybe else see
        return f"{opt}: no such option for {cmd} ({hint})"
    if name == "BadOptionUsage":
        opt = getattr(e, "option_name", "") or cmd
        if "requires an argument" in msg:
            return f"{opt}: needs a value"
        if "does not take a value" in msg:
            return f"{opt}: takes no value"
        return f"{opt}: {msg.rstrip('.')}"
    if msg.startswith("No such command"):
        import re

        m = re.match(r"No such command '(.*?)'", msg)
        group = ctx.command if ctx is not None else None
        names = group.list_commands(ctx) if hasattr(group, "list_commands") else []
        known = f" (commands: {', '.join(names)})" if names else ""
        return f"{m.group(1) if m else msg}: no such command{known}"
    if msg.startswith("Got unexpected extra argument"):
        import re

        m = re.search(r"\(([^()]*)\)\s*$", msg)
        extra = m.group(1) if m else ""
        return f"{cmd}: unexpected extra argument{'s' if ' ' in extra else ''} {extra} ({see})"
    text = msg.rstrip(".")
    return f"{cmd}: {text[:1].lower() + text[1:]}"


def main(argv: list[str] | None = None) -> None:
    """Entry point of ``battletable`` and ``python -m game``."""
    from game.data.errors import FileError

    try:
        from typer._click.exceptions import ClickException, UsageError  # typer vendors click
    except ImportError:  # older typer: click itself
        from click.exceptions import ClickException, UsageError

    try:
        rc = app(args=argv, prog_name="battletable", standalone_mode=False)
        if rc == 130:  # typer's form of Ctrl-C (and of SIGTERM during simulate)
            typer.echo("interrupted", err=True)
        if isinstance(rc, int) and rc:
            sys.exit(rc)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except UsageError as e:  # a wrong option, value, argument or command: one line, exit 2
        if type(e).__name__ == "NoArgsIsHelpError":
            e.show()
        else:
            typer.echo(f"error: {_usage_line(e)}", err=True)
        sys.exit(2)
    except ClickException as e:
        typer.echo(f"error: {e.format_message()}", err=True)
        sys.exit(e.exit_code)
    except (FileError, SeatError) as e:
        typer.echo(f"error: {e}", err=True)
        sys.exit(2)
    except OSError as e:  # a file that cannot be written or read
        where = f"{e.filename}: " if e.filename else ""
        typer.echo(f"error: {where}{e.strerror or e}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as e:  # noqa: BLE001 - no tracebacks for users
        if type(e).__name__ == "Abort":
            sys.exit(1)
        if os.environ.get("BATTLETABLE_DEBUG"):
            raise
        typer.echo(f"error: {e.__class__.__name__}: {e} (set BATTLETABLE_DEBUG=1 for details)", err=True)
        sys.exit(1)
