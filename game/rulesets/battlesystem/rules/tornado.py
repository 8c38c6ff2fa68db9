"""[12.3] B the magically summoned tornado: a 16 HD air elemental in whirlwind form (values in
``data/weather.toml``) that enters from a random edge, moves 36" in a random direction each
round and sweeps the figures in its path (:func:`.magic.area_attack`); it is summoned by
control weather (:func:`.magic.summon_tornado`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .weather import INCH, W

if TYPE_CHECKING:  # pragma: no cover
    from ..state import MagicArea


def move_tornado(em, a: MagicArea) -> None:
    """[12.3] B: 36" in a random direction (1d12 x 30 degrees); every figure in its swept path
    is attacked as by an area spell (:func:`..magic.area_attack`); off the table it is gone."""
    from shapely.geometry import LineString, Polygon
    from ..events import WorldChanged
    from .magic import area_attack
    s = em.s
    d = em.roll("d12", f"[12.3] B the tornado's direction (x 30 degrees)").total * 30.0
    c = Polygon(a.points).centroid
    r = math.dist(a.points[0], (c.x, c.y))
    dist = W.tornado_mv_in * INCH
    x1, y1 = c.x + dist * math.cos(math.radians(d)), c.y + dist * math.sin(math.radians(d))
    path = LineString([(c.x, c.y), (x1, y1)]).buffer(r)
    area_attack(em, path, W.tornado_damage, "none", "the tornado", kill_below_hd=W.tornado_kills_below_hd)
    W_, H_ = s.table
    rest = [x for x in em.s.areas if x.id != a.id]
    if not (0 <= x1 <= W_ and 0 <= y1 <= H_) or a.rounds <= 1:
        em.emit(WorldChanged(changes={"areas": [x.model_dump() for x in rest]},
                             text="The tornado leaves the battlefield ([12.3] B)" if a.rounds > 1 else "The tornado dies away"))
        return
    from .magic import circle_points
    moved = a.model_copy(update={"points": circle_points(x1, y1, r), "rounds": a.rounds - 1, "heading": d})
    em.emit(WorldChanged(changes={"areas": [x.model_dump() for x in rest] + [moved.model_dump()]},
                         text=f"The tornado moves 36\" ({d:.0f} degrees)"))


def end_of_round(em) -> None:
    """Each tornado on the table moves."""
    for a in list(em.s.areas):
        if a.kind == "tornado":
            move_tornado(em, a)
