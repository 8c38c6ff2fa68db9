"""Running an experiment: one job per (arm, game), on all local cores (the
simulate workers, :func:`game.battle.runner.run_jobs`) or on a Ray cluster,
each finished game appended at once to ``results.csv`` so an interrupted run
resumes (``--resume``) without repeating or losing a game.

Game ``i`` of every arm plays battle seed :func:`game_seed` (seed, i), so arms
are compared on the same dice and the Ray and local backends give the same
table (the rows may come in another order; :func:`read_results` sorts them).
"""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from typing import Any, Callable

from game.battle.runner import game_seed, run_jobs
from game.lab.spec import Arm, _seat_map, open_arm

#: the columns of results.csv, in order
COLUMNS = ("arm", "value", "game", "seed", "winner", "success", "turns", "actions", "reason",
           "score", "rolls", "events", "replay")


def key_of(row: dict) -> tuple[str, int]:
    """A game's key in the results table: (arm, game index)."""
    return (str(row["arm"]), int(row["game"]))


def lab_game(args: tuple) -> dict[str, Any]:
    """Play one game of an arm (in a worker: a local process or a Ray task)
    and return its results row. ``args``: (arm as a dict, game index, battle
    seed, replay path, reported side)."""
    from game.battle.runner import play_battle
    from game.core.event import DiceRolled

    arm_d, index, seed, replay, side = args
    arm = Arm.model_validate(arm_d)
    rs, sc, m = open_arm(arm)
    res, battle = play_battle(rs, sc, m, _seat_map(arm.seats), seed, replay)
    events = battle.events()
    score = rs.outcome(battle.state).score
    return {
        "arm": arm.name, "value": "" if arm.value is None else arm.value, "game": index, "seed": seed,
        "winner": res.winner or "", "success": int(res.winner == side), "turns": res.turns, "actions": res.actions,
        "reason": res.reason, "score": json.dumps({k: round(float(v), 3) for k, v in sorted(score.items())}),
        "rolls": sum(isinstance(e, DiceRolled) for e in events), "events": len(events),
        "replay": os.path.basename(str(replay)),
    }


class ResultsTable:
    """``results.csv``: one row per finished game, appended and flushed to
    disk as each game ends. Opening it drops a line a kill cut off."""

    def __init__(self, path: Path) -> None:
        self.path = path
        if path.exists():
            data = path.read_bytes()
            if data and not data.endswith(b"\n"):  # a torn last line: that game is played again
                with open(path, "r+b") as f:
                    f.truncate(data.rfind(b"\n") + 1)
        new = not path.exists() or path.stat().st_size == 0
        self._f = open(path, "a", encoding="utf-8", newline="")
        self._w = csv.DictWriter(self._f, fieldnames=COLUMNS)
        if new:
            self._w.writeheader()
            self._sync()

    def _sync(self) -> None:
        self._f.flush()
        os.fsync(self._f.fileno())

    def add(self, row: dict) -> None:
        """Append one finished game."""
        self._w.writerow({k: row.get(k, "") for k in COLUMNS})
        self._sync()

    def close(self) -> None:
        self._f.close()


def read_results(path: Path) -> list[dict]:
    """The rows of a results table (complete lines only), typed, sorted by
    (arm order as written, game); a game recorded twice keeps its first row."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
    rows, seen = [], set()
    for r in csv.DictReader(text.splitlines()):
        for k in ("game", "seed", "success", "turns", "actions", "rolls", "events"):
            r[k] = int(r[k])
        if key_of(r) not in seen:
            seen.add(key_of(r))
            rows.append(r)
    order = {}
    for r in rows:
        order.setdefault(r["arm"], len(order))
    return sorted(rows, key=lambda r: (order[r["arm"]], r["game"]))


def jobs_for(arms: list[Arm], games: int, seed: int, out: Path, side: str, done: set) -> list[tuple]:
    """The jobs still to play: every (arm, game) not in ``done``."""
    out_jobs = []
    for arm in arms:
        for i in range(games):
            if (arm.name, i) in done:
                continue
            replay = out / "replays" / f"{arm.name}-game{i:04d}.replay.jsonl"
            out_jobs.append((arm.model_dump(mode="json"), i, game_seed(seed, i), str(replay), side))
    return out_jobs


def run_local(jobs_args: list[tuple], workers: int, on_row: Callable[[dict], None],
              game: Callable[[tuple], dict] = lab_game) -> None:
    """Play the jobs in ``workers`` processes (the simulate workers), each row
    handed to ``on_row`` as soon as its game ends. ``game`` plays one job
    (:func:`lab_game`; a benchmark wraps it to time it)."""
    run_jobs(game, jobs_args, workers, on_row, ordered=False)


def run_ray(jobs_args: list[tuple], workers: int, on_row: Callable[[dict], None], address: str | None = None,
            game: Callable[[tuple], dict] = lab_game) -> None:
    """Play the jobs as Ray tasks: on a new local Ray with ``workers`` CPUs,
    or on the cluster at ``address``. The results folder must be on storage
    every node writes to (the replays go there). Ray is the optional extra
    ``cluster`` (``pip install -e '.[cluster]'``). ``game`` as for
    :func:`run_local` (a module-level function the workers can import)."""
    try:
        import ray
    except ImportError:
        raise RuntimeError("--backend ray needs Ray: pip install -e '.[cluster]'") from None
    env = {k: os.environ[k] for k in ("BATTLETABLE_RULESETS", "PYTHONPATH") if os.environ.get(k)}
    root = str(Path(__file__).resolve().parent.parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH", "")]))
    started = not ray.is_initialized()
    if started:
        kw: dict = {"address": address} if address else {"num_cpus": workers, "include_dashboard": False}
        ray.init(runtime_env={"env_vars": env}, log_to_driver=False, configure_logging=False, **kw)
    task = ray.remote(num_cpus=1, max_retries=0)(game)
    pending = [task.remote(a) for a in jobs_args]
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            on_row(ray.get(ready[0]))
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started:
            ray.shutdown()
