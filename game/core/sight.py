"""The answer of a ruleset's one sight adjudication (design.md: One truth for sight).

Every ruleset has a ``sight.py`` whose adjudication returns a
:class:`SightVerdict`; the rules, the AI, the previews and the line-of-sight
overlay all read the same verdict, so the screen and the rules cannot
disagree. The verdict explains itself: the heights compared, the features
that hide or cover the target, and the clause applied. Its overlay colour
(:attr:`SightVerdict.state`) and its label (:meth:`SightVerdict.label`) are
both derived from the verdict, so they never contradict each other.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

#: Roles a feature or model can play in a verdict.
BLOCKS = "blocks"  #: hides the whole target
HIDES = "hides"  #: hides part of the target
COVER = "cover"  #: in base contact with the target and hiding part of it (the cover it gets)
OBSCURES = "obscures"  #: lies in the way and counts for the rules without hiding (a gas cloud)
CROSSFIRE = "crossfire"  #: stands in the line of fire without blocking it (caught in the crossfire)
SHIFTS = "shifts"  #: crossed by the line of fire and shifts the roll (a blast marker)


@dataclass(frozen=True)
class Crossing:
    """One feature or model a verdict names.

    Attributes:
        id: its id (features and models).
        name: what a player calls it ("garden wall", "Fighter a1", "smoke").
        role: one of :data:`BLOCKS`, :data:`HIDES`, :data:`COVER`, :data:`OBSCURES`,
            :data:`CROSSFIRE`, :data:`SHIFTS`.
        top: height of its top above the table, mm (``inf`` where height does not matter).
        bottom: height of its underside, mm.
        hidden: share of the target it hides, 0..1 (0 when it hides nothing).
    """

    id: str
    name: str
    role: str
    top: float = math.inf
    bottom: float = 0.0
    hidden: float = 0.0


def percent(f: float) -> str:
    """A share as a player reads it, never rounding a part to none or to all:
    ``"0%"`` only for nothing, ``"<1%"``, ``"62%"``, ``">99%"``, ``"100%"``."""
    if f <= 0.0:
        return "0%"
    if f >= 1.0:
        return "100%"
    if f < 0.01:
        return "<1%"
    if f > 0.99:
        return ">99%"
    return f"{f * 100:.0f}%"


@dataclass(frozen=True)
class SightVerdict:
    """What one model sees of another, by the ruleset's own sight rules.

    Attributes:
        viewer_id, target_id: the models (ids).
        viewer_name, target_name: their names for text a player reads.
        sees: the rules' verdict: the viewer has a line of sight to the target.
        cover: the rules' cover class of the target against this viewer
            (``"none"``, or the ruleset's own word: ``"obscured"``, ``"solid"``...).
        visible_fraction: share (0..1) of the target the viewer sees (for a
            model: the exact share of its volume; for a rule that draws one
            line: 1 or 0).
        eye: the viewer's eye height above the table, mm.
        target_span: the target's foot and top heights above the table, mm.
        crossings: the features and models that hide, cover, obscure or stand
            in the line (see :class:`Crossing`), in the order they matter.
        lines: the sight lines the rule itself draws ((x, y) mm pairs), when
            it judges by lines (stem to stem); empty when the rule judges the
            whole model by exact shadow casting.
        clause: the rule applied, as the text names it.
        effect: what the cover does to the roll, in words ("-2 to hit").
        note: an extra fact that decides the verdict ("in an armoured Humvee").
        cover_name: the cover in words where "<cover> cover" would not read
            well ("blast-marker shift").
    """

    viewer_id: str
    target_id: str
    sees: bool
    cover: str = "none"
    visible_fraction: float = 1.0
    viewer_name: str = ""
    target_name: str = ""
    eye: float = 0.0
    target_span: tuple[float, float] = (0.0, 0.0)
    crossings: tuple[Crossing, ...] = ()
    lines: tuple[tuple[tuple[float, float], tuple[float, float]], ...] = ()
    clause: str = ""
    effect: str = ""
    note: str = ""
    cover_name: str = ""

    @property
    def cover_text(self) -> str:
        """The cover in words: ``cover_name`` when the ruleset gives one, else
        ``"<cover> cover"`` (``""`` for none)."""
        if self.cover == "none":
            return ""
        return self.cover_name or f"{self.cover} cover"

    @property
    def state(self) -> str:
        """The overlay's colour class: ``"clear"`` (seen, no cover), ``"cover"``
        (seen, with cover) or ``"blocked"`` (no line of sight)."""
        if not self.sees:
            return "blocked"
        return "clear" if self.cover == "none" else "cover"

    @property
    def deciding(self) -> tuple[Crossing, ...]:
        """The crossings that decide the verdict: blockers for no sight, the
        cover-giving features for cover, else those hiding or obscuring."""
        for roles in ((BLOCKS,), (COVER,), (HIDES, OBSCURES, SHIFTS)):
            got = tuple(c for c in self.crossings if c.role in roles)
            if got:
                return got
        return ()

    def label(self) -> str:
        """The short label drawn on the overlay line (agrees with :attr:`state`)."""
        if not self.sees:
            return "no line of sight"
        seen = "" if self.lines else f"{percent(self.visible_fraction)} visible"
        if self.cover == "none":
            return seen or "clear"
        return f"{seen + ', ' if seen else ''}{self.cover_text}"

    def heights(self, dist: Callable[[float], str] | None = None) -> str:
        """The heights compared, in words: ``"eye 30 mm; target 0-30 mm; garden wall 25 mm"``;
        ``dist`` writes a height given in mm in the ruleset's unit (``"1.2 in"``; default mm)."""
        if not self.target_span[1] and not self.eye:
            return ""
        d = dist or (lambda v: f"{v:g} mm")

        def h(v: float) -> str:
            return "full height" if not math.isfinite(v) else d(v)
        lo, hi = d(self.target_span[0]), d(self.target_span[1])
        span = f"{lo.rsplit(' ', 1)[0]}-{hi}" if lo.rsplit(" ", 1)[-1] == hi.rsplit(" ", 1)[-1] else f"{lo}-{hi}"
        parts = [f"eye {h(self.eye)}", f"target {span}"]
        parts += [f"{c.name} {h(c.top)}" for c in self.crossings if c.role in (BLOCKS, HIDES, COVER)]
        return "; ".join(parts)

    def summary(self) -> str:
        """The verdict and what decides it, in one sentence with names."""
        who = f"{self.viewer_name or self.viewer_id} to {self.target_name or self.target_id}"
        dec = self.deciding
        names = ", ".join(c.name for c in dec)
        if not self.sees:
            why = f"hidden by {names}" if names else "hidden"
            text = f"{who}: no line of sight ({why})"
        elif self.cover == "none":
            text = f"{who}: clear line of sight" + ("" if self.lines else f", {percent(self.visible_fraction)} visible")
        else:
            by = f" from {names}" if names else ""
            text = f"{who}: {self.cover_text}{by}"
            if not self.lines:
                text += f", {percent(self.visible_fraction)} visible"
        if self.note:
            text += f" ({self.note})"
        if self.effect and self.sees:
            text += f"; {self.effect}"
        return text

    def explain(self) -> str:
        """:meth:`summary`, the heights compared and the clause: for a tooltip or the log."""
        text = self.summary()
        h = self.heights()
        if h:
            text += f". Heights: {h}"
        if self.clause:
            text += f". [{self.clause}]"
        return text


@dataclass(frozen=True)
class SightRegion:
    """Where a viewer's sight does not reach, for the overlay's shading.

    Attributes:
        viewer_id: the viewer.
        hidden: polygons (each a tuple of rings: the exterior, then holes; (x, y)
            mm) where a model of the reference kind is wholly hidden.
        partial: polygons where such a model is partly hidden (it would have
            cover), and not wholly.
        note: what the reference is, in words ("a standing model on the ground").
    """

    viewer_id: str
    hidden: tuple[tuple[tuple[tuple[float, float], ...], ...], ...] = ()
    partial: tuple[tuple[tuple[tuple[float, float], ...], ...], ...] = ()
    note: str = ""


def polygons_of(geom) -> tuple[tuple[tuple[tuple[float, float], ...], ...], ...]:
    """Rings of every polygon in a shapely geometry, as :class:`SightRegion` holds them."""
    out = []
    for g in getattr(geom, "geoms", [geom]):
        if g.geom_type == "Polygon" and not g.is_empty:
            out.append(tuple(tuple((float(x), float(y)) for x, y in r.coords) for r in (g.exterior, *g.interiors)))
        elif g.geom_type in ("MultiPolygon", "GeometryCollection"):
            out.extend(polygons_of(g))
    return tuple(out)
