"""Foxhole, Figure setup: a side whose start area is crowded by the elements
it set up first still finds a legal place for the next one while the area has
room for its base. On the code before, the candidate grid (35 mm, normal
formation only) had no legal point for the ARVN's last element in Convoy
Ambush after the random agent's set-up of this seed, and the battle stopped
with "no legal action"."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.battle.runner import play
from game.battle.seats import Seat
from game.core.replay import read_replay
from game.rulesets.foxhole.ai.candidates import deploy_spots, grid_points
from game.rulesets.foxhole.orders import area_of, deploy_problem, to_deploy

ROOT = Path(__file__).resolve().parents[3]
CONVOY = ROOT / "maps" / "foxhole" / "convoy_ambush.scenario.json"
SEED = 927416868  # game 67 of `simulate --seed 1 --seat arvn=ai:random`


def test_random_set_up_of_convoy_ambush_places_every_element(tmp_path):
    out = tmp_path / "setup.replay.jsonl"
    with pytest.raises(RuntimeError, match="did not end"):
        play(CONVOY, {"arvn": Seat("ai", "random", {})}, SEED, out, max_actions=45)
    deploys = [a for a in read_replay(out).actions if a.action.get("type") == "fox_deploy" and a.action["side"] == "arvn"]
    assert len(deploys) == 9  # the APC, two trucks, four ranger sections, the M60 team and the last element


def test_crowded_area__the_finer_grid_offers_only_legal_spots(tmp_path):
    from game.battle.runner import resume
    whole = tmp_path / "whole.replay.jsonl"
    with pytest.raises(RuntimeError, match="did not end"):
        play(CONVOY, {"arvn": Seat("ai", "random", {})}, SEED, whole, max_actions=45)
    acts = read_replay(whole).actions
    last = max(i for i, a in enumerate(acts) if a.action.get("type") == "fox_deploy" and a.action["side"] == "arvn")
    out = tmp_path / "setup.replay.jsonl"
    with pytest.raises(RuntimeError, match="did not end"):
        play(CONVOY, {"arvn": Seat("ai", "random", {})}, SEED, out, max_actions=last)
    s = resume(out).battle.state
    e = to_deploy(s, "arvn")[0]
    area = area_of(s, "arvn")
    coarse = [(x, y) for x, y in grid_points(area, 35.0) if not deploy_problem(s, e, x, y, "normal", 0.0)]
    assert coarse == []  # the crowded case: no point of the 35 mm grid takes the base in normal formation
    spots = deploy_spots(s, "arvn", e)
    assert spots and all(not deploy_problem(s, e, a.x, a.y, a.formation, a.heading) for a in spots)
