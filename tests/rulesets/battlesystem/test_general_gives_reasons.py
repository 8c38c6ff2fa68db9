"""The Battlesystem default agent (the general) explains every choice in words that name the
units by name, never by id (issue: agents explain their choices; Battlesystem [10.0] volleys and
[7.14] charges list the candidates weighed with their scores, best first)."""

from __future__ import annotations

import random
import re

from game.ai.agent import Reason
from game.battle.controller import Controller
from game.battle.loading import open_scenario
from game.battle.seats import Seat
from game.core.ruleset import RULES_SIDE
from game.core.session import Battle
from game.rulesets.battlesystem import RULESET as RS
from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.ai.agent import GeneralAgent

from .helpers import IN, at_step, make_state, person, unit

ROOT = __import__("pathlib").Path(__file__).resolve().parents[3]


def _ids_in(text: str, s) -> list[str]:
    """Ids of ``s``'s units and individuals that stand in ``text`` as words, leaving out ids
    that are also words of some name (``spears`` in "Valmark spearmen" is not, ``orc`` is)."""
    names = " ".join(f.name.lower() for f in [*s.units.values(), *s.chars.values()])
    return [i for i in [*s.units, *s.chars] if re.search(rf"\b{re.escape(i)}\b", text)
            and not re.search(rf"\b{re.escape(i.lower())}\b", names)]


def test_a_volley_names_shooter_and_target_and_lists_the_volleys_weighed():
    """Battlesystem [10.0]: longbowmen with two orc units in reach shoot at the one that should
    lose most figures; the reason names both units, the figures expected, and the two volleys
    weighed with their scores, best first."""
    s = make_state(unit("bw", "a", "valmark_bows", 600, 900, 270, 12, files=6),
                   unit("o1", "b", "orc_blades", 450, 600, 90, 20, files=10),
                   unit("o2", "b", "orc_spears", 800, 620, 90, 8, files=4))
    s = at_step(s, "missile", "a")
    agent = GeneralAgent(random.Random(1))
    a = agent.choose(RS, RS.view(s, "a"), "a")
    assert isinstance(a, A.Fire) and a.unit == "bw"
    why = agent.reason
    target = s.units[a.target].name
    assert isinstance(why, Reason) and why.text.startswith(f"Valmark longbowmen shoot at {target}: about ")
    labels = [label for label, _ in why.candidates]
    scores = [v for _, v in why.candidates]
    assert sorted(labels) == ["Valmark longbowmen at Bloody Axe orcs", "Valmark longbowmen at Broken Tooth orcs"]
    assert labels[0] == f"Valmark longbowmen at {target}" and scores == sorted(scores, reverse=True)
    assert f"about {scores[0]:.1f} figures" in why.text and "the most of 2 volleys" in why.text
    assert _ids_in(str(why), s) == []


def test_a_charge_names_the_enemy_and_the_exchange_weighed():
    """Battlesystem [7.14]: swordsmen 6" from an orc block charge it; the reason names both,
    the exchange it expects (as weighed), and "charge <name>" among the candidates."""
    s = make_state(unit("att", "a", "valmark_swords", 600.0, 400.0 + 6 * IN, 270.0, 16, files=8),
                   person("sgt", "a", "sergeant", 600.0, 400.0 + 6 * IN, 270.0, "unit_commander", "att"),
                   unit("def", "b", "orc_spears", 600.0, 400.0, 90.0, 6, files=6))
    agent = GeneralAgent(random.Random(1))
    a = agent.choose(RS, RS.view(s, "a"), "a")
    assert isinstance(a, A.Charge) and a.target == "def"
    why = agent.reason
    (label, v), = why.candidates
    assert label == "charge Broken Tooth orcs" and v > agent.threshold
    assert why.text == f"Valmark swordsmen charge Broken Tooth orcs: the best exchange of blows in reach ({v:+.2f})"
    assert _ids_in(str(why), s) == []


def test_every_decision_of_a_battle_opening_has_a_reason_in_names():
    """The first sixty actions of Barrow Downs (seed 1, the general on both sides): every AI
    decision leaves a reason, and none names a unit or an individual by its id."""
    rs, sc, m = open_scenario(ROOT / "maps" / "battlesystem" / "barrow_downs.scenario.json")
    battle = Battle(rs, sc, m, 1)
    Controller(battle, {sd: Seat("ai", "default") for sd in rs.sides(sc)}).advance(max_actions=60)
    seen = [(e.action.type, e.reason and e.reason["text"]) for e in battle.history.entries if e.action.side != RULES_SIDE]
    assert len(seen) >= 30 and len({t for t, _ in seen}) >= 3
    assert all(why for _, why in seen), [t for t, why in seen if not why]
    bad = [why for _, why in seen if _ids_in(why, battle.state)]
    assert bad == []
