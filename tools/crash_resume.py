"""Crash and resume: kill ``battletable play --headless`` with SIGKILL at
random moments and check that every replay loads, says where it was cut,
verifies up to there, and that ``play --resume`` finishes the battle with the
same result (the same actions, events and end line) as an uninterrupted run
from the same seed.

A "moment" is a replay size drawn (seeded) between the header and the full
uninterrupted file: the process is killed as soon as its replay reaches it,
and every second replay then has its last line torn as a power cut would
leave it (a SIGKILL itself lands between lines: each line is one write).

Usage: python tools/crash_resume.py [--kills 10] [--seed 1] [--json]
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import typer  # noqa: E402

#: one bundled scenario per ruleset (short battles, both with dice every turn)
SCENARIOS = {
    "battlespace": ROOT / "maps" / "battlespace" / "mission1.scenario.json",
    "spacefleet": ROOT / "maps" / "spacefleet" / "deep_space.scenario.json",
    "battlesystem": ROOT / "maps" / "battlesystem" / "crossroads.scenario.json",
    "foxhole": ROOT / "maps" / "foxhole" / "patrol.scenario.json",
    "ww2_skirmish": ROOT / "maps" / "ww2_skirmish" / "overtake.scenario.json",
}


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=cwd or ROOT,
                          env=env, timeout=600)


def uninterrupted(scenario: Path, seed: int, out: Path) -> Path:
    """Play ``scenario`` to its end with ``seed``; return the replay."""
    r = _cli("play", str(scenario), "--headless", "--quiet", "--seed", str(seed), "--replay", str(out))
    if r.returncode != 0:
        raise RuntimeError(r.stderr)
    return out


def kill_at(scenario: Path, seed: int, out: Path, size: int, timeout: float = 300.0) -> bool:
    """Start a headless battle and SIGKILL it once its replay holds ``size``
    bytes. False when the battle ended first."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    p = subprocess.Popen([sys.executable, "-m", "game", "play", str(scenario), "--headless", "--quiet", "--seed", str(seed),
                          "--replay", str(out)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    start = time.monotonic()
    try:
        while p.poll() is None:
            try:
                if out.stat().st_size >= size:
                    p.send_signal(signal.SIGKILL)
                    p.wait()
                    return True
            except FileNotFoundError:
                pass
            if time.monotonic() - start > timeout:
                p.kill()
                raise RuntimeError(f"{scenario.name}: no kill within {timeout:g} s")
            time.sleep(0.002)
        return False
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()


def body(path: Path) -> list[dict]:
    """Every line after the header, decoded (what two runs must share)."""
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()[1:]]


def tear_last_line(path: Path, rng: random.Random) -> int:
    """Cut the file inside its last line, as a write torn by a power cut
    would leave it (a SIGKILL lands between whole lines: each line is one
    write). Returns the bytes removed."""
    data = path.read_bytes()
    start = data.rstrip(b"\n").rfind(b"\n") + 1
    if start <= 0 or len(data) - start < 3:
        return 0
    keep = rng.randint(start + 1, len(data) - 2)
    path.write_bytes(data[:keep])
    return len(data) - keep


def check_one(scenario: Path, seed: int, size: int, full: Path, work: Path, tear: random.Random | None = None) -> dict:
    """One kill at ``size`` bytes (and, with ``tear``, its last line torn),
    then load, verify and resume in-process.

    Returns a dict: ``killed``, ``cut`` (where it was cut), ``loaded`` actions,
    ``verified`` (bool), ``resumed_same`` (bool: the resumed file's lines after
    the header equal the uninterrupted run's).
    """
    from game.battle.loading import open_replay
    from game.battle.runner import play_resumed
    from game.core.replay import verify

    out = work / f"cut-{size}.replay.jsonl"
    if not kill_at(scenario, seed, out, size):
        return {"killed": False, "size": size}
    if tear is not None:
        tear_last_line(out, tear)
    rs, rec = open_replay(out)
    v = verify(rec, rs)
    if rec.end is not None:  # the kill came after the last line: nothing to resume
        return {"killed": True, "size": size, "torn": False, "loaded": len(rec.actions), "cut": "after the end line",
                "verified": v.ok and not v.unfinished, "verdict": v.reason, "resumed_same": body(out) == body(full)}
    res, cut = play_resumed(out, log=None)
    return {"killed": True, "size": size, "torn": rec.truncated is not None, "loaded": len(rec.actions),
            "cut": cut, "verified": v.ok and v.unfinished, "verdict": v.reason,
            "resumed_same": body(out) == body(full), "winner": res.winner, "turns": res.turns}


def campaign(kills: int, seed: int, rulesets: list[str] | None = None) -> dict[str, list[dict]]:
    """``kills`` random kills per ruleset; the results by ruleset."""
    rng = random.Random(f"crash:{seed}")
    results: dict[str, list[dict]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for rid, scenario in SCENARIOS.items():
            if rulesets and rid not in rulesets:
                continue
            full = uninterrupted(scenario, seed, work / f"{rid}-full.replay.jsonl")
            header = len(full.read_bytes().split(b"\n", 1)[0]) + 1
            total = full.stat().st_size
            sizes = sorted(rng.randint(header + 1, total - 1) for _ in range(kills))
            results[rid] = [check_one(scenario, seed, s, full, work, rng if k % 2 else None) for k, s in enumerate(sizes)]
    return results


def main(kills: int = typer.Option(10, "--kills", min=1, help="kills per ruleset"),
         seed: int = typer.Option(1, "--seed", help="battle seed and the seed of the kill moments"),
         as_json: bool = typer.Option(False, "--json", help="one JSON object")) -> None:
    """Kill, load, verify, resume; print one line per kill and a summary."""
    res = campaign(kills, seed)
    if as_json:
        typer.echo(json.dumps(res, sort_keys=True))
    else:
        for rid, rows in res.items():
            for r in rows:
                if not r["killed"]:
                    typer.echo(f"{rid}: at {r['size']} bytes: the battle ended first")
                    continue
                typer.echo(f"{rid}: killed at {r['size']} bytes, {'last line torn' if r['torn'] else 'between lines'}; "
                           f"{r['loaded']} actions loaded, cut {r['cut']}; verified: {r['verified']}; "
                           f"resumed to the same battle: {r['resumed_same']}")
        for rid, rows in res.items():
            k = [r for r in rows if r["killed"]]
            typer.echo(f"{rid}: {len(k)} kills, {sum(r['torn'] for r in k)} with a torn last line, "
                       f"{sum(r['verified'] for r in k)} verified, {sum(r['resumed_same'] for r in k)} resumed identically")
    bad = [r for rows in res.values() for r in rows if r["killed"] and not (r["verified"] and r["resumed_same"])]
    raise typer.Exit(1 if bad else 0)


if __name__ == "__main__":
    typer.run(main)
