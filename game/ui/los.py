"""The line-of-sight overlay's content, from the geometry layer (no pygame).

:func:`compute_los` gives the visibility polygon from a figure's eye and one
sight line per enemy figure, classified clear (whole base visible), partial
(some of it) or blocked, with the visible fraction, the blocking and
obscuring pieces, and the cover that follows from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from game.ui.table_model import TableModel, model_of

#: exact sight (shadow casting) for at most this many targets; the rest get
#: the centre line only (an overlay for a 200-model table stays responsive)
EXACT_TARGETS = 40


@dataclass(frozen=True)
class SightLine:
    """One sight line of the overlay."""

    target_id: str
    a: tuple[float, float]
    b: tuple[float, float]
    state: str  #: "clear" | "partial" | "blocked"
    fraction: float
    blocked_by: tuple[str, ...] = ()
    obscured_by: tuple[str, ...] = ()
    cover: str = ""  #: cover kind and why, in words (empty when none)
    exact: bool = True


@dataclass
class LosResult:
    """The overlay for one viewer."""

    viewer_id: str
    origin: tuple[float, float]
    rings: list[np.ndarray] = field(default_factory=list)  #: visibility polygon exterior(s), mm
    holes: list[np.ndarray] = field(default_factory=list)
    lines: list[SightLine] = field(default_factory=list)

    @property
    def blockers(self) -> set[str]:
        """Every piece that blocks some sight line (highlighted)."""
        return {b for ln in self.lines for b in ln.blocked_by}


def _classify(frac: float) -> str:
    if frac >= 1.0 - 1e-6:
        return "clear"
    return "partial" if frac > 0.0 else "blocked"


def _polygon(table: TableModel, viewer) -> tuple[list[np.ndarray], list[np.ndarray]]:
    try:
        from game.geometry.visibility import visibility_polygon
    except ImportError:  # pragma: no cover - geometry without the overlay helper
        return [], []
    try:
        poly = visibility_polygon(table.index, viewer)
    except ValueError:
        return [], []
    polys = getattr(poly, "geoms", [poly])
    rings = [np.asarray(p.exterior.coords) for p in polys if p.geom_type == "Polygon" and not p.is_empty]
    holes = [np.asarray(h.coords) for p in polys if p.geom_type == "Polygon" for h in p.interiors]
    return rings, holes


def compute_los(table: TableModel, viewer_fig, targets) -> LosResult:
    """The overlay from ``viewer_fig`` to every figure in ``targets``."""
    from game.geometry import sight as S

    viewer = model_of(viewer_fig)
    rings, holes = _polygon(table, viewer)
    out = LosResult(viewer_fig.id, (viewer_fig.x, viewer_fig.y), rings, holes)
    targets = sorted(targets, key=lambda f: (f.x - viewer_fig.x) ** 2 + (f.y - viewer_fig.y) ** 2)
    if not targets:
        return out
    models = [model_of(t) for t in targets]
    centre = S.sight_matrix(table.index, [viewer], models)[0]
    try:
        from game.geometry.cover import cover_from_sight
    except ImportError:  # pragma: no cover
        cover_from_sight = None
    for k, (t, m) in enumerate(zip(targets, models)):
        if k < EXACT_TARGETS:
            try:
                s = S.line_of_sight(table.index, viewer, m)
            except ImportError:  # pragma: no cover
                s = None
            if s is not None:
                cov = ""
                if cover_from_sight is not None:
                    c = cover_from_sight(s)
                    cov = "" if c.kind == "none" else f"{c.kind} cover: {c.reason}"
                out.lines.append(SightLine(t.id, out.origin, (t.x, t.y), _classify(s.visible_fraction),
                                           float(s.visible_fraction), tuple(s.blocked_by), tuple(s.obscured_by), cov))
                continue
        frac = 1.0 if centre[k] else 0.0
        blk = () if centre[k] else table.index.ids(S.line_blockers(table.index, viewer.centre, viewer.eye_z, m.centre, m.eye_z))
        out.lines.append(SightLine(t.id, out.origin, (t.x, t.y), _classify(frac), frac, blk, (), "", exact=False))
    return out
