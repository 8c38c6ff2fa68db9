"""The ``objective_status`` display hook (Battlespace: Clear Phase counts):
each bundled mission's objectives open at the start, ticked when done,
crossed when the battle is lost, keyed by the scenario's own objective ids."""

from __future__ import annotations

import pytest

from game.battle.loading import open_scenario
from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace.display.figures import objective_status

from .helpers import MAPS, mission

BUNDLED = sorted(p.name.split(".")[0] for p in MAPS.glob("*.scenario.json"))


@pytest.mark.parametrize("name", BUNDLED)
def test_every_mission__keys_are_the_scenarios_objective_ids_and_all_open_at_the_start(name):
    _, sc, _ = open_scenario(MAPS / f"{name}.scenario.json")
    got = objective_status(mission(name))
    assert got, f"{name}: no objective reported"
    assert set(got) <= {o.id for o in sc.objectives}
    assert {st for st, _ in got.values()} == {"open"}


def test_mission1__search_ticked_with_its_finding_and_exfil_counts_soldiers_out():
    s = mission("mission1")
    assert objective_status(s) == {"search": ("open", ""), "exfil": ("open", "0 of 3 out")}
    s.obj["searched"], s.obj["survivor"] = True, "survivor"
    soldiers = [f for f in s.figs.values() if f.kind == "soldier"]
    for f in soldiers[:2]:
        f.status = "exfil"
    assert objective_status(s) == {"search": ("done", "survivor found"), "exfil": ("open", "2 of 3 out")}


def test_mission1__lost_battle_crosses_what_was_not_done_and_keeps_what_was():
    s = mission("mission1")
    s.obj["searched"] = True
    s.over, s.winner = True, "enemy"
    assert objective_status(s) == {"search": ("done", "no survivor"), "exfil": ("failed", "0 of 3 out")}


def test_mission1__won_battle_ticks_the_exfil():
    s = mission("mission1")
    s.over, s.winner = True, "fireteam"
    assert objective_status(s)["exfil"][0] == "done"


def test_mission1__more_out_than_needed_reads_as_a_count_and_the_need():
    """Battlespace: Clear Phase counts the soldiers out; past the three needed
    the note reads "4 out (3 needed)", not "4 of 3 out"."""
    s = mission("mission1")
    soldiers = [f for f in s.figs.values() if f.kind == "soldier"]
    assert len(soldiers) >= 4
    for f in soldiers[:3]:
        f.status = "exfil"
    assert objective_status(s)["exfil"] == ("open", "3 of 3 out")
    soldiers[3].status = "exfil"
    assert objective_status(s)["exfil"] == ("open", "4 out (3 needed)")


def test_the_ruleset_offers_the_hook():
    s = mission("mission3")
    assert RULESET.objective_status(s) == {"survive": ("open", f"turn {s.turn} of {s.turn_limit}")}
