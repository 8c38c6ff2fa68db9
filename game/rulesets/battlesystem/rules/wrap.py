"""Wrap-around movement ([7.11]).

A unit that begins its movement phase in base contact, front to front with one enemy unit,
widens its line by ``figures`` figures on each flank (1" a figure, [7.10]) and wheels them in
round the enemy's flanks (each arm's outer figure's quarter-circle arc, [7.9]); no figure may
go further than its move. In the melee phase those figures attack the enemy's flanks (a second
attack of the unit, with the flank's -1, [8.3]); when the melee ends the unit is in open
formation ([7.11]).

The melee half of the rule (the wrapped figures' attack and the open formation after the
melee) is in :mod:`.melee` (``wrap_attack``, ``end_wraps``).

Ours (see README): the wrapped figures are not laid out as separate arms on the table; they
are taken from the unit's rear ranks and counted as fighting on the enemy's flanks.
"""

from __future__ import annotations

import math

from game.core.logtext import plural

from ..formation import block_of
from ..profiles import DATA
from ..state import BSState, Unit
from .command import in_command
from .common import INCH, Emitter, inches, mv_mm
from .contact import enemies_in_contact, face_of
from .movement import Plan, no, remaining
from .words import says

M = DATA.tables.movement


def plan_wrap(s: BSState, u: Unit, figures: int) -> Plan:
    if u.status != "ok" or u.kind not in ("regular", "elite", "berserker", "mob"):
        return no(f"{u.name} may not wrap around ([7.11])")
    if u.move_began or u.move_done:
        return no(f"{u.name} {says(u, 'has')} already moved this phase")
    foes = enemies_in_contact(s, u)
    if not (u.engaged_start and foes):
        return no(f"{u.name} must begin its movement phase in base contact to wrap around ([7.11])")
    if len(foes) != 1:
        return no(f"{u.name} {says(u, 'is')} in contact with more than one enemy unit")
    e = s.units[foes[0]]
    if face_of(e, u) != "front" or face_of(u, e) != "front":
        return no(f"{u.name} must face {e.name} front to front to wrap around it")
    if u.kind != "mob" and not in_command(s, u):
        return no(f"{u.name} must be in command ([4.7])")
    b = block_of(u)
    spare = u.figures - b.front_files
    if figures < 1 or 2 * figures > spare:
        return no(f"{u.name} {says(u, 'has')} {spare} figures behind its front rank: at most {spare // 2} on each flank")
    eb = block_of(e)
    arm = figures * b.base_w
    cost = 2 * figures * M.frontage_per_figure_in * INCH + 2 * (math.pi / 2) * arm
    if cost > remaining(s, u) + 1e-6:
        return no(f"wrapping {figures} figures round each flank costs {inches(cost)}, {u.name} {says(u, 'has')} "
                  f"{inches(remaining(s, u))} left ([7.11])")
    reach = math.hypot((eb.width + b.width) / 2.0, b.depth) + arm
    if reach > mv_mm(u) + 1e-6:
        return no("a figure would move further than its move ([7.11])")
    return Plan(True, block=b, cost=cost, contact=e.id, changes={"wrap": figures})


def do_wrap(em: Emitter, a) -> None:
    u = em.unit(a.unit)
    p = plan_wrap(em.s, u, a.figures)
    e = em.s.units[p.contact]
    em.change(u, f"{u.name} {says(u, 'wraps')} {plural(a.figures, 'figure')} round each flank of {e.name} (uses {inches(p.cost)}) ([7.11])",
              wrap=a.figures, moved=u.moved + p.cost, move_began=True, move_done=True, idle=False)
