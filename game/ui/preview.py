"""What an action would do, before it is committed (no pygame).

The ruleset is asked ``check(state, action)`` (the Illegal reason is shown)
and, when it has one, ``preview(state, action) -> dict``. Keys understood
(all optional):

* ``path``: [(x, y), ...] mm the base would follow; ``stop``: (x, y) where it
  would stop (first contact, hindering terrain); ``cost``: number or text;
* ``template``: {"points": [(x, y), ...]} or {"x", "y", "radius"} mm;
  ``touches``: ids of the figures the template or move would touch;
* ``odds``: chance of success 0..1; ``need``: text such as "4+ on d6";
* ``arcs``: [{"x", "y", "heading", "width", "radius"}] fire arcs (degrees, mm);
* ``range_bands``: [mm, ...] radii around the acting figure;
* ``turn``: {"x", "y", "heading", "width", "radius"} the turn allowed
  (a gravity well's sector);
* ``facing``: {"x", "y", "heading", "arcs", "radius"} the facing arcs a move
  ends with (``arcs``: the boundaries, degrees clockwise from the heading), drawn
  on a ghost base there;
* ``text``: [lines] anything else to show.

Without a ``path``, an action with ``x``/``y`` fields previews as a straight
line from the acting figure, its length as the cost.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Preview:
    """A previewed action."""

    action: Any
    legal: bool
    reason: str = ""
    path: list[tuple[float, float]] = field(default_factory=list)
    stop: tuple[float, float] | None = None
    cost: str = ""
    template: dict | None = None
    touches: tuple[str, ...] = ()
    arcs: list[dict] = field(default_factory=list)
    range_bands: list[float] = field(default_factory=list)
    origin: tuple[float, float] | None = None
    lines: list[str] = field(default_factory=list)  #: odds, need and text, as shown in a list
    target: str | None = None
    odds: float | None = None  #: chance of success 0..1
    need: str = ""  #: the roll needed
    text: list[str] = field(default_factory=list)  #: the preview's own ``text`` (and preview errors)
    facing: dict | None = None  #: the facing arcs a move ends with (see the module notes)


def action_label(action, ruleset=None, state=None, aim=None) -> str:
    """A short button label for an action: with ``aim`` (the model id or
    table point (x, y) mm the player aimed the action at), the ruleset's
    optional ``describe_aimed(state, action, aim)`` (a move that stops short:
    "Advance toward Sgt. Reyes (out of reach)"); the ruleset's
    ``describe_action_in(state, action)`` when it has it and ``state`` is
    given (a label that may name what the state knows, such as a weapon),
    else its ``describe_action(action)``, else the action's fields in words."""
    hooks = []
    if aim is not None and state is not None and getattr(ruleset, "describe_aimed", None) is not None:
        hooks.append(lambda: ruleset.describe_aimed(state, action, aim))
    if state is not None and getattr(ruleset, "describe_action_in", None) is not None:
        hooks.append(lambda: ruleset.describe_action_in(state, action))
    if getattr(ruleset, "describe_action", None) is not None:
        hooks.append(lambda: ruleset.describe_action(action))
    for fn in hooks:
        try:
            text = fn()
            if text:
                return str(text)
        except Exception:  # noqa: BLE001 - labels never break the UI
            pass
    d = action.to_dict() if hasattr(action, "to_dict") else dict(action)
    kind = str(d.get("type", "action"))
    rid = getattr(ruleset, "id", "")
    if rid and kind.startswith(rid + "_"):
        kind = kind[len(rid) + 1:]
    parts = [kind.replace("_", " ")]
    if "x" in d and "y" in d:
        parts.append(f"to ({float(d['x']):.0f}, {float(d['y']):.0f})")
    for k, v in d.items():
        if k in ("type", "side", "x", "y", "unit"):
            continue
        if isinstance(v, str):
            parts.append(f"{k} {v}")
        elif isinstance(v, bool):
            if v:
                parts.append(k)
        elif isinstance(v, (int, float)):
            parts.append(f"{k} {v:g}")
    return " ".join(parts)


def make_preview(ruleset, state, action, actor=None, fmt=None) -> Preview:
    """Check ``action`` and gather what to draw for it; ``actor`` is the
    acting figure (a ``Figure``), used for straight-line moves; ``fmt(mm)``
    writes a distance in the ruleset's unit (default mm)."""
    fmt = fmt or (lambda mm: f"{mm:.0f} mm")
    verdict = ruleset.check(state, action)
    p = Preview(action, bool(verdict.ok), "" if verdict.ok else getattr(verdict, "reason", "illegal"))
    d = action.to_dict() if hasattr(action, "to_dict") else {}
    p.target = d.get("target") if isinstance(d.get("target"), str) else None
    if actor is not None:
        p.origin = (actor.x, actor.y)
    info: dict = {}
    fn = getattr(ruleset, "preview", None)
    if fn is not None:
        try:
            info = fn(state, action) or {}
        except Exception as e:  # noqa: BLE001 - a preview never breaks the UI
            p.text.append(f"(no preview: {e.__class__.__name__})")
    if "path" in info:
        p.path = [tuple(map(float, pt)) for pt in info["path"]]
    elif actor is not None and "x" in d and "y" in d:
        p.path = [(actor.x, actor.y), (float(d["x"]), float(d["y"]))]
    if info.get("stop") is not None:
        p.stop = tuple(map(float, info["stop"]))
    if "cost" in info:
        p.cost = str(info["cost"]) if not isinstance(info["cost"], (int, float)) else fmt(float(info["cost"]))
    elif len(p.path) >= 2:
        p.cost = fmt(sum(math.dist(a, b) for a, b in zip(p.path, p.path[1:])))
    p.template = info.get("template")
    p.touches = tuple(info.get("touches", ()))
    p.arcs = list(info.get("arcs", ()))
    if info.get("turn"):
        p.arcs.append(dict(info["turn"], kind="turn"))
    p.range_bands = [float(r) for r in info.get("range_bands", ())]
    if info.get("facing"):
        p.facing = dict(info["facing"])
    if info.get("odds") is not None:
        p.odds = float(info["odds"])
        p.lines.append(f"chance {p.odds:.0%}")
    if info.get("need") not in (None, ""):
        p.need = str(info["need"])
        p.lines.append(f"needs {p.need}")
    text = info.get("text", ())
    p.text += [text] if isinstance(text, str) else [str(t) for t in text]
    p.lines += p.text
    return p


def end_point(action) -> tuple[float, float] | None:
    """Where an action ends on the table: its ``x``/``y`` mm fields, else the
    last point of its ``path`` (a move), else None."""
    d = _fields(action)
    if isinstance(d.get("x"), (int, float)) and isinstance(d.get("y"), (int, float)):
        return float(d["x"]), float(d["y"])
    path = d.get("path")
    if isinstance(path, (list, tuple)) and path:
        last = path[-1]
        if isinstance(last, (list, tuple)) and len(last) >= 2 and all(isinstance(v, (int, float)) for v in last[:2]):
            return float(last[0]), float(last[1])
    return None


def distinct_labels(actions, label, place=None, most: int | None = None, name=str) -> list[tuple[object, str]]:
    """The action bar's ``(action, label)`` pairs, no two with one label:
    ``label(action)`` first; actions whose labels collide get the place
    they aim at (``place(x, y)`` for an action with ``x``/``y`` mm fields or
    a ``path``: where it ends, :func:`end_point`)
    or their target (``name(id)``) appended; placements that still read the same (two
    spots in one grid square and feature) are one choice to the player, so
    only the first is kept, and so are moves that end there; anything else
    still alike is numbered ("#2").
    With ``most``, spots on the table (placements, which clicks on the table
    also make) are cut to that many, spread evenly over the list rather than
    the first ones (the candidates usually come row by row across the
    table); every other choice is kept (the action bar pages them)."""
    pairs = [(a, label(a)) for a in actions]
    groups: dict[str, list[int]] = {}
    for i, (_, t) in enumerate(pairs):
        groups.setdefault(t, []).append(i)
    for t, idx in groups.items():
        if len(idx) < 2:
            continue
        more = []
        for i in idx:
            d = _fields(pairs[i][0])
            pt = end_point(pairs[i][0])
            if pt is not None and place is not None:
                where = place(*pt)
                more.append(t if where in t else f"{t} ({where})")  # "in G3", not "in G3 (G3)"
            elif isinstance(d.get("target"), str):
                more.append(f"{t} ({name(d['target'])})")
            else:
                more.append(t)
        if len(set(more)) > 1:  # the place or target tells them apart (else the label named it already)
            for i, m in zip(idx, more):
                pairs[i] = (pairs[i][0], m)
    out: list[tuple[object, str]] = []
    seen: dict[str, int] = {}
    for a, t in pairs:
        if t in seen:
            seen[t] += 1
            if end_point(a) is not None:  # a second spot that reads the same: one choice to the player
                continue
            t = f"{t} #{seen[t]}"
        else:
            seen[t] = 1
        out.append((a, t))
    spots = [i for i, (a, _) in enumerate(out) if end_point(a) is not None]
    if most is None or len(spots) <= most:
        return out
    keep = {spots[int(k * len(spots) / most)] for k in range(most)}
    drop = set(spots) - keep
    return [p for i, p in enumerate(out) if i not in drop]


def _fields(action) -> dict:
    return action.to_dict() if hasattr(action, "to_dict") else dict(action)
