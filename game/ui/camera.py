"""The camera: table millimetres <-> screen pixels, pan, zoom to the cursor.

``scale`` is pixels per millimetre; ``ox, oy`` the table point (mm) at the
top-left corner of the ``viewport`` rect. Zoom levels are powers of
:data:`ZOOM_STEP` times the fit scale, so cached layers are reused.
"""

from __future__ import annotations

import numpy as np

ZOOM_STEP = 1.25
#: px kept clear around the table at fit-to-table zoom (its wooden edge is 12 px)
FIT_MARGIN_PX = 16
MIN_SCALE, MAX_SCALE = 0.05, 40.0


class Camera:
    """Maps the table into a viewport ``(x, y, w, h)`` of the screen."""

    def __init__(self, viewport: tuple[int, int, int, int], table: tuple[float, float], reserve_bottom: int = 0) -> None:
        """``reserve_bottom``: px at the viewport's bottom the table stays
        clear of at fit zoom (a legend drawn there)."""
        self.viewport = tuple(int(v) for v in viewport)
        self.table = (float(table[0]), float(table[1]))
        self.reserve_bottom = int(reserve_bottom)
        self.scale = 1.0
        self.ox = 0.0
        self.oy = 0.0
        self.fit()

    # -- conversions ---------------------------------------------------------
    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        """Screen pixel of the table point (x, y) mm."""
        vx, vy = self.viewport[0], self.viewport[1]
        return (int(round(vx + (x - self.ox) * self.scale)), int(round(vy + (y - self.oy) * self.scale)))

    def to_screen_many(self, pts) -> np.ndarray:
        """(N, 2) int array of screen pixels for (N, 2) table points."""
        a = np.asarray(pts, dtype=float).reshape(-1, 2)
        out = np.empty_like(a)
        out[:, 0] = self.viewport[0] + (a[:, 0] - self.ox) * self.scale
        out[:, 1] = self.viewport[1] + (a[:, 1] - self.oy) * self.scale
        return np.rint(out).astype(int)

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        """Table point (mm) under the screen pixel (sx, sy)."""
        return (self.ox + (sx - self.viewport[0]) / self.scale, self.oy + (sy - self.viewport[1]) / self.scale)

    def mm(self, d: float) -> float:
        """A length in mm as pixels."""
        return d * self.scale

    def contains(self, sx: float, sy: float) -> bool:
        """True when the pixel is inside the viewport."""
        x, y, w, h = self.viewport
        return x <= sx < x + w and y <= sy < y + h

    # -- movement ------------------------------------------------------------
    def fit(self, margin: float = FIT_MARGIN_PX) -> None:
        """Zoom and centre so the whole table fits the viewport, ``margin``
        px clear on each side (room for the table's edge and its grid
        letters)."""
        self.fit_scale, self.ox, self.oy = self._fitted(margin)
        self.scale = self.fit_scale

    def _fitted(self, margin: float = FIT_MARGIN_PX) -> tuple[float, float, float]:
        """(scale, ox, oy) at fit zoom: the table centred in the viewport
        above its :attr:`reserve_bottom` px."""
        _, _, w, h = self.viewport
        h -= min(self.reserve_bottom, h // 3)
        tw, th = self.table
        scale = max(MIN_SCALE, min(max(1.0, w - 2 * margin) / tw, max(1.0, h - 2 * margin) / th))
        return scale, tw / 2 - w / 2 / scale, th / 2 - h / 2 / scale

    def set_viewport(self, viewport: tuple[int, int, int, int], reserve_bottom: int | None = None) -> None:
        """Move to a new viewport (the window was resized): a camera at fit
        zoom fits the table again; a zoomed or panned one keeps its zoom
        level (its ratio to the fit scale) and the table point at the
        viewport's centre. ``reserve_bottom``: the new :attr:`reserve_bottom` (None: kept)."""
        x, y, w, h = self.viewport
        centre = self.to_world(x + w / 2, y + h / 2)
        level = self.scale / self.fit_scale
        _, fx, fy = self._fitted()
        at_fit = abs(level - 1) < 1e-9 and abs(self.ox - fx) < 1e-6 and abs(self.oy - fy) < 1e-6
        self.viewport = tuple(int(v) for v in viewport)
        if reserve_bottom is not None:
            self.reserve_bottom = int(reserve_bottom)
        self.fit()
        if not at_fit:
            _, _, w, h = self.viewport
            self.scale = float(np.clip(self.fit_scale * level, MIN_SCALE, MAX_SCALE))
            self.ox = centre[0] - w / 2 / self.scale
            self.oy = centre[1] - h / 2 / self.scale

    def zoom_at(self, steps: int, sx: float, sy: float) -> None:
        """Zoom in (steps > 0) or out by whole steps, keeping the table point
        under the screen pixel (sx, sy) where it is."""
        wx, wy = self.to_world(sx, sy)
        level = round(np.log(self.scale / self.fit_scale) / np.log(ZOOM_STEP)) + steps
        self.scale = float(np.clip(self.fit_scale * ZOOM_STEP ** level, MIN_SCALE, MAX_SCALE))
        self.ox = wx - (sx - self.viewport[0]) / self.scale
        self.oy = wy - (sy - self.viewport[1]) / self.scale

    def pan(self, dx_px: float, dy_px: float) -> None:
        """Move the view by a screen-pixel offset (drag direction), keeping
        some of the table on screen."""
        self.ox -= dx_px / self.scale
        self.oy -= dy_px / self.scale
        _, _, w, h = self.viewport
        tw, th = self.table
        vw, vh = w / self.scale, h / self.scale
        self.ox = float(np.clip(self.ox, -vw * 0.8, tw - vw * 0.2))
        self.oy = float(np.clip(self.oy, -vh * 0.8, th - vh * 0.2))

    def state(self) -> tuple[float, float, float, tuple[int, ...]]:
        """A key that changes whenever the mapping changes (for caches)."""
        return (round(self.scale, 6), round(self.ox, 3), round(self.oy, 3), self.viewport)
