"""The marker vocabulary: the state strings rulesets put in
``Figure.markers`` and how the app shows them (no pygame).

A marker is ``name`` or ``name:value`` (``"wounded:2"``, ``"order:lock_on"``,
``"hits:5/8"``). Each known name has an icon drawn by code
(:mod:`game.ui.render.icons`), words for the tooltip and a priority (when a
small base has room for few icons, the highest go first). A name the
vocabulary does not know is shown as its words in a small chip, never as an
id. The list is documented in ``game/rulesets/README.md`` ("Figure markers").
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MarkerKind:
    """How one marker name is shown."""

    icon: str  #: the icon drawn (see game.ui.render.icons.GLYPHS)
    words: str  #: tooltip words; ``{v}`` is the value, ``{s}`` an "s" unless the value is 1
    priority: int  #: higher first when room is short
    show_value: bool = True  #: draw the value (a number) on the icon


#: every marker name the app draws as an icon
VOCAB: dict[str, MarkerKind] = {
    # soldiers and models
    "wounded": MarkerKind("drop", "{v} wound{s}", 90),
    "down": MarkerKind("cross", "down (out of the fight)", 100, False),
    "suppressed": MarkerKind("chevrons", "suppressed", 80, False),
    "pinned": MarkerKind("pin", "pinned", 80, False),
    "prone": MarkerKind("prone", "prone", 60, False),
    "suppressing": MarkerKind("lane", "laying down suppression fire", 40, False),
    "jammed": MarkerKind("warning", "weapon jammed", 70, False),
    "stunned": MarkerKind("stars", "stunned", 70, False),
    "activated": MarkerKind("check", "has acted this turn", 20, False),
    "orders": MarkerKind("pips", "{v} order{s} left", 85),
    "move_only": MarkerKind("boot", "may only move", 50, False),
    "in_vehicle": MarkerKind("vehicle", "in a vehicle", 30, False),
    "midway": MarkerKind("ladder", "climbing (midway)", 55, False),
    "carrying": MarkerKind("carry", "carrying {v}", 45, False),
    "dragging": MarkerKind("carry", "dragging {v}", 45, False),
    "carried": MarkerKind("lifted", "being carried", 45, False),
    "melee": MarkerKind("swords", "in hand-to-hand combat", 75, False),
    "guard": MarkerKind("eye", "guard", 35, False),
    "routed": MarkerKind("flag", "routed", 95, False),
    "shaken": MarkerKind("warning", "shaken", 70, False),
    "hidden": MarkerKind("eye", "hidden", 35, False),
    "moved": MarkerKind("boot", "has moved", 15, False),
    "fired": MarkerKind("burst", "has fired", 15, False),
    # vehicles
    "hits": MarkerKind("hull", "hull {v}", 88),
    "immobile": MarkerKind("stop", "immobilised", 60, False),
    "crew": MarkerKind("person", "{v} aboard", 30),
    # ships
    "shields": MarkerKind("shield", "shields {v}", 50),
    "holofields": MarkerKind("diamond", "holofields", 40, False),
    "crippled": MarkerKind("crack", "crippled", 85, False),
    "braced": MarkerKind("brace", "braced for impact", 82, False),
    "order": MarkerKind("order", "special order: {v}", 78, False),
    "blast": MarkerKind("burst", "touching {v} blast marker{s}", 76),
    "low_orbit": MarkerKind("orbit", "in low orbit", 40, False),
    "crits": MarkerKind("bolt", "{v} critical hit{s}", 74),
    "stationary": MarkerKind("stop", "stationary", 30, False),
    "under_attack": MarkerKind("target", "under attack: brace?", 99, False),
    "hulk": MarkerKind("skull", "hulk", 96, False),
    "blazing": MarkerKind("flame", "blazing", 97, False),
}

#: marker names whose value is the figure's strength already in its label (ordnance): no icon
SILENT = frozenset({"torpedo", "fighter", "bomber", "assault_boat"})

#: order values with their own glyph (others: the order's initials)
ORDER_GLYPHS = {"come_to_new_heading": "turn", "all_ahead_full": "ahead", "burn_retros": "retro", "lock_on": "target",
                "reload_ordnance": "reload", "brace_for_impact": "brace"}


def split(marker: str) -> tuple[str, str]:
    """``"wounded:2"`` -> ``("wounded", "2")``; ``"prone"`` -> ``("prone", "")``."""
    name, _, value = marker.partition(":")
    return name, value


def words(text: str) -> str:
    """An id-like string in plain words: ``come_to_new_heading`` -> ``come to new heading``."""
    return text.replace("_", " ").strip()


def title(text: str) -> str:
    """Words with each first letter capitalised (an order's name)."""
    return " ".join(w[:1].upper() + w[1:] for w in words(text).split())


def marker_words(marker: str, names=None) -> str:
    """What a marker means, in words (for the tooltip). ``names``: id -> a
    name, for values that name another model (``carrying:okafor``)."""
    name, value = split(marker)
    if names is not None and value in names:
        value = names[value]
    kind = VOCAB.get(name)
    if kind is None:
        return f"{words(name)} {words(value)}".strip()
    if name == "order":
        value = title(value)
    return kind.words.replace("{v}", words(value)).replace("{s}", "" if value.strip() == "1" else "s").strip()


def icon_of(marker: str) -> tuple[str, str] | None:
    """``(glyph, text on it)`` for a marker, None when it gets no icon;
    unknown names get the ``"chip"`` glyph with their words."""
    name, value = split(marker)
    if name in SILENT:
        return None
    kind = VOCAB.get(name)
    if kind is None:
        return "chip", words(marker.replace(":", " "))
    if name == "order":
        glyph = ORDER_GLYPHS.get(value)
        if glyph is not None:
            return glyph, ""
        return "order", "".join(w[:1].upper() for w in words(value).split())[:3]
    if name == "orders":
        return "pips", value
    return kind.icon, (value if kind.show_value else "")


def priority(marker: str) -> int:
    """How much a marker matters when room is short (higher first)."""
    kind = VOCAB.get(split(marker)[0])
    return kind.priority if kind is not None else 10


#: below this priority a marker's icon waits for a zoomed-in view (a small base shows only what matters)
MINOR = 70


def noteworthy(marker: str) -> bool:
    """True when a marker says something at a glance: a hull or wound
    count only when damaged (``hits:8/8`` is a whole ship), else by priority."""
    name, value = split(marker)
    if name == "hits" and "/" in value:
        a, _, b = value.partition("/")
        return a.strip() != b.strip()
    return priority(marker) >= MINOR


def ordered(markers, minor: bool = True) -> list[str]:
    """Markers with icons, most important first (stable for equal
    priority); without ``minor`` only the :func:`noteworthy` ones."""
    out = [m for m in markers if icon_of(m) is not None and (minor or noteworthy(m))]
    return sorted(out, key=lambda m: -priority(m))
