"""The bundled WW2 trench-skirmish maps and scenarios are named for WW2
places where British and German troops held trench lines (they were named
for WW1 battles, the Somme, Verdun, Ypres), each file named as its map."""

from __future__ import annotations

import json

from game.battle.loading import open_scenario

from .helpers import MAPS

WW1 = ("somme", "verdun", "ypres", "passchendaele", "cambrai", "marne")


def test_maps_and_scenarios__named_for_ww2_places():
    maps = {p.name: json.loads(p.read_text()) for p in MAPS.glob("*.map.json")}
    assert set(maps) == {"tobruk.map.json", "alamein.map.json", "anzio.map.json"}, sorted(maps)
    for fname, m in maps.items():
        assert f"{m['id']}.map.json" == fname
    assert "fog" in maps["anzio.map.json"]["name"] and "heavy wire" in maps["alamein.map.json"]["name"]
    scenarios = sorted(MAPS.glob("*.scenario.json"))
    assert len(scenarios) == 5
    for p in scenarios:
        _, sc, m = open_scenario(p)  # the map field names a file that loads
        words = f"{sc.name} {sc.description} {m.name} {m.id} {sc.map}".lower()
        assert not any(w in words for w in WW1), (p.name, words)
