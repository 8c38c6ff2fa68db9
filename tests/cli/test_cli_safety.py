"""The command line never loses a user's file, and every bad option, argument
or command is one line on stderr with exit status 2 (no usage box)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

DUEL = str(ROOT / "tests/rulesets/toy/duel.scenario.json")
COMMANDS = "play, simulate, lab, ladder, replay, verify, edit, import, export, generate, validate, army, campaign"


def run(*args: str, cwd: Path = ROOT, **env: str) -> subprocess.CompletedProcess:
    """``battletable ARGS`` in a subprocess (extra environment variables as keywords)."""
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env={**os.environ, **env})


def one_error(r: subprocess.CompletedProcess, line: str, code: int = 2) -> None:
    """``r`` failed with ``code`` and exactly ``error: LINE`` on stderr."""
    assert r.returncode == code, (r.returncode, r.stderr)
    assert r.stderr == f"error: {line}\n", r.stderr
    assert "Traceback" not in r.stdout + r.stderr


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


# --- 1. play --replay never replaces a file without --force -----------------

def test_play__existing_replay_is_refused_and_left_as_it_was(tmp_path):
    keep = tmp_path / "keep.replay.jsonl"
    assert run("play", DUEL, "--headless", "--seed", "3", "--quiet", "--replay", str(keep)).returncode == 0
    before = keep.read_bytes()
    r = run("play", DUEL, "--headless", "--seed", "4", "--quiet", "--replay", str(keep))
    one_error(r, f"--replay: {keep}: already exists (use --force to replace it)")
    assert r.stdout == ""
    assert keep.read_bytes() == before


def test_play__a_replay_in_a_missing_folder_is_refused_and_no_folder_made(tmp_path):
    """A mistyped --replay path (/nonexistent/dir/...) creates no folders."""
    gone = tmp_path / "no" / "such" / "x.replay.jsonl"
    r = run("play", DUEL, "--headless", "--seed", "3", "--quiet", "--replay", str(gone))
    one_error(r, f"--replay: {gone}: there is no folder '{gone.parent}' to write it in (no command creates one)")
    assert r.stdout == "" and not (tmp_path / "no").exists()


def test_play__force_replaces_the_replay(tmp_path):
    keep = tmp_path / "keep.replay.jsonl"
    keep.write_text("an old replay\n")
    r = run("play", DUEL, "--headless", "--seed", "4", "--quiet", "--force", "--replay", str(keep))
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1] == f"Replay saved to {keep}"
    assert json.loads(keep.read_text().splitlines()[0])["seed"] == 4
    assert run("verify", str(keep)).returncode == 0


def test_play__refused_replay_is_checked_before_the_battle(tmp_path):
    """The refusal comes before any battle log is printed."""
    keep = tmp_path / "keep.replay.jsonl"
    keep.write_text("precious\n")
    r = run("play", DUEL, "--headless", "--replay", str(keep))
    assert r.returncode == 2 and r.stdout == "" and keep.read_text() == "precious\n"


# --- 2. simulate --out never writes over replays without --force ------------

def test_simulate__out_folder_with_replays_is_refused_and_left_as_it_was(tmp_path):
    out = tmp_path / "simout"
    assert run("simulate", DUEL, "--games", "2", "--out", str(out), "--json").returncode == 0
    before = snapshot(out)
    assert sorted(before) == ["game0000.replay.jsonl", "game0001.replay.jsonl"]
    r = run("simulate", DUEL, "--games", "2", "--seed", "5", "--out", str(out))
    one_error(r, f"--out: {out}: already holds 2 replays (use --force to write over them)")
    assert snapshot(out) == before


def test_simulate__force_writes_over_the_replays(tmp_path):
    from game.battle.runner import game_seed

    out = tmp_path / "simout"
    assert run("simulate", DUEL, "--games", "2", "--out", str(out), "--json").returncode == 0
    before = snapshot(out)
    r = run("simulate", DUEL, "--games", "2", "--seed", "5", "--out", str(out), "--force", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["seed"] == 5
    after = snapshot(out)
    assert sorted(after) == sorted(before) and after != before
    assert json.loads(after["game0000.replay.jsonl"].splitlines()[0])["seed"] == game_seed(5, 0)


def test_simulate__out_folder_without_replays_is_used(tmp_path):
    out = tmp_path / "notes"
    out.mkdir()
    (out / "readme.txt").write_text("mine")
    r = run("simulate", DUEL, "--games", "1", "--out", str(out), "--json")
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in out.iterdir()) == ["game0000.replay.jsonl", "readme.txt"]
    assert (out / "readme.txt").read_text() == "mine"


def test_simulate__out_must_be_a_folder(tmp_path):
    target = tmp_path / "some.map.json"
    target.write_text("precious")
    one_error(run("simulate", DUEL, "--games", "1", "--out", str(target)),
              f"--out: {target}: is a file; --out must be a folder (it gets one replay per game)")
    assert target.read_text() == "precious"
    new = tmp_path / "new.map.json"
    one_error(run("simulate", DUEL, "--games", "1", "--out", str(new)),
              f"--out: {new}: --out must be a folder (it gets one replay per game), not a file name")
    assert not new.exists()


def test_simulate__default_folder_never_mixes_runs(tmp_path):
    for _ in range(2):
        r = run("simulate", DUEL, "--games", "1", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in (tmp_path / "replays").iterdir()) == ["sim-duel-seed1", "sim-duel-seed1-2"]
    assert r.stdout.splitlines()[-2:] == ["mean turns 8.00; replays in replays/sim-duel-seed1-2",
                                          "1 replay re-verified in fresh processes: all match"]


# --- 3. usage errors: one line, exit 2 --------------------------------------

@pytest.mark.parametrize("args, line", [
    (["simulate", DUEL, "--games", "-3"], "--games: must be 1 or more (got -3)"),
    (["simulate", DUEL, "--games", "99999999999999999999"], "--games: must be 100000 or less (got 99999999999999999999)"),
    (["simulate", DUEL, "--games", "1.5"], "--games: must be a whole number (got 1.5)"),
    (["simulate", DUEL, "--seed", "abc"], "--seed: must be a whole number (got abc)"),
    (["simulate", DUEL, "--jobs", "0"], "--jobs: must be 1 or more (got 0)"),
    (["simulate", DUEL, "--out"], "--out: needs a value"),
    (["play", DUEL, "--seed", "abc"], "--seed: must be a whole number (got abc)"),
    (["play", DUEL, "--headless", "--seed", "99999999999999999999999"],
     "--seed: must be 9007199254740992 or less (got 99999999999999999999999)"),
    (["simulate", DUEL, "--seed", "-1"], "--seed: must be 0 or more (got -1)"),
    (["play", DUEL, "--headless=yes"], "--headless: takes no value"),
    (["play", DUEL, "--bogus"], "--bogus: no such option for battletable play (see 'battletable play --help')"),
    (["play", DUEL, "--sed", "3"], "--sed: no such option for battletable play (did you mean --seat or --seed?)"),
    (["play", DUEL, "extra"], "battletable play: unexpected extra argument extra (see 'battletable play --help')"),
    (["play"], "battletable play: missing argument SCENARIO (a *.scenario.json file), or --resume REPLAY; see 'battletable play --help'"),
    (["verify"], "battletable verify: missing argument REPLAY (a *.replay.jsonl file); see 'battletable verify --help'"),
    (["generate", "battlespace"], "--out: this option is required (the *.map.json to write); see 'battletable generate --help'"),
    (["frobnicate"], f"frobnicate: no such command (commands: {COMMANDS})"),
    (["--seed", "x"], "--seed: must be a whole number (got x)"),
    (["--bogus"], "--bogus: no such option for battletable (see 'battletable --help')"),
])
def test_usage_error__is_one_line_and_exit_2(args, line):
    r = run(*args)
    one_error(r, line)
    assert r.stdout == ""


@pytest.mark.parametrize("args", [["--help"], ["play", "--help"], ["simulate", "--help"], ["verify", "--help"]])
def test_help_still_works(args):
    r = run(*args)
    assert r.returncode == 0 and r.stderr == ""
    assert "Usage: battletable" in r.stdout


def test_verify_help__documents_the_exit_codes():
    text = " ".join(run("verify", "--help").stdout.split())
    assert "Exit status: 0 if the replay re-simulates exactly (an unfinished one up to where it stops, and says so), 1 if it diverges" in text
    assert "2 if the file cannot be read" in text


# --- 4. messages that name the real problem ---------------------------------

def test_play__unknown_side_is_named_before_the_human_seat_check():
    one_error(run("play", DUEL, "--headless", "--seat", "orks=human"),
              "--seat names side 'orks', but the scenario's sides are red, blue")


def test_play__human_seat_with_headless():
    one_error(run("play", DUEL, "--headless", "--seat", "red=human"),
              "--seat red=human: --headless plays AI against AI; seat red with ai:NAME, or drop --headless to play in a window")


def test_play__human_seat_without_a_display_does_not_mention_headless_as_given(tmp_path):
    r = run("play", DUEL, "--seat", "red=human", cwd=tmp_path, SDL_VIDEODRIVER="dummy")
    one_error(r, "--seat red=human: a human seat needs a display, and there is none (SDL_VIDEODRIVER=dummy); "
                 "add --headless with every side seated ai:NAME, or render one frame with --screenshot PNG")
    assert list(tmp_path.iterdir()) == []


def test_play__a_map_is_not_a_scenario():
    one_error(run("play", "maps/spacefleet/deep_space.map.json", "--headless"),
              "maps/spacefleet/deep_space.map.json: this is a map, not a scenario; "
              "try a scenario that uses it: battletable play maps/spacefleet/deep_space.scenario.json")


def test_play__a_map_by_its_content(tmp_path):
    m = tmp_path / "field.json"
    m.write_text((ROOT / "tests/data/bad/duel.map.json").read_text())
    one_error(run("play", str(m), "--headless"),
              f"{m}: this is a map, not a scenario; give a *.scenario.json that uses it (or edit it with: battletable edit {m})")


def test_play__a_replay_is_not_a_scenario(tmp_path):
    rp = tmp_path / "x.replay.jsonl"
    assert run("play", DUEL, "--headless", "--quiet", "--replay", str(rp)).returncode == 0
    one_error(run("play", str(rp), "--headless"), f"{rp}: this is a replay, not a scenario; watch it with: battletable replay {rp}")


def test_replay__a_scenario_is_not_a_replay():
    one_error(run("replay", DUEL, "--headless"), f"{DUEL}: this is a scenario, not a replay; play it with: battletable play {DUEL}")


def test_future_format_version__says_which_versions_are_read(tmp_path):
    data = json.loads(Path(DUEL).read_text())
    data["format_version"] = 99
    sc = tmp_path / "future.scenario.json"
    sc.write_text(json.dumps(data))
    one_error(run("play", str(sc), "--headless"),
              f"{sc} [format_version]: format version 99 is not one this program reads (it reads format version 1)")


# --- 5. replay warns about an edited result; verify's exit codes -------------

def _edited(tmp_path: Path, seed: int, edit) -> tuple[Path, Path]:
    good = tmp_path / "good.replay.jsonl"
    assert run("play", DUEL, "--headless", "--seed", str(seed), "--quiet", "--replay", str(good)).returncode == 0
    lines = [json.loads(line) for line in good.read_text().splitlines()]
    edit(lines)
    bad = tmp_path / "bad.replay.jsonl"
    bad.write_text("".join(json.dumps(o) + "\n" for o in lines))
    return good, bad


def test_replay__warns_when_the_recorded_result_was_edited(tmp_path):
    def chaos_wins(lines):
        assert lines[-1]["line"] == "end" and lines[-1]["winner"] is None
        lines[-1]["winner"] = "chaos"

    good, bad = _edited(tmp_path, 5, chaos_wins)
    r = run("replay", str(bad), "--headless")
    assert r.returncode == 0
    assert r.stdout.splitlines()[-1] == "27 actions; a draw (turn limit)"
    assert r.stderr == (f"warning: {bad}: the end line's winner differs: it says \"chaos won (turn limit) on turn 8 after 27 actions\", "
                        f"re-simulated: \"a draw (turn limit) on turn 8 after 27 actions\" (the file was edited or damaged; run 'battletable verify {bad}')\n")
    ok = run("replay", str(good), "--headless")
    assert ok.returncode == 0 and ok.stderr == ""
    assert run("verify", str(bad)).returncode == 1


def test_replay__warns_when_an_events_digest_was_edited(tmp_path):
    def zero_digest(lines):
        first = next(o for o in lines if o["line"] == "action")
        first["events_sha256"] = "0" * 64

    _, bad = _edited(tmp_path, 5, zero_digest)
    r = run("replay", str(bad), "--headless")
    assert r.returncode == 0
    assert r.stderr.startswith(f"warning: {bad}: action 0 (") and r.stderr.count("\n") == 1
    assert "produced other events than recorded" in r.stderr
    v = run("verify", str(bad))
    assert v.returncode == 1 and v.stderr.startswith(f"error: {bad} [action 0]: ")


def test_verify__exit_0_ok_1_divergent_2_unreadable(tmp_path):
    good = tmp_path / "good.replay.jsonl"
    assert run("play", DUEL, "--headless", "--seed", "5", "--quiet", "--replay", str(good)).returncode == 0
    r = run("verify", str(good))
    assert r.returncode == 0 and r.stdout == f"{good}: ok, 27 actions verified\n"
    junk = tmp_path / "junk.replay.jsonl"
    junk.write_text("not json\n")
    one_error(run("verify", str(junk)), f"{junk} [line 1]: not valid JSON: a value is missing at column 1")
    one_error(run("verify", str(tmp_path / "none.replay.jsonl")), f"{tmp_path / 'none.replay.jsonl'}: file not found")


# --- 6. wording ---------------------------------------------------------------

def test_play__result_line_says_a_draw(tmp_path):
    r = run("play", DUEL, "--headless", "--seed", "5", "--quiet", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout == ("Battle over after 8 turns and 27 actions: a draw (turn limit).\n"
                        "Replay saved to replays/duel-seed5.replay.jsonl\n")


def test_result_wording__plurals_and_draws():
    from game.battle.runner import GameResult, outcome, plural, result_line

    assert plural(1, "turn") == "1 turn" and plural(2, "turn") == "2 turns" and plural(0, "action") == "0 actions"
    assert outcome(None, "turn limit") == "a draw (turn limit)"
    assert outcome("red", "blue destroyed", past=True) == "red won (blue destroyed)"
    assert result_line(GameResult(1, "red", "blue destroyed", 1, 1, None)) == \
        "Battle over after 1 turn and 1 action: red wins (blue destroyed)."


def test_default_command__says_what_it_plays_first(tmp_path):
    r = run("--headless", "--seed", "3", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == 'playing "Mission 1: the ambushed patrol" AI against AI in the terminal, seed 3'
    r = run("--seed", "3", cwd=tmp_path, SDL_VIDEODRIVER="dummy")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == ('no display (SDL_VIDEODRIVER=dummy): playing "Mission 1: the ambushed patrol" '
                                        "AI against AI in the terminal, seed 3")
    assert sorted(p.name for p in (tmp_path / "replays").iterdir()) == ["mission1-seed3-2.replay.jsonl", "mission1-seed3.replay.jsonl"]
