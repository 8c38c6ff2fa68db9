"""The measuring tool: a distance on the table in mm, inches and centimetres."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.geometry.scale import mm_to_cm, mm_to_inches

Point = tuple[float, float]


@dataclass(frozen=True)
class Measurement:
    """A measured distance along a polyline.

    Attributes:
        mm: length in mm.
        inches: length in inches (25.4 mm each).
        cm: length in centimetres.
        bearing: heading of the last leg, degrees clockwise from +x (y down).
    """

    mm: float
    inches: float
    cm: float
    bearing: float

    def label(self, unit: str = "in") -> str:
        """A short label such as ``'12.0"'``, ``'30.5 cm'`` or ``'305 mm'``.

        Raises:
            ValueError: unknown unit (use "in", "cm" or "mm").
        """
        if unit == "in":
            return f'{self.inches:.1f}"'
        if unit == "cm":
            return f"{self.cm:.1f} cm"
        if unit == "mm":
            return f"{self.mm:.0f} mm"
        raise ValueError(f"unknown unit {unit!r} (in, cm, mm)")


def measure(*points: Point) -> Measurement:
    """Length of the polyline through ``points`` (mm, at least one point)."""
    if not points:
        raise ValueError("measure needs at least one point")
    mm = sum(math.dist(a, b) for a, b in zip(points, points[1:]))
    bearing = 0.0
    if len(points) >= 2:
        (ax, ay), (bx, by) = points[-2], points[-1]
        bearing = math.degrees(math.atan2(by - ay, bx - ax)) % 360.0
    return Measurement(mm, mm_to_inches(mm), mm_to_cm(mm), bearing)
