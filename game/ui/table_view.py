"""The table on screen, shared by the battle scene and the replay viewer:
camera, cached terrain, figures (with movement animation), markers, the LoS
overlay, previews and tooltips."""

from __future__ import annotations

import math

import pygame

from game.ui import fonts
from game.ui.camera import Camera
from game.ui.input_map import InputMap
from game.ui.los import LosResult, compute_los
from game.ui.palette import SideColours
from game.ui.render.figures import draw_figures, figure_at
from game.ui.render.markers import draw_markers
from game.ui.render.overlays import LosOverlay, draw_preview, draw_range_rings
from game.ui.render.terrain import TerrainLayer
from game.ui.table_model import TableModel

#: the camera's key actions (see :mod:`game.ui.input_map`) -> pan direction
PAN_ACTIONS = {"pan_left": (1, 0), "pan_right": (-1, 0), "pan_up": (0, 1), "pan_down": (0, -1)}


class Animator:
    """Slides figures from where they were drawn to where they now are."""

    def __init__(self, duration: float = 0.35) -> None:
        self.duration = duration
        self.pos: dict[str, tuple[float, float]] = {}
        self.start: dict[str, tuple[float, float, float, float, float]] = {}

    def retarget(self, figures) -> None:
        """New figure positions: start sliding those that moved."""
        seen = set()
        for f in figures:
            seen.add(f.id)
            cur = self.pos.get(f.id)
            if cur is None:
                self.pos[f.id] = (f.x, f.y)
            elif (abs(cur[0] - f.x) > 1e-6 or abs(cur[1] - f.y) > 1e-6):
                self.start[f.id] = (cur[0], cur[1], f.x, f.y, 0.0)
        for k in list(self.pos):
            if k not in seen:
                self.pos.pop(k)
                self.start.pop(k, None)

    def update(self, dt: float) -> None:
        """Advance the slides."""
        for k, (x0, y0, x1, y1, t) in list(self.start.items()):
            t = min(1.0, t + dt / self.duration)
            e = t * t * (3 - 2 * t)
            self.pos[k] = (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e)
            if t >= 1.0:
                self.start.pop(k)
            else:
                self.start[k] = (x0, y0, x1, y1, t)

    def snap(self) -> None:
        """Finish every slide now."""
        self.update(self.duration * 2)

    @property
    def busy(self) -> bool:
        """True while something slides."""
        return bool(self.start)


class TableView:
    """Everything drawn inside the table viewport.

    Args:
        table: the :class:`TableModel`.
        palette: colours.
        side_order: a :class:`SideColours` (see :func:`game.ui.sides.side_colours`),
            or side ids in seating order.
        viewport: (x, y, w, h) px.
        enemies: ``side -> set of sides`` its sight lines go to (see
            :func:`game.ui.sides.enemy_sides`); None: every other side.
    """

    def __init__(self, table: TableModel, palette, side_order, viewport, enemies=None) -> None:
        self.table = table
        self.palette = palette
        self.colours = side_order if isinstance(side_order, SideColours) else SideColours(palette, list(side_order))
        self.enemies = enemies
        self.camera = Camera(viewport, table.table)
        self.terrain = TerrainLayer(table.pieces, table.table, palette, table.map, self.colours)
        self.los_overlay = LosOverlay()
        self.anim = Animator()
        self.figures: list = []
        self.by_id: dict = {}
        self.markers: list = []
        self.los: LosResult | None = None
        self.range_rings: tuple | None = None  #: (origin, radii)
        self._drag: tuple[int, int] | None = None
        self._dragged = False
        self.mouse = (0, 0)
        #: the keyboard shortcuts (the scene sets the app's; its "table" context is used here)
        self.input_map: InputMap = InputMap.defaults()
        #: draw unit groupings (elements, squadrons, formations)
        self.show_groups = True

    @property
    def side_order(self) -> SideColours:
        """The side colours (what the renderers take as ``side_order``)."""
        return self.colours

    # -- content -------------------------------------------------------------------------
    def set_content(self, figures, markers) -> None:
        """What to draw now (from the ruleset's display hooks)."""
        self.figures = list(figures)
        self.by_id = {f.id: f for f in self.figures}
        self.markers = list(markers)
        self.colours.add([f.side for f in self.figures] + [m.side for m in self.markers if m.side])
        self.anim.retarget(self.figures)

    def set_terrain(self, pieces, relos: bool = True) -> bool:
        """The terrain as it now stands (a ruleset's ``terrain(state)``: moved
        vehicles, destroyed pieces). Rebuilds the cached terrain layer and the
        sight index only when the terrain changed (:meth:`TableModel.with_pieces`);
        True then (an LoS overlay on show is recomputed unless ``relos`` is
        False: the caller recomputes it)."""
        t = self.table.with_pieces(pieces)
        if t is self.table:
            return False
        self.table = t
        highlight = self.terrain.highlight
        self.terrain = TerrainLayer(t.pieces, t.table, self.palette, t.map, self.colours)
        self.terrain.set_highlight(highlight)
        if relos and self.los is not None:
            self.set_los(self.los.viewer_id)
        return True

    def sync_terrain(self, ruleset, state, relos: bool = True) -> bool:
        """:meth:`set_terrain` from the ruleset's optional ``terrain(state)``
        hook (no hook: the map's terrain stays). True when the terrain changed."""
        hook = getattr(ruleset, "terrain", None)
        if hook is None:
            return False
        return self.set_terrain(hook(state), relos)

    def los_targets(self, viewer) -> list:
        """The figures ``viewer``'s sight lines go to: those of its enemy
        sides (``enemies``), else of every other side."""
        if self.enemies is None:
            return [g for g in self.figures if g.side != viewer.side]
        foes = set(self.enemies(viewer.side))
        return [g for g in self.figures if g.side in foes and g.id != viewer.id]

    def set_los(self, viewer_id: str | None) -> LosResult | None:
        """Compute the LoS overlay from ``viewer_id`` to every figure of an
        enemy side (see :meth:`los_targets`; None: no overlay)."""
        f = self.by_id.get(viewer_id) if viewer_id else None
        if f is None:
            self.los = None
            self.terrain.set_highlight(set())
            return None
        self.los = compute_los(self.table, f, self.los_targets(f))
        self.terrain.set_highlight(self.los.blockers)
        return self.los

    def set_palette(self, palette) -> None:
        """Recolour."""
        self.palette = palette
        self.colours = self.colours.recoloured(palette)
        self.terrain = TerrainLayer(self.table.pieces, self.table.table, palette, self.table.map, self.colours)

    def set_viewport(self, viewport) -> None:
        """The viewport moved or resized (keeps the fit)."""
        self.camera = Camera(viewport, self.table.table)

    # -- input ---------------------------------------------------------------------------
    def world_mouse(self) -> tuple[float, float]:
        """Table point under the mouse."""
        return self.camera.to_world(*self.mouse)

    def figure_under(self, pos=None):
        """The figure under a screen point (default: the mouse)."""
        x, y = self.camera.to_world(*(pos or self.mouse))
        return figure_at(self.figures, x, y, slack=max(2.0, 4 / self.camera.scale))

    def handle(self, event) -> bool:
        """Pan (right or middle drag, the pan keys: arrows / WASD), zoom
        (wheel, the zoom keys: +/-), fit (F or Home); keys through
        :attr:`input_map`. True when consumed."""
        cam = self.camera
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self._drag is not None:
                dx, dy = event.pos[0] - self._drag[0], event.pos[1] - self._drag[1]
                if abs(dx) + abs(dy) > 0:
                    cam.pan(dx, dy)
                    self._dragged = True
                    self._drag = event.pos
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3) and cam.contains(*event.pos):
            self._drag, self._dragged = event.pos, False
            return event.button == 2
        if event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3) and self._drag is not None:
            self._drag = None
            return self._dragged
        if event.type == pygame.MOUSEWHEEL and cam.contains(*self.mouse):
            cam.zoom_at(1 if event.y > 0 else -1, *self.mouse)
            return True
        if event.type == pygame.KEYDOWN:
            act = self.input_map.action(event, "table")
            if act in PAN_ACTIONS:
                dx, dy = PAN_ACTIONS[act]
                cam.pan(dx * 60, dy * 60)
                return True
            cx, cy = cam.viewport[0] + cam.viewport[2] / 2, cam.viewport[1] + cam.viewport[3] / 2
            if act == "zoom_in":
                cam.zoom_at(1, cx, cy)
                return True
            if act == "zoom_out":
                cam.zoom_at(-1, cx, cy)
                return True
            if act == "fit":
                cam.fit()
                return True
        return False

    def update(self, dt: float) -> None:
        """Advance animations."""
        self.anim.update(dt)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface, selected=None, preview=None, show_los: bool = True) -> None:
        """Terrain, markers, LoS overlay, figures, preview, tooltip."""
        pygame.draw.rect(surface, self.palette.background, pygame.Rect(self.camera.viewport))
        self.terrain.draw(surface, self.camera)
        draw_markers(surface, self.camera, self.markers, self.palette, self.side_order)
        if show_los and self.los is not None:
            self.los_overlay.draw(surface, self.camera, self.los, self.palette)
        if self.range_rings:
            draw_range_rings(surface, self.camera, self.range_rings[0], self.range_rings[1], self.palette.arc)
        hovered = self.figure_under() if self.camera.contains(*self.mouse) else None
        draw_figures(surface, self.camera, self.figures, self.palette, self.side_order, selected,
                     hovered.id if hovered else None, self.anim.pos if self.anim.busy else None,
                     groups=self.show_groups)
        if preview is not None:
            actor = self.by_id.get(selected) if selected else None
            draw_preview(surface, self.camera, preview, self.palette, self.by_id, actor.radius if actor and actor.radius else 12.5)

    def tooltip_lines(self) -> list[str]:
        """What the mouse points at: a figure's profile, its sight line, or terrain."""
        if not self.camera.contains(*self.mouse) or self._drag is not None:
            return []
        f = self.figure_under()
        if f is not None:
            lines = list(f.profile) or [f"{f.id} ({f.side})"]
            if f.markers:
                lines.append("state: " + ", ".join(f.markers))
            if f.group:
                lines.append(f"group: {f.group}")
            if f.altitude:
                lines.append(f"altitude: {f.altitude:g} mm")
            if self.los is not None:
                for ln in self.los.lines:
                    if ln.target_id == f.id:
                        lines.append(f"sight from {self.los.viewer_id}: {ln.state}, {ln.fraction:.0%} visible"
                                     + ("" if ln.exact else " (centre line)"))
                        if ln.blocked_by:
                            lines.append("blocked by " + ", ".join(ln.blocked_by))
                        if ln.obscured_by:
                            lines.append("obscured by " + ", ".join(ln.obscured_by))
                        if ln.cover:
                            lines.append(ln.cover)
            return lines
        x, y = self.world_mouse()
        if not (0 <= x <= self.table.table[0] and 0 <= y <= self.table.table[1]):
            return []
        p = self.table.piece_at(x, y)
        if p is None:
            return []
        name = ""
        if self.table.map is not None:
            try:
                name = self.table.map.feature(p.id).name
            except KeyError:
                name = ""
        h = "full height" if math.isinf(p.height) else f"{p.height:g} mm high"
        lines = [f"{name or p.id}: {p.kind}, {h}"]
        if p.tags:
            lines.append("tags: " + ", ".join(sorted(p.tags)))
        if p.cover:
            lines.append(f"cover: {p.cover}")
        if p.move_cost != 1.0:
            lines.append(f"movement costs x{p.move_cost:g}")
        return lines

    def draw_tooltip(self, surface) -> None:
        """The tooltip box by the mouse."""
        lines = self.tooltip_lines()
        if not lines:
            return
        surfs = [fonts.text(t, 13) for t in lines[:10]]
        w = max(s.get_width() for s in surfs) + 12
        h = sum(s.get_height() for s in surfs) + 8
        x, y = self.mouse[0] + 16, self.mouse[1] + 16
        sw, sh = surface.get_size()
        x, y = min(x, sw - w - 2), min(y, sh - h - 2)
        pygame.draw.rect(surface, (16, 18, 22), (x, y, w, h))
        pygame.draw.rect(surface, (120, 130, 150), (x, y, w, h), 1)
        yy = y + 4
        for s in surfs:
            surface.blit(s, (x + 6, yy))
            yy += s.get_height()
