"""``battletable lab SPEC``: plan, run (resumably), summarise, plot, report."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable

from game.lab.report import plot_all, summarise, write_html
from game.lab.run import ResultsTable, jobs_for, key_of, read_results, run_local, run_ray
from game.lab.spec import LabSpec, SpecError, arms_of, load_spec
from game.lab.stats import games_for_margin


def plan_lines(spec: LabSpec, n_arms: int) -> list[str]:
    """What is printed before a run: arms, games, and the games an arm needs
    for the spec's margin."""
    need = games_for_margin(spec.margin)
    enough = "enough" if spec.games >= need else f"{spec.games} give about +/-{_margin(spec.games):.0%}"
    return [f"{n_arms} arm{'s' if n_arms != 1 else ''} x {spec.games} games = {n_arms * spec.games} games, seed {spec.seed}",
            f"a win rate within +/-{spec.margin:.0%} (95%, worst case 50%) needs {need} games per arm: {enough}"]


def _margin(n: int) -> float:
    from game.lab.stats import wilson

    lo, hi = wilson(n // 2, n)
    return (hi - lo) / 2


def run_experiment(spec_path: str | Path, out: Path | None = None, backend: str = "local", workers: int | None = None,
                   address: str | None = None, resume: bool = False, force: bool = False,
                   echo: Callable[[str], None] = print, progress: bool = True, verify: int = 3) -> dict:
    """Run the experiment of ``spec_path`` into ``out`` (default:
    ``lab/<name>`` beside the spec) and write its outputs.

    Raises:
        SpecError: a bad spec, arm, override or results folder (one line).
    """
    spec_path = Path(spec_path)
    spec = load_spec(spec_path)
    arms = arms_of(spec, spec_path)
    from game.lab.spec import open_arm

    rs, sc, _ = open_arm(arms[0])
    sides = [s.id for s in sc.sides if s.playable]
    side = spec.side or sides[0]
    if side not in [s.id for s in sc.sides]:
        raise SpecError(spec_path, "side", f"{side!r} is not a side of {sc.id} ({', '.join(s.id for s in sc.sides)})")
    out = out or spec_path.parent / "lab" / spec.name
    table_path = out / "results.csv"
    meta_path = out / "experiment.json"
    meta = {"spec": spec.model_dump(mode="json"), "arms": {a.name: a.key() for a in arms}}
    if table_path.exists() and not (resume or force):
        raise SpecError(out, "results.csv", "already holds results: --resume continues them, --force starts again")
    if resume and meta_path.exists():
        old = json.loads(meta_path.read_text(encoding="utf-8"))
        if old.get("arms") != meta["arms"] or old["spec"].get("seed") != spec.seed:
            raise SpecError(spec_path, "", f"the experiment changed since {out} was started (arms, overrides or seed); "
                                           "use --force to start again")
    out.mkdir(parents=True, exist_ok=True)
    if force and not resume and table_path.exists():
        table_path.unlink()
    meta_path.write_text(json.dumps(meta, indent=1, sort_keys=True), encoding="utf-8")
    for line in plan_lines(spec, len(arms)):
        echo(line)
    done = {key_of(r) for r in read_results(table_path)} if resume else set()
    todo = jobs_for(arms, spec.games, spec.seed, out, side, done)
    if done:
        echo(f"resuming: {len(done)} games already in {table_path}, {len(todo)} to play")
    table = ResultsTable(table_path)
    workers = workers or os.cpu_count() or 1
    try:
        _run(todo, backend, workers, address, table, progress)
    finally:
        table.close()
    rows = read_results(table_path)
    summary = summarise(rows, side)
    summary["verified"] = verify_replays(rows, out, verify, spec.seed, workers)
    sweep = spec.sweep.path if spec.sweep else None
    plot_all(summary, out, sweep)
    (out / "summary.json").write_text(json.dumps(summary, indent=1, sort_keys=True), encoding="utf-8")
    notes = plan_lines(spec, len(arms)) + [f"scenario {sc.name} ({rs.id} version {rs.version}); seats "
                                           + (", ".join(f"{k}={v}" for k, v in sorted(spec.seats.items())) or "ai:default")]
    write_html(summary, out, f"{spec.name}: {side} win rate", notes)
    summary["out"] = str(out)
    return summary


def _run(todo: list, backend: str, workers: int, address: str | None, table: ResultsTable, progress: bool) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    with Progress(TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TextColumn("ETA"),
                  TimeRemainingColumn(), console=Console(stderr=True), disable=not progress) as bar:
        task = bar.add_task("games", total=len(todo))

        def on_row(row: dict) -> None:
            table.add(row)
            bar.advance(task)

        if backend == "ray":
            run_ray(todo, workers, on_row, address)
        else:
            run_local(todo, workers, on_row)


def verify_replays(rows: list[dict], out: Path, k: int, seed: int, workers: int) -> dict:
    """Re-verify ``k`` of the experiment's replays (drawn with the seed, as
    ``simulate --verify-sample``), each in a fresh process: a game must not
    depend on what its worker played before. Returns the sample's size, the
    matches and the failures (replay, verify's line)."""
    from game.battle.runner import verify_in_fresh_processes, verify_sample

    picked = [out / "replays" / rows[i]["replay"] for i in verify_sample(len(rows), k, seed)] if rows and k else []
    checked = verify_in_fresh_processes(picked, workers) if picked else []
    bad = [[p, msg] for p, ok, msg in checked if not ok]
    return {"sample": len(checked), "ok": len(checked) - len(bad), "failed": bad}
