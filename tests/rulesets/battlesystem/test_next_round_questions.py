"""Questions about what the enemy will do next round (Battlesystem [14.11] B: augury, ESP,
psionic ESP [14.21], vision asking where a brigade will move): the questioned side declares, the
asking side is told, and the declaration binds the unit in that round."""

from __future__ import annotations

import random

from game.rulesets.battlesystem import RULESET as RS
from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.ai.agent import GeneralAgent
from game.rulesets.battlesystem.ai.magic import best_cast
from game.rulesets.battlesystem.rules import magic as M
from game.rulesets.battlesystem.rules.intent import answer_chance, declaration
from game.rulesets.battlesystem.rules.legality import legal_actions, why_not
from game.rulesets.battlesystem.spells import SPELLS

from .helpers import at_step, do, make_state, person, texts, unit
from .test_information_spells import brigade_state


def field(seer="ysolde", spells=("psionic_esp",)):
    """Side a: weak spearmen (2 figures) facing 8 orcs 10" off, strong spearmen further right,
    a caster; side b: the 8 orcs, and 4 more orcs far off. Round 1."""
    s = make_state(unit("e", "a", "valmark_spears", 300, 500, 90, 2, files=2),
                   person("sgt", "a", "sergeant", 300, 480, 90, "unit_commander", "e"),
                   unit("f", "a", "valmark_spears", 900, 500, 90, 8, files=4),
                   person("sg2", "a", "sergeant", 900, 480, 90, "unit_commander", "f"),
                   person("z", "a", seer, 600, 200, 90, "hero"),
                   unit("o", "b", "orc_blades", 300, 750, 270, 8, files=4),
                   person("boss", "b", "orc_boss", 300, 770, 270, "unit_commander", "o"),
                       unit("p", "b", "orc_blades", 900, 1900, 270, 4, files=4),
                   person("boss2", "b", "orc_boss", 900, 1920, 270, "unit_commander", "p"), table=(1200.0, 2000.0))
    s = at_step(s, "missile", "a")
    s.chars["z"].spells = list(spells)
    return s


def said(r) -> str:
    """Every line the events wrote (the rules' log lines included)."""
    return " | ".join(getattr(e, "text", "") or getattr(e, "purpose", "") for e in r.events)


def esp(target="o", spell="psionic_esp", option=""):
    return A.CastSpell(side="a", caster="z", spell=spell, x=0.0, y=0.0, target=target, option=option)


def test_esp__the_questioned_side_declares_and_the_asker_is_told():
    """Battlesystem [14.11] B, [14.21]: psionic ESP on the orcs makes side b declare what they
    will do in the following round (round 2) before anything else; the declaration is logged
    for the asker and marked on the unit; the asker's missile step then goes on."""
    s = field()
    t, r = do(s, esp(), [])
    assert "B must declare what Bloody Axe orcs will do in round 2 ([14.11] B)" in texts(r.events)
    assert t.active == "b" and t.pending.kind == "declare" and t.pending.data["asker"] == "a"
    got = legal_actions(t, "b")
    assert [(d.intent, d.target) for d in got] == [("hold", ""), ("move", ""), ("charge", "e"), ("charge", "f")]
    assert [RS.describe_action_in(t, d) for d in got[:3]] == [
        "Declare: Bloody Axe orcs will hold their ground next round",
        "Declare: Bloody Axe orcs will move without charging next round",
        "Declare: Bloody Axe orcs will charge Valmark spearmen next round"]
    assert "answer the enemy's question first" in why_not(t, A.EndStep(side="b"))
    t2, r2 = do(t, got[2], [])
    assert "B declares that Bloody Axe orcs will charge Valmark spearmen in round 2 ([14.11] B)" in texts(r2.events)
    assert t2.units["o"].effects == ["declared:charge:e:2"] and t2.pending is None
    assert declaration(t2.units["o"], 2) == ("charge", "e") and declaration(t2.units["o"], 1) is None
    assert "declared:charge" in RS.figures(t2)[[f.id for f in RS.figures(t2)].index("o")].markers


def bound(intent, target="", turn=1):
    """The orcs, declared ``intent`` for round ``turn``, in side b's movement step of round 1."""
    s = at_step(field(), "move", "b")
    s.units["o"].effects = [f"declared:{intent}:{target}:{turn}"]
    return s


def test_declaration__binds_the_units_own_moves_in_the_round_asked_about():
    """Battlesystem [14.11] B: a declared unit must move as it said whatever happens: holding,
    it may not advance or charge (it may still face); bound to move, it may not charge; bound
    to charge the spearmen, it may charge only them, or stand. A declaration for another round
    binds nothing now."""
    adv = A.Advance(side="b", unit="o", distance=50.0)
    charge_e = next(a for a in legal_actions(at_step(field(), "move", "b"), "b") if isinstance(a, A.Charge) and a.unit == "o")
    s = bound("hold")
    assert why_not(s, adv) == "Bloody Axe orcs are bound to hold their ground this round ([14.11] B)"
    assert why_not(s, charge_e) is not None and why_not(s, A.Face(side="b", unit="o", turn=90)) is None
    s = bound("move")
    assert why_not(s, charge_e) == "Bloody Axe orcs are bound to move without charging this round ([14.11] B)"
    assert why_not(s, adv) is None
    s = bound("charge", "e")
    assert why_not(s, charge_e) is None and why_not(s, A.HoldStill(side="b", unit="o")) is None
    assert why_not(s, adv) == "Bloody Axe orcs are bound to charge Valmark spearmen this round ([14.11] B)"
    assert why_not(bound("hold", turn=2), adv) is None


def test_augury__a_meaningful_answer_on_70_plus_the_level_else_the_question_is_spent():
    """Battlesystem [14.11] B (PHB augury: 70% + 1% a level): Brother Anselm, a 10th-level
    cleric, is answered on 80 or less of 1d100; on 81 his side learns nothing and the spell is
    spent. ESP is always answered."""
    assert answer_chance(SPELLS["augury"], 10) == 80 and answer_chance(SPELLS["esp"], 18) == 100
    s = field("anselm", ["augury"])
    t, r = do(s, esp(spell="augury"), [81])
    assert t.pending is None and "augury" not in t.chars["z"].spells
    assert "Augury brings no answer: the question is spent ([14.11] B)" in said(r)
    t, _ = do(s, esp(spell="augury"), [80])
    assert t.pending is not None and t.pending.unit == "o"


def test_information__a_resistant_commander_keeps_his_units_intentions():
    """Battlesystem [14.11] B special note: ESP on the gnolls led by Elowen (magic resistance)
    tells nothing and asks nothing: the spell is spent, no declaration is owed."""
    s = brigade_state()
    s.chars["z"].spells = ["psionic_esp"]
    t, r = do(s, esp("g"), [])
    assert t.pending is None and "psionic_esp" not in t.chars["z"].spells
    assert "Elowen is proof against information magic: nothing is learnt of Yeenoghu's pack ([14.11] B)" in \
        said(r)


def test_vision_moves__every_unit_of_the_brigade_declares_in_turn():
    """Battlesystem [14.11] B (b): vision asking where the hobgoblin captain's brigade will move
    asks each of its units in turn (the orcs, then the other orcs once visible; the gnolls under
    resistant Elowen are left out); the waiting ends after the last one. Vision may still ask
    the brigade's forces (option (a))."""
    s = brigade_state()
    s.units["i"].effects = []
    cast = A.CastSpell(side="a", caster="z", spell="vision", x=0.0, y=0.0, target="bc", option="moves")
    assert why_not(s, cast) is None and why_not(s, cast.model_copy(update={"option": "forces"})) is not None
    t, _ = do(s, cast, [])
    assert t.pending.unit == "i" and t.pending.data["rest"] == ["o"]
    t, _ = do(t, A.Declare(side="b", unit="i", intent="hold"), [])
    assert t.pending.unit == "o" and t.active == "b"
    assert why_not(t, A.Declare(side="b", unit="i", intent="hold")) == "declare for Bloody Axe orcs first ([14.11] B)"
    t, _ = do(t, A.Declare(side="b", unit="o", intent="move"), [])
    assert t.pending is None and t.active != "b"
    assert [declaration(t.units[x], 2) for x in ("i", "o", "g")] == [("hold", ""), ("move", ""), None]


def test_agent_declares_what_it_would_do_and_keeps_its_word():
    """Battlesystem [14.11] B: the AI, asked about the orcs 10" from two weak spearmen figures,
    declares the charge it would make; the far orcs declare a move. Next round, bound to hold,
    it stands instead of advancing; bound to charge an enemy out of reach, it stands."""
    g = GeneralAgent(random.Random(1))
    t, _ = do(field(), esp("o"), [])
    assert g.choose(RS, RS.view(t, "b"), "b") == A.Declare(side="b", unit="o", intent="charge", target="e")
    t, _ = do(field(), esp("p"), [])
    assert g.choose(RS, RS.view(t, "b"), "b") == A.Declare(side="b", unit="p", intent="move")
    assert g.choose(RS, RS.view(bound("hold"), "b"), "b") == A.HoldStill(side="b", unit="o")
    assert g.choose(RS, RS.view(bound("charge", "f"), "b"), "b") == A.HoldStill(side="b", unit="o")
    got = g.choose(RS, RS.view(bound("charge", "e"), "b"), "b")
    assert isinstance(got, A.Charge) and got.target == "e"


def test_agent_asks_about_the_enemy_that_can_reach_it():
    """Battlesystem [14.11] B: the AI's caster uses ESP on the orcs within two charge moves of
    its spearmen, not on those beyond (55" off); a unit already declared is not asked about
    again."""
    got = best_cast(field(), "a")
    assert got is not None and got[0].spell == "psionic_esp" and got[0].target == "o"
    s = field()
    s.units["o"].effects = ["declared:hold::2"]
    assert best_cast(s, "a") is None


def test_a_mob_answers_with_its_standing_order():
    """Battlesystem [14.11] B, [2.10]: a mob's moves follow its last order: asked about, the rules
    answer with that order and no declaration is owed."""
    s = field()
    s.units["o"].kind = "mob"
    s.units["o"].mob_order = "charge"
    t, r = do(s, esp("o"), [])
    assert t.pending is None
    assert "Bloody Axe orcs will follow their standing order, charge ([2.10])" in said(r)
    assert M.effect(t.units["o"], "declared") is None


def test_while_the_enemy_declares_the_asker_still_cannot_see_invisible_units():
    """Battlesystem [14.11] B, [14.8]: while side b answers (a choice the rules wait for), the
    asker's view still leaves out b's invisible orcs (the fighting withdrawal's exception for a
    hidden unit that must answer does not apply)."""
    s = brigade_state()
    s.chars["z"].spells = ["psionic_esp"]
    t, _ = do(s, esp("o"), [])
    assert t.pending.kind == "declare"
    assert "i" not in RS.view(t, "a").units and "i" in RS.view(t, "b").units


def test_the_app_offers_the_declarations_on_the_unit_asked_about():
    """Battlesystem [14.11] B in the app: the unit asked about offers its declarations (a charge
    also by clicking the enemy), any other unit nothing; the spell's button asks the question in
    words; the declared unit's tooltip tells what it will do."""
    s = field()
    cast = [a for a in RS.figure_actions(s, "a", "z", "o") if isinstance(a, A.CastSpell)]
    assert [RS.describe_action_in(s, a) for a in cast] == ["Psionic ESP: what will this unit do next round?"]
    t, _ = do(s, cast[0], [])
    assert [(d.intent, d.target) for d in RS.figure_actions(t, "b", "o", None)] == \
        [("hold", ""), ("move", ""), ("charge", "e"), ("charge", "f")]
    assert RS.figure_actions(t, "b", "o", "f") == [A.Declare(side="b", unit="o", intent="charge", target="f")]
    assert RS.figure_actions(t, "b", "p", None) == []
    t, _ = do(t, A.Declare(side="b", unit="o", intent="hold"), [])
    tip = next(f.profile for f in RS.figures(t) if f.id == "o")
    assert tip[-1] == "declared for round 2: will hold their ground"


def test_agent_uses_the_answer__spears_set_against_a_declared_charge():
    """Battlesystem [14.11] B with [11.7]: told that the orcs are bound to charge its spearmen
    this round, the AI moves first (it chooses the order) and sets the spearmen's spears before
    the orcs move, then stands to receive them; without that answer it lets the enemy move
    first and the spearmen do not set their spears."""
    g = GeneralAgent(random.Random(1))
    told = at_step(field(), "choose_first", "a")
    told.units["o"].effects = ["declared:charge:e:1"]
    assert g.choose(RS, RS.view(told, "a"), "a") == A.ChooseFirst(side="a", first="a")
    assert "bound to charge Valmark spearmen" in g.reason.text
    assert g.choose(RS, RS.view(at_step(field(), "choose_first", "a"), "a"), "a") == A.ChooseFirst(side="a", first="b")
    told = at_step(field(), "move", "a")
    told.units["o"].effects = ["declared:charge:e:1"]
    got = g.choose(RS, RS.view(told, "a"), "a")
    assert got == A.SpecialFormation(side="a", unit="e", formation="set_spears")
    t, _ = do(told, got, [])
    assert t.units["e"].set_spears
    assert g.choose(RS, RS.view(t, "a"), "a") == A.HoldStill(side="a", unit="e")
    blind = g.choose(RS, RS.view(at_step(field(), "move", "a"), "a"), "a")
    assert not isinstance(blind, A.SpecialFormation)
    # a charge declared for the next round, or at another unit, leaves the spearmen's choice alone
    for mark in ("declared:charge:e:2", "declared:charge:f:1"):
        other = at_step(field(), "move", "a")
        other.units["o"].effects = [mark]
        assert g.choose(RS, RS.view(other, "a"), "a") == blind
