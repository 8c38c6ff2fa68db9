"""Mission 2: capturing Awad (Battlespace: Mission 2, "locate and capture or kill
Awad"; the mechanism is ours, the text names capture and gives none).

A soldier who wins a hand-to-hand fight against Awad overpowers him and takes him
prisoner instead of wounding him. The prisoner is no longer an enemy: he neither
acts nor is shot at. His captor leads him (he moves with the captor, as a carried
survivor does) and takes him out when he exfils; a captor who goes down or is
killed leaves him restrained where he stands, and any soldier in base contact may
take him along (an interact order). Mission 2 is won when Awad is dead and a
soldier has left, or when Awad has been taken out of the mission area a prisoner.
"""

from __future__ import annotations

from ..events import Changed, ObjectiveSet, Placed
from ..names import display_name as nm
from ..state import BSState, Fig
from .common import Emitter

AWAD = "awad"


def capturable(s: BSState, enemy: Fig) -> bool:
    """Whether winning hand to hand against ``enemy`` takes him prisoner (Mission 2's Awad)."""
    return s.mission == "m2_awad" and enemy.id == AWAD and enemy.kind == "enemy"


def take_prisoner(em: Emitter, captor: Fig, enemy: Fig) -> None:
    """``captor`` overpowers ``enemy``: he becomes a prisoner of the captor's side, led
    by the captor when the captor's hands are free."""
    em.emit(Changed(unit=enemy.id, changes={"kind": "prisoner", "side": captor.side, "group": None}))
    em.emit(ObjectiveSet(key="awad_captured", value=True))
    captor = em.s.figs[captor.id]
    if captor.carrying is None:
        lead_away(em, captor, em.s.figs[enemy.id])
    else:
        em.log(f"{nm(captor)} has his hands full: {nm(enemy)} is left restrained where he stands")


def lead_away(em: Emitter, captor: Fig, prisoner: Fig) -> None:
    """``captor`` takes ``prisoner`` along (he moves with him, and out with him at exfil)."""
    em.emit(Changed(unit=captor.id, changes={"carrying": prisoner.id}))
    em.emit(Changed(unit=prisoner.id, changes={"carried_by": captor.id}))
    em.emit(Placed(unit=prisoner.id, x=captor.x, y=captor.y, z=captor.z, on=captor.on))
