"""The hot-seat handover's "Since your last move:" (Foxhole, Hidden Units:
each player reads what the other did before the table is shown): the other
side's moves, fire and results come before routine lines (an element used,
done for the turn), a cut summary says how many lines more the log holds,
and nothing private to the other side is shown. The very first handover has
no previous player to send away."""

from __future__ import annotations

from game.battle.seats import Seat
from game.ui.log import routine
from game.ui.scenes.battle import BattleScene
from tests.ui.test_foxhole_ui import SEARCH, _play_as_humans

HEAD = "Since your last move:"


def test_summary__moves_before_routine_lines_and_the_rest_counted(app, tmp_path):
    scene = app.push(BattleScene.from_scenario(SEARCH, 1, {"usmc": Seat("human"), "vc": Seat("human")},
                                               replay=tmp_path / "sum.replay.jsonl"))
    app.drive(1)
    assert app.top.name == "handover"
    assert "The other players should look away." in app.top.lines  # nobody has played yet
    assert "The previous player should look away." not in app.top.lines
    s = scene.session
    checked = []

    def summary_checked(_state) -> bool:
        side, lines = app.top.side, app.top.lines
        if s.controller.last_human is not None:
            assert "The previous player should look away." in lines
        if HEAD not in lines:
            return False
        shown = [t[2:] for t in lines[lines.index(HEAD) + 1:]]
        last = max((i for i, e in enumerate(s.battle.history.entries) if e.action.side == side), default=-1)
        seen = [ln for ln in s.log.filtered(viewer=side) if ln.action > last]
        text = {ln.text: ln for ln in seen}
        private = {ln.text for ln in s.log.lines if ln.private not in (None, side)}
        assert not any(t in private for t in shown)
        assert all(t in text for t in shown[:-1]), shown
        kinds = [routine(text[t]) for t in shown if t in text]
        assert kinds == sorted(kinds), shown  # nothing routine before a move, fire or result
        if len(seen) <= 8:
            assert sorted(shown) == sorted(ln.text for ln in seen)
            return False
        assert len(shown) == 8 and shown[-1] == f"... {len(seen) - 7} more lines in the battle log", shown
        news = [ln.text for ln in seen if not routine(ln)]
        assert shown[:min(7, len(news))] == news[:7]  # the moves and results kept, in order
        if any(routine(ln) for ln in seen) and news:
            checked.append(side)
        return bool(checked)

    _play_as_humans(app, scene, summary_checked, fast=True)
    assert checked
