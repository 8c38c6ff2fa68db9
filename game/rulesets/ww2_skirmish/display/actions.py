"""The actions the app offers for a click (no pygame): at a table point
(move facing the way it goes or the nearest enemy, run, fall back, get to
cover, move with a group), at an enemy figure (shoot each weapon, shoot that
very model, hold the line, fight, throw a grenade, group fire and assault),
and on the unit itself (rally, ambush, reload, cool down, charges); and the
button labels."""

from __future__ import annotations

import math

from game.core.action import Action
from game.core.logtext import compass_words

from .. import actions as A
from ..ai.candidates import enemy_centre, facing_to, groups
from ..bodies import centroid, engaged
from ..catalogue import DATA
from ..places import heading_words, setup_words
from ..rules.common import status_now
from ..rules.missions import charge_points_near
from ..state import WWState


def _unit_of(s: WWState, figure_id: str):
    m = s.models.get(figure_id)
    return s.units[m.unit] if m is not None else s.units.get(figure_id)


def point_actions(rs, s: WWState, side: str, figure_id: str, x: float, y: float) -> list[Action]:
    """Moves of the selected figure's unit to the point (its centre goes there)."""
    u = _unit_of(s, figure_id)
    if u is None or u.side != side:
        return []
    if s.stage == "deploy" and not u.deployed:
        ex, ey = enemy_centre(s, side)
        return [A.Deploy(side=side, unit=u.id, x=x, y=y, heading=facing_to(x, y, ex, ey, 90.0))]
    if s.stage != "battle":
        return []
    cx, cy = centroid(s, u)
    way = facing_to(cx, cy, x, y) if (x, y) != (cx, cy) else u.heading
    foes = s.units_of(s.enemy_of(side))
    near = min(foes, key=lambda e: math.dist(centroid(s, e), (x, y)), default=None)
    at_foe = facing_to(x, y, *centroid(s, near)) if near is not None else way
    out: list[Action] = []
    if engaged(s, u):
        out.append(A.Move(side=side, unit=u.id, x=x, y=y, heading=round(at_foe, 1), fall_back=True))
    else:
        out.append(A.Move(side=side, unit=u.id, x=x, y=y, heading=round(way, 1)))
        if abs(at_foe - way) > 1.0:
            out.append(A.Move(side=side, unit=u.id, x=x, y=y, heading=round(at_foe, 1)))
        out.append(A.Run(side=side, unit=u.id, headings=(round(way, 1),)))
    if status_now(s, u) == "shell_shocked":
        out.append(A.GetToCover(side=side, unit=u.id, x=x, y=y, heading=round(at_foe, 1)))
    for grp in groups(s, side):
        if u.id in grp and len(grp) > 1:
            pts = [centroid(s, s.units[g]) for g in grp]
            gx, gy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
            out.append(A.GroupMove(side=side, units=grp, x=x + (gx - cx), y=y + (gy - cy), heading=u.heading))
    return out


def figure_actions(rs, s: WWState, side: str, figure_id: str, target_id: str | None) -> list[Action]:
    """Actions of the selected figure's unit at another figure, or on itself."""
    u = _unit_of(s, figure_id)
    if u is None or u.side != side or s.stage != "battle":
        return []
    out: list[Action] = []
    if target_id is None:
        if u.tokens:
            out.append(A.Rally(side=side, unit=u.id))
        out.append(A.Ambush(side=side, unit=u.id))
        out += [A.ShellUp(side=side, unit=u.id, weapon=w) for w in u.unloaded]
        if DATA.units[u.profile].mech:
            out.append(A.Cooldown(side=side, unit=u.id))
        if s.hands[side].kept == "demolition":
            out += [A.Interact(side=side, unit=u.id, what=f"charge:{p}") for p in charge_points_near(s, side)]
            out.append(A.Interact(side=side, unit=u.id, what="detonate"))
        out.append(A.EndActivation(side=side))
        return out
    tm = s.models.get(target_id)
    if tm is None:
        return []
    t = s.units[tm.unit]
    if t.side == side:
        return []
    for wid, k in u.weapons.items():
        w = DATA.weapons[wid]
        if k > 0 and not w.melee:
            out.append(A.Shoot(side=side, unit=u.id, target=t.id, weapon=wid))
    if len(t.models) > 1:
        for wid, k in u.weapons.items():
            if k > 0 and not DATA.weapons[wid].melee:
                out.append(A.Shoot(side=side, unit=u.id, target=t.id, weapon=wid, chosen=(tm.id,)))
                break
    out.append(A.Fight(side=side, unit=u.id, target=t.id))
    for gid, n in u.consumables.items():
        if n > 0:
            out.append(A.Throw(side=side, unit=u.id, target=tm.id, weapon=gid))
    for wid, k in u.weapons.items():
        if k > 0 and not DATA.weapons[wid].melee:
            out.append(A.HoldTheLine(side=side, unit=u.id, target=t.id, weapon=wid))
            break
    for grp in groups(s, side):
        if u.id in grp:
            out.append(A.GroupShoot(side=side, units=grp, target=t.id))
            out.append(A.GroupAssault(side=side, units=grp, target=t.id))
    return out


def describe_action_in(s: WWState, a: Action) -> str:
    """A button label naming what the state knows: the officer an
    Assassination target choice marks ("Mark Sergeant Weber",
    Missions: Assassination), the place a unit would be set up; else
    :func:`describe_action`."""
    if isinstance(a, A.ChooseTarget) and a.unit in s.units:
        return f"Mark {s.units[a.unit].name}"
    if isinstance(a, A.Deploy):  # "Set up in the red fire trench, facing south (90°)"
        where = setup_words(s, a.x, a.y, exclude=a.unit)
        return f"Set up {where}, {heading_words(a.heading)}"
    return describe_action(a)


def describe_action(a: Action) -> str:
    """A short button label (weapon and mission names; units by the selection)."""
    w = DATA.weapons.get(getattr(a, "weapon", "") or "")
    wn = w.name if w else ""
    if isinstance(a, A.Move):
        return f"{'Fall back' if a.fall_back else 'Move'}, {heading_words(a.heading)}"
    if isinstance(a, A.Run):
        return f"Run (M + D6), heading {compass_words(a.headings[0])} ({a.headings[0] % 360:.0f}°)"
    if isinstance(a, A.Shoot):
        return f"Shoot {wn}" + (" at this model (re-roll 6s)" if a.chosen else "")
    if isinstance(a, A.HoldTheLine):
        return f"Hold the line: {wn}"
    if isinstance(a, A.Fight):
        return "Fight"
    if isinstance(a, A.Throw):
        return f"Throw {wn}"
    if isinstance(a, (A.GroupShoot, A.GroupAssault, A.GroupMove)):
        kind = {A.GroupShoot: "Group shoot", A.GroupAssault: "Group assault", A.GroupMove: "Group move"}[type(a)]
        return f"{kind} ({len(a.units)} unit{'s' if len(a.units) > 1 else ''})"
    if isinstance(a, A.Interact):
        return "Detonate the charges" if a.what == "detonate" else "Place a charge"
    if isinstance(a, A.KeepMission):
        return f"Keep {DATA.missions[a.mission].name}" if a.mission in DATA.missions else "Keep a mission"
    if isinstance(a, A.ChooseRole):
        return f"Take the {a.role}"
    if isinstance(a, A.Deploy):
        return f"Set up here, {heading_words(a.heading)}"
    if isinstance(a, A.PlaceBarricade):
        return f"Set up {DATA.kinds[a.kind].name}" if a.kind in DATA.kinds else "Set up a barricade"
    if isinstance(a, A.ChooseLoss):
        return f"Lose a {wn}"
    if isinstance(a, A.AmbushFire):
        return f"Spring the ambush: {wn}"
    words = {A.StartBattle: "Start the battle", A.ChooseTarget: "Mark an enemy Rank unit as the target", A.SkipBarricade: "No barricade",
             A.RevealMission: "Reveal my mission", A.Rally: "Rally", A.ShellUp: f"Shell up {wn}", A.Ambush: "Ambush",
             A.GetToCover: "Get to cover", A.Cooldown: "Cool down", A.EndActivation: "End activation (bank the rest)",
             A.AmbushHold: "Hold fire"}
    return words.get(type(a), a.type.removeprefix("ww2_").replace("_", " "))
