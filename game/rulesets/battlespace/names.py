"""Names in the battle log: display names of models and vehicles, team labels,
directions, and the names the emitter writes into events (``annotate``).

Events carry the display names of the models they name (filled in by
:func:`annotate` when the emitter records them), so a line can be written from
the event alone, without the state (the log is rebuilt from the history).
Text a player reads names models, never ids.
"""

from __future__ import annotations

import math
import re
from typing import Any

from shapely.geometry import Polygon

from game.core.event import Event
from game.core.logtext import compass_words, landmark_names, place_words, units_of, way_words
from game.core.model import quantise

from . import events as E
from .data import data
from .state import BSState, Fig

GENERIC = {c.name for c in data().enemies.values()} | {c.name for c in data().others.values() if c.kind != "survivor"}
PREFIX = "Al Wahid "
TEAM_LABELS = ("Alpha team", "Bravo team", "Charlie team", "Delta team")


# ----------------------------------------------------------------------------- names
def generic_name(figs: dict[str, Fig], card: str) -> str:
    """The name a generic enemy or bystander of ``card`` (an enemy or other
    card id) takes when it is placed: its card's name without the "Al Wahid"
    prefix and the number of models of that card placed so far, this one
    included ("Fighter 4", "Civilian 1", "Aid worker 2"). ``figs``: the models
    already on the table (numbers follow the order models came onto it; a
    model never leaves ``figs``, so a number is never given twice)."""
    c = data().enemies.get(card) or data().others.get(card)
    base = c.name if c else card
    short = base[len(PREFIX):] if base.startswith(PREFIX) else base
    pat = re.compile(re.escape(short) + r" \d+")
    n = sum(1 for o in figs.values() if o.card == card and o.kind != "soldier" and pat.fullmatch(o.name or ""))
    return f"{short} {n + 1}"


def display_name(f: Fig) -> str:
    """A model's one name, in the log, the AI's reasons, the app's labels,
    previews and tooltips: a soldier's card name ("Sgt. Reyes"); any other
    model the name it was placed with (a generic enemy or bystander numbered,
    :func:`generic_name`: "Fighter 4"; a named one "Ahmad Yosef Awad"); a model
    built without a name by its card name and id ("Fighter a0")."""
    d = data()
    if f.kind == "soldier" and f.card in d.soldiers:
        return d.soldiers[f.card].name
    card = d.enemies.get(f.card) or d.others.get(f.card)
    base = f.name or (card.name if card else f.id)
    if base in GENERIC:
        short = base[len(PREFIX):] if base.startswith(PREFIX) else base
        return f"{short} {f.id}"
    return base


def name_of(s: BSState, unit: str | None) -> str:
    """The display name of model ``unit`` (its id when it is not in the state)."""
    if unit is None:
        return ""
    f = s.figs.get(unit)
    return display_name(f) if f is not None else unit


def vehicle_name(s: BSState, vid: str | None) -> str:
    """"Humvee" (numbered in the map's order when the table has two of a
    type: "Humvee 1", "Humvee 2"; never the map's id)."""
    if not vid:
        return ""
    v = s.vehicles.get(vid)
    if v is None:
        return vid
    vt = data().vehicles[v.type]
    same = [k for k, o in s.vehicles.items() if o.type == v.type]
    return f"{vt.name} {same.index(vid) + 1}" if len(same) > 1 else vt.name


def feature_name(s: BSState | None, fid: str) -> str:
    """A terrain feature's name for a player: "the Humvee" (a vehicle by its type),
    "target building 1", "the low wall"; a feature with no name by its kind and id
    ("building t1"); its id without a state."""
    if s is None:
        return fid
    if fid in s.vehicles:
        return "the " + vehicle_name(s, fid)
    f = next((t for t in s.terrain if t.id == fid), None)
    if f is None:
        return fid
    if not f.name:
        return f"{f.kind} {fid}"  # no name: its kind and id tell it apart
    return f.name if f.name.lower().startswith(("target", "the ")) else f"the {f.name}"


def gear_name(gid: str | None) -> str:
    """A gear card's name ("Frag grenades"); the id when it is not a card."""
    g = data().gear.get(gid or "")
    return g.name if g is not None else str(gid)


def team_label(s: BSState, side: str) -> str:
    """"the fireteam" alone; "Alpha team" / "Bravo team" in co-op."""
    if side not in s.teams:
        return "the enemy (SITREP and Clear phases)" if side == "rules" else side
    if len(s.teams) == 1:
        return "the fireteam"
    i = s.teams.index(side)
    return TEAM_LABELS[i] if i < len(TEAM_LABELS) else side


UNITS = units_of("battlespace")


def landmarks(s: BSState) -> list[tuple[str, Any]]:
    """The named terrain features and vehicles a move or a place is told by
    (``game.core.logtext``), each by the name a player reads."""
    out: list[tuple[str, Any]] = []
    for t in s.terrain:
        if len(t.exterior) >= 3:
            name = "the " + vehicle_name(s, t.id) if t.id in s.vehicles else t.name
            out.append((name, Polygon(t.exterior)))
    return landmark_names(out, UNITS.grid_mm)


def models_near(s: BSState, exclude: str | None = None) -> list[tuple[str, Any]]:
    """Every model on the table but ``exclude``, by name, at its place (the
    second choice to tell a move by, after :func:`landmarks`)."""
    return [(display_name(f), (f.x, f.y)) for f in s.figs.values()
            if f.id != exclude and f.status in ("ok", "down") and not f.carried_by and not f.vehicle]


def edge_words(s: BSState, x: float, y: float) -> str:
    """Where a new model appears: "at the north edge" near an edge, else the
    place in words (:func:`game.core.logtext.place_words`)."""
    w, h = s.table
    d = {"north": y, "south": h - y, "west": x, "east": w - x}
    edge = min(d, key=d.get)
    if d[edge] <= 2 * data().tables.base_radius_mm:
        return f"at the {edge} edge"
    return place_words(x, y, s.table, UNITS, landmarks(s), models=models_near(s))


COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


def bearing_of(dx: float, dy: float) -> float:
    """The direction of a step (dx, dy) mm: degrees clockwise from +x (east),
    in [0, 360), to 0.1 degree (the table's y points south)."""
    return round(math.degrees(math.atan2(dy, dx)) % 360.0, 1) % 360.0


def direction_words(bearing: float) -> str:
    """"north-west": the nearest of eight compass points to ``bearing``
    (degrees clockwise from east; north is the table's top edge)."""
    return compass_words(bearing)



def article(word: str) -> str:
    """``word`` with "a" or "an" before it ("an advance", "a move")."""
    w = word.replace("_", " ")
    return ("an " if w[:1].lower() in "aeiou" else "a ") + w


# ----------------------------------------------------------------------------- annotate
_REFS = (("unit", "name"), ("attacker", "attacker_name"), ("target", "target_name"))
_POINTERS = ("carrying", "carried_by")


def annotate(s: BSState, ev: Event) -> Event:
    """``ev`` with the display names (and a move's distance) filled in from ``s``,
    the state just before the event."""
    fields = type(ev).model_fields
    upd: dict[str, Any] = {}
    for src, dst in _REFS:
        if src in fields and dst in fields and not getattr(ev, dst):
            upd[dst] = name_of(s, getattr(ev, src))
    if "vehicle" in fields and "name" in fields and not getattr(ev, "name"):
        upd["name"] = vehicle_name(s, getattr(ev, "vehicle"))
    if isinstance(ev, E.Placed) and ev.unit in s.figs:
        f = s.figs[ev.unit]
        upd["dist"] = quantise(math.hypot(ev.x - f.x, ev.y - f.y))
        upd["bearing"] = bearing_of(ev.x - f.x, ev.y - f.y)
        if ev.on and not ev.on_name:
            upd["on_name"] = feature_name(s, ev.on)
        if not ev.way:
            upd["way"] = way_words(f.x, f.y, ev.x, ev.y, landmarks(s), max(3 * UNITS.mm, upd["dist"] / 2),
                                   models_near(s, f.id))
    elif isinstance(ev, E.Changed) and ev.unit in s.figs and not ev.other:
        f = s.figs[ev.unit]
        for k in _POINTERS:
            if k in ev.changes:
                upd["other"] = name_of(s, ev.changes[k] or getattr(f, k))
        if "vehicle" in ev.changes:
            upd["other"] = vehicle_name(s, ev.changes["vehicle"] or f.vehicle)
    elif isinstance(ev, E.FigAdded) and not ev.where:
        upd["where"] = edge_words(s, float(ev.fig.get("x", 0.0)), float(ev.fig.get("y", 0.0)))
    elif isinstance(ev, E.VehicleMoved) and not ev.way and ev.dist >= 0.5:
        here = [(n, w) for n, w in landmarks(s) if n != "the " + vehicle_name(s, ev.vehicle)]
        upd["way"] = way_words(ev.x - ev.dx, ev.y - ev.dy, ev.x, ev.y, here, max(3 * UNITS.mm, ev.dist / 2),
                               models_near(s))
    elif isinstance(ev, E.SmokeLaid) and not ev.where and ev.ring:
        cx = sum(p[0] for p in ev.ring) / len(ev.ring)
        cy = sum(p[1] for p in ev.ring) / len(ev.ring)
        upd["where"] = place_words(cx, cy, s.table, UNITS, landmarks(s), models=models_near(s))
    elif isinstance(ev, E.Handover) and not ev.name:
        upd["name"] = team_label(s, ev.active)
    return ev.model_copy(update=upd) if upd else ev
