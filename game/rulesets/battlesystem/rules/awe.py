"""[13.6] awe and fear: the morale checks of units near a creature that causes awe (the
modifiers are :func:`.creatures.awe_modifier`)."""

from __future__ import annotations

from ..formation import block_of
from .common import INCH, Emitter
from .creatures import AWE_RANGE_IN, awe_modifier, creature_of, mindless


def awe_checks(em: Emitter, side: str) -> None:
    """[13.6] as ``side``'s movement step begins: each of its units within 12" of an enemy that
    causes awe checks morale once for that creature."""
    from .morale import check_morale
    from shapely.geometry import Polygon
    s = em.s
    awers = [e for e in s.enemies_of(side) if e.status == "ok" and e.figures and creature_of(e).awe]
    if not awers:
        return
    for u in sorted(s.living(side), key=lambda u: u.id):
        u = em.unit(u.id)
        if u.status != "ok" or mindless(u):
            continue
        for e in awers:
            tag = f"awed:{e.id}"
            if tag in u.effects:
                continue
            if Polygon(block_of(u).outline).distance(Polygon(block_of(e).outline)) > AWE_RANGE_IN * INCH + 1e-9:
                continue
            em.change(u, "", effects=em.unit(u.id).effects + [tag])
            mod = awe_modifier(creature_of(e), illusion=any(x.startswith("illusion:") for x in e.effects))
            check_morale(em, em.unit(u.id), f"awe of {e.name} within 12\" ([13.6])", cause=f"awe:{mod}",
                         source=block_of(e).centre)
