"""Display hooks of Foxhole: what the desktop app draws and offers
(``figures``, ``markers``, ``briefing``, ``point_actions``, ``figure_actions``,
``preview``, ``describe_action``, ``figure_overlays``, ``enemies_of``). Every
hook is given the viewer's view, so it shows only what that side knows:
the other side's unrevealed elements are unmarked numbered markers and the
objectives it does not know are not there.

Display decisions (no rule meaning): an element is drawn on its 30 mm
square base split into its two fire-team half bases (Figure basing), a
suppressed element with one half turned about, a reduced one with one half
blank; elements not yet set up (and those waiting for an insertion) stand
in a row inside their side's area until they are placed.
"""

from __future__ import annotations

import math

from shapely.geometry import Point, Polygon

from game.core.view import Figure, Marker

from .. import actions as A
from ..geo import geo_of, grid_ref, place_words
from ..orders import area_of
from ..rules import assault as AS
from ..rules import fire as FI
from ..rules import missions as MI
from ..rules import pioneers as PI
from ..rules.common import public_name, quality_word, yards_of
from ..rules.motivation import chances, motivation_label
from ..rules.movement import allowance_yards, open_cut, path_fraction
from ..rules.support import asset_name, asset_of, strike_radius
from ..state import Element, FoxState
from ..tables import OF_NAMES, TABLES

B = TABLES.bases
STAGING_STEP = 34.0


def label_of(e: Element) -> str:
    """The short label on the base: a marker's number, else initials and number."""
    if e.hidden is not None and e.marker and (e.unrevealed or e.kind == "unknown"):
        return f"#{e.marker}"
    words = [w for w in e.name.replace("(", " ").replace(")", " ").split() if w]
    num = words[-1] if words and words[-1].isdigit() else ""
    head = "".join(w[0].upper() for w in words if not w.isdigit())[:3]
    return f"{head}{num}"


def _staging(s: FoxState) -> dict[str, tuple[float, float]]:
    """Where the elements not yet on the table are drawn: a row inside their area."""
    out: dict[str, tuple[float, float]] = {}
    for side in (s.defender, s.attacker):
        waiting = [e for e in s.elements.values() if e.side == side and
                   ((e.where == "table" and not e.deployed) or e.where == "reserve")]
        if not waiting:
            continue
        area = MI.control_area(s) if side == s.defender else MI.start_area(s)
        if area is None:
            area = Polygon([(0, 0), (s.table[0], 0), (s.table[0], s.table[1]), (0, s.table[1])])
        x0, y0, x1, y1 = area.bounds
        cx, cy = area.representative_point().coords[0]
        for k, e in enumerate(waiting):
            x = min(x1 - 16, max(x0 + 16, cx + (k - (len(waiting) - 1) / 2) * STAGING_STEP))
            out[e.id] = (x, cy)
    return out


def _where(s: FoxState, e: Element, staged: bool) -> str:
    """Where the element is, as its tooltip says it: its grid square, or, for
    one drawn in the row of those not on the table yet, that it waits (it
    said "in A1", a square it was not at)."""
    if staged:
        return "in reserve: arrives later" if e.where == "reserve" else "waiting to set up"
    return f"in {grid_ref(e.x, e.y, s.table)}"


def _profile(s: FoxState, e: Element, staged: bool = False) -> tuple[str, ...]:
    """The tooltip's lines for the element; ``staged``: drawn in the waiting row (:func:`_staging`)."""
    if e.kind == "unknown":
        return (f"unidentified element #{e.marker}",
                "hidden: combatants or non-combatants (Hidden Units); spot it to find out",
                _where(s, e, staged))
    lines = [e.name]
    kind = {"infantry": "infantry", "fire_support": "fire support", "indirect": "indirect support",
            "vehicle": f"{e.vehicle} vehicle", "non_combatant": "non-combatants"}[e.kind]
    lines.append(f"{kind}; {quality_word(e.quality)}, {motivation_label(e)}, {e.equipment} kit"
                 + ("; pioneers" if e.pioneer else ""))
    if e.kind != "vehicle":
        lines.append(f"moves {allowance_yards(e, 'normal')} yd normal, {allowance_yards(e, 'dense')} yd dense, "
                     f"{allowance_yards(e, 'non_tactical')} yd non-tactical")
    else:
        lines.append(f"moves {allowance_yards(e, 'normal')} yd normal, {allowance_yards(e, 'dense')} yd dense, "
                     f"{allowance_yards(e, 'non_tactical')} yd non-tactical")
    band = FI.band_of(e)
    if band is not None:
        lines.append(f"range {band.close or band.min}-{band.long} yd" if band.min else
                     f"close {band.close} yd, long {band.long} yd (halved through dense)")
    state = [w for w, on in (("suppressed", e.suppressed), ("reduced strength", e.reduced),
                             ("used this turn", e.used), ("dug in", e.dug_in)) if on]
    if state:
        lines.append(", ".join(state))
    if e.hidden and e.marker:
        seen = "revealed" if e.revealed else f"the enemy sees unidentified element #{e.marker}"
        lines.append(f"hidden ({e.hidden.replace('_', '-')}): {seen}; fire order {e.fire_order.replace('_', ' ')}")
    carried = PI.carried(s, e.id)
    if carried:
        lines.append("carrying " + ", ".join(c.name for c in carried))
    lines.append(_where(s, e, staged))
    return tuple(lines)


def figures(s: FoxState) -> list[Figure]:
    """Every element the viewer may see (see the module notes)."""
    stage = _staging(s)
    out = []
    for e in s.elements.values():
        if e.gone or e.where == "carried":
            continue
        x, y = stage.get(e.id, (e.x, e.y))
        if e.where == "reserve" and e.id not in stage:
            continue
        marks: list[str] = []
        if e.kind != "unknown":
            if e.suppressed:
                marks.append("suppressed")
            if e.reduced:
                marks.append("reduced")
            if e.hidden and not e.revealed:
                marks.append("hidden")
            if e.pioneer:
                marks.append("pioneers")
            if PI.carried(s, e.id):
                marks.append(f"carrying:{len(PI.carried(s, e.id))}")
        if e.used and s.turn > 0:
            marks.append("used")
        if e.id in stage:
            marks.append("reserve" if e.where == "reserve" else "set up")
        if e.formation == "extended":
            w, d, h = B.extended_depth_mm, B.extended_width_mm, e.heading
        else:
            w, d, h = B.square_mm, B.square_mm, 0.0
        halves = ()
        if e.kind in ("infantry", "fire_support", "indirect", "non_combatant", "unknown"):
            second = "blank" if e.reduced else ("turned" if e.suppressed else "normal")
            halves = ("normal", second if e.kind != "unknown" else "normal")
        out.append(Figure(id=e.id, side=e.side, x=x, y=y, radius=0.0, width=w, depth=d, heading=h,
                          label=label_of(e), markers=tuple(marks), profile=_profile(s, e, e.id in stage), stands=halves))
    return out


def markers(s: FoxState) -> list[Marker]:
    """The reference grid, the objectives the viewer knows, pioneers' routes,
    its own waiting off-board targets and insertions, and the move under way."""
    w, h = s.table
    out = [Marker(id="grid", kind="grid", points=((0.0, 0.0), (w, h)), extra={"square": TABLES.grid.square_mm})]
    if len(s.locations) > 1:  # the areas of a table end the defender chooses (the map holds no zones)
        for loc in s.locations:
            if s.location not in (None, loc.name):
                continue
            tag = f" ({loc.name})" if s.location is None else ""
            out.append(Marker(id=f"control-{loc.name}", kind="zone", points=tuple(tuple(p) for p in loc.control),
                              label=f"control area{tag}", side=s.defender))
            out.append(Marker(id=f"start-{loc.name}", kind="zone", points=tuple(tuple(p) for p in loc.start),
                              label=f"start area{tag}", side=s.attacker))
    prim, sec = set(s.mission.primary), set(s.mission.secondary)
    for o in s.objectives:
        role = " (primary)" if o.number in prim else (" (secondary)" if o.number in sec else "")
        state = ", taken" if o.achieved else ""
        out.append(Marker(id=f"objective{o.number}", kind="objective", points=((o.x, o.y),),
                          radius=TABLES.objectives.radius_mm, label=f"objective {o.number}{role}{state}",
                          side=s.defender))
    for c in s.crossings:
        out.append(Marker(id=f"route-{c.pioneer}", kind="route", points=tuple(tuple(p) for p in c.ring),
                          label="pioneers' route"))
    for st in s.strikes:
        if st.fired:
            continue
        kind = next((a.kind for a in s.assets if a.id == st.asset), "artillery")
        out.append(Marker(id=st.id, kind="template", points=((st.x, st.y),), radius=TABLES.offboard.assets[kind].radius_mm,
                          label=f"{OF_NAMES.get(kind, kind)}: {st.total} of {st.number}", side=st.side))
    for ins in s.insertions:
        if ins.arrived or ins.x is None:
            continue
        when = ins.arrival or ins.turn
        out.append(Marker(id=f"lz-{ins.id}", kind="lz", points=((ins.x, ins.y),), radius=12.0,
                          label=f"{ins.method} {ins.id}, turn {when}", side=ins.side))
    if s.pending is not None and len(s.pending.path) >= 2:
        out.append(Marker(id="pending", kind="lane", points=tuple(tuple(p) for p in s.pending.path),
                          label="move (interrupt?)"))
    elif s.current is not None and len(s.current.route) >= 2:
        out.append(Marker(id="route", kind="lane", points=tuple(tuple(p) for p in s.current.route), label=""))
    return out


def briefing(s: FoxState) -> list[str]:
    """What the viewer knows and the other side does not, for the side panel:
    its mission or the defender's objectives, its command points, its list
    of hidden elements, its waiting off-board targets and insertions."""
    side = s.viewer
    out: list[str] = []
    if side is None:
        return out
    if side == s.attacker:
        m = s.mission
        if m.chosen:
            need = ", ".join(f"{n}{'' if (s.objective(n) and s.objective(n).known) else ' (not found)'}" for n in m.primary)
            out.append(f"Mission ({m.kind}): primary {need}" + (f"; secondary {', '.join(map(str, m.secondary))}"
                                                                   if m.secondary else ""))
        else:
            out.append(f"Mission ({m.kind}): not chosen yet")
        known = [o for o in s.objectives]
        out.append("Objectives known: " + (", ".join(f"{o.number} {grid_ref(o.x, o.y, s.table)}"
                                                     + (" taken" if o.achieved else "") for o in known) or "none"))
    else:
        out.append(f"Objectives placed: {len(s.objectives)} of {TABLES.objectives.count}")
        if s.mission.confirmed:
            out.append(f"Attacker's primary: {', '.join(map(str, s.mission.primary))}")
        taken = [o.number for o in s.objectives if o.achieved]
        if taken:
            out.append(f"Taken by the attacker: {', '.join(map(str, taken))}")
    out.append(f"Command points: {s.cp.get(side, 0)}")
    hidden = [e for e in s.elements.values() if e.side == side and e.hidden and e.marker and not e.gone]
    if hidden:
        out.append("Your list: " + "; ".join(f"#{e.marker} {e.name}" + ("" if not e.revealed else " (revealed)")
                                            for e in sorted(hidden, key=lambda e: int(e.marker))))
    for st in s.strikes:
        if st.side == side and not st.fired:
            out.append(f"Off-board target {grid_ref(st.x, st.y, s.table)}: {st.total}/{st.number}")
    return out


# ----------------------------------------------------------------------------- actions
def _ok(rs, s: FoxState, acts) -> list:
    return [a for a in acts if rs.check(s, a).ok]


def point_actions(rs, s: FoxState, side: str, fid: str, x: float, y: float) -> list:
    """The selected element's actions at a table point: set it up there, place
    an objective, plot its insertion, move there (straight, in extended
    formation, non-tactically), debus there, or call off-board fire there."""
    e = s.elements.get(fid)
    if e is None or e.side != side:
        return []
    x, y = round(x, 2), round(y, 2)
    acts: list = []
    if s.phase == "objectives":
        acts.append(A.PlaceObjective(side=side, x=x, y=y))
    if s.phase == "deploy":
        if not e.deployed and e.where == "table":
            acts += [A.Deploy(side=side, element=fid, x=x, y=y), A.Deploy(side=side, element=fid, x=x, y=y,
                                                                           formation="extended", heading=0.0)]
        if e.where == "reserve" and e.insertion:
            ins = next((i for i in s.insertions if i.id == e.insertion), None)
            if ins is not None and ins.turn is None:
                acts.append(A.PlanInsertion(side=side, insertion=ins.id, turn=max(ins.earliest, 2), x=x, y=y))
    cur = s.current
    if cur is not None and cur.element == fid:
        if e.where == "carried":
            acts.append(A.Debus(side=side, element=fid, x=x, y=y))
        else:
            acts += [A.Move(side=side, element=fid, path=((x, y),)),
                     A.Move(side=side, element=fid, path=((x, y),), formation="extended" if e.formation == "normal" else "normal"),
                     A.Move(side=side, element=fid, path=((x, y),), formation="extended", non_tactical=True)]
    if s.phase in ("activation", "assault") and cur is None:
        from ..rules.support import lowest_free
        for a in s.assets:
            if a.side == side:
                acts.append(A.Designate(side=side, asset=a.id, x=x, y=y, number=lowest_free(s, side)))
    return acts


def figure_actions(rs, s: FoxState, side: str, fid: str, target: str | None) -> list:
    """The selected element's actions on itself (target None) or at another element."""
    e = s.elements.get(fid)
    if e is None or e.side != side:
        return []
    acts: list = []
    if target is None:
        cp = s.cp.get(side, 0)
        acts += [A.Hold(side=side, element=fid), A.Roll(side=side, element=fid)]
        acts += [A.Roll(side=side, element=fid, cp=c) for c in range(1, min(cp, 4) + 1)]
        acts += [A.Roll(side=side, element=fid, into_open=True), A.Roll(side=side, element=fid, cp=min(cp, 2), into_open=True)]
        acts += [A.Stay(side=side, element=fid)]
        acts += [A.SetFireOrder(side=side, element=fid, order=o) for o in ("at_will", "ambush", "hold")]
        acts += [A.Interrupt(side=side, element=fid), A.LetPass(side=side), A.EndAssaults(side=side)]
        return _ok(rs, s, acts)
    t = s.elements.get(target)
    if t is None:
        return []
    if t.side != side:
        for x, y in AS.slots(s, t):
            a = A.AssaultMove(side=side, element=fid, target=target, x=x, y=y)
            if rs.check(s, a).ok:
                return [a] + [A.AssaultMove(side=side, element=fid, target=target, x=x, y=y, cp=c)
                              for c in range(1, min(s.cp.get(side, 0), 3) + 1)]
        return [A.AssaultMove(side=side, element=fid, target=target, x=round(t.x, 2), y=round(t.y - 30, 2))]
    if t.kind == "vehicle":
        return [A.Embus(side=side, element=fid, vehicle=target)]
    return []


def describe_action(a) -> str:
    """The button label of an action."""
    t = type(a)
    if t is A.Hold:
        return "Hold (no roll)"
    if t is A.Roll:
        extra = (f" +{a.cp} CP" if a.cp else "") + (" into open" if a.into_open else "")
        return f"Motivation roll{extra}"
    if t is A.Move:
        how = " non-tactical" if a.non_tactical else ""
        form = f" ({a.formation})" if a.formation else ""
        return f"Move{how}{form}" if a.path else f"Change to {a.formation}"
    if t is A.Stay:
        return "Stay here"
    if t is A.AssaultMove:
        return "Close assault" + (f" +{a.cp} CP" if a.cp else "")
    if t is A.EndAssaults:
        return "End close assaults"
    if t is A.Interrupt:
        return "Interrupt fire"
    if t is A.LetPass:
        return "No interrupt"
    if t is A.Deploy:
        return "Set up here" + (" (extended)" if a.formation == "extended" else "")
    if t is A.PlaceObjective:
        return "Place objective here"
    if t is A.PlanInsertion:
        return f"Plan insertion here, turn {a.turn}"
    if t is A.Designate:
        return f"Off-board fire here (action number {a.number})"
    if t is A.SetFireOrder:
        return {"at_will": "Order: fire at will", "ambush": "Order: ambush", "hold": "Order: hold fire"}[a.order]
    if t is A.Embus:
        return "Embus"
    if t is A.Debus:
        return "Debus here"
    if t is A.ChooseLocation:
        return f"Defend from the {a.location} end"
    if t is A.RevealObjectives:
        return "Show objectives " + ", ".join(map(str, a.numbers))
    if t is A.ChooseMission:
        return "Mission: primary " + ", ".join(map(str, a.primary)) + (
            ("; secondary " + ", ".join(map(str, a.secondary))) if a.secondary else "")
    return a.type.replace("fox_", "").replace("_", " ")


def describe_action_in(s: FoxState, a) -> str:
    """The button label of an action, naming what the state knows: an
    objective placement names its grid square and the feature there
    ("Place objective in the village (D4)", Table Grid), so the spots the bar
    offers read apart; else :func:`describe_action`."""
    if type(a) is A.PlaceObjective:
        return f"Place objective {len(s.objectives) + 1} {place_words(s, a.x, a.y)}"
    if type(a) is A.Move and a.path:  # where it goes: "Move 60 yards to the gorse thicket (E3)"
        e = s.elements.get(a.element)
        head = describe_action(a)
        if e is None:
            return f"{head} {place_words(s, *a.path[-1], at='to')}"
        pts = [(e.x, e.y)] + [tuple(p) for p in a.path]
        length = sum(math.dist(p, q) for p, q in zip(pts[:-1], pts[1:]))
        return f"{head} {yards_of(length)} yards {place_words(s, *pts[-1], at='to')}"
    if type(a) is A.Designate:  # what comes down where: "Naval gunfire on the start area (B7), action number 11"
        return f"{_asset_words(s, a.asset)} {place_words(s, a.x, a.y, at='on')}, action number {a.number}"
    return describe_action(a)


def _asset_words(s: FoxState, asset: str) -> str:
    rec = asset_of(s, asset)
    name = asset_name(rec.kind) if rec is not None else "off-board fire"
    return name[:1].upper() + name[1:]


def designate_warning(s: FoxState, a) -> str:
    """What an off-board target would hit of its own side: "on your own start
    area; Para rifle section 1 and 2 more of your elements within its
    radius", or "" (Off-board Support: the strike attacks elements of either side)."""
    radius = strike_radius(s, a.asset)
    own = [e for e in s.elements.values() if e.side == a.side and e.on_table
           and math.dist((e.x, e.y), (a.x, a.y)) <= radius + 1e-9]
    area = area_of(s, a.side)
    parts = []
    if area is not None and area.covers(Point(a.x, a.y)):
        parts.append("on your own " + ("control area" if a.side == s.defender else "start area"))
    if own:
        names = public_name(own[0]) + (f" and {len(own) - 1} more of your elements" if len(own) > 1 else "")
        parts.append(f"{names} within its radius")
    return "; ".join(parts)


def preview(rs, s: FoxState, a) -> dict:
    """Odds, paths and notes for the action under the cursor (no rule is decided here)."""
    t = type(a)
    out: dict = {}
    if t is A.PlaceObjective:  # the objective's disc where it would go (Mission Design: objectives)
        out["template"] = {"x": a.x, "y": a.y, "radius": TABLES.objectives.radius_mm}
        out["text"] = [f"objective {len(s.objectives) + 1} would go at {grid_ref(a.x, a.y, tuple(s.table))}"]
        return out
    if t is A.Designate:  # the strike's circle where it would come down (Off-board Support)
        if asset_of(s, a.asset) is not None:
            out["template"] = {"x": a.x, "y": a.y, "radius": strike_radius(s, a.asset)}
        warn = designate_warning(s, a)
        out["text"] = [f"{_asset_words(s, a.asset)} target at {grid_ref(a.x, a.y, tuple(s.table))}: it comes down "
                       f"when the side's rolls reach {a.number}, on every element in the circle, either side"]
        if warn:
            out["text"].append(f"Warning: {warn}")
        return out
    e = s.elements.get(getattr(a, "element", ""))
    if t is A.Roll and e is not None:
        c = chances(e, a.cp, a.into_open)
        out["odds"] = c["may"] + c["must"]
        out["text"] = [", ".join(f"{k} {v:.0%}" for k, v in c.items() if v)]
    elif t is A.Move and e is not None:
        pts = [(e.x, e.y)] + [tuple(p) for p in a.path]
        cur = s.current
        cut, stopped = open_cut(s, e, pts, cur.into_open if cur else False)
        frac, why = path_fraction(s, e, pts, a.non_tactical)
        out["path"] = pts
        if stopped:
            out["stop"] = cut[-1]
        out["cost"] = f"{frac:.0%} of its move" if not why else why
        length = sum(math.dist(p, q) for p, q in zip(pts[:-1], pts[1:]))
        out["text"] = [f"{yards_of(length)} yards to {grid_ref(*pts[-1], s.table)}"
                       + ("; stops at the edge of open ground" if stopped else "")]
    elif t is A.AssaultMove and e is not None:
        tgt = s.elements.get(a.target)
        if tgt is not None:
            c = chances(e, a.cp, AS.crosses_open(s, [(e.x, e.y), (a.x, a.y)]))
            out["odds"] = c["may"] + c["must"]
            out["path"] = [(e.x, e.y), (a.x, a.y)]
            out["text"] = [f"goes in on {public_name(tgt)} with {c['may'] + c['must']:.0%}; "
                           f"{len(AS.attackers_on(s, tgt.id))} already in contact"]
    elif t is A.Interrupt and s.pending is not None:
        f = s.elements.get(a.element)
        m = s.elements.get(s.pending.element)
        if f is not None and m is not None:
            from ..rules.interrupt import interrupt_shot
            sh = interrupt_shot(s, f, m, [tuple(p) for p in s.pending.path])
            if sh is not None:
                mod = sum(v for _, v in FI.modifiers(s, m, [sh], True, s.pending.non_tactical, sh.point))
                o = FI.odds(mod, FI.target_quality(m))
                out["odds"] = 1 - o["none"]
                out["text"] = [", ".join(f"{k} {v:.0%}" for k, v in o.items() if v)]
    return out


def figure_overlays(s: FoxState, fid: str) -> dict:
    """Range rings of the element: close and long (not halved)."""
    e = s.elements.get(fid)
    band = FI.band_of(e) if e is not None else None
    if band is None:
        return {"range_bands": []}
    rings = [TABLES.yards(r) for r in (band.min or band.close, band.long) if r]
    return {"range_bands": rings}


def enemies_of(s: FoxState, side: str) -> set[str]:
    """The other side."""
    if side == s.attacker:
        return {s.defender}
    if side == s.defender:
        return {s.attacker}
    return set()


__all__ = ["figures", "markers", "briefing", "point_actions", "figure_actions", "describe_action", "preview",
           "figure_overlays", "enemies_of", "geo_of"]
