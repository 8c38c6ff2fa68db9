"""Cover from the firer's point of view (Battlespace: Advanced Rules - Cover).

Two kinds, the better one wins:

* **obscured**: some part of the target cannot be seen from the firer
  (exact visible fraction < 1), or an ``obscures`` piece (woods, smoke) is in
  the way of the sight line.
* **solid**: obscured, and the target's base is in contact (0.5 mm) with a
  piece that hides part of it.

A target that cannot be seen at all still gets a cover answer (the rules
module decides whether it may be shot); the reason says so.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.geometry.index import TerrainIndex
from game.geometry.shapes import Base, Model, as_model
from game.geometry.sight import Sight, line_of_sight
from game.geometry.visibility import ViewerFrame

COVER_RULE = "Battlespace: Advanced Rules - Cover"
#: Visible fractions within this of 1 count as fully visible (numerical noise).
FULL_VIEW_TOLERANCE = 1e-6


@dataclass(frozen=True)
class Cover:
    """The cover a target has against one viewer.

    Attributes:
        kind: ``"none"``, ``"obscured"`` or ``"solid"``.
        features: ids of the pieces giving it (for solid: the pieces in contact
            that hide part of the target; for obscured: hiding and obscuring pieces).
        reason: a sentence for the battle log.
        visible_fraction: exact share of the target visible (0..1).
        rule: the rule this follows.
    """

    kind: str
    features: tuple[str, ...]
    reason: str
    visible_fraction: float = 1.0
    rule: str = COVER_RULE


def cover_from_sight(sight: Sight) -> Cover:
    """Classify an already computed :class:`Sight` (see module notes)."""
    hidden = sight.visible_fraction < 1.0 - FULL_VIEW_TOLERANCE
    pct = f"{sight.visible_fraction:.0%} visible"
    if not hidden and not sight.obscured_by:
        return Cover("none", (), f"whole base visible ({pct}), nothing obscuring", sight.visible_fraction)
    contact = tuple(i for i in sight.in_contact_with if i in sight.blocked_by)
    tail = "" if sight.visible else " (the target cannot be seen at all)"
    if hidden and contact:
        return Cover("solid", contact,
                     f"part of the base hidden ({pct}) and in base contact with {', '.join(contact)}{tail}",
                     sight.visible_fraction)
    feats = tuple(sorted(set(sight.blocked_by) | set(sight.obscured_by)))
    why = []
    if hidden:
        why.append(f"part of the base hidden by {', '.join(sight.blocked_by) or 'terrain'} ({pct})")
    if sight.obscured_by:
        why.append(f"sight passes through {', '.join(sight.obscured_by)}")
    return Cover("obscured", feats, "; ".join(why) + tail, sight.visible_fraction)


def cover_of(index: TerrainIndex, viewer: "Model | Base", target: "Model | Base") -> Cover:
    """Cover of ``target`` against shots from ``viewer`` (Battlespace: Advanced Rules - Cover)."""
    return cover_from_sight(line_of_sight(index, viewer, target))


def fraction_behind(index: TerrainIndex, viewer: "Model | Base", target: "Model | Base", *,
                    pieces: "tuple[str, ...] | None" = None, include_obscuring: bool = False) -> float:
    """Share (0..1) of the target's footprint hidden from the viewer behind terrain.

    For rules like "50% of the model behind terrain". By default only
    ``blocks_sight`` pieces hide; ``include_obscuring=True`` treats obscuring
    pieces as opaque too; ``pieces`` restricts to the given ids.

    Raises:
        KeyError: an unknown piece id.
    """
    mask = index.blocking_mask.copy()
    if include_obscuring:
        mask |= index.obscuring_mask
    if pieces is not None:
        keep = np.zeros(len(index.pieces), dtype=bool)
        keep[[index.index_of(p) for p in pieces]] = True
        mask &= keep
    v, t = as_model(viewer), as_model(target)
    return 1.0 - ViewerFrame(index, v, mask).fraction(t)[0]
