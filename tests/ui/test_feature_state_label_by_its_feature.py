"""A feature's state label sits at the feature: Mission 1's "Searched:
survivor found, carried by Pfc. Tanaka" touches the Humvee it names even in
turn 7's crowded frame (Pfc. Tanaka selected beside the Humvee, his sight
lines' percentages all round it), where it floated rows away from the
Humvee, by the west edge (Battlespace: Mission 1, search for survivors).
The state of an objective on the table is placed before the sight-line
percentages, which have room all along their lines; every spot it may take
touches the feature (below, above, beside, slid along each side)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.battle.seats import Seat
from game.ui.render.labels import anchor_gap
from tests.ui.conftest import label_overlaps, start_battle

ROOT = Path(__file__).resolve().parents[2]
M1 = ROOT / "maps" / "battlespace" / "mission1.scenario.json"

#: where the trial's turn 7 had every model (mm) when the label floated away
TURN7 = {"reyes": (389.9, 726.0), "okafor": (300.6, 788.4), "lindqvist": (296.0, 698.0), "tanaka": (505.1, 542.8),
         "a0": (437.0, 190.0), "a1": (464.0, 190.0), "e100": (425.4, 55.6), "e102": (297.1, 900.5),
         "e103": (900.5, 114.2), "e104": (869.5, 127.2), "e105": (869.5, 101.2), "e106": (838.5, 127.2),
         "e107": (838.5, 101.2)}


def test_the_searched_humvee_label_touches_the_humvee_in_a_crowded_frame(app, tmp_path):
    scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "m1.replay.jsonl")
    st = scene.session.battle.state
    fighter = st.figs["a0"]
    for n, fid in enumerate(f for f in TURN7 if f not in st.figs):  # the fighters that come on later
        st.figs[fid] = fighter.model_copy(update={"id": fid, "name": f"Fighter {5 + n}", "group": None})
    for fid in TURN7:
        st.figs[fid].x, st.figs[fid].y = TURN7[fid]
    for fid in ("a2", "st2"):
        if fid in st.figs:
            st.figs[fid].status = "kia"
    st.figs["survivor"] = st.figs["tanaka"].model_copy(update={
        "id": "survivor", "kind": "survivor", "card": "survivor", "name": "survivor", "carried_by": "tanaka"})
    st.figs["tanaka"].carrying = "survivor"
    st.obj.update({"searched": True, "survivor": "survivor"})
    scene.refresh(force_los=True)
    scene.select("tanaka")
    app.drive(1)
    scene.view.anim.snap()
    app.drive(2)
    app.draw()
    view = scene.view
    assert sum(t.endswith("visible, obscured cover") or t.endswith("visible") for t, _ in view.label_rects) >= 4
    text, rect, anchor = next(a for a in view.label_anchors if a[0].startswith("Searched"))
    assert anchor_gap(rect, anchor) <= 3, (text, tuple(rect), tuple(anchor))
    assert label_overlaps(view.label_rects) == []
    app.screenshot(tmp_path / "searched-humvee.png")
