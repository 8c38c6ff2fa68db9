"""The five missions: objectives, interactions, special notes and the Clear-phase checks
(Battlespace: Missions; Clear Phase). Mission numbers live in scenario ``params``
and ``data/tables.json`` (``mission``)."""

from __future__ import annotations

import math

from shapely.geometry import LineString, Point

from game.core.event import Target

from ..data import data
from ..events import Changed, FigAdded, MissionEnded, ObjectiveSet, Removed
from ..geo import R, TOL, geo_of
from ..names import display_name, feature_name, name_of
from ..state import BSState, Fig
from .capture import lead_away
from .common import CARRIED, Emitter, has_gear, wound
from .combat import contact_fights
from .enemy import place_element



def exfil_count(s: BSState) -> int:
    return sum(1 for f in s.figs.values() if f.kind == "soldier" and f.status == "exfil")


def touching_feature(s: BSState, f: Fig, fid: str) -> bool:
    g = geo_of(s)
    return g.pieces[fid].polygon.distance(Point(f.x, f.y)) <= R + TOL + 0.5


def door_of(s: BSState, f: Fig, fid: str) -> bool:
    """The base touches a door (opening) of feature ``fid``."""
    feat = geo_of(s).feats[fid]
    return any(LineString([(o[0], o[1]), (o[2], o[3])]).distance(Point(f.x, f.y)) <= R + TOL + 2.0 for o in feat.openings)


def interactions(s: BSState, f: Fig) -> list[str]:
    """What soldier ``f`` may interact with now (Battlespace: Interact)."""
    out: list[str] = []
    p = s.params
    if s.mission == "m1_survivors" and not s.obj.get("searched") and touching_feature(s, f, p["search_feature"]):
        out.append("search")
    if s.mission == "m2_awad" and not s.obj.get("escaped") and not s.obj.get("awad_found"):
        for fid in p["targets"]:
            if fid not in s.obj.get("breached", []) and door_of(s, f, fid):
                out.append(f"breach:{fid}")
    if s.mission == "m4_hostages" and s.obj.get("smoke_turn") is None:
        aid = [a for a in s.figs.values() if a.kind == "hostage" and a.on_table]
        if aid and all(math.hypot(a.x - f.x, a.y - f.y) - 2 * R <= data().tables.card.long_mm for a in aid):
            out.append("red_smoke")
    for o in s.figs.values():
        if not o.on_table or o.id == f.id or o.carried_by or math.hypot(o.x - f.x, o.y - f.y) > 2 * R + TOL:
            continue
        if o.kind == "civilian" and o.status == "ok":
            out.append(o.id)
        if o.kind in CARRIED and not f.carrying:
            out.append(o.id)
    return out


def interaction_refused(s: BSState, f: Fig, what: str) -> str:
    """Why soldier ``f`` cannot interact with ``what`` now (Battlespace: Interact: base
    contact with the objective), in a player's words."""
    p = s.params
    who = display_name(f)
    if what == "search":
        if s.mission != "m1_survivors" or s.obj.get("searched"):
            return "there is nothing left to search"
        return f"{who} is not in base contact with {feature_name(s, p['search_feature'])}"
    if what.startswith("breach:"):
        fid = what.split(":", 1)[1]
        if s.mission != "m2_awad" or fid not in p.get("targets", []):
            return f"{feature_name(s, fid)} is not a target building"
        if fid in s.obj.get("breached", []):
            return f"{feature_name(s, fid)} has been breached already"
        if s.obj.get("awad_found") or s.obj.get("escaped"):
            return "Awad has been found or has escaped: no more breaching"
        return f"{who} is not at the door of {feature_name(s, fid)}"
    if what == "red_smoke":
        if s.mission != "m4_hostages" or s.obj.get("smoke_turn") is not None:
            return "no red smoke to pop"
        return f"every aid worker must be within one card length ({data().tables.card.long_mm:g} mm) of {who}"
    o = s.figs.get(what)
    if o is None:
        return f"{who} has nothing called {what!r} to interact with"
    if f.carrying and o.kind in CARRIED:
        return f"{who} is already carrying {name_of(s, f.carrying)}"
    return f"{who} is not in base contact with {display_name(o)}"


def interact(em: Emitter, f: Fig, what: str) -> None:
    s = em.s
    if what == "search":
        em.emit(ObjectiveSet(key="searched", value=True))
        need = Target(label="a survivor on", base=data().tables.mission["survivor_need"], words=("a survivor", "no survivor"))
        r = em.roll("d20", "search the Humvee for survivors", (), f.side, need)
        if r.passed:
            sid = "survivor"
            em.emit(FigAdded(fig=Fig(id=sid, side=f.side, kind="survivor", card="survivor", name="survivor",
                                     x=f.x, y=f.y, z=f.z, on=f.on, carried_by=f.id).model_dump()))
            em.emit(Changed(unit=f.id, changes={"carrying": sid}))
            em.emit(ObjectiveSet(key="survivor", value=sid))
            em.log("one wounded survivor is found and carried")
        else:
            em.log("the patrol's soldiers are missing")
    elif what.startswith("breach:"):
        fid = what.split(":", 1)[1]
        before = list(s.obj.get("breached", []))
        em.emit(ObjectiveSet(key="breached", value=before + [fid]))
        # Mission 2 note: +1 for each building breached, this one included (it has been
        # breached when the D6 is rolled)
        mods = [("buildings breached", len(before) + 1)]
        charge = has_gear(f, "breach")
        if charge:
            mods.append((data().gear[charge].name, data().gear[charge].bonus))
            q = dict(f.gear)
            q[charge] -= 1
            if q[charge] == 0:
                del q[charge]
            em.emit(Changed(unit=f.id, changes={"gear": q}))
        need = Target(label="Awad found on", base=data().tables.mission["awad_need"], words=("found", "not here"))
        r = em.roll("d6", f"is Awad in {fid}?", mods, f.side, need)
        if r.passed:
            em.emit(ObjectiveSet(key="awad_found", value=fid))
            _place_awad(em, f, fid)
        elif len(before) + 1 >= len(s.params["targets"]):
            em.emit(ObjectiveSet(key="escaped", value=True))
            em.log("Awad was tipped off and has escaped")
    elif what == "red_smoke":
        em.emit(ObjectiveSet(key="smoke_turn", value=s.turn))
        em.log("red smoke: exfil at the end of the next turn")
    else:
        o = s.figs[what]
        if o.kind == "civilian":
            em.emit(Removed(unit=o.id, status="gone"))
        elif o.kind in CARRIED:
            lead_away(em, f, o)


def _clear_spot(s: BSState, x0: float, y0: float, heading: float, rings, turns, skip=()) -> tuple[float, float] | None:
    """The first spot around (x0, y0) - at each distance of ``rings`` (mm), each turn of
    ``turns`` (degrees from ``heading``) - where a base stands free of terrain and out
    of base contact with every model (those in ``skip`` aside)."""
    g = geo_of(s)
    models = [o for o in s.figs.values() if o.on_table and o.vehicle is None and o.carried_by is None and o.id not in skip]
    for dist in rings:
        for turn in turns:
            px = x0 + math.cos(math.radians(heading + turn)) * dist
            py = y0 + math.sin(math.radians(heading + turn)) * dist
            if g.point_free(px, py) and all(math.hypot(px - o.x, py - o.y) > 2 * R + TOL + 0.5 for o in models):
                return px, py
    return None


def _place_awad(em: Emitter, f: Fig, fid: str) -> None:
    """Mission 2: Awad and his guard appear beside the breacher at the building, both
    clear of base contact with every model (ours: they come out of the door, they are
    not found already fighting); where there is no such room they stand as close as
    the layouts allow and any base contact is fought at once (Hand to Hand Combat)."""
    s = em.s
    poly = geo_of(s).pieces[fid].polygon
    c = poly.centroid
    h = math.degrees(math.atan2(f.y - c.y, f.x - c.x))
    spot = _clear_spot(s, f.x, f.y, h, (40, 55, 70), (90, -90, 60, -60))
    x, y = spot or (f.x + math.cos(math.radians(h + 90)) * 40, f.y + math.sin(math.radians(h + 90)) * 40)
    em.emit(FigAdded(fig=Fig(id="awad", side="enemy", kind="enemy", card="leader", name="Ahmad Yosef Awad",
                             x=x, y=y, group="awad_el", activated=True).model_dump()))
    away = math.degrees(math.atan2(y - f.y, x - f.x))
    gs = _clear_spot(em.s, x, y, away, (2 * R + 1.0, 2 * R + 8.0, 2 * R + 20.0),
                     (0, 45, -45, 90, -90, 135, -135, 180), skip=("awad",))
    if gs is not None:
        em.emit(FigAdded(fig=Fig(id="awad_guard", side="enemy", kind="enemy", card="fighter", name="Al Wahid guard",
                                 x=gs[0], y=gs[1], group="awad_el", activated=True).model_dump()))
    else:
        em.emit(FigAdded(fig=Fig(id="awad_guard", side="enemy", kind="enemy", card="fighter", name="Al Wahid guard",
                                 x=x, y=y, group="awad_el", activated=True).model_dump()))
        place_element(em, em.s.figs["awad"], [em.s.figs["awad_guard"]], h + 90)
    em.log("Awad and one Al Wahid soldier are found")
    contact_fights(em, ["awad", "awad_guard"])


def after_rolls(em: Emitter, naturals: list[tuple[str, int]]) -> None:
    """Mission 2 note: a natural 1 on a D20 while a soldier is in Awad's building sets off the bomb."""
    s = em.s
    if s.mission != "m2_awad" or s.obj.get("bomb") or not s.obj.get("awad_found"):
        return
    if not any(n == "d20" and v == 1 for n, v in naturals):
        return
    fid = s.obj["awad_found"]
    if "awad" not in s.figs or s.figs["awad"].status != "ok" or s.figs["awad"].kind != "enemy":
        return  # Awad dead, or a prisoner led away from his bomb (ours)
    inside = [f for f in s.figs.values() if f.on_table and touching_feature(s, f, fid)]
    if not any(f.kind == "soldier" for f in inside):
        return
    em.emit(ObjectiveSet(key="bomb", value=True))
    em.log("a natural 1: the bomb in the building detonates")
    for f in inside:
        wound(em, em.s.figs[f.id], data().tables.mission["bomb_wounds"], "bomb")


def clear_check(em: Emitter) -> None:
    """Battlespace: Clear Phase: completed objectives and the failure conditions."""
    s = em.s
    p = s.params
    soldiers = [f for f in s.figs.values() if f.kind == "soldier"]
    able = [f for f in soldiers if f.status == "ok"]
    alive = [f for f in soldiers if f.status in ("ok", "down")]
    out = exfil_count(s)
    last = s.turn >= s.turn_limit

    def end(ok: bool, why: str) -> None:
        em.emit(MissionEnded(success=ok, reason=why))

    m = s.mission
    if m == "m1_survivors":
        need = p.get("exfil_needed", 3)
        sv = s.obj.get("survivor")
        sv_ok = sv is None or s.figs[sv].status == "exfil"
        if s.obj.get("searched") and out >= need and sv_ok and not any(f.status == "ok" and f.carrying == sv for f in soldiers if sv):
            return end(True, f"{out} soldiers reached exfil" + (" with the survivor" if sv else ""))
        if sv and s.figs[sv].status == "kia":
            return end(False, "the survivor was killed")
        if out + len(alive) < need:
            return end(False, f"fewer than {need} soldiers can reach exfil")
        if not s.obj.get("searched") and not able:
            return end(False, "no soldier left to search the Humvee")
    elif m == "m2_awad":
        awad = s.figs.get("awad")
        if awad is not None and awad.status == "kia" and out >= 1:
            return end(True, "Awad is dead and the team left the village")
        if awad is not None and awad.kind == "prisoner" and awad.status == "exfil":
            return end(True, "Awad was captured and taken out of the village")
        if s.obj.get("escaped"):
            return end(False, "Awad escaped")
    elif m == "m3_ambush":
        if last and any(f.status != "kia" for f in soldiers) and able:
            return end(True, "the team held out until the quick reaction force arrived")
    elif m == "m4_hostages":
        guards = [s.figs[g] for g in p.get("guards", []) if g in s.figs]
        guards_dead = all(g.status == "kia" for g in guards)
        aid_alive = [a for a in s.figs.values() if a.kind == "hostage" and a.on_table]
        st = s.obj.get("smoke_turn")
        if not guards_dead and s.turn >= p.get("guard_deadline", 5):
            return end(False, "the guards were not eliminated in time")
        if not aid_alive:
            return end(False, "every aid worker was killed")
        if st is not None and s.turn >= st + data().tables.mission["smoke_exfil_after_turns"] and guards_dead:
            return end(True, f"exfil with {len(aid_alive)} aid workers")
    elif m == "m5_retreat":
        need = p.get("exfil_needed", 2)
        if out >= need:
            return end(True, f"{out} soldiers made it out")
        if out + len(alive) < need:
            return end(False, f"fewer than {need} soldiers can make it out")
    if not able:
        return end(False, "all soldiers are downed, KIA or gone")
    if last:
        return end(False, "the mission reached its turn limit")


def exfil_open(s: BSState) -> bool:
    """Whether soldiers may leave by the exfil edge in this mission (Mission 3 holds out;
    Mission 4 leaves by red smoke at the end of the next turn)."""
    return s.mission not in ("m3_ambush", "m4_hostages")
