"""Names for the battle log: ships by class (and name or number), ordnance by
kind and launcher, phenomena by kind and map name, never bare ids; and the
emitter's step that writes the names an event needs into it (``annotate``),
so a log line is written from the event alone (the log is rebuilt from the
history, without the state)."""

from __future__ import annotations

import math
import re

from shapely.geometry import Polygon

from game.core.event import Event
from game.core.logtext import place_words, units_of, way_words
from game.core.model import quantise

from .data import profile, tables
from .state import Feature, Ordnance, SFState


ORDER_NAMES = {"all_ahead_full": "All Ahead Full", "come_to_new_heading": "Come to New Heading",
               "burn_retros": "Burn Retros", "lock_on": "Lock On", "reload_ordnance": "Reload Ordnance",
               "brace_for_impact": "Brace for Impact"}
CRAFT_NAMES = {"torpedo": "torpedo salvo", "fighter": "fighter squadron", "bomber": "bomber squadron",
               "assault_boat": "assault boat squadron"}
KIND_WORDS = {"planet": "planet", "moon": "moon", "gas_cloud": "gas cloud", "asteroid_field": "asteroid field",
              "warp_rift": "warp rift"}


def order_words(order: str) -> str:
    """A special order's name ("All Ahead Full")."""
    return ORDER_NAMES.get(order, order.replace("_", " "))


def _number(sid: str) -> str:
    m = re.search(r"(\d+)$", sid)
    return m.group(1) if m else ""


def ship_name(state: SFState, sid: str) -> str:
    """A ship as the log names it: its class ("Lunar class cruiser"), its own
    name when the scenario gives one ("Lunar class cruiser 'Fidelity'"), and
    a number when the battle holds several ships of the class ("Sword class
    frigate 2": the id's trailing number, else its place among them). An
    unknown id is returned as it is."""
    sh = state.ships.get(sid)
    if sh is None:
        return sid
    cls = profile(sh.profile).name
    if sh.name:
        return f"{cls} '{sh.name}'"
    same = sorted(s.id for s in state.ships.values() if s.profile == sh.profile and not s.name)
    if len(same) < 2:
        return cls
    nums = [_number(s) for s in same]
    num = _number(sid) if all(nums) and len(set(nums)) == len(nums) else str(same.index(sid) + 1)
    return f"{cls} {num}"


def the(state: SFState, ref: str) -> str:
    """What a player reads for ``ref`` in a sentence: a ship ("the Lunar class
    cruiser 2"), an ordnance marker (``o<n>``), an asteroid field (``f:<id>``)
    or a table point (``p:<x>,<y>``); anything else as it is."""
    if ref in state.ships:
        return f"the {ship_name(state, ref)}"
    if re.fullmatch(r"o\d+", ref):
        o = next((x for x in state.ordnance if x.id == int(ref[1:])), None)
        return f"the {ordnance_name(state, o)}" if o is not None else f"ordnance marker {ref[1:]}"
    if ref.startswith("f:"):
        return feature_by_id(state, ref[2:])
    if ref.startswith("p:"):
        try:
            x, y = (float(v) for v in ref[2:].split(","))
            return f"the point ({x:.0f}, {y:.0f})"
        except ValueError:
            return ref
    return ref


def unit_name(state: SFState, unit: str) -> str:
    """A shooting unit as the log names it: a ship (:func:`ship_name`) or a
    squadron ("Sword class frigate squadron"; a squadron of mixed classes
    "squadron <id>")."""
    if unit in state.ships:
        return ship_name(state, unit)
    classes = sorted({profile(s.profile).name for s in state.ships.values() if s.squadron == unit})
    return f"{classes[0]} squadron" if len(classes) == 1 else f"squadron {unit.replace('_', ' ')}"


def ordnance_name(state: SFState, o: Ordnance) -> str:
    """"torpedo salvo of the Gothic class cruiser": kind and launcher, never
    the marker's number; where the launcher has another marker of the kind
    on the table, where this one is ("torpedo salvo of the Gothic class
    cruiser near the Murder class cruiser", :func:`where_words`)."""
    text = f"{CRAFT_NAMES.get(o.kind, o.kind)} of the {ship_name(state, o.launcher)}"
    if any(x.id != o.id and x.kind == o.kind and x.launcher == o.launcher for x in state.ordnance):
        text += f" {where_words(state, o.x, o.y)}"
    return text


def feature_name(f: Feature) -> str:
    """"the asteroid field 'rocks east'", "the warp rift": kind and map name;
    a name that only repeats the feature's id ("dust" for ``dust``, "belt 0"
    for ``belt_0``) is no name: "the gas cloud"."""
    kind = KIND_WORDS.get(f.kind, f.kind.replace("_", " "))
    named = f.name and f.name.strip().replace(" ", "_") != f.id
    if named and f.name.lower() not in kind:
        return f"the {kind} '{f.name}'"
    return f"the {kind}"


def feature_by_id(state: SFState, fid: str) -> str:
    """:func:`feature_name` of the feature ``fid`` (the id itself if unknown)."""
    f = next((f for f in state.features if f.id == fid), None)
    return feature_name(f) if f is not None else fid


UNITS = units_of("spacefleet")


def landmarks(state: SFState) -> list[tuple[str, object]]:
    """The celestial phenomena a move or a place is told by
    (``game.core.logtext``), by name, with their outlines."""
    return [(feature_name(f), Polygon(f.exterior, f.holes) if len(f.exterior) >= 3 else (f.cx, f.cy))
            for f in state.features]


def ships_near(state: SFState, exclude: str | None = None, zone: str = "main") -> list[tuple[str, object]]:
    """Every ship on the table (in ``zone``) but ``exclude``, by name, at its place."""
    return [(f"the {ship_name(state, sh.id)}", (sh.x, sh.y)) for sh in state.ships.values()
            if sh.id != exclude and getattr(sh, "zone", "main") == zone and sh.status == "active"]


def where_words(state: SFState, x: float, y: float, zone: str = "main", exclude: str | None = None) -> str:
    """Table point (x, y) in words (:func:`game.core.logtext.place_words`)."""
    if zone == "low_orbit":
        return "in low orbit"
    return place_words(x, y, state.table, UNITS, landmarks(state), models=ships_near(state, exclude))


def on_base(ship, x: float, y: float, zone: str = "main") -> bool:
    """A blast marker centred on (x, y) mm in ``zone`` touches ``ship``'s base (spacefleet_core 1.8)."""
    r = ship.radius + tables().constants.blast_marker_radius_mm
    return ship.zone == zone and math.hypot(x - ship.x, y - ship.y) <= r + 1e-6


def _part(ship, x: float, y: float) -> str:
    """The part of ``ship`` facing the table point (x, y): its bow or stern
    (45° either side of dead ahead or astern), else its port or starboard side."""
    rel = (math.degrees(math.atan2(y - ship.y, x - ship.x)) - ship.heading + 180.0) % 360.0 - 180.0
    if abs(rel) <= 45.0:
        return "bow"
    if abs(rel) >= 135.0:
        return "stern"
    return "port side" if rel < 0 else "starboard side"


def marker_words(state: SFState, points, zone: str = "main", placed: bool = False) -> str:
    """Where blast markers at ``points`` ((x, y) mm) lie, as one phrase: by the
    part of the ship whose base they touch ("by the Gothic class cruiser's
    bow"; "on the ..." at its stem), else :func:`where_words`; markers at different places are
    counted by place ("2 by the Gothic class cruiser's bow, 1 in the middle
    of the table"). ``placed``: markers about to be placed, with how many
    the ship's base then holds when it held some before ("by the Gothic
    class cruiser's bow (3 on its base now)"), so two placements by one
    ship in a turn read apart."""
    groups: dict[str, int] = {}
    bases: dict[str, object] = {}
    for x, y in points:
        if zone == "low_orbit":
            w = "in low orbit"
        else:
            sh = next((sh for sid, sh in sorted(state.ships.items()) if sh.status != "destroyed"
                       and on_base(sh, x, y, zone)), None)
            if sh is None:
                w = where_words(state, x, y, zone)
            elif math.hypot(x - sh.x, y - sh.y) < sh.radius / 2:  # on its stem (a drifting hulk's trail)
                w = f"on the {ship_name(state, sh.id)}"
            else:
                w = f"by the {ship_name(state, sh.id)}'s {_part(sh, x, y)}"
            if sh is not None:
                bases.setdefault(w, sh)
        groups[w] = groups.get(w, 0) + 1
    for w, sh in bases.items() if placed else ():
        before = sum(1 for b in state.blast_markers if on_base(sh, b.x, b.y, b.zone))
        if before:
            now = before + sum(1 for x, y in points if on_base(sh, x, y, zone))
            groups[f"{w} ({now} on its base now)"] = groups.pop(w)
    if len(groups) == 1:
        return next(iter(groups))
    return ", ".join(f"{n} {w}" for w, n in groups.items())


def _way(state: SFState, x0: float, y0: float, x1: float, y1: float, exclude: str | None, zone: str = "main") -> str:
    """Which way a move from (x0, y0) to (x1, y1) went (:func:`game.core.logtext.way_words`)."""
    near = max(3 * UNITS.mm, math.hypot(x1 - x0, y1 - y0) / 2)
    lm = landmarks(state) if zone == "main" else []
    return way_words(x0, y0, x1, y1, lm, near, ships_near(state, exclude, zone))


#: event fields that hold a ship id, and those that hold an ordnance marker number
SHIP_FIELDS = ("ship", "target", "attacker", "defender", "launcher", "attacked")
ORDNANCE_FIELDS = ("id", "ordnance")


def annotate(state: SFState, ev: Event) -> Event:
    """``ev`` with ``names`` filled from ``state`` (the state just before it):
    every ship and ordnance marker the event refers to, ship ids as keys and
    markers as ``"o<number>"``. Events without ``names`` pass unchanged."""
    fields = type(ev).model_fields
    if "names" not in fields:
        return ev
    names: dict[str, str] = {}
    for k in SHIP_FIELDS:
        v = getattr(ev, k, None) if k in fields else None
        if not isinstance(v, str):
            continue
        if v in state.ships:
            names[v] = ship_name(state, v)
        elif re.fullmatch(r"o\d+", v):
            o = next((x for x in state.ordnance if x.id == int(v[1:])), None)
            if o is not None:
                names[v] = ordnance_name(state, o)
        elif v.startswith("f:"):
            names[v] = feature_by_id(state, v[2:]).removeprefix("the ")
    for sid, _ in getattr(ev, "pool", ()) if "pool" in fields else ():
        if sid in state.ships:
            names[sid] = ship_name(state, sid)
    for sid in getattr(ev, "bare", ()) if "bare" in fields else ():
        if sid in state.ships:
            names[sid] = ship_name(state, sid)
    if ev.type.startswith("sf_ord") or ev.type == "sf_launched" or "ordnance" in fields:
        for k in ORDNANCE_FIELDS:
            v = getattr(ev, k, None) if k in fields else None
            if isinstance(v, int):
                o = next((x for x in state.ordnance if x.id == v), None)
                if o is not None:
                    names[f"o{v}"] = ordnance_name(state, o)
                elif ev.type == "sf_launched":
                    names[f"o{v}"] = (f"{CRAFT_NAMES.get(ev.kind, ev.kind)} {v} of the "
                                      f"{ship_name(state, ev.launcher)}")
    upd: dict = {"names": names} if names else {}
    if ev.type == "sf_placed" and ev.ship in state.ships and not ev.distance:
        sh = state.ships[ev.ship]
        if sh.zone == ev.zone and (ev.x, ev.y) != (sh.x, sh.y):
            upd["distance"] = quantise(math.hypot(ev.x - sh.x, ev.y - sh.y))
            upd["bearing"] = round(math.degrees(math.atan2(ev.y - sh.y, ev.x - sh.x)) % 360.0, 1) % 360.0
    elif ev.type == "sf_ord_moved" and not ev.distance:
        o = next((x for x in state.ordnance if x.id == ev.id), None)
        if o is not None:
            upd["distance"] = quantise(math.hypot(ev.x - o.x, ev.y - o.y))
            if not ev.way and upd["distance"] >= 0.5:
                upd["way"] = _way(state, o.x, o.y, ev.x, ev.y, None, getattr(o, "zone", "main"))
    elif ev.type == "sf_bm_removed" and not (ev.x or ev.y):
        gone = {ev.id, *ev.more}
        bs = sorted((m for m in state.blast_markers if m.id in gone), key=lambda m: m.id)
        if bs:
            upd["x"], upd["y"] = bs[0].x, bs[0].y
            upd["where"] = marker_words(state, [(b.x, b.y) for b in bs], getattr(bs[0], "zone", "main"))
    elif ev.type == "sf_bm_placed" and not ev.where:
        upd["where"] = marker_words(state, [(ev.x, ev.y), *ev.more], ev.zone, placed=True)
    elif ev.type == "sf_moved" and not ev.way and ev.ship in state.ships:
        sh = state.ships[ev.ship]
        if math.hypot(ev.x - sh.x, ev.y - sh.y) >= 0.5:
            upd["way"] = _way(state, sh.x, sh.y, ev.x, ev.y, sh.id, getattr(sh, "zone", "main"))
    if ev.type == "sf_placed" and not ev.where:
        upd["where"] = where_words(state, ev.x, ev.y, ev.zone, ev.ship)
    return ev.model_copy(update=upd) if upd else ev
