"""The table on screen, shared by the battle scene and the replay viewer:
camera, cached terrain, figures (with movement animation), markers, the LoS
overlay, previews and tooltips."""

from __future__ import annotations

import math

import pygame

from game.ui import fonts
from game.ui.render.tip import draw_tip
from game.ui.camera import Camera
from game.ui.input_map import InputMap
from game.ui.los import LosResult, compute_los, sight_lines
from game.ui.palette import SideColours
from game.ui.marker_vocab import marker_words, words
from game.ui.naming import Namer, sentence
from game.ui.render.figures import base_rects, display_name, draw_figures, figure_at, token_shapes
from game.ui.render.labels import LabelPlacer, LabelReq, draw_placed, lay_out, points_box, tag, zoom_size
from game.ui.render.markers import TEXT_ONLY, draw_marker_shapes, marker_label_reqs, table_clip
from game.ui.render.overlays import LosOverlay, draw_preview, draw_range_rings, sight_line
from game.ui.render.terrain import TerrainLayer, objective_radius_px
from game.ui.table_model import TableModel
from game.ui import units as U

#: what a terrain piece's rule tags mean, for its tooltip
TAG_WORDS = {"blocks_sight": "blocks sight", "obscures": "obscures sight", "impassable": "impassable",
             "difficult": "difficult ground", "hindering": "hindering (a move stops on contact)",
             "elevation": "models may stand on it", "cover": "gives cover"}

#: where the mouse is taken to be once it has left the window
OFF_SCREEN = (-10_000, -10_000)
#: the events after which the mouse hovers nothing in the window
MOUSE_GONE = (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST)

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
        sight: ``() -> (ruleset, state)``: whose sight adjudication the LoS
            overlay shows (the state as the viewing side sees it); None: no overlay.
    """

    def __init__(self, table: TableModel, palette, side_order, viewport, enemies=None, sight=None) -> None:
        self.table = table
        self.palette = palette
        self.colours = side_order if isinstance(side_order, SideColours) else SideColours(palette, list(side_order))
        self.enemies = enemies
        self.sight_source = sight
        self.camera = Camera(viewport, table.table, self._legend_room(viewport))
        self.terrain = TerrainLayer(table.pieces, table.table, palette, table.map, self.colours)
        self.los_overlay = LosOverlay()
        self.anim = Animator()
        self.figures: list = []
        self.by_id: dict = {}
        self.markers: list = []
        self._label_pos: dict = {}  #: where each keyed label was last frame (kept while free: no jumping)
        self._layout_memo: tuple | None = None  #: the last frame's whole label layout, reused while nothing changed
        self._frame_labels: tuple | None = None  #: (frame key, laid-out labels) of the last frame
        self._figure_memo: dict = {}  #: the tokens to blit, kept while nothing about them changes
        #: ids of the viewer's figures that may still act, and the one mid-activation (set by the scene)
        self.ready: set[str] = set()
        self.active: str | None = None
        self._content_version = 0  #: counts set_content calls (the LoS labels' layout follows the bases)
        #: (text, rect) of every label drawn in the last frame
        self.label_rects: list = []
        self.label_anchors: list = []
        self.label_owners: list = []
        self.drawn_figures: list = []
        self.los: LosResult | None = None
        self.range_rings: tuple | None = None  #: (origin, radii)
        self._drag: tuple[int, int] | None = None
        self._dragged = False
        self.mouse = (0, 0)
        #: the content version when the mouse last moved: a tooltip is shown only while the table is
        #: as it was then (a piece that moved or died under a resting mouse takes its tooltip with it)
        self._mouse_version = 0
        self.tip_rect: pygame.Rect | None = None  #: the tooltip box drawn last (None: none)
        #: the keyboard shortcuts (the scene sets the app's; its "table" context is used here)
        self.input_map: InputMap = InputMap.defaults()
        #: draw unit groupings (elements, squadrons, formations)
        self.show_groups = True
        #: side id -> the name a player reads (the scenario's ``side_name``; set by the scene)
        self.side_names: dict[str, str] = {}

    @property
    def side_order(self) -> SideColours:
        """The side colours (what the renderers take as ``side_order``)."""
        return self.colours

    # -- content -------------------------------------------------------------------------
    def set_content(self, figures, markers) -> None:
        """What to draw now (from the ruleset's display hooks); the same
        figures and markers again change nothing (the content version, which
        the label layout, the names and the tooltip follow, stays)."""
        figures, markers = list(figures), list(markers)
        if figures == self.figures and markers == self.markers and self._content_version:
            return
        self.figures = figures
        self.by_id = {f.id: f for f in self.figures}
        self.markers = markers
        self._content_version += 1
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
        if self.sight_source is None:
            self.los = None
            self.terrain.set_highlight(set())
            return None
        ruleset, state = self.sight_source()
        self.los = compute_los(ruleset, state, f, self.los_targets(f))
        self.terrain.set_highlight(self.los.blockers)
        return self.los

    def set_palette(self, palette) -> None:
        """Recolour."""
        self.palette = palette
        self.colours = self.colours.recoloured(palette)
        self.terrain = TerrainLayer(self.table.pieces, self.table.table, palette, self.table.map, self.colours)

    def set_viewport(self, viewport) -> None:
        """The viewport moved or resized: at fit zoom the table fits it
        again, else the zoom and the point at the centre are kept
        (:meth:`Camera.set_viewport`)."""
        if tuple(self.camera.table) != tuple(float(v) for v in self.table.table):
            self.camera = Camera(viewport, self.table.table, self._legend_room(viewport))
        else:
            self.camera.set_viewport(viewport, self._legend_room(viewport))

    def _legend_room(self, viewport) -> int:
        """Px below the table at fit zoom for the LoS legend (a view that
        shows sight lines, :attr:`sight_source`), so the legend never covers
        the table's edge (an exfil zone on it); 0 for other views."""
        if self.sight_source is None:
            return 0
        return self._legend_surface(int(viewport[2]) - 8).get_height() + 8

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
        if event.type in MOUSE_GONE:
            self.mouse = OFF_SCREEN  # the mouse left the window: nothing is hovered
            return False
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self._mouse_version = self._content_version
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
    @property
    def namer(self) -> Namer:
        """Rewrites ruleset text for the player: names for ids, places for
        points (rebuilt when the figures or the terrain change)."""
        key = (self._content_version, id(self.table), id(self.terrain), tuple(self.side_names.items()))
        if getattr(self, "_namer_key", None) != key:
            known = getattr(self, "_known_names", {})
            self._namer = Namer(self.figures, self.table.pieces, self.table.map, self.terrain.styles, self.units, known,
                                self.side_names)
            self._known_names = dict(self._namer.figures)  # a model gone from the table keeps its name
            self._namer_key = key
        return self._namer

    @property
    def units(self):
        """The ruleset's unit and grid (its style sheet's)."""
        return self.terrain.styles.units

    def distance_text(self, mm: float) -> str:
        """A distance in the ruleset's unit."""
        return U.distance(mm, self.units)

    def place_text(self, x: float, y: float) -> str:
        """A table point as a player names it: grid square and nearest feature."""
        return U.place(x, y, self.table.pieces, self.units, self.table.map, self.terrain.styles)

    def draw(self, surface, selected=None, preview=None, show_los: bool = True) -> None:
        """Terrain, marker shapes, LoS overlay, figures, preview, then every
        label of the frame laid out together (by priority, each keeping its
        spot while it is free, so none covers another and none jumps) and
        the LoS legend. Everything is clipped to the viewport (marker shapes
        to the table)."""
        cam = self.camera
        vp = pygame.Rect(cam.viewport)
        clip = surface.get_clip()
        surface.set_clip(vp.clip(clip))
        pygame.draw.rect(surface, self.palette.background, vp)
        self.terrain.draw(surface, cam)
        draw_marker_shapes(surface, cam, self.markers, self.palette, self.side_order)
        placer = LabelPlacer(table_clip(cam), vp, memory=self._label_pos)
        los_on = show_los and self.los is not None
        if los_on:
            placer.occupy(self.legend_rect(), "legend")
            self.los_overlay.draw(surface, cam, self.los, self.palette)
        hovered = self.figure_under() if cam.contains(*self.mouse) else None
        sliding = self.anim.busy
        # the whole label layout is reused while nothing it depends on changed (most frames); while
        # the camera pans it is carried along, and laid out afresh on the first frame it rests
        origin = cam.to_screen(0.0, 0.0)
        fkey = None if sliding else (self._content_version, round(cam.scale, 6), cam.viewport, selected,
                                     frozenset(self.ready), self.active, self.show_groups, self.range_rings, preview,
                                     self.palette.name, id(self.los) if los_on else None)
        hit = None
        n_fixed = len(placer.rects)  # the legend and the sight-line percentages, placed before
        memo = self._frame_labels
        if fkey is not None and memo is not None and memo[0] == fkey:
            dx, dy = origin[0] - memo[1][0], origin[1] - memo[1][1]
            fixed = tuple(tuple(r.move(-dx, -dy)) for r in placer.rects)
            if (dx, dy) != (0, 0) and fixed == memo[4]:
                hit = memo[2]
                for q in hit:
                    q.rect.move_ip(dx, dy)
                    if q.anchor is not None:
                        q.anchor = q.anchor.move(dx, dy)
                self._frame_labels = (fkey, origin, hit, True, tuple(tuple(r) for r in placer.rects))
            elif (dx, dy) == (0, 0) and not memo[3] and fixed == memo[4]:
                hit = memo[2]
        reqs: list[LabelReq] = []
        if self.range_rings:
            draw_range_rings(surface, cam, self.range_rings[0], self.range_rings[1], self.palette.arc, self.distance_text,
                             reqs)
        placed = draw_figures(surface, cam, self.figures, self.palette, self.side_order, selected,
                              hovered.id if hovered else None, self.anim.pos if sliding else None,
                              groups=self.show_groups, table_style=self.terrain.style, ready=self.ready,
                              active=self.active, collect=reqs, alt_text=self.distance_text, labels=hit is None,
                              memo=self._figure_memo)
        if preview is not None:
            actor = self.by_id.get(selected) if selected else None
            draw_preview(surface, cam, preview, self.palette, self.by_id, actor.radius if actor and actor.radius else 12.5,
                         collect=reqs)
        if hit is not None:
            laid = hit
            rects = [q.rect for q in laid]
            placer.rects.extend(rects)
            placer.placed.extend((q.text, q.rect) for q in laid)
            placer.positions.update((q.key, q.rect.topleft) for q in laid)
        else:
            if los_on:
                reqs += self.los_overlay.label_reqs(cam, self.los, self.palette)
            reqs += self._objective_reqs()
            reqs += marker_label_reqs(cam, self.markers, self.palette, self.side_order, placer, self.namer)
            placer.avoid_later(lambda: base_rects(placed, cam.scale))
            placer.block_later(lambda: token_shapes(placed, cam, self.terrain.style))
            laid = self._lay_out(reqs, placer, placed)
            self._frame_labels = (fkey, origin, laid, False, tuple(tuple(r) for r in placer.rects[:n_fixed])) \
                if fkey is not None else None
        draw_placed(surface, laid)
        if los_on:
            self.draw_los_legend(surface)
        #: (text, rect) of every label drawn this frame (tests)
        self.label_rects = placer.placed
        #: (text, rect, anchor box) of the laid-out labels that name something on the table (tests)
        self.label_anchors = [(q.text, q.rect, q.anchor) for q in laid if q.anchor is not None]
        #: (text, rect, owner) of the laid-out labels (tests: a label covers no token but its owner's)
        self.label_owners = [(q.text, q.rect, q.owner) for q in laid]
        #: (figure, centre px, radius px) of every token drawn this frame
        self.drawn_figures = placed
        self._label_pos = placer.positions
        surface.set_clip(clip)

    def _lay_out(self, reqs, placer: LabelPlacer, placed) -> list[LabelReq]:
        """:func:`lay_out`, or the last frame's layout again when the labels,
        the bases and the labels placed before them are all the same."""
        sig = (tuple((q.key, q.size, tuple(int(v) for v in q.candidates[0]) if q.candidates else None, q.priority)
                     for q in reqs),
               tuple(tuple(r) for r in placer.rects), tuple((f.id, c, r, f.heading) for f, c, r in placed),
               tuple((c[0], c[1], c[2]) for c in placer.soft_circles))
        memo = self._layout_memo
        if memo is not None and memo[0] == sig:
            out = []
            rects = memo[1]
            for q in reqs:
                r = rects.get(q.key)
                if r is not None:
                    q.rect = placer.take(pygame.Rect(r), q.text, q.key)
                    out.append(q)
            return out
        out = lay_out(reqs, placer)
        self._layout_memo = (sig, {q.key: tuple(q.rect) for q in out})
        return out

    def _objective_reqs(self) -> list[LabelReq]:
        """The map objectives' labels, just outside their cross-hairs (none
        for an objective the ruleset marks itself: same id or words)."""
        m = self.table.map
        if m is None:
            return []
        cam = self.camera
        out = []
        size = zoom_size(12, cam)
        # the ruleset's own objective markers name them already (once is enough)
        marked = {k for mk in self.markers if mk.kind == "objective" for k in (mk.id, (mk.label or "").lower())}
        for o in m.objectives:
            if not o.label or o.id in marked or o.label.lower() in marked:
                continue
            c = cam.to_screen(o.x, o.y)
            r = objective_radius_px(o, cam.scale)
            t = tag(o.label, size, (255, 232, 160))
            w, h = t.get_size()
            cands = [(c[0] + r + 2, c[1] - h / 2)] + LabelPlacer.around_circle(c[0], c[1], r, w, h)
            out.append(LabelReq(f"objective:{o.id}", t, cands, 90, False, None, True, o.label,
                                anchor=points_box((c,), r)))
        return out

    # -- the LoS legend ---------------------------------------------------------------------
    LEGEND_TEXT = "sight (the rules' own verdict): n% = share of the model in view"

    def _legend_parts(self) -> list:
        pal = self.palette
        return [(self.LEGEND_TEXT, (225, 225, 220), None), ("clear", pal.clear, "clear"),
                ("in cover", pal.partial, "cover"), ("no line of sight", pal.blocked, "blocked"),
                ("shaded: hidden / partly hidden", (150, 150, 160), None)]

    def _legend_surface(self, max_w: int) -> pygame.Surface:
        """The legend, rendered once per palette, font scale and width: one
        line, wrapped onto more when ``max_w`` px is too narrow for it; each
        swatch is drawn as the overlay draws that verdict's line."""
        key = (self.palette.name, fonts._SCALE[0], max_w)
        hit = getattr(self, "_legend", None)
        if hit is not None and hit[0] == key:
            return hit[1]
        parts = self._legend_parts()
        texts = [fonts.text(t, 12, col) for t, col, _ in parts]
        lh = max(t.get_height() for t in texts) + 4
        # lay the parts out in rows no wider than max_w: a narrow viewport wraps the legend, never cuts it
        rows: list[list[int]] = [[]]
        x = 6
        for i, (t, (_, _, sw)) in enumerate(zip(texts, parts)):
            pw = t.get_width() + 10 + (26 if sw else 0)
            if rows[-1] and x + pw > max_w:
                rows.append([])
                x = 6
            rows[-1].append(i)
            x += pw
        w = max(6 + sum(texts[i].get_width() + 10 + (26 if parts[i][2] else 0) for i in row) for row in rows)
        surf = pygame.Surface((max(8, min(w, max_w)), lh * len(rows)), pygame.SRCALPHA)
        surf.fill((20, 22, 28, 255))
        for r, row in enumerate(rows):
            cy = r * lh + lh // 2
            x = 6
            for i in row:
                t, (_, col, state) = texts[i], parts[i]
                if state:
                    sight_line(surf, state, col, (x, cy), (x + 20, cy), cap=False)
                x += 26 if state else 0
                surf.blit(t, (x, cy - t.get_height() // 2))
                x += t.get_width() + 10
        pygame.draw.rect(surf, (90, 96, 110), surf.get_rect(), 1)
        self._legend = (key, surf)
        return surf

    def legend_rect(self) -> pygame.Rect:
        """Where the LoS legend goes: the viewport's bottom-left corner."""
        vp = pygame.Rect(self.camera.viewport)
        w, h = self._legend_surface(vp.width - 8).get_size()
        return pygame.Rect(vp.x + 4, vp.bottom - h - 4, w, h)

    def draw_los_legend(self, surface) -> pygame.Rect:
        """One line in the viewport's bottom-left corner: what the
        sight-line percentages mean and the line colours. Returns its rect."""
        r = self.legend_rect()
        surface.blit(self._legend_surface(pygame.Rect(self.camera.viewport).width - 8), r.topleft)
        return r

    def tooltip_lines(self) -> list[str]:
        """What the mouse points at: a figure's profile, its sight line, or terrain."""
        if not self.camera.contains(*self.mouse) or self._drag is not None:
            return []
        f = self.figure_under()
        if f is not None:
            lines = [self.namer(ln) for ln in f.profile] or [display_name(f) or words(f.side)]
            if f.markers:
                names = {g.id: display_name(g) for g in self.figures}
                lines.append("state: " + ", ".join(marker_words(m, names) for m in f.markers))
            if f.group and f.group != f.side:  # a group that is the whole side says nothing new
                lines.append(f"group: {self.namer(words(f.group))}")
            if f.altitude:
                lines.append(f"standing {self.distance_text(f.altitude)} up")
            v = self.los.verdict_for(f.id) if self.los is not None else None
            if v is not None:
                lines.extend(self.namer(t) for t in sight_lines(v, self.distance_text))
            return lines
        x, y = self.world_mouse()
        if not (0 <= x <= self.table.table[0] and 0 <= y <= self.table.table[1]):
            return []
        lines = self.terrain_lines(self.table.piece_at(x, y))
        for m in self.markers_at(x, y):
            lines.append(self.namer(m.label))
        if not lines:
            return []  # open ground: nothing to explain (the grid's letters and numbers name the square)
        lines.append(f"square {U.square(x, y, self.units)}")
        return lines

    def terrain_lines(self, p) -> list[str]:
        """A terrain piece in words: its name (the map feature's, else its id
        in words) and kind, height in the ruleset's unit, what its rule tags
        do, cover, movement cost. No piece: none."""
        if p is None:
            return []
        name = ""
        if self.table.map is not None:
            try:
                name = self.table.map.feature(p.id).name
            except KeyError:
                name = ""
        name = sentence(words(name or p.id))
        kind = self.terrain.styles.label(p.kind).lower()
        if math.isinf(p.height):
            h = "full height"
        elif p.height <= 0:
            h = "flat"
        else:
            h = f"{self.distance_text(p.height)} high"
        lines = [f"{name}: {kind}, {h}" if kind != name.lower() else f"{name}, {h}"]
        if p.tags:
            said = [TAG_WORDS.get(t, words(t)) for t in sorted(p.tags - {"elevation", "impassable"})]
            if {"elevation", "impassable"} <= p.tags:  # a building: a roof to stand on, walls to go round
                said.insert(0, "models may stand on top, not pass through")
            else:
                said[:0] = [TAG_WORDS[t] for t in ("elevation", "impassable") if t in p.tags]
            lines.append(", ".join(said))
        if p.cover:
            lines.append(f"cover: {words(p.cover)}")
        if p.move_cost != 1.0:
            lines.append(f"movement costs x{p.move_cost:g}")
        return lines

    def markers_at(self, x: float, y: float) -> list:
        """The labelled markers covering table point (x, y) mm: a ring (a
        gravity well, a blast marker) or a polygon; notes and lines never."""
        out = []
        for m in self.markers:
            if not m.label or m.kind in TEXT_ONLY:
                continue
            if len(m.points) == 1 and m.radius > 0:
                if math.hypot(x - m.points[0][0], y - m.points[0][1]) <= m.radius:
                    out.append(m)
            elif len(m.points) >= 3 and _inside(m.points, x, y):
                out.append(m)
        return out

    def tooltip_shown(self) -> bool:
        """Whether the tooltip may show now: the mouse rests on the table
        (no drag, nothing sliding) and the table is as it was when the mouse
        last moved (:meth:`set_content` since then makes the old tooltip stale)."""
        return (self.camera.contains(*self.mouse) and self._drag is None and not self.anim.busy
                and self._mouse_version == self._content_version)

    def draw_tooltip(self, surface) -> pygame.Rect | None:
        """The tooltip of what the mouse rests on (:meth:`tooltip_lines`),
        beside the mouse, inside the window and clear of the LoS legend when
        it is on show; none when :meth:`tooltip_shown` is False. Returns
        the box drawn."""
        lines = self.tooltip_lines() if self.tooltip_shown() else []
        avoid = [r for t, r in self.label_rects if t == "legend"]
        self.tip_rect = draw_tip(surface, lines, self.mouse, avoid=avoid)
        return self.tip_rect


def _inside(poly, x: float, y: float) -> bool:
    """Point in polygon (even-odd rule)."""
    inside = False
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside
