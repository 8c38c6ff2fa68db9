"""Property tests: random edit sequences never crash validation, and undoing
them all gives back the original document."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.editor import commands as C
from game.editor.history import History
from game.editor.validate import validate
from tests.editor.test_commands import base_doc, snapshot

coord = st.floats(-50, 950, allow_nan=False)
ids = st.sampled_from(["house", "wall", "z_red", "obj", "ex", "nothing"])

def safe(cls):
    """A strategy building ``cls`` that gives None when the arguments are refused at construction."""
    def make(*args):
        try:
            return cls(*args)
        except C.EditError:
            return None
    return make


commands = st.one_of(
    st.builds(safe(C.AddRectangle), st.sampled_from(["building", "woods", "planet", "wall"]), coord, coord, coord, coord),
    st.builds(safe(C.AddCircle), st.sampled_from(["crater", "moon"]), coord, coord, st.floats(1, 300), st.integers(3, 40)),
    st.builds(safe(C.Move), st.lists(ids, max_size=3), coord, coord),
    st.builds(safe(C.Rotate), st.lists(ids, max_size=3), st.floats(-360, 360)),
    st.builds(safe(C.Scale), st.lists(ids, max_size=2), st.floats(0.1, 3)),
    st.builds(safe(C.Duplicate), st.lists(ids, max_size=2)),
    st.builds(safe(C.Delete), st.lists(ids, max_size=2)),
    st.builds(safe(C.MoveVertex), ids, st.integers(0, 1), st.integers(0, 4), st.tuples(coord, coord)),
    st.builds(safe(C.InsertVertex), ids, st.integers(0, 1), st.integers(0, 4), st.tuples(coord, coord)),
    st.builds(safe(C.DeleteVertex), ids, st.integers(0, 1), st.integers(0, 4)),
    st.builds(safe(C.AddOpening), ids, st.tuples(coord, coord), st.tuples(coord, coord)),
    st.builds(safe(C.DraftAddVertex), coord, coord),
    st.builds(safe(C.FinishPolygon), st.sampled_from(["woods", "hill"])),
    st.builds(safe(C.AddObjective), coord, coord),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(commands, max_size=8))
def test_random_edits__validate_and_undo_all(cmds):
    doc = base_doc()
    before = snapshot(doc)
    h = History(doc)
    for cmd in cmds:
        if cmd is None:
            continue
        try:
            h.execute(cmd)
        except C.EditError:
            pass
        for p in validate(doc):
            assert p.severity in ("error", "warning") and p.message
    while h.undo():
        pass
    assert snapshot(doc) == before
