"""Blocks of equal rectangular bases in ranks and files: a unit's footprint.

A :class:`Block` is a rigid grid of ``count`` bases, each ``base_w`` mm across
(the frontage direction) and ``base_d`` mm deep (along the facing), set
``gap_w`` / ``gap_d`` mm apart, ``files`` bases to a rank. It is placed by the
centre of its front edge (``x``, ``y``) and its facing (``heading``, degrees
clockwise from +x, y down). Bases are numbered rank by rank from the front,
left to right as seen looking along the heading; a last rank that is not full
is centred behind the others (so losses taken "from the rear" leave the front
intact).

Manoeuvres return new blocks and never change one: :meth:`Block.advanced`
(straight or oblique, measured from the front), :meth:`Block.wheeled` (about
the front corner of either flank; the outer front corner travels
``width * angle``), :meth:`Block.with_files` (a new frontage about the same
front centre), :meth:`Block.faced` (every base turned in place: right, left
or about; the block re-forms about its own centre) and :meth:`Block.with_gaps`
(closing or opening the ranks about the front centre).

Rules served: Battlesystem [2.3] (base sizes), [7.2]-[7.5] (formations),
[7.7] (moves measured from the front), [7.9] (oblique, wheel, facing),
[7.10] (frontage). Units: mm and degrees.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

__all__ = ["Block", "rect_corners", "rotate_points"]


def rect_corners(cx: np.ndarray, cy: np.ndarray, w: float, d: float, heading: float) -> np.ndarray:
    """Corners (N, 4, 2) of rectangles centred on (cx[i], cy[i]), ``w`` across and ``d``
    along ``heading``: front-left, front-right, rear-right, rear-left (counter-clockwise
    on screen, i.e. clockwise in x-right/y-up terms)."""
    h = math.radians(heading)
    fx, fy = math.cos(h), math.sin(h)
    rx, ry = -fy, fx  # the right hand, looking along the heading (y down)
    hd, hw = d / 2.0, w / 2.0
    off = np.array([[fx * hd - rx * hw, fy * hd - ry * hw], [fx * hd + rx * hw, fy * hd + ry * hw],
                    [-fx * hd + rx * hw, -fy * hd + ry * hw], [-fx * hd - rx * hw, -fy * hd - ry * hw]])
    c = np.stack([np.asarray(cx, dtype=float), np.asarray(cy, dtype=float)], axis=-1).reshape(-1, 1, 2)
    return c + off[None, :, :]


def rotate_points(pts: np.ndarray, pivot: tuple[float, float], angle_deg: float) -> np.ndarray:
    """``pts`` (..., 2) turned by ``angle_deg`` (clockwise on screen) about ``pivot``."""
    a = math.radians(angle_deg)
    c, s = math.cos(a), math.sin(a)
    p = np.asarray(pts, dtype=float) - pivot
    return np.stack([p[..., 0] * c - p[..., 1] * s, p[..., 0] * s + p[..., 1] * c], axis=-1) + pivot


@dataclass(frozen=True)
class Block:
    """A rigid block of ``count`` equal rectangular bases (see the module notes).

    Attributes:
        x, y: centre of the front edge, mm.
        heading: facing, degrees clockwise from +x.
        files: bases in a full rank (the frontage), >= 1.
        count: bases in the block, >= 0.
        base_w, base_d: one base's width (across) and depth (along the heading), mm.
        gap_w, gap_d: space between neighbouring bases across and along, mm.

    Raises:
        ValueError: non-finite placement, ``files < 1``, ``count < 0``, a base
            without area, or a negative gap.
    """

    x: float
    y: float
    heading: float
    files: int
    count: int
    base_w: float
    base_d: float
    gap_w: float = 0.0
    gap_d: float = 0.0

    def __post_init__(self) -> None:
        for name in ("x", "y", "heading", "base_w", "base_d", "gap_w", "gap_d"):
            if not math.isfinite(getattr(self, name)):
                raise ValueError(f"block: {name} must be finite")
        if self.files < 1 or self.count < 0:
            raise ValueError(f"block: needs files >= 1 and count >= 0 (got {self.files}, {self.count})")
        if self.base_w <= 0 or self.base_d <= 0 or self.gap_w < 0 or self.gap_d < 0:
            raise ValueError("block: bases need a positive size and gaps must not be negative")

    # -- shape -------------------------------------------------------------------------------------
    @cached_property
    def forward(self) -> tuple[float, float]:
        """Unit vector of the facing."""
        h = math.radians(self.heading)
        return (math.cos(h), math.sin(h))

    @property
    def right(self) -> tuple[float, float]:
        """Unit vector to the block's right (looking along the heading; y down)."""
        fx, fy = self.forward
        return (-fy, fx)

    @property
    def ranks(self) -> int:
        """Ranks holding at least one base."""
        return -(-self.count // self.files) if self.count else 0

    @property
    def front_files(self) -> int:
        """Bases in the front rank (fewer than ``files`` only when the block has one rank)."""
        return min(self.files, self.count)

    @property
    def pitch_w(self) -> float:
        """Distance between neighbouring files' centres, mm."""
        return self.base_w + self.gap_w

    @property
    def pitch_d(self) -> float:
        """Distance between neighbouring ranks' centres, mm."""
        return self.base_d + self.gap_d

    @property
    def width(self) -> float:
        """Width of the front rank, mm (0 for an empty block)."""
        n = self.front_files
        return n * self.base_w + max(0, n - 1) * self.gap_w

    @property
    def depth(self) -> float:
        """Depth from the front edge to the rear edge of the last rank, mm."""
        r = self.ranks
        return r * self.base_d + max(0, r - 1) * self.gap_d

    def rank_file(self, i: int) -> tuple[int, int, int]:
        """(rank, file, bases in that rank) of base ``i`` (0-based)."""
        r, f = divmod(i, self.files)
        in_rank = min(self.files, self.count - r * self.files)
        return r, f, in_rank

    @cached_property
    def _local(self) -> np.ndarray:
        """Base centres in block coordinates (along the heading, to the right), (count, 2)."""
        i = np.arange(self.count)
        r, f = np.divmod(i, self.files)
        in_rank = np.minimum(self.files, self.count - r * self.files)
        along = -(self.base_d / 2.0 + r * self.pitch_d)
        across = (f - (in_rank - 1) / 2.0) * self.pitch_w
        return np.stack([along, across], axis=-1).astype(float)

    def to_world(self, local: np.ndarray) -> np.ndarray:
        """Block coordinates (along, right) (..., 2) to table mm."""
        fx, fy = self.forward
        rx, ry = -fy, fx
        loc = np.asarray(local, dtype=float)
        return np.stack([self.x + loc[..., 0] * fx + loc[..., 1] * rx,
                         self.y + loc[..., 0] * fy + loc[..., 1] * ry], axis=-1)

    def to_local(self, pts: np.ndarray) -> np.ndarray:
        """Table mm (..., 2) to block coordinates (along the heading from the front edge, to the right)."""
        fx, fy = self.forward
        p = np.asarray(pts, dtype=float) - (self.x, self.y)
        return np.stack([p[..., 0] * fx + p[..., 1] * fy, -p[..., 0] * fy + p[..., 1] * fx], axis=-1)

    @cached_property
    def centres(self) -> np.ndarray:
        """Base centres (count, 2), mm; read-only."""
        c = self.to_world(self._local)
        c.setflags(write=False)
        return c

    @cached_property
    def corners(self) -> np.ndarray:
        """Base corners (count, 4, 2), mm, each front-left, front-right, rear-right, rear-left; read-only."""
        c = rect_corners(self.centres[:, 0], self.centres[:, 1], self.base_w, self.base_d, self.heading) \
            if self.count else np.zeros((0, 4, 2))
        c.setflags(write=False)
        return c

    @cached_property
    def outline(self) -> np.ndarray:
        """The rectangle holding every base (4, 2): front-left, front-right, rear-right, rear-left."""
        w = max((self.files if self.count > self.files else self.front_files) * self.pitch_w - self.gap_w, 0.0)
        fx, fy = self.forward
        rx, ry = -fy, fx
        d = self.depth
        x, y, h = self.x, self.y, w / 2.0
        o = np.array([[x - rx * h, y - ry * h], [x + rx * h, y + ry * h],
                      [x - fx * d + rx * h, y - fy * d + ry * h], [x - fx * d - rx * h, y - fy * d - ry * h]])
        o.setflags(write=False)
        return o

    @property
    def front_corners(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """The front edge's left and right ends, mm."""
        fx, fy = self.forward
        h = self.width / 2.0
        return (self.x - (-fy) * h, self.y - fx * h), (self.x + (-fy) * h, self.y + fx * h)

    @property
    def centre(self) -> tuple[float, float]:
        """Middle of the block's outline, mm."""
        fx, fy = self.forward
        d = self.depth / 2.0
        return (self.x - fx * d, self.y - fy * d)

    # -- manoeuvres --------------------------------------------------------------------------------
    def advanced(self, distance: float, offset: float = 0.0) -> "Block":
        """The block moved ``distance`` mm along ``heading + offset`` (an oblique move keeps the facing)."""
        h = math.radians(self.heading + offset)
        return replace(self, x=self.x + distance * math.cos(h), y=self.y + distance * math.sin(h))

    def translated(self, dx: float, dy: float) -> "Block":
        """The block moved by (dx, dy) mm, facing kept."""
        return replace(self, x=self.x + dx, y=self.y + dy)

    def rotated(self, pivot: tuple[float, float], angle: float) -> "Block":
        """The block turned rigidly by ``angle`` degrees (clockwise on screen) about ``pivot``."""
        p = rotate_points(np.array([self.x, self.y]), pivot, angle)
        return replace(self, x=float(p[0]), y=float(p[1]), heading=_norm(self.heading + angle))

    def pivot(self, side: str) -> tuple[float, float]:
        """The front corner of the ``"left"`` or ``"right"`` flank, mm."""
        left, right = self.front_corners
        if side not in ("left", "right"):
            raise ValueError(f"pivot side must be 'left' or 'right', not {side!r}")
        return left if side == "left" else right

    def wheeled(self, side: str, angle: float) -> "Block":
        """The block wheeled ``angle`` degrees (clockwise on screen; negative turns left)
        about the front corner of its ``side`` flank."""
        return self.rotated(self.pivot(side), angle)

    def wheel_cost(self, angle: float) -> float:
        """Distance (mm) the outer front corner travels wheeling ``angle`` degrees about
        the other flank: the arc of radius ``width``."""
        return abs(math.radians(angle)) * self.width

    def with_files(self, files: int) -> "Block":
        """The block re-formed ``files`` wide about the same front centre and facing."""
        return replace(self, files=int(files))

    def with_count(self, count: int) -> "Block":
        """The block with ``count`` bases (losses leave from the rear rank)."""
        return replace(self, count=int(count))

    def with_gaps(self, gap_w: float, gap_d: float) -> "Block":
        """The block with new spacing about the same front centre."""
        return replace(self, gap_w=float(gap_w), gap_d=float(gap_d))

    def faced(self, turn: int) -> "Block":
        """Every base turned ``turn`` degrees in place (90: right face, -90: left face,
        180: about face); the block re-forms about the centre of its outline, its old
        ranks becoming files for a quarter turn.

        Raises:
            ValueError: ``turn`` not one of 90, -90, 180.
        """
        if turn not in (90, -90, 180):
            raise ValueError(f"a facing change is 90, -90 or 180 degrees, not {turn}")
        cx, cy = self.centre
        files = self.files if turn == 180 else max(1, self.ranks)
        nb = replace(self, files=files, heading=_norm(self.heading + turn), x=cx, y=cy)
        fx, fy = nb.forward
        return replace(nb, x=cx + fx * nb.depth / 2.0, y=cy + fy * nb.depth / 2.0)


def _norm(h: float) -> float:
    h = math.fmod(h, 360.0)
    return h + 360.0 if h < 0 else h
