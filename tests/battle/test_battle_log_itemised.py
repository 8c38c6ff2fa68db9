"""Every number in the battle log is itemised, and no line is printed twice.

The full logs of 20 AI-vs-AI battles per ruleset (the bundled scenarios in
turn, seeded) are written by the one log formatter the app and the terminal
share (``game.core.logtext.event_line``) and read back as text: every target
number ("vs threat level 10 -2 (suppressed) = 8") adds up from its parts,
every roll's total from its faces and modifiers, every pool's successes from
its faces, every column of the Gunnery table from its shifts, every sum of
wounds and of firepower from its parts; no "needs N" is left unitemised; no
action prints the same line twice, nor does one line follow itself.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from game.battle.controller import Controller
from game.battle.loading import open_scenario
from game.battle.runner import game_seed
from game.battle.seats import seats_for
from game.core.event import DiceRolled
from game.core.logtext import event_line
from game.core.session import Battle

ROOT = Path(__file__).resolve().parents[2]
#: battles per ruleset (its bundled scenarios in turn): every space-fleet scenario once
BATTLES = {"battlespace": 20, "spacefleet": 6}

MOD = r"[+-]\d+ \([^()]*\)"
#: a target number: "vs threat level 10 -2 (suppressed) -1 (obscured cover) = 7" (+ for a pool, "or less")
TARGET = re.compile(rf" vs (?P<label>[^\d:]*?) (?P<base>-?\d+)(?P<mods>(?: {MOD})*)(?: = (?P<value>-?\d+))?"
                    rf"(?P<tail>\+| or less)?(?=: )")
#: a roll: "D20 roll 14 +1 (accuracy) = 15", "2D6 [3, 5] = 8", "5D6 [6, 3, 1, 2, 3]"
ROLL = re.compile(rf": (?P<n>\d*)D(?P<sides>\d+) (?:roll (?P<one>\d+)|\[(?P<faces>[\d, ]+)\])(?P<mods>(?: {MOD})*)"
                  rf"(?: = (?P<total>-?\d+))?(?= vs |$)")
SUCCESSES = re.compile(r": (?P<k>\d+) success(?:es)?$")
COLUMN = re.compile(rf"column (?P<base>[A-E]) \([^()]*\)(?P<mods>(?: {MOD})*)(?: = (?P<col>[A-E]))?")
WOUNDS = re.compile(rf"takes (?P<n>\d+) wounds? \((?P<label>[^()]*?) (?P<base>\d+)(?P<mods>(?: {MOD})*) = (?P<sum>\d+)\)")
POWER = re.compile(r"(?:firepower|strength) (?P<first>\d+)(?P<adds>(?: \+ \d+ \([^()]*\))*)(?: = (?P<sum>\d+))?"
                   r"(?P<halves>(?:, halved \([^()]*\) = \d+)*)")
BARE_NEED = re.compile(r"\bneed(?:s|ed)? \d")


def _mods(text: str) -> int:
    return sum(int(v) for v in re.findall(r"([+-]\d+) \(", text or ""))


def line_problems(line: str) -> list[str]:
    """Every sum in ``line`` that does not add up, in words (empty: all add up)."""
    bad = []
    for m in TARGET.finditer(line):
        value = int(m["value"]) if m["value"] is not None else int(m["base"])
        if int(m["base"]) + _mods(m["mods"]) != value or (m["mods"] and m["value"] is None):
            bad.append(f"target {m.group(0)!r} does not add up")
    for m in ROLL.finditer(line):
        faces = [int(m["one"])] if m["one"] else [int(f) for f in m["faces"].split(",")]
        if len(faces) != int(m["n"] or 1) or not all(1 <= f <= int(m["sides"]) for f in faces):
            bad.append(f"roll {m.group(0)!r} shows the wrong dice")
        if m["total"] is not None and sum(faces) + _mods(m["mods"]) != int(m["total"]):
            bad.append(f"roll {m.group(0)!r} does not add up")
        t = TARGET.search(line, m.end())
        k = SUCCESSES.search(line)
        if t and t["tail"] == "+" and k:
            need = int(t["value"] or t["base"])
            if sum(1 for f in faces if f >= need) != int(k["k"]):
                bad.append(f"pool {m.group(0)!r} does not count {k['k']} successes at {need}+")
    for m in COLUMN.finditer(line):
        col = m["col"] or m["base"]
        if ord(m["base"]) - 65 + _mods(m["mods"]) != ord(col) - 65:
            bad.append(f"column {m.group(0)!r} does not add up")
    for m in WOUNDS.finditer(line):
        if int(m["base"]) + _mods(m["mods"]) != int(m["sum"]) or int(m["sum"]) != int(m["n"]):
            bad.append(f"wounds {m.group(0)!r} do not add up")
    for m in POWER.finditer(line):
        n = int(m["first"]) + sum(int(v) for v in re.findall(r"\+ (\d+) \(", m["adds"]))
        if m["adds"] and int(m["sum"]) != n:
            bad.append(f"{m.group(0)!r} does not add up")
        for half in re.findall(r"= (\d+)", m["halves"]):
            n = math.ceil(n / 2)
            if int(half) != n:
                bad.append(f"{m.group(0)!r}: a halving does not round up to {n}")
    if BARE_NEED.search(line):
        bad.append("a number needed is not itemised")
    return bad


def play_logged(scenario: Path, seed: int) -> tuple[list[list[str]], list[DiceRolled]]:
    """One AI-vs-AI battle: the log lines of each action and every roll made."""
    rs, sc, m = open_scenario(scenario)
    battle = Battle(rs, sc, m, seed)
    per_action: list[list[str]] = []
    rolls: list[DiceRolled] = []

    def on_step(action, result) -> None:
        per_action.append([event_line(rs, ev) for ev in result.events])
        rolls.extend(ev for ev in result.events if isinstance(ev, DiceRolled))

    Controller(battle, seats_for(rs.sides(sc), {}), on_step=on_step).advance(max_actions=20000)
    assert battle.over, f"{scenario.name} seed {seed} did not end"
    return per_action, rolls


def test_line_problems_catches_parts_that_do_not_add_up():
    """The checker itself: right sums pass, each wrong one is caught."""
    good = ("Sgt. Reyes fires at Fighter b0: D20 roll 14 +1 (accuracy) = 15 vs threat level 10 -2 (suppressed) "
            "-1 (obscured cover) = 7: hit")
    assert line_problems(good) == []
    assert line_problems(good.replace("= 7", "= 8"))
    assert line_problems(good.replace("= 15", "= 16"))
    assert line_problems("Sgt. Reyes avoids Fighter b0's fire (needs 7): D20 roll 9")
    pool = "the Lunar fires port batteries at the Murder: firepower 6 on column B (capital ship closing) +1 (blast markers) = C = 3 dice: 3D6 [4, 6, 5] vs front armour 5+: 2 successes"
    assert line_problems(pool) == []
    assert line_problems(pool.replace("2 successes", "1 success"))
    assert line_problems(pool.replace("= C", "= D"))
    assert line_problems("Fighter a0 takes 2 wounds (Assault rifle 1 +1 (point blank) = 2), 2 in all: killed in action") == []
    assert line_problems("Fighter a0 takes 3 wounds (Assault rifle 1 +1 (point blank) = 2), 3 in all: killed in action")
    assert line_problems("x fires battery: firepower 2 + 2 (Sword 2) = 4, halved (Lock On) = 2 on column C (escort closing) = 1 die: D6 roll 5 vs front armour 5+: 1 success") == []
    assert line_problems("x fires battery: firepower 2 + 2 (Sword 2) = 4, halved (Lock On) = 3 on column C (escort closing) = 1 die: D6 roll 5 vs front armour 5+: 1 success")


def _scenarios(ruleset: str) -> list[Path]:
    return sorted((ROOT / "maps" / ruleset).glob("*.scenario.json"))


#: the battles of a ruleset in two halves, so the two test workers share them
HALVES = [(r, h) for r in ("battlespace", "spacefleet") for h in (0, 1)]


@pytest.mark.parametrize("ruleset,half", HALVES, ids=[f"{r}-battles-{h * BATTLES[r] // 2}-{(h + 1) * BATTLES[r] // 2 - 1}"
                                                      for r, h in HALVES])
def test_battle_logs__every_number_adds_up_and_no_line_repeats(ruleset, half):
    """BATTLES AI-vs-AI battles of ``ruleset`` (its bundled scenarios in turn,
    seeds from the simulation's seed rule; half of them per half): no number in the
    log whose parts do not add up, no unitemised "needs N", every roll with a
    target prints it whole, and no line printed twice (within one action, or
    one after itself)."""
    scenarios = _scenarios(ruleset)
    problems: list[str] = []
    rolls_seen = targets_seen = pools_seen = 0
    n = BATTLES[ruleset]
    for i in range(half * n // 2, (half + 1) * n // 2):
        scenario = scenarios[i % len(scenarios)]
        seed = game_seed(4, i)
        per_action, rolls = play_logged(scenario, seed)
        where = f"{scenario.name} seed {seed}"
        prev = None
        for a, lines in enumerate(per_action):
            for line in lines:
                problems += [f"{where} action {a}: {p}: {line}" for p in line_problems(line)]
                if line == prev:
                    problems.append(f"{where} action {a}: printed twice in a row: {line}")
                prev = line
            for line in {ln for ln in lines if lines.count(ln) > 1}:
                problems.append(f"{where} action {a}: printed twice in one action: {line}")
        for r in rolls:
            rolls_seen += 1
            if r.target is not None:
                targets_seen += 1
                pools_seen += r.target.each
                text = r.describe()
                assert f" vs {r.target.parts()}: " in text, text
        assert not problems, "\n".join(problems[:20])
    assert rolls_seen > 250 and targets_seen > 100, (rolls_seen, targets_seen)
    if ruleset == "spacefleet":
        assert pools_seen > 50, pools_seen
