"""Headless play and batch simulation (used by the CLI and the tools)."""

from __future__ import annotations

import hashlib
from functools import lru_cache
import math
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from game.battle.controller import Controller, seat_agent
from game.battle.loading import open_scenario
from game.battle.seats import Seat, SeatError, seats_for
from game.core.logtext import (event_line, event_turns, line_owner, line_side, name_sides, plural, reason_line, reason_owner,
                               secret_mark, unit_sides, why_after)
from game.core.replay import ReplayRecord, ReplayWriter
from game.core.session import Battle
from game.data import limits

#: a safety stop for runaway battles (a ruleset bug, never a rule)
MAX_ACTIONS = limits.MAX_ACTIONS


@dataclass(frozen=True)
class GameResult:
    """One finished battle."""

    seed: int
    winner: str | None
    reason: str
    turns: int
    actions: int
    replay: str | None


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation run with ``seed``."""
    return int.from_bytes(hashlib.sha256(f"simulate:{seed}:{index}".encode()).digest()[:4], "big")


def outcome(winner: str | None, reason: str, past: bool = False) -> str:
    """How a battle ended, in words: ``"Red army wins (reason)"`` or ``"a draw
    (reason)"`` (``"... won ..."`` with ``past``); ``winner`` as the player
    reads it (:meth:`Scenario.side_name`), None or "" for a draw."""
    why = f" ({reason})" if reason else ""
    if not winner:
        return f"a draw{why}"
    return f"{winner} {'won' if past else 'wins'}{why}"


def named_outcome(scenario, winner: str | None, reason: str, past: bool = False) -> str:
    """:func:`outcome` with the winner and every side id the reason holds as
    ``scenario`` names them: ``"Imperial Navy won (victory points Imperial
    Navy 290, Chaos raiders 140)"`` (``scenario`` None: ids as they are)."""
    name = scenario.side_name(winner) if scenario is not None and winner else winner
    return outcome(name, name_sides(reason, scenario), past)


def result_line(res: "GameResult", scenario=None) -> str:
    """The one-line summary of a headless battle; the winner by the name
    ``scenario`` gives its side (:meth:`Scenario.side_name`), by its id
    without one, and so the sides its reason names (``GameResult`` and the
    ``--json`` output keep ids)."""
    return (f"Battle over after {plural(res.turns, 'turn')} and {plural(res.actions, 'action')}: "
            f"{named_outcome(scenario, res.winner, res.reason)}.")


def opened_scenario(path: str | Path):
    """The scenario of a ``*.scenario.json`` (read once per file version and
    process, as :func:`play` reads it). Raises FileError for a bad file."""
    return _opened(str(path), Path(path).stat().st_mtime_ns)[1]


def log_line(battle: Battle, event) -> str:
    """One battle-log line for an event (:func:`game.core.logtext.event_line`,
    the formatter the app's log uses too), the sides by the battle's scenario's names."""
    return event_line(battle.ruleset, event, battle.scenario)


@lru_cache(maxsize=8)
def _opened(path: str, mtime_ns: int):
    """:func:`open_scenario`, once per file version and process (a simulation
    plays many games of one scenario)."""
    return open_scenario(path)


def play(scenario_path: str | Path, seats: dict[str, Seat], seed: int, replay_path: str | Path | None = None,
         log: Callable[[str], None] | None = None, max_actions: int = MAX_ACTIONS) -> GameResult:
    """Play a battle to its end with AI seats only, headless.

    Raises:
        FileError: for a bad scenario or map.
        SeatError: for a seat naming a side the scenario lacks.
        RuntimeError: if a human seat is given (headless play has no input) or
            the battle exceeds ``max_actions``.
    """
    rs, sc, m = _opened(str(scenario_path), Path(scenario_path).stat().st_mtime_ns)
    return play_battle(rs, sc, m, seats, seed, replay_path, log, max_actions)[0]


def play_battle(rs, sc, m, seats: dict[str, Seat], seed: int, replay_path: str | Path | None = None,
                log: Callable[[str], None] | None = None, max_actions: int = MAX_ACTIONS) -> tuple[GameResult, Battle]:
    """:func:`play` on an opened scenario (ruleset, scenario and map, as
    :func:`open_scenario` gives them, e.g. one with overrides applied by the
    lab; the battle plays with its own copy of the overridden data,
    ``Battle.tables``); returns the result and the battle.

    Raises:
        SeatError, RuntimeError: as :func:`play`.
    """
    all_seats = seats_for(rs.sides(sc), seats)
    if any(s.kind == "human" for s in all_seats.values()):
        raise RuntimeError("headless play needs every seat to be an AI (human seats need the desktop app)")
    battle = Battle(rs, sc, m, seed)
    turn = [battle.state.turn]

    def on_step(action, result) -> None:
        if log:
            turn[0] = _log_step(battle, action, result, log, turn[0])

    ctl = Controller(battle, all_seats, on_step=on_step)  # a bad seat fails here, before any file is written
    writer = ReplayWriter(replay_path, battle, {k: v.spec() for k, v in all_seats.items()}) if replay_path else None
    try:
        ctl.advance(max_actions=max_actions)
        if not battle.over:
            raise RuntimeError(f"battle did not end within {max_actions} actions")
    finally:
        if writer:
            writer.close()
    s = battle.state
    return GameResult(seed, s.winner, s.end_reason, s.turn, len(battle.history), str(replay_path) if replay_path else None), battle


def _log_step(battle: Battle, action, result, log: Callable[[str], None], turn: int) -> int:
    """The battle-log lines of one action (:func:`action_log_lines`), with why the
    agent chose it (its recorded reason), given to ``log``. Returns the turn after the action."""
    why = (reason_line(battle.history.entries[-1].reason, battle.scenario, reason_owner(battle.ruleset, action.side))
           if battle.history.entries else "")
    lines, turn = action_log_lines(battle, action, list(result.events), why, turn)
    for line in lines:
        log(line)
    return turn


def action_log_lines(battle: Battle, action, events: list, why: str, turn: int) -> tuple[list[str], int]:
    """The terminal log's lines of one action (headless play, ``battletable
    replay --headless``): its events, each labelled with the turn it happened
    in (``turn``: the turn before the action), and ``why`` (the agent's reason,
    :func:`reason_line`; "" for none) right under the acting side's own first
    event, as the app's log puts it (:func:`why_after`, each line's side by
    :func:`line_side`), so it never follows the next side's lines or the
    battle's end. With no seated player this is the umpire's log: it shows
    every line, and marks those only one side may read under hidden
    information (its secret events, its reasons) with that side's name
    (:func:`secret_mark`). Returns the lines and the turn after the action."""
    turns = event_turns(events, turn)
    units = unit_sides(battle.scenario)
    at = why_after(events, action.side, lambda ev: line_side(battle.ruleset, ev, action.side, units))
    out = [why] if why and at < 0 else []
    for i, (ev, t) in enumerate(zip(events, turns)):
        line = log_line(battle, ev)
        if line:
            out.append(f"[turn {t}] {secret_mark(line_owner(battle.ruleset, ev), battle.scenario)}{line}")
        if why and i == at:
            out.append(why)
    return out, (turns[-1] if turns else turn)


def check_seats(rs, sc, seats: dict[str, Seat]) -> None:
    """Raise SeatError for a seat of scenario ``sc`` naming an unknown side or
    agent of ruleset ``rs`` (before any battle starts or file is written)."""
    for side, seat in seats_for(rs.sides(sc), seats).items():
        if seat.kind == "ai":
            seat_agent(rs, side, seat, random.Random(0))


def verify_in_fresh_processes(paths: list[str | Path], jobs: int = 1) -> list[tuple[str, bool, str]]:
    """Run ``battletable verify`` on each replay, each in a new Python process.

    A battle is a pure function of (ruleset and version, map, seed, actions)
    (design.md, Principles): a replay recorded by a process that played other
    battles first must re-simulate the same in a process that played none.

    Returns:
        one ``(path, ok, message)`` per replay, in the order given; ``message``
        is verify's last line (its error line when it diverges).

    Raises:
        KeyboardInterrupt: on Ctrl-C or SIGTERM, after ending the verify
            processes still running and starting no more.
    """
    import os
    import signal
    import subprocess
    import sys
    import threading
    from concurrent.futures import ThreadPoolExecutor

    live: set[subprocess.Popen] = set()
    lock = threading.Lock()
    stopping = threading.Event()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}

    def one(path) -> tuple[str, bool, str]:
        with lock:
            if stopping.is_set():
                return str(path), False, "not verified: interrupted"
            proc = subprocess.Popen([sys.executable, "-m", "game", "verify", str(path)], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)
            live.add(proc)
        try:
            out, err = proc.communicate()
        finally:
            with lock:
                live.discard(proc)
        lines = (out + err).strip().splitlines()
        return str(path), proc.returncode == 0, (lines[-1] if lines else f"exit status {proc.returncode}")

    def on_term(signum, frame):
        raise KeyboardInterrupt

    in_main = threading.current_thread() is threading.main_thread()
    old = signal.signal(signal.SIGTERM, on_term) if in_main else None
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    try:
        return list(pool.map(one, paths))
    except BaseException:
        # Interrupted (Ctrl-C, SIGTERM): start nothing more, end the verifications running.
        with lock:
            stopping.set()
            for proc in live:
                proc.kill()
        pool.shutdown(cancel_futures=True)
        raise
    finally:
        pool.shutdown()
        if in_main:
            signal.signal(signal.SIGTERM, old)


def verify_sample(n_games: int, k: int, seed: int) -> list[int]:
    """Which of ``n_games`` games a simulation re-verifies: ``k`` indices drawn
    with the run's seed (sorted), or every game when ``k >= n_games``."""
    if k >= n_games:
        return list(range(n_games))
    return sorted(random.Random(f"verify:{seed}").sample(range(n_games), k))


def _orphan_guard(parent: int) -> None:
    """In a simulation worker: end this process when its parent dies (even by
    SIGKILL), so no worker is left sleeping. Linux asks the kernel
    (PR_SET_PDEATHSIG); elsewhere a thread watches the parent's pid."""
    import os
    import signal
    import threading
    import time

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the parent's handler is not for workers
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def run_jobs(fn: Callable, jobs_args: list, jobs: int, on_result: Callable[[object], None], ordered: bool = True) -> None:
    """``fn(args)`` for each of ``jobs_args`` in ``jobs`` worker processes (in
    this process when 1), ``on_result`` called in order. Interrupted (Ctrl-C,
    SIGTERM, an error), it cancels what is pending and ends its workers
    before raising; killed outright, its workers end themselves
    (:func:`_orphan_guard`). With ``ordered`` False, ``on_result`` gets each
    result as soon as it is ready (the lab records games as they end)."""
    import multiprocessing
    import os
    import signal

    if jobs == 1:
        for a in jobs_args:
            on_result(fn(a))
        return

    def on_term(signum, frame):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGTERM, on_term)
    pool = multiprocessing.get_context().Pool(jobs, initializer=_orphan_guard, initargs=(os.getpid(),))
    try:
        for r in (pool.imap if ordered else pool.imap_unordered)(fn, jobs_args):
            on_result(r)
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    else:
        pool.close()
        pool.join()
    finally:
        signal.signal(signal.SIGTERM, old)


def _play_job(args: tuple) -> GameResult:
    scenario_path, seats, seed, replay_path = args
    return play(scenario_path, seats, seed, replay_path)


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score 95% interval for ``k`` successes in ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(results: list[GameResult], sides: list[str], seed: int) -> dict:
    """The simulate summary: games, seed, per-side wins/win_rate/ci95, draws,
    mean_turns and replay paths."""
    n = len(results)
    out_sides = {}
    sides = list(sides) + sorted({r.winner for r in results if r.winner and r.winner not in sides})
    for s in sides:
        k = sum(1 for r in results if r.winner == s)
        lo, hi = wilson(k, n)
        out_sides[s] = {"wins": k, "win_rate": (k / n if n else 0.0), "ci95": [round(lo, 4), round(hi, 4)]}
    return {
        "games": n,
        "seed": seed,
        "sides": out_sides,
        "draws": sum(1 for r in results if r.winner is None),
        "mean_turns": (sum(r.turns for r in results) / n if n else 0.0),
        "replays": [r.replay for r in results if r.replay],
    }


@dataclass
class Resumed:
    """A battle continued from its replay (:func:`resume`)."""

    battle: Battle
    controller: Controller
    writer: ReplayWriter
    record: ReplayRecord
    seats: dict[str, Seat]

    @property
    def cut(self) -> str:
        """Where the replay stopped, in words."""
        n = len(self.record.actions)
        why = "the file was cut off mid-line" if self.record.truncated else "the file ends there"
        return f"after {plural(n, 'action')}, turn {self.battle.state.turn} ({why})" if n else f"before the first action ({why})"


def resume(replay_path: str | Path, seats: dict[str, Seat] | None = None,
           on_step: Callable | None = None, require_ai: bool = False) -> Resumed:
    """Continue the battle of a replay from its last complete action,
    appending to the same file.

    The recorded actions are re-played into a fresh battle, each checked
    against its events digest; the seats are the header's, overridden by
    ``seats``; their agents catch up on the way (:meth:`Controller.catch_up`)
    so the battle goes on exactly as an unbroken one would. With
    ``require_ai`` a human seat is refused (headless play) before anything
    is written.

    Raises:
        FileError: a bad replay, another ruleset version, a finished battle,
            or a record that does not re-play.
        SeatError: a seat naming a side the battle lacks or an unknown agent.
    """
    from game.battle.loading import open_replay
    from game.core.replay import resume_battle
    from game.data.errors import FileError

    rs, rec = open_replay(replay_path)
    h = rec.header
    if rec.end is not None:
        raise FileError(replay_path, "", f"the battle is over ({named_outcome(h.scenario, rec.end.winner, rec.end.reason, past=True)}); "
                                         "there is nothing to resume")
    recorded = {s: Seat(spec.kind, spec.agent or "default", dict(spec.params)) for s, spec in h.seats.items()}
    all_seats = seats_for(rs.sides(h.scenario), {**recorded, **(seats or {})})
    human = next((s for s, seat in all_seats.items() if seat.kind == "human"), None)
    if require_ai and human:
        raise SeatError(f"side {human} is seated human in the replay; headless play needs --seat {human}=ai:NAME")
    battle = Battle(rs, h.scenario, h.map, h.seed)
    ctl = Controller(battle, all_seats, on_step=on_step)
    resume_battle(rec, rs, lambda b, a: ctl.catch_up(a), battle=battle)
    writer = ReplayWriter.append(rec, battle)
    return Resumed(battle, ctl, writer, rec, all_seats)


def play_resumed(replay_path: str | Path, seats: dict[str, Seat] | None = None, log: Callable[[str], None] | None = None,
                 max_actions: int = MAX_ACTIONS) -> tuple[GameResult, str]:
    """:func:`resume` a replay and play it to the end with AI seats, headless.
    Returns the result and where the replay had stopped (:attr:`Resumed.cut`).

    Raises:
        FileError, SeatError: as :func:`resume`.
        RuntimeError: a human seat, or the battle exceeds ``max_actions``.
    """
    holder: dict = {}

    def on_step(action, result) -> None:
        b = holder.get("battle")
        if log and b is not None:
            holder["turn"] = _log_step(b, action, result, log, holder.get("turn", b.state.turn))

    r = resume(replay_path, seats, on_step, require_ai=True)
    holder["battle"], holder["turn"] = r.battle, r.battle.state.turn
    cut = r.cut
    if log:
        log(f"Resumed {replay_path} {cut}.")
    try:
        r.controller.advance(max_actions=max_actions - len(r.battle.history))
        if not r.battle.over:
            raise RuntimeError(f"battle did not end within {max_actions} actions")
    finally:
        r.writer.close()
    s = r.battle.state
    return GameResult(r.battle.seed, s.winner, s.end_reason, s.turn, len(r.battle.history), str(replay_path)), cut
