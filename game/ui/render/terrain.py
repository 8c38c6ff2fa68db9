"""The terrain layer: the table, deployment zones, exits and terrain drawn
once to a cached surface per zoom level (and, when zoomed in so far that the
whole table would be too large, per viewport region).

Each piece is drawn by its kind's style (:mod:`game.ui.style`: the ruleset's
style sheet over the default one) through :mod:`game.ui.render.terrain_art`:
roofs with doors, tree canopies, contour steps by height, rocks, water,
clouds with soft edges, shaded planets; taller pieces are lighter and solid
ones cast a shadow. The table is a textured mat (a starfield in space) with
a grid in the ruleset's unit and a wooden edge.
:meth:`TerrainLayer.draw_uncached` redraws every polygon (the benchmark's
baseline).
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from game.ui.camera import Camera
from game.ui.palette import Palette, SideColours, shade, table_style
from game.ui.render.terrain_art import dashed_ring, look_of, paint_piece
from game.ui.style import Styles

#: largest cached surface side, px (beyond it the viewport region is cached)
MAX_CACHE_PX = 3000
#: the cross-hair of a map objective
OBJECTIVE_COLOUR = (240, 240, 240)
#: the table's edge: its width (px) and colour on the ground and in space
FRAME_PX = 12
FRAME_WOOD = (70, 54, 40)
FRAME_SPACE = (34, 38, 52)


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

    def __init__(self, pieces, table, palette: Palette, map_file=None, side_order=(), style: str | None = None,
                 styles: Styles | None = None) -> None:
        self.table = (float(table[0]), float(table[1]))
        #: the terrain looks (the map's ruleset's style sheet over the default)
        self.styles = styles or Styles.for_ruleset(getattr(map_file, "ruleset", None))
        #: "space" (near-black starfield) or "ground" (see :func:`game.ui.palette.table_style`)
        self.style = style or table_style(map_file, pieces)
        palette = palette.for_table(self.style)
        self.palette = palette
        self.map = map_file
        self.side_order = side_order if isinstance(side_order, SideColours) else list(side_order)
        finite = [p.height for p in pieces if math.isfinite(p.height)]
        top = max(finite) if finite else 1.0
        items = []
        self.looks = {}
        for p in sorted(pieces, key=lambda q: (q.height if math.isfinite(q.height) else 1e12)):
            h = p.height if math.isfinite(p.height) else top
            look = look_of(p, self.styles.style(p.kind, p.tags), 0.35 * (h / top if top > 0 else 0.0) - 0.1)
            self.looks[p.id] = look
            ext = np.asarray(p.polygon.exterior.coords, dtype=float)
            holes = [np.asarray(r.coords, dtype=float) for r in p.polygon.interiors]
            items.append((p, look.fill, ext, holes))
        #: (piece, fill colour, exterior, holes) in drawing order (lowest first)
        self.items = items
        self.openings = self._openings(pieces)
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
        self.draw_frame(surface, camera)
        surface.set_clip(clip)

    def draw_frame(self, surface: pygame.Surface, camera: Camera) -> None:
        """The table's wooden edge just outside it, with the grid's column
        letters along the top and row numbers down the left (each square
        ``units.grid_mm`` wide), where there is room. Its four strips are
        made once per zoom and blitted."""
        x0, y0 = camera.to_screen(0.0, 0.0)
        x1, y1 = camera.to_screen(*self.table)
        key = ("frame", x1 - x0, y1 - y0)
        strips = self._cache.get(key)
        if strips is None:
            strips = self._cache[key] = self._frame_strips(x1 - x0, y1 - y0, camera.scale)
        fw = FRAME_PX
        for surf, (dx, dy) in strips:
            surface.blit(surf, (x0 + dx - fw, y0 + dy - fw))

    def _frame_strips(self, w: int, h: int, scale: float) -> list:
        from game.ui import fonts
        from game.ui.units import column

        fw = FRAME_PX
        wood = FRAME_SPACE if self.style == "space" else FRAME_WOOD
        light, dark = shade(wood, 0.35), shade(wood, -0.5)
        top, bottom = pygame.Surface((w + 2 * fw, fw)), pygame.Surface((w + 2 * fw, fw))
        left, right = pygame.Surface((fw, h)), pygame.Surface((fw, h))
        for strip in (top, bottom, left, right):
            strip.fill(wood)
        pygame.draw.line(top, light, (0, 0), (w + 2 * fw, 0))
        pygame.draw.line(top, dark, (fw - 1, fw - 1), (w + fw, fw - 1))
        pygame.draw.line(bottom, light, (0, fw - 1), (w + 2 * fw, fw - 1))
        pygame.draw.line(bottom, dark, (fw - 1, 0), (w + fw, 0))
        pygame.draw.line(left, light, (0, 0), (0, h))
        pygame.draw.line(left, dark, (fw - 1, 0), (fw - 1, h))
        pygame.draw.line(right, light, (fw - 1, 0), (fw - 1, h))
        pygame.draw.line(right, dark, (0, 0), (0, h))
        g = self.styles.units.grid_mm * scale
        if g >= 14:
            col = shade(wood, 0.75)
            # each label in the middle of the part of its square on the table: a last,
            # partial column or row is labelled too (a log names its squares: "G3")
            for i in range(int(math.ceil(self.table[0] / self.styles.units.grid_mm))):
                t = fonts.text(column(i), 9, col)
                cx = fw + (i * g + min((i + 1) * g, w)) / 2
                if cx + t.get_width() / 2 <= fw + w + fw / 2:
                    top.blit(t, (cx - t.get_width() / 2, (fw - t.get_height()) / 2))
            for i in range(int(math.ceil(self.table[1] / self.styles.units.grid_mm))):
                t = fonts.text(str(i + 1), 9, col)
                cy = (i * g + min((i + 1) * g, h)) / 2
                if cy + t.get_height() / 2 <= h + fw / 2 and t.get_width() <= fw:
                    left.blit(t, ((fw - t.get_width()) / 2, cy - t.get_height() / 2))
        return [(top, (0, 0)), (bottom, (0, h + fw)), (left, (0, fw)), (right, (w + fw, fw))]

    def _trim(self) -> None:
        if len(self._cache) > 8:
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
        table_rect = pygame.Rect(corners[0], corners[1] - corners[0])
        pygame.draw.rect(surf, pal.table, table_rect)
        if self.style == "space":
            self._stars(surf, tx, s)
        else:
            mat(surf, table_rect, pal.table)
        step = self.styles.units.grid_mm
        for gx in np.arange(step, W - 1e-6, step):
            a, b = tx(np.array([[gx, 0], [gx, H]]))
            pygame.draw.line(surf, pal.grid, a, b)
        for gy in np.arange(step, H - 1e-6, step):
            a, b = tx(np.array([[0, gy], [W, gy]]))
            pygame.draw.line(surf, pal.grid, a, b)
        m = self.map
        if m is not None:
            for z in m.deployment_zones:
                pts = tx(np.asarray(z.polygon, dtype=float)).tolist()
                sc = pal.side(z.side, self.side_order)
                box = pygame.Rect(table_rect).clip(surf.get_clip())
                if box.width > 0 and box.height > 0:
                    tint = pygame.Surface(box.size, pygame.SRCALPHA)
                    pygame.draw.polygon(tint, (*sc, 48), [(x - box.x, y - box.y) for x, y in pts])
                    surf.blit(tint, box.topleft)
                dashed_ring(surf, shade(sc, -0.1), pts, 2, 9.0)
            for e in m.exits:
                self._exit(surf, tx, e)
        for p, colour, ext, holes in self.items:
            paint_piece(surf, self.looks[p.id], tx(ext).tolist(), [tx(h).tolist() for h in holes], tx, s,
                        p.id in self.highlight, self.openings.get(p.id, ()))
        if m is not None:
            for o in m.objectives:
                c = tx(np.array([[o.x, o.y]]))[0]
                r = objective_radius_px(o, s)
                pygame.draw.circle(surf, OBJECTIVE_COLOUR, c, r, 2)
                pygame.draw.line(surf, OBJECTIVE_COLOUR, c - (r, 0), c + (r, 0))
                pygame.draw.line(surf, OBJECTIVE_COLOUR, c - (0, r), c + (0, r))
                # the label is laid out with every other label each frame (TableView)

    def _openings(self, pieces) -> dict:
        """Doors, windows and gaps of the map's features, by piece id, where
        the piece still stands where the map put it (``(a, b, kind)`` mm)."""
        out: dict = {}
        m = self.map
        if m is None:
            return out
        for p in pieces:
            try:
                f = m.feature(p.id)
            except KeyError:
                continue
            ops = []
            for o in getattr(f, "openings", ()) or ():
                a, b = tuple(o.a), tuple(o.b)
                mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                if p.polygon.exterior.distance(_point(mid)) <= 3.0:
                    ops.append((a, b, o.kind))
            if ops:
                out[p.id] = ops
        return out

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


_MATS: dict = {}


def mat_tile(colour) -> pygame.Surface:
    """A 256 px square of gaming-mat texture around ``colour``: soft blotches
    and a fine grain, made once per colour (seeded: always the same)."""
    tile = _MATS.get(tuple(colour))
    if tile is None:
        rng = np.random.default_rng(4242)
        low = pygame.transform.smoothscale(pygame.surfarray.make_surface(
            np.repeat((rng.random((16, 16)) * 255).astype(np.uint8)[:, :, None], 3, axis=2)), (256, 256))
        a = pygame.surfarray.array3d(low)[:, :, 0].astype(float) / 255.0 - 0.5
        grain = rng.random((256, 256)) - 0.5
        k = 7.0 * a + 3.5 * grain
        base = np.asarray(colour, dtype=float)[None, None, :]
        tint = np.stack([k * 1.0, k * 1.15, k * 0.7], axis=2)
        tile = pygame.surfarray.make_surface(np.clip(base + tint, 0, 255).astype(np.uint8))
        _MATS[tuple(colour)] = tile
    return tile


def mat(surf: pygame.Surface, rect: pygame.Rect, colour) -> None:
    """Tile the mat texture of ``colour`` over ``rect`` (within the clip)."""
    area = pygame.Rect(rect).clip(surf.get_clip())
    if area.width <= 0 or area.height <= 0:
        return
    tile = mat_tile(colour)
    clip = surf.get_clip()
    surf.set_clip(area)
    for x in range(rect.x + ((area.x - rect.x) // 256) * 256, area.right, 256):
        for y in range(rect.y + ((area.y - rect.y) // 256) * 256, area.bottom, 256):
            surf.blit(tile, (x, y))
    surf.set_clip(clip)


def _point(xy):
    from shapely.geometry import Point

    return Point(xy)


def objective_radius_px(o, s: float) -> int:
    """The drawn radius (px) of a map objective at scale ``s`` px/mm."""
    return max(4, int(max(o.radius, 8.0) * s))
