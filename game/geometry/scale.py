"""Unit conversions between rule text and table millimetres.

Rules quote distances in inches, centimetres or ground-scale yards and metres;
the geometry layer works in table millimetres only. Convert at the ruleset
boundary with these helpers.
"""

from __future__ import annotations

MM_PER_INCH = 25.4
MM_PER_CM = 10.0

#: Foxhole ground scale: 10 mm of table = 25 m of ground (Foxhole, Basics - Ground Scale).
FOXHOLE_M_PER_MM = 2.5
#: Foxhole's imperial alternative: 1 inch of table = 50 yards (not the same scale as 10 mm = 25 m).
FOXHOLE_YARDS_PER_INCH = 50.0
METRES_PER_YARD = 0.9144


def inches_to_mm(inches: float) -> float:
    """Inches on the table to mm (25.4 mm per inch)."""
    return inches * MM_PER_INCH


def mm_to_inches(mm: float) -> float:
    """Table mm to inches."""
    return mm / MM_PER_INCH


def cm_to_mm(cm: float) -> float:
    """Centimetres to mm."""
    return cm * MM_PER_CM


def mm_to_cm(mm: float) -> float:
    """Millimetres to centimetres."""
    return mm / MM_PER_CM


def _halving(large_figures: bool) -> float:
    # Foxhole: with figures larger than 10 mm (up to 25 mm) the ground scale is halved.
    return 0.5 if large_figures else 1.0


def foxhole_metres_to_mm(metres: float, *, large_figures: bool = False) -> float:
    """Ground metres to table mm at Foxhole scale (10 mm = 25 m; halved scale doubles the mm).

    ``large_figures`` applies Foxhole's halved ground scale for figures up to 25 mm.
    """
    return metres / (FOXHOLE_M_PER_MM * _halving(large_figures))


def foxhole_mm_to_metres(mm: float, *, large_figures: bool = False) -> float:
    """Table mm to ground metres at Foxhole scale."""
    return mm * FOXHOLE_M_PER_MM * _halving(large_figures)


def foxhole_yards_to_mm(yards: float, *, large_figures: bool = False, imperial: bool = True) -> float:
    """Ground yards (the unit of Foxhole's movement and range tables) to table mm.

    With ``imperial=True`` (default) uses the rules' imperial scale, 1 inch =
    50 yards; with ``imperial=False`` converts yards to metres and uses 10 mm =
    25 m. The two differ by about 28%: pick one per ruleset and document it.
    """
    if imperial:
        return yards / FOXHOLE_YARDS_PER_INCH * MM_PER_INCH / _halving(large_figures)
    return foxhole_metres_to_mm(yards * METRES_PER_YARD, large_figures=large_figures)


def foxhole_mm_to_yards(mm: float, *, large_figures: bool = False, imperial: bool = True) -> float:
    """Table mm to ground yards at Foxhole scale (inverse of :func:`foxhole_yards_to_mm`)."""
    if imperial:
        return mm * _halving(large_figures) / MM_PER_INCH * FOXHOLE_YARDS_PER_INCH
    return foxhole_mm_to_metres(mm, large_figures=large_figures) / METRES_PER_YARD
