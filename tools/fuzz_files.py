"""A seeded fuzzer of every file Battletable reads, run through the CLI.

Base files (maps, scenarios, replays, saves, settings, Tiled and GeoJSON
exports) are mutated - truncation, byte flips, type swaps, duplicate and
missing keys, NaN and infinities, huge and negative numbers, deep nesting,
non-UTF-8 bytes and lone surrogates, path traversal, special files (FIFOs,
devices, symlink loops, folders), sizes past the limits - and each case goes
through the commands that read that kind of file. Every run must end with
exit status 0 for a valid file, or 2 with one line on stderr (``verify`` may
also say 1 with one line: the replay diverges); never exit 1 with a
traceback hint, a hang past the timeout or a blow-up past the memory limit;
and anything ``validate`` accepts, ``play`` and ``simulate`` run.

The test suite runs a sample in-process (tests/data/test_file_fuzz.py); this
tool runs the full campaign in fresh processes under resource limits and
prints the counts per file type and outcome.

Usage: python tools/fuzz_files.py [--cases 1000] [--seed 1] [--jobs 2] [--timeout 30] [--memory-mib 2048] [--json]
"""

from __future__ import annotations

import copy
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import typer  # noqa: E402

TOY_ENTRY = "tests.rulesets.toy:RULESET"
if TOY_ENTRY not in os.environ.get("BATTLETABLE_RULESETS", ""):  # the test ruleset: fast battles
    os.environ["BATTLETABLE_RULESETS"] = ",".join(filter(None, [os.environ.get("BATTLETABLE_RULESETS", ""), TOY_ENTRY]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.data import limits  # noqa: E402

TOY = TOY_ENTRY
KINDS = ("map", "scenario", "replay", "save", "settings", "tiled", "geojson")
SUFFIX = {"map": ".map.json", "scenario": ".scenario.json", "replay": ".replay.jsonl", "save": ".save.json",
          "settings": "settings.json", "tiled": ".tmj", "geojson": ".geojson"}
#: outcomes that are failures
BAD = ("crash", "hang", "memory", "messy", "unrunnable")


@dataclass
class Case:
    """One fuzz case: a mutated file in its own folder."""

    index: int
    kind: str
    mutation: str
    base: str
    folder: Path
    path: Path
    #: for a map: the scenario (in the same folder) that plays it
    scenario: Path | None = None
    results: list[tuple[str, str, str]] = field(default_factory=list)  #: (command, outcome, detail)


# -- the base files -------------------------------------------------------------------------------

def toy_env() -> dict[str, str]:
    """The environment that registers the test ruleset (fast battles)."""
    extra = [e for e in os.environ.get("BATTLETABLE_RULESETS", "").split(",") if e and e != TOY]
    return {"BATTLETABLE_RULESETS": ",".join(extra + [TOY]),
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])),
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def build_corpus(work: Path, real: bool = True) -> dict[str, list[tuple[str, Path, Path | None]]]:
    """Valid base files by kind: (name, file, its scenario for a map). The toy
    duel always; with ``real`` also a bundled battle of each ruleset."""
    from game.battle.runner import play
    from game.data.io import dumps
    from game.data.save import SaveFile
    from game.core.replay import read_replay
    from game.editor.exchange import export_map
    from game.ui.settings import Settings

    base = work / "base"
    base.mkdir(parents=True, exist_ok=True)
    sources = [("duel", ROOT / "tests/rulesets/toy/duel.scenario.json")]
    if real:
        sources += [("mission1", ROOT / "maps/battlespace/mission1.scenario.json"),
                    ("deep_space", ROOT / "maps/spacefleet/deep_space.scenario.json")]
    out: dict[str, list] = {k: [] for k in KINDS}
    for name, scen in sources:
        sc = json.loads(scen.read_text())
        mp = base / f"{name}.map.json"
        shutil.copy(scen.parent / sc["map"], mp)
        sc["map"] = mp.name
        if name != "duel":
            sc["turn_limit"] = 2  # short battles keep the campaign quick
        sp = base / f"{name}.scenario.json"
        sp.write_text(json.dumps(sc, indent=1))
        out["map"].append((name, mp, sp))
        out["scenario"].append((name, sp, None))
        rp = base / f"{name}.replay.jsonl"
        play(sp, {}, 5, rp)
        lines = rp.read_text().splitlines(keepends=True)
        if len(lines) > 40:  # a shorter, unfinished replay keeps the campaign quick
            rp.write_text("".join(lines[:40]))
        out["replay"].append((name, rp, None))
        rec = read_replay(rp)
        sv = SaveFile(format_version=1, ruleset=rec.header.ruleset, ruleset_version=rec.header.ruleset_version,
                      scenario=rec.header.scenario, map=rec.header.map, seed=rec.header.seed, seats=rec.header.seats,
                      actions=[a.action for a in rec.actions[:15]])
        svp = base / f"{name}.save.json"
        svp.write_text(dumps(sv))
        out["save"].append((name, svp, None))
        for fmt, kind, suffix in (("tiled", "tiled", ".tmj"), ("geojson", "geojson", ".geojson")):
            ep = base / f"{name}{suffix}"
            export_map(mp, fmt, ep)
            out[kind].append((name, ep, None))
    st = base / "settings.json"
    st.write_text(json.dumps(Settings().model_dump(mode="json"), indent=1))
    out["settings"].append(("default", st, None))
    return out


# -- mutations ---------------------------------------------------------------------------------------

def _nodes(data: Any, path=()) -> list[tuple[tuple, Any]]:
    """Every (path, value) in a JSON tree, the root first."""
    out, stack = [], [(path, data)]
    while stack:
        p, v = stack.pop()
        out.append((p, v))
        if isinstance(v, dict):
            stack.extend((p + (k,), x) for k, x in v.items())
        elif isinstance(v, list):
            stack.extend((p + (i,), x) for i, x in enumerate(v))
    return out


def _set(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    cur = data
    for k in path[:-1]:
        cur = cur[k]
    cur[path[-1]] = value
    return data


def _pick(rng: random.Random, data: Any, want: Callable[[Any], bool]) -> tuple | None:
    cands = [p for p, v in _nodes(data) if p and want(v)]
    return rng.choice(cands) if cands else None


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


MARK = "\u0001FUZZ\u0001"  #: a string placeholder replaced in the text by a raw JSON token


def _with_token(rng: random.Random, data: Any, token: str, want: Callable[[Any], bool] = _is_num) -> str:
    """``data`` as JSON with one value (a number by default) replaced by the
    raw ``token`` text (NaN, 1e999, a 5000-digit integer, deep nesting...)."""
    d = copy.deepcopy(data)
    p = _pick(rng, d, want) or _pick(rng, d, lambda v: True)
    if p is None:
        return token
    _set(d, p, MARK)
    return json.dumps(d).replace(json.dumps(MARK), token, 1)


def _other_type(rng: random.Random, v: Any) -> Any:
    choices = [None, True, 0, -1, 3.5, "", "x", [], [1, 2], {}, {"a": 1}]
    return rng.choice([c for c in choices if type(c) is not type(v)])


def _dup_key(rng: random.Random, data: Any) -> str:
    """JSON text where one object has a key twice (the second value wins)."""
    d = copy.deepcopy(data)
    p = _pick(rng, d, lambda v: isinstance(v, dict) and v) if isinstance(d, dict) else None
    target = d if p is None or not isinstance(d, dict) else None
    if p is not None:
        cur = d
        for k in p:
            cur = cur[k]
        target = cur
    if not isinstance(target, dict) or not target:
        return json.dumps(d)
    key = rng.choice(list(target))
    marker = "\u0002DUP\u0002"
    target[marker] = None
    text = json.dumps(d)
    return text.replace(f"{json.dumps(marker)}: null", f"{json.dumps(key)}: {json.dumps(_other_type(rng, target[key]))}", 1)


def _deep(n: int) -> str:
    return "[" * n + "]" * n


#: mutations of JSON data: name -> f(rng, data) -> text or bytes
JSON_MUTATIONS: dict[str, Callable[[random.Random, Any], str | bytes]] = {
    "type_swap": lambda rng, d: json.dumps(_swap(rng, copy.deepcopy(d))),
    "missing_key": lambda rng, d: json.dumps(_drop(rng, copy.deepcopy(d))),
    "duplicate_key": _dup_key,
    "nan": lambda rng, d: _with_token(rng, d, rng.choice(["NaN", "Infinity", "-Infinity"])),
    "huge_float": lambda rng, d: _with_token(rng, d, rng.choice(["1e308", "-1e308", "1e999", "1.7976931348623157e308"])),
    "huge_int": lambda rng, d: _with_token(rng, d, rng.choice(["9" * 5000, "-" + "9" * 400, str(2 ** 64), str(10 ** 20)])),
    "negative": lambda rng, d: _with_token(rng, d, rng.choice(["-1", "-0.0", "-1000000", "-1e-320"])),
    "deep_nesting": lambda rng, d: _with_token(rng, d, _deep(rng.choice([40, 990, 5000, 100000])), lambda v: True),
    "lone_surrogate": lambda rng, d: _with_token(rng, d, rng.choice(['"\\ud800"', '"a\\udfffb"', '"\\ud83d"']),
                                                  lambda v: isinstance(v, str)),
    "long_string": lambda rng, d: _with_token(rng, d, json.dumps("x" * 200_000), lambda v: isinstance(v, str)),
    "many_items": lambda rng, d: json.dumps(_grow(rng, copy.deepcopy(d))),
}


def _swap(rng: random.Random, d: Any) -> Any:
    p = _pick(rng, d, lambda v: True)
    if p is None:
        return _other_type(rng, d)
    cur = d
    for k in p[:-1]:
        cur = cur[k]
    cur[p[-1]] = _other_type(rng, cur[p[-1]])
    return d


def _drop(rng: random.Random, d: Any) -> Any:
    p = _pick(rng, d, lambda v: True)
    if p is None:
        return d
    cur = d
    for k in p[:-1]:
        cur = cur[k]
    if isinstance(cur, dict):
        del cur[p[-1]]
    elif isinstance(cur, list):
        cur.pop(p[-1])
    return d


def _grow(rng: random.Random, d: Any) -> Any:
    """A list repeated past every count limit (features, vertices, units...)."""
    p = _pick(rng, d, lambda v: isinstance(v, list) and v)
    if p is None:
        return d
    cur = d
    for k in p:
        cur = cur[k]
    n = rng.choice([300, 2000, 20000])
    items = (cur * (n // len(cur) + 1))[:n]
    return _set(d, p, copy.deepcopy(items) if len(json.dumps(items)) < 4_000_000 else items)


def _text_mutation(rng: random.Random, raw: bytes, name: str) -> bytes:
    if name == "truncate":
        return raw[:rng.randrange(0, max(1, len(raw)))]
    if name == "byte_flip":
        b = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
        return bytes(b)
    if name == "non_utf8":
        i = rng.randrange(len(raw))
        return raw[:i] + rng.choice([b"\xff\xfe", b"\xc3(", b"\xed\xa0\x80", b"\x80"]) + raw[i:]
    if name == "empty":
        return b""
    raise KeyError(name)


TEXT_MUTATIONS = ("truncate", "byte_flip", "non_utf8", "empty", "oversize")
SPECIAL = ("fifo", "dev_zero", "symlink_loop", "folder", "dangling")
#: what a scenario's map reference is turned into
REFERENCES = ("../../../../../../etc/passwd", "/etc/passwd", "/dev/zero", "../" * 12 + "dev/zero", "map\u0000.json",
              "loop.map.json", "fifo.map.json", "folder.map.json", "zero.map.json", "", "outside/../../x.map.json")


def _special(path: Path, what: str) -> None:
    """Make ``path`` a special file."""
    if what == "fifo":
        os.mkfifo(path)
    elif what == "dev_zero":
        os.symlink("/dev/zero", path)
    elif what == "symlink_loop":
        os.symlink(path.name, path)
    elif what == "folder":
        path.mkdir()
    elif what == "dangling":
        os.symlink(path.parent / "nowhere", path)


def _replay_mutation(rng: random.Random, raw: bytes) -> tuple[str, bytes]:
    """A mutation of one line of a replay (the header or an action)."""
    lines = raw.decode().splitlines()
    i = rng.choice([0] + [k for k in range(1, len(lines))])
    name = rng.choice(sorted(JSON_MUTATIONS) + ["action_overflow", "swap_lines", "duplicate_line", "drop_line"])
    if name == "action_overflow":
        k = rng.randrange(1, len(lines)) if len(lines) > 1 else 0
        obj = json.loads(lines[k])
        if obj.get("line") == "action":
            text = _with_token(rng, obj["action"], rng.choice(["1e308", "Infinity", "-1e308", "NaN"]))
            lines[k] = json.dumps(obj).replace(json.dumps(obj["action"]), text) if text.startswith("{") else lines[k]
    elif name == "swap_lines" and len(lines) > 3:
        a, b = rng.sample(range(1, len(lines)), 2)
        lines[a], lines[b] = lines[b], lines[a]
    elif name == "duplicate_line" and len(lines) > 2:
        lines.insert(i + 1, lines[i])
    elif name == "drop_line" and len(lines) > 2:
        lines.pop(max(1, i))
    elif name in JSON_MUTATIONS:
        out = JSON_MUTATIONS[name](rng, json.loads(lines[i]))
        lines[i] = out if isinstance(out, str) else out.decode("utf-8", "replace")
        name = f"line{'0' if i == 0 else 'N'}_{name}"
    return name, ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")


#: how often each file kind is drawn (settings least: each costs a pygame start)
WEIGHTS = {"map": 20, "scenario": 22, "replay": 20, "save": 12, "settings": 4, "tiled": 11, "geojson": 11}


def make_cases(seed: int, n: int, work: Path, corpus: dict, weights: dict[str, int] = WEIGHTS) -> list[Case]:
    """``n`` seeded cases, spread over the file kinds by ``weights``."""
    rng = random.Random(f"fuzz:{seed}")
    kinds = [k for k in weights for _ in range(weights[k]) if corpus.get(k)]
    cases = []
    for i in range(n):
        kind = rng.choice(kinds)
        name, src, scen = rng.choice(corpus[kind])
        folder = work / f"case{i:05d}"
        folder.mkdir(parents=True, exist_ok=True)
        dest = folder / (SUFFIX[kind] if kind == "settings" else f"{name}{SUFFIX[kind]}")
        raw = src.read_bytes()
        r = rng.random()
        if kind == "scenario" and r < 0.12:
            mutation = "reference"
            sc = json.loads(raw)
            sc["map"] = rng.choice(REFERENCES)
            _reference_targets(folder)
            shutil.copy(src.parent / json.loads(raw)["map"], folder / json.loads(raw)["map"])
            dest.write_text(json.dumps(sc))
        elif r < 0.18:
            mutation = rng.choice(SPECIAL)
            _special(dest, mutation)
        elif r < 0.40:
            mutation = rng.choice(TEXT_MUTATIONS)
            if mutation == "oversize":  # a sparse file one byte past its size limit
                dest.write_bytes(raw)
                os.truncate(dest, (limits.MAX_REPLAY_BYTES if kind == "replay" else limits.MAX_JSON_BYTES) + 1)
            else:
                dest.write_bytes(_text_mutation(rng, raw, mutation))
        elif kind == "replay":
            mutation, data = _replay_mutation(rng, raw)
            dest.write_bytes(data)
        else:
            mutation = rng.choice(sorted(JSON_MUTATIONS))
            out = JSON_MUTATIONS[mutation](rng, json.loads(raw))
            dest.write_bytes(out.encode("utf-8", "surrogatepass") if isinstance(out, str) else out)
        case = Case(i, kind, mutation, name, folder, dest)
        if kind == "map" and scen is not None:
            sc = json.loads(scen.read_text())
            sc["map"] = dest.name
            case.scenario = folder / f"play-{name}.scenario.json"
            case.scenario.write_text(json.dumps(sc))
        if kind == "scenario" and mutation != "reference" and not (folder / json.loads(src.read_text())["map"]).exists():
            shutil.copy(src.parent / json.loads(src.read_text())["map"], folder / json.loads(src.read_text())["map"])
        cases.append(case)
    return cases


def _reference_targets(folder: Path) -> None:
    """The special files a scenario's map reference may be pointed at."""
    os.symlink("loop.map.json", folder / "loop.map.json")
    os.mkfifo(folder / "fifo.map.json")
    (folder / "folder.map.json").mkdir()
    os.symlink("/dev/zero", folder / "zero.map.json")


# -- running -----------------------------------------------------------------------------------------

def plan(case: Case) -> list[list[str]]:
    """The first commands of a case (more follow when validate accepts)."""
    f = str(case.path)
    out = case.folder / "out"
    if case.kind in ("map", "scenario", "save"):
        return [["validate", f]]
    if case.kind == "replay":
        return [["validate", f], ["replay", f, "--headless"], ["verify", f]]
    if case.kind in ("tiled", "geojson"):
        return [["import", f, "--out", str(out / "imported.map.json"), "--force"]]
    return [["edit", "--screenshot", str(out / "shot.png")]]


def follow_ups(case: Case, cmd: list[str], outcome: str) -> list[list[str]]:
    """What to run after ``cmd`` ended with ``outcome``: a file validate
    accepts is played and simulated; an unfinished replay is resumed."""
    out = case.folder / "out"
    if outcome != "ok":
        return []
    scen = None
    if cmd[0] == "validate" and case.kind == "scenario":
        scen = case.path
    elif cmd[0] == "validate" and case.kind == "map" and case.scenario is not None and cmd[1] == str(case.scenario):
        scen = case.scenario
    elif cmd[0] == "validate" and case.kind == "map" and case.scenario is not None:
        return [["validate", str(case.scenario)]]
    elif cmd[0] == "import":
        return [["validate", str(out / "imported.map.json")]]
    elif cmd[0] == "verify" and case.kind == "replay":
        copy_ = out / "resume.replay.jsonl"
        out.mkdir(parents=True, exist_ok=True)
        shutil.copy(case.path, copy_)
        return [["play", "--resume", str(copy_), "--headless", "--quiet"]]
    if scen is None:
        return []
    return [["play", str(scen), "--headless", "--quiet", "--replay", str(out / "p.replay.jsonl"), "--force"],
            ["simulate", str(scen), "--games", "1", "--verify-sample", "0", "--out", str(out / "sim"), "--force", "--json"]]


def classify(cmd: list[str], rc: int | None, stderr: str, accepted_before: bool) -> str:
    """The outcome of one run: ok, refused, diverges, crash, hang, memory,
    messy (exit 2 but not one line) or unrunnable (validate accepted it but
    play or simulate did not run; resuming a finished replay is refused, rightly)."""
    lines = [x for x in stderr.splitlines() if x.strip()]
    if rc is None:
        return "hang"
    if "MemoryError" in stderr or rc in (-9, 137) or "Cannot allocate memory" in stderr or "bad_alloc" in stderr:
        return "memory"
    if "Traceback" in stderr or "BATTLETABLE_DEBUG" in stderr:
        return "crash"
    if rc == 0:
        return "ok"
    one = len(lines) == 1 and lines[0].startswith("error: ")
    if accepted_before and cmd[0] in ("play", "simulate"):
        return "unrunnable"
    if rc == 2:
        return "refused" if one else "messy"
    if rc == 1 and cmd[0] in ("verify", "validate") and one:
        return "diverges"
    if rc == 1 and cmd[0] == "replay":
        return "crash"
    return "crash"


def _limits(mem_bytes: int, cpu_s: int):
    def apply() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (mem_bytes, mem_bytes))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 5))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        os.setsid()
    return apply


def run_subprocess(case: Case, timeout: float, mem_bytes: int) -> Case:
    """Run a case's commands in fresh processes under the resource limits."""
    env = {**os.environ, **toy_env(), "BATTLETABLE_CONFIG_DIR": str(case.folder)}
    env.pop("BATTLETABLE_DEBUG", None)
    (case.folder / "out").mkdir(exist_ok=True)
    queue = plan(case)
    accepted = False
    while queue:
        cmd = queue.pop(0)
        t = time.monotonic()
        p = subprocess.Popen([sys.executable, "-m", "game", *cmd], cwd=case.folder, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, preexec_fn=_limits(mem_bytes, int(timeout) + 5))
        try:
            _, err = p.communicate(timeout=timeout)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, 9)
            p.communicate()
            rc, err = None, b""
        text = err.decode("utf-8", "replace")
        outcome = classify(cmd, rc, text, accepted and cmd[0] in ("play", "simulate") and "--resume" not in cmd)
        case.results.append((cmd[0], outcome, f"{time.monotonic() - t:.1f}s {text.strip()[:300]}"))
        if cmd[0] == "validate" and outcome == "ok":
            accepted = True
        queue.extend(follow_ups(case, cmd, outcome))
    return case


class Hang(BaseException):
    """A command ran past its time in-process (not an Exception: the CLI's
    catch-all must not turn it into an error line)."""


def run_inprocess(case: Case, call: Callable[[list[str]], tuple[int | None, str]]) -> Case:
    """Run a case's commands in this process: ``call(argv)`` returns the
    exit status (None for a hang) and stderr (the test suite's sample)."""
    (case.folder / "out").mkdir(exist_ok=True)
    queue = plan(case)
    accepted = False
    while queue:
        cmd = queue.pop(0)
        rc, err = call(cmd)
        outcome = classify(cmd, rc, err, accepted and cmd[0] in ("play", "simulate") and "--resume" not in cmd)
        case.results.append((cmd[0], outcome, err.strip()[:300]))
        if cmd[0] == "validate" and outcome == "ok":
            accepted = True
        queue.extend(follow_ups(case, cmd, outcome))
    return case


def _run_one(args) -> Case:
    case, timeout, mem = args
    return run_subprocess(case, timeout, mem)


def summarise(cases: list[Case]) -> dict:
    """Counts per file kind and outcome (each run), cases, and the failures."""
    per = {k: Counter() for k in KINDS}
    for c in cases:
        for _, outcome, _ in c.results:
            per[c.kind][outcome] += 1
    fails = [{"case": c.index, "kind": c.kind, "mutation": c.mutation, "command": cmd, "outcome": o, "detail": d}
             for c in cases for cmd, o, d in c.results if o in BAD]
    return {"cases": len(cases), "runs": sum(len(c.results) for c in cases),
            "cases_per_kind": dict(Counter(c.kind for c in cases)),
            "outcomes": {k: dict(v) for k, v in per.items() if v}, "failures": fails}


def main(cases: int = typer.Option(1000, "--cases", min=1, help="fuzz cases"),
         seed: int = typer.Option(1, "--seed", help="seed of the mutations"),
         jobs: int = typer.Option(2, "--jobs", min=1, help="cases run at once"),
         timeout: float = typer.Option(30.0, "--timeout", help="seconds one command may take"),
         memory_mib: int = typer.Option(2048, "--memory-mib", help="address-space limit of one command, MiB"),
         real: bool = typer.Option(True, "--real/--toy-only", help="also fuzz the bundled rulesets' files"),
         keep: Optional[Path] = typer.Option(None, "--keep", help="keep the cases in this folder"),
         log: Optional[Path] = typer.Option(None, "--log", help="append each finished case to this JSONL file"),
         as_json: bool = typer.Option(False, "--json", help="one JSON object")) -> None:
    """Run the campaign; print counts per file type and outcome; exit 1 on any failure."""
    from concurrent.futures import ThreadPoolExecutor

    work = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="bt-fuzz-"))
    try:
        corpus = build_corpus(work, real)
        todo = make_cases(seed, cases, work, corpus)
        started = time.monotonic()
        done = []
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for c in pool.map(_run_one, [(c, timeout, memory_mib * 1024 * 1024) for c in todo]):
                done.append(c)
                if log:
                    with open(log, "a", encoding="utf-8") as f:
                        f.write(json.dumps({"case": c.index, "kind": c.kind, "mutation": c.mutation,
                                            "results": c.results}) + "\n")
        summary = summarise(done)
        summary["seconds"] = round(time.monotonic() - started, 1)
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
    if as_json:
        typer.echo(json.dumps(summary, sort_keys=True))
    else:
        typer.echo(f"{summary['cases']} cases, {summary['runs']} runs in {summary['seconds']} s")
        outcomes = sorted({o for v in summary["outcomes"].values() for o in v})
        typer.echo(f"{'file type':10} {'cases':>6} " + " ".join(f"{o:>10}" for o in outcomes))
        for k, v in summary["outcomes"].items():
            typer.echo(f"{k:10} {summary['cases_per_kind'].get(k, 0):>6} " + " ".join(f"{v.get(o, 0):>10}" for o in outcomes))
        for f in summary["failures"][:40]:
            typer.echo(f"FAIL case {f['case']} {f['kind']}/{f['mutation']} {f['command']}: {f['outcome']}: {f['detail']}")
    raise typer.Exit(1 if summary["failures"] else 0)


if __name__ == "__main__":
    typer.run(main)
