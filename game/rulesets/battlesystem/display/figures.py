"""Figures and markers the app draws (no pygame): one figure per unit (its block of bases in
``parts``), one per individual standing apart; objectives and command radii as markers."""

from __future__ import annotations

from game.core.view import Figure, Marker

from ..formation import block_of, individual_size
from ..state import BSState


def figures(s: BSState) -> list[Figure]:
    out = []
    for u in s.units.values():
        if not u.on_table or u.figures == 0:
            continue
        b = block_of(u)
        cx, cy = b.centre
        marks = []
        if u.routed:
            marks.append("routed")
        if u.wounded:
            marks.append(f"wounded:{u.wounded}")
        out.append(Figure(id=u.id, side=u.side, x=cx, y=cy, radius=0.0, width=max(b.width, 1.0),
                          depth=max(b.depth, 1.0), heading=u.heading, label=u.name, markers=tuple(marks),
                          profile=(u.name, f"{u.figures}/{u.original} figures, {u.formation}")))
    s2 = individual_size()
    for c in s.chars.values():
        if not c.active or c.with_unit:
            continue
        out.append(Figure(id=c.id, side=c.side, x=c.x, y=c.y, radius=0.0, width=s2, depth=s2, heading=c.heading,
                          label=c.name, profile=(c.name, c.role.replace("_", " "))))
    return out


def markers(s: BSState) -> list[Marker]:
    out = []
    for oid, (x, y, r) in s.objectives.items():
        out.append(Marker(id=oid, kind="objective", points=((x, y),), radius=r, label=s.objective_names.get(oid, oid)))
    return out


def figure_overlays(s: BSState, figure_id: str) -> dict:
    return {}
