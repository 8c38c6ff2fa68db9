"""The terrain layer: the table, deployment zones, exits and terrain drawn
once to a cached surface per zoom level (and, when zoomed in so far that the
whole table would be too large, per viewport region).

Pieces are coloured by kind and lightened with height; ``blocks_sight``
pieces get a dark outline, ``obscures`` pieces a dotted fill, impassable ones
hatching. :meth:`TerrainLayer.draw_uncached` redraws every polygon (the
benchmark's baseline).
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from game.ui.camera import Camera
from game.ui.palette import Palette, SideColours, shade, table_style

#: largest cached surface side, px (beyond it the viewport region is cached)
MAX_CACHE_PX = 3000
#: the cross-hair of a map objective
OBJECTIVE_COLOUR = (240, 240, 240)


class TerrainLayer:
    """Cached drawing of a table's static content.

    Args:
        pieces: terrain pieces (``game.geometry.terrain.TerrainPiece``).
        table: (width, depth) mm.
        palette: colours.
        map_file: optional map (zones, objectives, exits are drawn from it).
        side_order: a :class:`game.ui.palette.SideColours`, or side ids in
            seating order (zone and exit colours).
    """

    def __init__(self, pieces, table, palette: Palette, map_file=None, side_order=(), style: str | None = None) -> None:
        self.table = (float(table[0]), float(table[1]))
        #: "space" (near-black starfield) or "ground" (see :func:`game.ui.palette.table_style`)
        self.style = style or table_style(map_file, pieces)
        palette = palette.for_table(self.style)
        self.palette = palette
        self.map = map_file
        self.side_order = side_order if isinstance(side_order, SideColours) else list(side_order)
        finite = [p.height for p in pieces if math.isfinite(p.height)]
        top = max(finite) if finite else 1.0
        items = []
        for p in sorted(pieces, key=lambda q: (q.height if math.isfinite(q.height) else 1e12)):
            h = p.height if math.isfinite(p.height) else top
            colour = shade(palette.kind(p.kind), 0.35 * (h / top if top > 0 else 0.0) - 0.1)
            ext = np.asarray(p.polygon.exterior.coords, dtype=float)
            holes = [np.asarray(r.coords, dtype=float) for r in p.polygon.interiors]
            items.append((p, colour, ext, holes))
        self.items = items
        self.highlight: set[str] = set()
        self._cache: dict = {}

    # -- cache ---------------------------------------------------------------------
    def invalidate(self) -> None:
        """Forget every cached surface (palette or highlight changed)."""
        self._cache.clear()

    def set_highlight(self, ids: set[str]) -> None:
        """Outline these pieces brightly (the LoS overlay's blockers)."""
        ids = set(ids)
        if ids != self.highlight:
            self.highlight = ids
            self.invalidate()

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Blit the cached layer for the camera's zoom (render it if needed)."""
        s = camera.scale
        w, h = self.table[0] * s, self.table[1] * s
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(camera.viewport).clip(clip))
        if w <= MAX_CACHE_PX and h <= MAX_CACHE_PX:
            key = ("full", round(s, 6))
            surf = self._cache.get(key)
            if surf is None:
                self._trim()
                surf = self._cache[key] = self._render(s, 0.0, 0.0, int(math.ceil(w)) + 1, int(math.ceil(h)) + 1)
            surface.blit(surf, camera.to_screen(0.0, 0.0))
        else:
            vx, vy, vw, vh = camera.viewport
            key = ("view", round(s, 6))
            hit = self._cache.get(key)
            x0, y0 = camera.ox, camera.oy
            x1, y1 = camera.to_world(vx + vw, vy + vh)
            if hit is None or not (hit[0] <= x0 and hit[1] <= y0 and x1 <= hit[2] and y1 <= hit[3]):
                self._trim()
                mx, my = (x1 - x0) * 0.5, (y1 - y0) * 0.5
                rx0, ry0 = x0 - mx, y0 - my
                pw, ph = int((x1 - x0 + 2 * mx) * s) + 1, int((y1 - y0 + 2 * my) * s) + 1
                hit = (rx0, ry0, rx0 + pw / s, ry0 + ph / s, self._render(s, rx0, ry0, pw, ph))
                self._cache[key] = hit
            surface.blit(hit[4], camera.to_screen(hit[0], hit[1]))
        surface.set_clip(clip)

    def _trim(self) -> None:
        if len(self._cache) > 6:
            self._cache.pop(next(iter(self._cache)))

    # -- drawing -------------------------------------------------------------------
    def _render(self, s: float, x0: float, y0: float, pw: int, ph: int) -> pygame.Surface:
        surf = pygame.Surface((max(1, pw), max(1, ph))).convert() if pygame.display.get_surface() else pygame.Surface((max(1, pw), max(1, ph)))
        surf.fill(self.palette.background)
        tx = lambda a: ((a - (x0, y0)) * s)  # noqa: E731
        self._paint(surf, tx, s)
        return surf

    def draw_uncached(self, surface: pygame.Surface, camera: Camera) -> None:
        """Redraw everything straight to ``surface`` (no cache; the baseline)."""
        vx, vy = camera.viewport[0], camera.viewport[1]
        origin = np.array([camera.ox, camera.oy])
        s = camera.scale
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(camera.viewport).clip(clip))
        self._paint(surface, lambda a: (a - origin) * s + (vx, vy), s)
        surface.set_clip(clip)

    def _paint(self, surf: pygame.Surface, tx, s: float) -> None:
        pal = self.palette
        W, H = self.table
        corners = tx(np.array([[0.0, 0.0], [W, H]]))
        pygame.draw.rect(surf, pal.table, pygame.Rect(corners[0], corners[1] - corners[0]))
        if self.style == "space":
            self._stars(surf, tx, s)
        step = 100.0  # 10 cm grid
        for gx in np.arange(step, W, step):
            a, b = tx(np.array([[gx, 0], [gx, H]]))
            pygame.draw.line(surf, pal.grid, a, b)
        for gy in np.arange(step, H, step):
            a, b = tx(np.array([[0, gy], [W, gy]]))
            pygame.draw.line(surf, pal.grid, a, b)
        m = self.map
        if m is not None:
            for z in m.deployment_zones:
                pts = tx(np.asarray(z.polygon, dtype=float))
                sc = pal.side(z.side, self.side_order)
                c = tuple(int(t * 0.72 + v * 0.28) for t, v in zip(pal.table, sc))
                pygame.draw.polygon(surf, c, pts.tolist(), 0)
                pygame.draw.polygon(surf, shade(c, 0.3), pts.tolist(), 1)
            for e in m.exits:
                self._exit(surf, tx, e)
        for p, colour, ext, holes in self.items:
            pts = tx(ext).tolist()
            if holes:
                fill_with_holes(surf, colour, pts, [tx(h).tolist() for h in holes])
            else:
                pygame.draw.polygon(surf, colour, pts, 0)
            if "obscures" in p.tags and s > 0.3:
                self._dots(surf, tx, p, shade(colour, 0.25))
            if "impassable" in p.tags and "blocks_sight" not in p.tags:
                self._hatch(surf, tx, p, shade(colour, -0.3))
            edge = (255, 230, 60) if p.id in self.highlight else shade(colour, -0.45 if "blocks_sight" in p.tags else -0.2)
            width = 3 if p.id in self.highlight else 1
            pygame.draw.polygon(surf, edge, pts, width)
            for h in holes:
                pygame.draw.polygon(surf, edge, tx(h).tolist(), width)
        if m is not None:
            for o in m.objectives:
                c = tx(np.array([[o.x, o.y]]))[0]
                r = objective_radius_px(o, s)
                pygame.draw.circle(surf, OBJECTIVE_COLOUR, c, r, 2)
                pygame.draw.line(surf, OBJECTIVE_COLOUR, c - (r, 0), c + (r, 0))
                pygame.draw.line(surf, OBJECTIVE_COLOUR, c - (0, r), c + (0, r))
                # the label is laid out with every other label each frame (TableView)

    def _stars(self, surf, tx, s: float) -> None:
        """A fixed starfield (one star per ~25 cm2, the same at every zoom)."""
        stars = getattr(self, "_star_xy", None)
        if stars is None:
            W, H = self.table
            rng = np.random.default_rng(1729)
            n = int(W * H / 2500.0)
            stars = self._star_xy = (rng.uniform((0, 0), (W, H), (n, 2)), rng.integers(70, 230, n), rng.random(n) < 0.08)
        xy, lum, big = stars
        pts = tx(xy)
        vis = (pts[:, 0] >= -2) & (pts[:, 1] >= -2) & (pts[:, 0] < surf.get_width() + 2) & (pts[:, 1] < surf.get_height() + 2)
        r = 2 if s > 0.6 else 1
        for (px, py), v, b in zip(pts[vis], lum[vis], big[vis]):
            c = (int(v), int(v), min(255, int(v) + 20))
            if b:
                pygame.draw.circle(surf, c, (px, py), r)
            else:
                surf.fill(c, (int(px), int(py), 1, 1))

    def _exit(self, surf, tx, e) -> None:
        W, H = self.table
        length = W if e.edge in ("north", "south") else H
        a, b = e.start_mm, e.end_mm if e.end_mm is not None else length
        seg = {"north": [[a, 0], [b, 0]], "south": [[a, H], [b, H]],
               "west": [[0, a], [0, b]], "east": [[W, a], [W, b]]}[e.edge]
        p = tx(np.asarray(seg, dtype=float))
        pygame.draw.line(surf, self.palette.side(e.side, self.side_order) if e.side else (220, 220, 220), p[0], p[1], 5)

    def _dots(self, surf, tx, piece, colour) -> None:
        x0, y0, x1, y1 = piece.polygon.bounds
        import shapely

        gx, gy = np.meshgrid(np.arange(x0 + 6, x1, 14.0), np.arange(y0 + 6, y1, 14.0))
        pts = np.column_stack([gx.ravel(), gy.ravel()])
        if not len(pts):
            return
        inside = shapely.contains_xy(piece.polygon, pts[:, 0], pts[:, 1])
        for p in tx(pts[inside]):
            pygame.draw.circle(surf, colour, p, max(1, int(2 * s_of(tx))))

    def _hatch(self, surf, tx, piece, colour) -> None:
        import shapely
        from shapely.geometry import LineString

        x0, y0, x1, y1 = piece.polygon.bounds
        span = (x1 - x0) + (y1 - y0)
        for k in np.arange(0.0, span, 12.0):
            line = LineString([(x0 + k, y0), (x0 + k - (y1 - y0), y1)])
            seg = shapely.intersection(line, piece.polygon)
            for g in getattr(seg, "geoms", [seg]):
                if g.geom_type == "LineString" and not g.is_empty:
                    p = tx(np.asarray(g.coords))
                    pygame.draw.line(surf, colour, p[0], p[-1])


def objective_radius_px(o, s: float) -> int:
    """The drawn radius (px) of a map objective at scale ``s`` px/mm."""
    return max(4, int(max(o.radius, 8.0) * s))


def fill_with_holes(surf: pygame.Surface, colour, pts, holes) -> None:
    """Fill the polygon ``pts`` (screen points) less its ``holes``: the
    holes show whatever was drawn there before (the table, lower pieces, a
    planet inside an asteroid ring), never a fill of their own. Drawn through a
    translucent scratch surface the size of the polygon's box (cut to the
    clip)."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs)) - int(min(xs)) + 2, int(max(ys)) - int(min(ys)) + 2)
    box = box.clip(surf.get_clip())
    if box.width <= 0 or box.height <= 0:
        return
    scratch = pygame.Surface(box.size, pygame.SRCALPHA)
    ox, oy = box.x, box.y
    pygame.draw.polygon(scratch, (*colour[:3], 255), [(x - ox, y - oy) for x, y in pts], 0)
    for h in holes:
        if len(h) >= 3:  # pixels set straight to transparent (no blending on a draw)
            pygame.draw.polygon(scratch, (0, 0, 0, 0), [(x - ox, y - oy) for x, y in h], 0)
    surf.blit(scratch, box.topleft)


def s_of(tx) -> float:
    """The scale of a transform (px per mm)."""
    a = tx(np.array([[0.0, 0.0], [1.0, 0.0]]))
    return float(a[1][0] - a[0][0])
