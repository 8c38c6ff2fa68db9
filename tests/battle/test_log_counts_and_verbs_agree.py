"""The battle log reads as English: a count of one takes the singular ("1
figure", "1 degree", "1 token", "1 yard") and a unit whose name is plural takes
a plural verb ("Bloody Axe orcs attack ..."). Checked on every line a player
reads of the golden AI-vs-AI games (the recorded events in the ruleset's own
words and the agents' reasons, sides named as the scenario names them), and
on the words themselves for a count the goldens never reach."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import rulesets
from game.core.logtext import event_line, plural, reason_line
from game.core.replay import read_replay

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
#: a count of exactly one followed by a plural noun
ONE_MANY = re.compile(r"(?<![\d.,/])\b1 (figures|degrees|tokens|composure tokens|yards|rounds|turns|dice|hits|spells|"
                      r"creatures|models|wounds|inches)\b")
#: a plural unit name ("orcs", "spearmen", "lancers") followed by a verb in "-s" the rules write after a unit
MANY_ONE = re.compile(r"\b([A-Z][\w-]* )?(\w+men|\w+[^su's]s) (attacks|stays in place|vanishes|does not fight)\b")


def _lines(path: Path) -> list[str]:
    rec = read_replay(path)
    rs = rulesets.get(rec.header.ruleset)
    sc = rec.header.scenario
    out = []
    for a in rec.actions:
        out += [event_line(rs, rs.parse_event(e), sc) for e in a.events or ()]
        out.append(reason_line(a.reason, sc))
    return out


@pytest.mark.parametrize("ruleset", ["battlesystem", "ww2_skirmish"])  # Foxhole words its yards at display: below
def test_golden_logs__counts_of_one_are_singular_and_plural_units_take_plural_verbs(ruleset):
    lines = [ln for p in sorted((GOLDEN / ruleset).glob("*.replay.jsonl")) for ln in _lines(p)]
    assert len(lines) > 500
    assert [ln for ln in lines if ONE_MANY.search(ln)] == []
    assert [ln for ln in lines if MANY_ONE.search(ln)] == []
    if ruleset == "battlesystem":  # the line the trial found, now agreeing
        assert any(re.search(r"\b(orcs|spearmen|hobgoblins|lancers) attack \w", ln) for ln in lines)


def test_counts__one_and_many():
    """The one helper every ruleset's text counts with, and Foxhole's moves worded by it."""
    from game.rulesets.foxhole import events as E
    from game.rulesets.foxhole.display.describe import describe

    assert [plural(n, "composure token") for n in (0, 1, 2)] == ["0 composure tokens", "1 composure token",
                                                                "2 composure tokens"]
    one = E.Moved(element="s2", name="USMC rifle squad 2", path=((0.0, 0.0), (0.9, 0.0)), yards=1, grid="D3")
    assert describe(one) == "USMC rifle squad 2 moves 1 yard to D3"
    assert describe(E.Moved(element="s2", name="USMC rifle squad 2", path=((0.0, 0.0), (9.0, 0.0)), yards=25,
                            grid="D3")) == "USMC rifle squad 2 moves 25 yards to D3"
