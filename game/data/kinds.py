"""Terrain kinds the editor offers, per ruleset, with their defaults.

The catalogue is the data file ``game/data/kinds.json``: for each kind
a label, default height (mm), rule tags, cover class, move cost, whether it
may have openings (doors), its overlap class and whether it has a gravity
well; for each ruleset the kinds it knows, the base radius used for
reachability checks (mm), its usual table, how many pieces it asks for and
the side ids its deployment zones use (the first is the editor's default).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field

from game.data.errors import FileError
from game.data.filemodel import FrozenFileModel
from game.data.io import parse_model, read_json

KINDS_FILE = Path(__file__).parent / "kinds.json"


class _Strict(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class KindSpec(_Strict):
    """Defaults for one terrain kind."""

    label: str = Field(description="display name")
    overlap: str = Field(description="overlap class (solid, ground, water, area, celestial)")
    height: float = Field(ge=0, description="default height, mm")
    tags: list[str] = Field(default_factory=list, description="default rule tags")
    cover: str | None = Field(None, description="default cover class")
    move_cost: float = Field(1.0, ge=1, description="default move cost multiplier")
    openings: bool = Field(False, description="True when doors/windows make sense on it")
    gravity_well: bool = Field(False, description="True for planets and moons")


class RulesetKinds(_Strict):
    """What one ruleset knows about terrain."""

    base_radius_mm: float = Field(gt=0, description="radius of the ruleset's usual base, mm")
    table: str = Field(description="usual table preset name")
    min_features: int = Field(0, ge=0, description="pieces of terrain the set-up asks for (0: no minimum)")
    kinds: list[str] = Field(description="kinds offered in the editor for this ruleset")
    sides: list[str] = Field(default_factory=list, description="side ids deployment zones name, first = the editor's default")


class GravityWell(_Strict):
    """Gravity-well depth for planets up to a diameter."""

    size: str
    max_diameter_mm: float
    well_mm: float


class Catalogue(_Strict):
    """The whole kinds file."""

    format_version: int
    overlap_classes: dict[str, str]
    forbidden_overlaps: list[tuple[str, str]]
    allowed_kind_overlaps: list[tuple[str, str]] = Field(default_factory=list, description="kind pairs that may overlap whatever their classes (walls joined at corners)")
    forbidden_kind_overlaps: list[tuple[str, str]] = Field(default_factory=list, description="kind pairs that may not overlap whatever their classes")
    kinds: dict[str, KindSpec]
    rulesets: dict[str, RulesetKinds]
    gravity_wells: list[GravityWell]

    def kind(self, name: str) -> KindSpec | None:
        """The spec of ``name``, or None for a kind the catalogue does not know."""
        return self.kinds.get(name)

    def kinds_for(self, ruleset: str | None) -> list[str]:
        """Kinds offered for ``ruleset`` (all kinds when None or unknown)."""
        rk = self.rulesets.get(ruleset or "")
        return list(rk.kinds) if rk else sorted(self.kinds)

    def sides_for(self, ruleset: str | None) -> list[str]:
        """Side ids of ``ruleset`` (empty when None, unknown or not listed)."""
        rk = self.rulesets.get(ruleset or "")
        return list(rk.sides) if rk else []

    def default_side(self, ruleset: str | None, zone_sides: list[str] = ()) -> str:
        """The side a new deployment zone gets: the ruleset's first side, else
        the first of ``zone_sides`` (the open map's zones), else ``"red"``."""
        sides = self.sides_for(ruleset) or [s for s in zone_sides if s]
        return sides[0] if sides else "red"

    def base_radius(self, ruleset: str | None) -> float:
        """Base radius (mm) for reachability checks; 12.5 mm when the ruleset is unknown."""
        rk = self.rulesets.get(ruleset or "")
        return rk.base_radius_mm if rk else 12.5

    def may_overlap(self, kind_a: str, kind_b: str) -> bool:
        """False when features of these two kinds may not overlap."""
        pair = {kind_a, kind_b}
        for a, b in self.allowed_kind_overlaps:
            if {a, b} == pair:
                return True
        for a, b in self.forbidden_kind_overlaps:
            if {a, b} == pair:
                return False
        ca = self.kinds[kind_a].overlap if kind_a in self.kinds else "area"
        cb = self.kinds[kind_b].overlap if kind_b in self.kinds else "area"
        return {ca, cb} not in [set(p) for p in self.forbidden_overlaps]

    def well_depth(self, diameter_mm: float, kind: str = "planet", size: str | None = None) -> float:
        """Gravity-well depth (mm) beyond the template edge.

        ``size`` (small/medium/large) wins when given; moons are always small;
        otherwise the diameter picks the row (beyond the last row: the deepest).
        """
        if kind == "moon":
            size = "small"
        if size:
            for w in self.gravity_wells:
                if w.size == size:
                    return w.well_mm
        for w in self.gravity_wells:
            if diameter_mm <= w.max_diameter_mm:
                return w.well_mm
        return self.gravity_wells[-1].well_mm


@lru_cache(maxsize=None)
def catalogue(path: str | None = None) -> Catalogue:
    """Load the kinds catalogue (cached). Raises :class:`FileError` on a bad file."""
    p = Path(path) if path else KINDS_FILE
    cat = parse_model(p, Catalogue, read_json(p))
    for rs, rk in cat.rulesets.items():
        for k in rk.kinds:
            if k not in cat.kinds:
                raise FileError(p, f"rulesets.{rs}", f"unknown kind {k!r}")
    return cat
