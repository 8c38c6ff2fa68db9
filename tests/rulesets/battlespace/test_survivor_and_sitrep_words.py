"""What a Battlespace player reads about Mission 1's survivor and its SITREP
cards. The survivor's model reads "survivor" in running text, so the app's
naming (which names a model wherever its id stands as a word) never writes
"A wounded Wounded survivor is found" or "any Wounded survivor" again
(Mission 1 - Objectives). The "Veteran arrives" card in Mission 1, which
fields Fighters only (Set Up: the first game, ours), says what enters:
"Veteran arrives: Mission 1 fields no Veterans, so a Fighter enters" (it
said "one Al Wahid Veteran enters" while a Fighter came on)."""

from __future__ import annotations

from game.core.dice import Dice
from game.core.engine import step
from game.core.logtext import event_line
from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace import actions as A
from game.rulesets.battlespace.data import DATA
from game.rulesets.battlespace.display.figures import figures
from game.rulesets.battlespace.events import CardDrawn
from game.rulesets.battlespace.rules.sitrep import instead_words
from game.ui.naming import Namer

from .helpers import battle, four, mission
from .test_missions import _at_humvee


def test_survivor__found_and_carried_read_once_lower_case():
    s = mission("mission1")
    _at_humvee(s)
    r = step(RULESET, s, A.Interact(side="fireteam", unit="reyes", what="search"), Dice.scripted([13]))
    assert r.ok
    namer = Namer(figures(s))
    lines = [namer(event_line(RULESET, e)) for e in r.events]
    lines = [t for t in lines if "survivor" in t.lower()]
    assert "One wounded survivor is found and carried" in lines, lines
    assert not any("Wounded survivor" in t or "wounded wounded" in t.lower() for t in lines), lines
    assert namer("3 soldiers and any survivor reach the south edge") == "3 soldiers and any survivor reach the south edge"
    assert namer("A wounded survivor is found") == "A wounded survivor is found"


def test_veteran_card__mission1_says_a_fighter_enters():
    card = DATA.sitrep_by_id["s08"]
    m1 = battle(four(), [("e", "fighter", 100, 100, None)], features=(), mission="m1_survivors")
    m3 = battle(four(), [("e", "fighter", 100, 100, None)], features=(), mission="m3_ambush")
    assert instead_words(m1, card) == "Mission 1 fields no Veterans, so a Fighter enters"
    assert instead_words(m3, card) == "" and instead_words(m1, DATA.sitrep_by_id["s07"]) == ""
    ev = CardDrawn(card="s08", instead=instead_words(m1, card))
    assert event_line(RULESET, ev) == "SITREP: Veteran arrives: Mission 1 fields no Veterans, so a Fighter enters"
    assert "Veteran enters" in event_line(RULESET, CardDrawn(card="s08"))  # Mission 3: as printed
