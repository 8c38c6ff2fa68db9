"""A ruleset may keep bookkeeping events out of the battle log (``quiet``):
Battlesystem's marker changes the rules wrote no words for (a spell cast
this round, an illusion doubted) gave lines such as "Bts individual: text ,
individual bertrand, changes {...}"; they give none, in the CLI's log line
and in the app's log, while a change with words is logged as ever."""

from __future__ import annotations

from game.core.logtext import event_line
from game.rulesets.battlesystem import RULESET
from game.rulesets.battlesystem.actions import EndStep
from game.rulesets.battlesystem.events import Changed, IndividualChanged
from game.ui.log import BattleLog


def test_quiet__a_change_without_words_has_no_line():
    silent = IndividualChanged(individual="bertrand", changes={"effects": ["cast:2"], "move_done": True})
    said = Changed(unit="orcs", changes={"moved": 3.0}, text="Bloody Axe orcs hold their ground")
    assert event_line(RULESET, silent) == ""
    assert event_line(RULESET, said) == "Bloody Axe orcs hold their ground"
    log = BattleLog(RULESET)
    log.add(0, EndStep(side="valmark"), [silent, said])
    assert [ln.text for ln in log.lines] == ["Bloody Axe orcs hold their ground"]
