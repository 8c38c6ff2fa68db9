"""Foxhole's set-up and element lines as a player reads them (Hidden Units):
the numbering of hidden elements is a shuffle said in words and kept to its
side, never a raw "SHUFFLE 6 [...] = 0"; an element is called by its one
name, the scenario's, as the side panel and the agent's reasons call it
("villagers 2 is used", "#2 is villagers 2")."""

from __future__ import annotations

from game.core.dice import Dice
from game.core.logtext import event_line
from game.rulesets.foxhole import RULESET
from game.rulesets.foxhole import events as E
from game.rulesets.foxhole.display.describe import private_to
from game.rulesets.foxhole.rules.common import SECRET


def test_shuffle__said_in_words_and_kept_to_its_side():
    ev = Dice.scripted([2, 3, 1]).shuffle(3, f"{SECRET}numbering the Viet Cong's hidden elements", side="vc")
    line = event_line(RULESET, ev)
    assert line == "Numbering the Viet Cong's hidden elements: 3 shuffled into a random order (2, 3, 1)", line
    assert private_to(ev) == "vc"


def test_element__called_by_its_one_name():
    used = E.ActivationBegan(element="v2", name="villagers 2", x=0, y=0)
    assert event_line(RULESET, used) == "Villagers 2 is used"
    listed = E.MarkersAssigned(side="vc", markers={"v2": "2", "s1": "1"}, who="Viet Cong",
                               names={"v2": "villagers 2", "s1": "VC main force section 1"}, private="vc")
    assert event_line(RULESET, listed) == \
        "Viet Cong's list of hidden elements: #1 is VC main force section 1, #2 is villagers 2"


def test_choose_location__the_button_names_the_end_of_the_table():
    from game.rulesets.foxhole import actions as A

    assert RULESET.describe_action(A.ChooseLocation(side="vc", location="north")) == "Defend from the north end"


def test_location__the_verb_agrees_with_the_sides_name():
    """Set-up (the defender picks its end): "MNLA insurgents defend from the north end of the table"
    (it read "defends"); a singular name keeps "defends"."""
    many = E.LocationChosen(side="mnla", location="north", who="MNLA insurgents")
    one = E.LocationChosen(side="vc", location="north", who="Viet Cong")
    assert event_line(RULESET, many) == "MNLA insurgents defend from the north end of the table"
    assert event_line(RULESET, one) == "Viet Cong defends from the north end of the table"
