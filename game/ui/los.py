"""The line-of-sight overlay's content, from the ruleset's one sight adjudication.

The UI computes no sight of its own (design.md: One truth for sight): every
line, colour, percentage and tooltip here comes from the ruleset's
``sight(state, viewer_id, target_id)`` verdict (a
:class:`~game.core.sight.SightVerdict`), and the shading from its
``sight_region(state, viewer_id)`` (a :class:`~game.core.sight.SightRegion`).
A ruleset without those hooks gets no overlay.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.sight import SightRegion, SightVerdict

#: verdicts asked for at most this many targets, nearest first (a 200-model
#: table stays responsive; the rest get no line)
MAX_TARGETS = 40


@dataclass(frozen=True)
class SightLine:
    """One line of the overlay: from the viewer to a target, coloured and
    labelled by the verdict (``state`` and ``label`` come from it alone)."""

    target_id: str
    a: tuple[float, float]
    b: tuple[float, float]
    verdict: SightVerdict

    @property
    def state(self) -> str:
        """``"clear"``, ``"cover"`` or ``"blocked"`` (the verdict's)."""
        return self.verdict.state

    @property
    def label(self) -> str:
        """The verdict's short label."""
        return self.verdict.label()


@dataclass
class LosResult:
    """The overlay for one viewer."""

    viewer_id: str
    origin: tuple[float, float]
    region: SightRegion | None = None
    lines: list[SightLine] = field(default_factory=list)
    #: why there is no overlay (a ruleset without the sight hooks), if so
    missing: str = ""

    @property
    def blockers(self) -> set[str]:
        """The features that decide some line (highlighted on the table)."""
        return {c.id for ln in self.lines for c in ln.verdict.deciding}

    def verdict_for(self, target_id: str) -> SightVerdict | None:
        """The verdict on ``target_id``, if it has a line."""
        return next((ln.verdict for ln in self.lines if ln.target_id == target_id), None)


def compute_los(ruleset, state, viewer_fig, targets) -> LosResult:
    """The overlay from ``viewer_fig`` to each figure in ``targets`` (nearest
    first, at most :data:`MAX_TARGETS`), by the ruleset's own adjudication.

    Lines the rule draws itself (``verdict.lines``, such as stem to stem) are
    drawn as they are; a rule that judges the whole model gets a line from the
    viewer's centre to the target's, coloured by the verdict.
    """
    out = LosResult(viewer_fig.id, (viewer_fig.x, viewer_fig.y))
    judge = getattr(ruleset, "sight", None)
    if judge is None:
        out.missing = f"{getattr(ruleset, 'title', 'this ruleset')} has no line-of-sight overlay"
        return out
    reg = getattr(ruleset, "sight_region", None)
    out.region = reg(state, viewer_fig.id) if reg is not None else None
    near = sorted(targets, key=lambda f: (f.x - viewer_fig.x) ** 2 + (f.y - viewer_fig.y) ** 2)[:MAX_TARGETS]
    for t in near:
        v = judge(state, viewer_fig.id, t.id)
        if v is None:
            continue
        for a, b in (v.lines or (((viewer_fig.x, viewer_fig.y), (t.x, t.y)),)):
            out.lines.append(SightLine(t.id, tuple(a), tuple(b), v))
    return out


def sight_lines(v: SightVerdict, dist=None) -> list[str]:
    """A verdict as tooltip lines: the verdict with its reason, the heights
    compared (in the ruleset's unit when ``dist``, mm -> text, is given), what it
    does to the roll, and the clause."""
    out = [v.summary()]
    h = v.heights(dist)
    if h:
        out.append("heights: " + h)
    for c in v.crossings:
        if c.role == "crossfire":
            out.append(f"{c.name} stands in the line of fire (caught in the crossfire)")
    if v.clause:
        out.append(f"rule: {v.clause}")
    return out
