"""Drawing the map editor's table: terrain, zones, objectives, exits, the
selection with vertex handles, the polygon being drawn, tool previews, the
measuring line and problem markers; and the wrapped problem list. Everything
is redrawn each frame (editor maps are small and change all the time). Labels
are placed so that none covers another (:class:`LabelPlacer`)."""

from __future__ import annotations

import pygame

from game.editor.document import MapDocument
from game.editor.measure import measure
from game.editor.validate import exit_words
from game.ui import fonts
from game.ui.camera import Camera
from game.ui.palette import Palette, shade, table_style
from game.ui.render import tint

HANDLE = 4


def draw_grid(surface, cam: Camera, doc: MapDocument, spacing: float, colour) -> None:
    """Grid lines every ``spacing`` mm when they are at least 6 px apart."""
    if spacing <= 0 or cam.mm(spacing) < 6:
        return
    x0, y0 = cam.to_screen(0, 0)
    x1, y1 = cam.to_screen(doc.width, doc.height)
    n = int(doc.width // spacing)
    for i in range(1, n + 1):
        sx = cam.to_screen(i * spacing, 0)[0]
        pygame.draw.line(surface, colour, (sx, y0), (sx, y1))
    n = int(doc.height // spacing)
    for i in range(1, n + 1):
        sy = cam.to_screen(0, i * spacing)[1]
        pygame.draw.line(surface, colour, (x0, sy), (x1, sy))


class _DocMap:
    """A map document as the terrain layer reads a map: its features (for
    doors and windows) and its ruleset; zones, exits and objectives are
    drawn by the editor itself."""

    def __init__(self, doc: MapDocument) -> None:
        self.ruleset = doc.ruleset
        self.features = list(doc.features)
        self.deployment_zones, self.exits, self.objectives = [], [], []
        self._by_id = {f.id: f for f in doc.features}

    def feature(self, fid: str):
        if fid not in self._by_id:
            raise KeyError(fid)
        return self._by_id[fid]


def doc_pieces(doc: MapDocument) -> list:
    """The document's features as terrain pieces for drawing: an invalid
    outline (a polygon still being edited, crossing itself) is drawn as its
    valid parts."""
    import shapely
    from shapely.geometry import Polygon

    from game.geometry.terrain import TerrainPiece

    out = []
    for f in doc.features:
        if len(f.exterior) < 3:
            continue
        poly = Polygon(f.exterior, [h for h in f.holes if len(h) >= 3])
        parts = [poly] if poly.is_valid else [g for g in getattr(shapely.make_valid(poly), "geoms", [shapely.make_valid(poly)])
                                               if g.geom_type == "Polygon" and not g.is_empty]
        for k, part in enumerate(parts):
            try:
                out.append(TerrainPiece(f.id if k == 0 else f"{f.id}#{k}", part, kind=f.kind, height=f.height,
                                        tags=frozenset(f.tags), cover=f.cover))
            except ValueError:
                continue
    return out


_LAYER: dict = {}


def terrain_layer(doc: MapDocument, pal: Palette):
    """The document's terrain drawn as the battle draws it (its ruleset's
    style sheet), cached until a feature, the table or the palette changes."""
    from game.ui.render.terrain import TerrainLayer

    key = (tuple((f.id, f.kind, f.height, tuple(f.tags), tuple(map(tuple, f.exterior)),
                  tuple(tuple(map(tuple, h)) for h in f.holes), tuple((o.a, o.b, o.kind) for o in f.openings))
                 for f in doc.features), doc.width, doc.height, doc.ruleset, pal.name)
    hit = _LAYER.get("layer")
    if hit is None or hit[0] != key:
        layer = TerrainLayer(doc_pieces(doc), (doc.width, doc.height), pal, _DocMap(doc))
        _LAYER["layer"] = hit = (key, layer)
    return hit[1]


def _poly(surface, cam, ring, colour, width=0) -> None:
    if len(ring) >= 3 or (width and len(ring) >= 2):
        pts = [cam.to_screen(*p) for p in ring]
        if width:
            pygame.draw.lines(surface, colour, True, pts, width) if len(pts) >= 2 else None
        else:
            pygame.draw.polygon(surface, colour, pts)


def draw_document(surface, cam: Camera, doc: MapDocument, pal: Palette, grid: float | None,
                  problems=(), offset: tuple[float, float] = (0.0, 0.0)) -> "LabelPlacer":
    """The whole map. ``offset`` (mm) shows the selection being dragged.
    Returns the label placer (where every label went)."""
    clip = surface.get_clip()
    pal = pal.for_table(table_style(doc))
    surface.set_clip(pygame.Rect(cam.viewport))
    surface.fill(pal.background, pygame.Rect(cam.viewport))
    layer = terrain_layer(doc, pal)
    layer.draw(surface, cam)
    if grid:
        draw_grid(surface, cam, doc, grid, shade(pal.grid, 0.12))
    sides = sorted({z.side for z in doc.zones})
    zone_layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for z in doc.zones:
        ring = _moved(z.polygon, z.id, doc, offset, "zones")
        c = pal.side(z.side, sides)
        _poly(zone_layer, cam, ring, (*c, 70))
        _poly(zone_layer, cam, ring, (*c, 200), 2)
    surface.blit(zone_layer, (0, 0))
    feature_labels: list[tuple[tuple[int, int], pygame.Surface]] = []
    for f in sorted(doc.features, key=lambda f: f.height):
        ext = _moved(f.exterior, f.id, doc, offset, "features")
        if ext != list(f.exterior):  # being dragged: its outline where it would go
            _poly(surface, cam, ext, pal.select, 2)
            for h in f.holes:
                _poly(surface, cam, _moved(h, f.id, doc, offset, "features"), pal.select, 1)
        if cam.scale > 0.5:
            name = f.name or layer.styles.label(f.kind)
            feature_labels.append((cam.to_screen(*_centre(ext)), fonts.text(name, 11, (240, 240, 235))))
    draw_table_edges(surface, cam, doc, pal)
    for e in doc.exits:
        a, b = exit_segment(doc, e)
        sel = _selected(doc, "exits", e.id)
        pa, pb = cam.to_screen(*a), cam.to_screen(*b)
        pygame.draw.line(surface, pal.select if sel else (240, 240, 120), pa, pb, 8 if sel else 6)
        t = fonts.text(exit_words(e.side), 11, (250, 245, 180))
        mid = ((pa[0] + pb[0]) // 2, (pa[1] + pb[1]) // 2)
        dx, dy = {"north": (0, 8), "south": (0, -8 - t.get_height()), "west": (8, 0), "east": (-8 - t.get_width(), 0)}[e.edge]
        if e.edge in ("north", "south"):
            surface.blit(t, (mid[0] - t.get_width() // 2, mid[1] + dy))
        else:
            surface.blit(t, (mid[0] + dx, mid[1] - t.get_height() // 2))
    labels = LabelPlacer(pygame.Rect(cam.viewport))
    objective_labels = []
    for o in doc.objectives:
        (x, y), = _moved([(o.x, o.y)], o.id, doc, offset, "objectives")
        c = cam.to_screen(x, y)
        r = max(6, int(cam.mm(o.radius)))
        pygame.draw.circle(surface, (255, 210, 60), c, r, 3)
        pygame.draw.circle(surface, (255, 210, 60), c, 3)
        labels.block(pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r))
        if o.label:
            objective_labels.append((c, r, fonts.text(o.label, 12, (255, 230, 150))))
    # objective labels first (beside their marker), then feature names (at the
    # centre, else just below or above it), each where it hides no other label
    for c, r, t in objective_labels:
        w, h = t.get_size()
        labels.draw(surface, t, [(c[0] + r + 3, c[1] - h // 2), (c[0] - r - 3 - w, c[1] - h // 2),
                                 (c[0] - w // 2, c[1] + r + 2), (c[0] - w // 2, c[1] - r - 2 - h)])
    for c, t in feature_labels:
        w, h = t.get_size()
        x = c[0] - w // 2
        labels.draw(surface, t, [(x, c[1] - h // 2), (x, c[1] + h // 2 + 1), (x, c[1] - h // 2 - h - 1),
                                 (x, c[1] + h // 2 + h + 2), (x, c[1] - h // 2 - 2 * h - 2)])
    for sel in doc.selection:
        _draw_selected(surface, cam, doc, sel, pal, offset)
    for p in problems:
        c = cam.to_screen(p.x, p.y)
        col = pal.illegal if p.severity == "error" else pal.partial
        pygame.draw.line(surface, col, (c[0] - 6, c[1] - 6), (c[0] + 6, c[1] + 6), 3)
        pygame.draw.line(surface, col, (c[0] - 6, c[1] + 6), (c[0] + 6, c[1] - 6), 3)
    if doc.draft:
        pts = [cam.to_screen(*p) for p in doc.draft]
        if len(pts) >= 2:
            pygame.draw.lines(surface, pal.template, False, pts, 2)
        for p in pts:
            pygame.draw.circle(surface, pal.template, p, HANDLE)
    surface.set_clip(clip)
    return labels


EDGES = ("north", "south", "west", "east")


def edge_length(doc: MapDocument, edge: str) -> float:
    """Length in mm of a table edge."""
    return doc.width if edge in ("north", "south") else doc.height


def edge_points(doc: MapDocument, edge: str, s: float, t: float):
    """The table points ``s`` and ``t`` mm along ``edge`` (from its west / north end)."""
    return {"north": [(s, 0), (t, 0)], "south": [(s, doc.height), (t, doc.height)],
            "west": [(0, s), (0, t)], "east": [(doc.width, s), (doc.width, t)]}[edge]


def exit_segment(doc: MapDocument, e):
    """The two table points an exit runs between."""
    length = edge_length(doc, e.edge)
    return edge_points(doc, e.edge, e.start_mm, e.end_mm if e.end_mm is not None else length)


def draw_table_edges(surface, cam: Camera, doc: MapDocument, pal: Palette) -> None:
    """The table's border and the name of each edge (north is y = 0), outside the table."""
    from game.ui.render.terrain import FRAME_PX

    tl, br = cam.to_screen(0, 0), cam.to_screen(doc.width, doc.height)
    pygame.draw.rect(surface, (200, 200, 190), pygame.Rect(tl, (br[0] - tl[0], br[1] - tl[1])), 2)
    f = FRAME_PX
    tl, br = (tl[0] - f, tl[1] - f), (br[0] + f, br[1] + f)
    cx, cy = (tl[0] + br[0]) // 2, (tl[1] + br[1]) // 2
    for edge in EDGES:
        t = fonts.text(edge, 11, (200, 200, 190))
        w, h = t.get_size()
        pos = {"north": (cx - w // 2, tl[1] - h - 2), "south": (cx - w // 2, br[1] + 2),
               "west": (tl[0] - w - 4, cy - h // 2), "east": (br[0] + 4, cy - h // 2)}[edge]
        surface.blit(t, pos)


class LabelPlacer:
    """Puts text labels where they cover no label placed before (nor a blocked
    rectangle, such as an objective marker): the first free candidate
    position, else the one overlapping least. ``placed`` keeps every label's
    screen rectangle (tests check them)."""

    def __init__(self, bounds: pygame.Rect) -> None:
        self.bounds = pygame.Rect(bounds)
        self.blocked: list[pygame.Rect] = []
        self.placed: list[pygame.Rect] = []

    def block(self, rect: pygame.Rect) -> None:
        """Keep labels off ``rect``."""
        self.blocked.append(pygame.Rect(rect))

    #: px kept free around each label
    MARGIN = 2

    def _cost(self, r: pygame.Rect) -> int:
        cost = 0
        padded = r.inflate(2 * self.MARGIN, 2 * self.MARGIN)
        for o in self.blocked + self.placed:
            c = padded.clip(o)
            cost += c.width * c.height
        inside = r.clip(self.bounds)
        return cost + 4 * (r.width * r.height - inside.width * inside.height)

    def place(self, size: tuple[int, int], candidates: list[tuple[int, int]]) -> pygame.Rect:
        """The rectangle chosen for a label of ``size`` among top-left ``candidates``."""
        best, best_cost = None, None
        for pos in candidates:
            r = pygame.Rect(pos, size)
            cost = self._cost(r)
            if best_cost is None or cost < best_cost:
                best, best_cost = r, cost
            if cost == 0:
                break
        self.placed.append(best)
        return best

    def draw(self, surface, text: pygame.Surface, candidates: list[tuple[int, int]]) -> pygame.Rect:
        """Place ``text`` and draw it on a faint dark backing."""
        r = self.place(text.get_size(), candidates)
        surface.blit(tint((r.width + 4, r.height), (0, 0, 0, 90)), (r.x - 2, r.y))
        surface.blit(text, r.topleft)
        return r


def wrap_text(text: str, width_px: int, size: int = 13, bold: bool = False) -> list[str]:
    """``text`` split into lines no wider than ``width_px`` (at word breaks; a
    word longer than a line is cut; see :func:`fonts.wrap_with`)."""
    return fonts.wrap_with(fonts.font(size, bold), text, width_px)


class ProblemPanel:
    """The editor's list of problems, each wrapped to the panel's width, in
    red (errors) or amber (warnings). The wheel scrolls; a click picks a
    problem (:meth:`hit`)."""

    SIZE = 13
    PAD = 6
    GAP = 4

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.scroll = 0
        self.selected: int | None = None
        self._rows: list[tuple[int, pygame.Rect, list[str]]] = []
        self._layout_key = None

    def layout(self, problems) -> list[tuple[int, pygame.Rect, list[str]]]:
        """``(problem index, rectangle, wrapped lines)`` for every problem (unscrolled).
        Re-wrapped only when the problems' text, the panel or the font changes."""
        line_h = fonts.font(self.SIZE).get_linesize()
        key = (tuple(map(str, problems)), tuple(self.rect), fonts.font(self.SIZE))
        if key == self._layout_key:
            return self._rows
        width = self.rect.width - 2 * self.PAD - 14
        y = self.rect.y + self.PAD
        rows = []
        for i, p in enumerate(problems):
            lines = wrap_text(str(p), width, self.SIZE)
            r = pygame.Rect(self.rect.x + self.PAD, y, self.rect.width - 2 * self.PAD, len(lines) * line_h)
            rows.append((i, r, lines))
            y += r.height + self.GAP
        self._rows, self._layout_key = rows, key
        return rows

    def content_height(self) -> int:
        return (self._rows[-1][1].bottom - self.rect.y + self.PAD) if self._rows else 0

    def wheel(self, dy: int) -> None:
        """Scroll by ``dy`` wheel steps (positive: up)."""
        line_h = fonts.font(self.SIZE).get_linesize()
        top = max(0, self.content_height() - self.rect.height)
        self.scroll = max(0, min(top, self.scroll - dy * 3 * line_h))

    def hit(self, pos) -> int | None:
        """Index of the problem drawn at screen ``pos``, or None."""
        if not self.rect.collidepoint(pos):
            return None
        for i, r, _ in self._rows:
            if r.move(0, -self.scroll).inflate(0, self.GAP).collidepoint(pos):
                return i
        return None

    def draw(self, surface, problems, pal: Palette) -> None:
        rows = self.layout(problems)
        self.scroll = max(0, min(self.scroll, max(0, self.content_height() - self.rect.height)))
        pygame.draw.rect(surface, shade(pal.panel, -0.25), self.rect)
        pygame.draw.rect(surface, shade(pal.panel, 0.5), self.rect, 1)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-2, -2))
        line_h = fonts.font(self.SIZE).get_linesize()
        for i, r, lines in rows:
            r = r.move(0, -self.scroll)
            if r.bottom < self.rect.top or r.top > self.rect.bottom:
                continue
            if i == self.selected:
                pygame.draw.rect(surface, shade(pal.panel, 0.35), r.inflate(4, 2))
            colour = pal.illegal if problems[i].severity == "error" else pal.partial
            for k, line in enumerate(lines):
                surface.blit(fonts.text(line, self.SIZE, colour), (r.x + 2, r.y + k * line_h))
        surface.set_clip(clip)
        top = self.content_height()
        if top > self.rect.height:  # a scroll bar
            h = max(20, self.rect.height * self.rect.height // top)
            y = self.rect.y + (self.rect.height - h) * self.scroll // max(1, top - self.rect.height)
            pygame.draw.rect(surface, shade(pal.panel, 0.6), pygame.Rect(self.rect.right - 8, y, 5, h), border_radius=2)


def _selected(doc, coll: str, item_id: str) -> bool:
    """Whether the item ``item_id`` of collection ``coll`` is selected (by key, or by
    a plain id that resolves to that collection)."""
    if (coll, item_id) in doc.selection:
        return True
    return item_id in doc.selection and (doc.find(item_id) or ("",))[0] == coll


def _moved(ring, item_id, doc, offset, coll: str | None = None):
    if isinstance(item_id, tuple):
        coll, item_id = item_id
    if coll is None:
        coll = (doc.find(item_id) or ("",))[0]
    if offset != (0.0, 0.0) and _selected(doc, coll, item_id):
        return [(x + offset[0], y + offset[1]) for x, y in ring]
    return list(ring)


def _centre(ring):
    xs, ys = [p[0] for p in ring], [p[1] for p in ring]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def _draw_selected(surface, cam, doc, item_id, pal, offset) -> None:
    where = doc.find(item_id)
    if where is None:
        return
    item = doc.collection(where[0])[where[1]]
    item_id = (where[0], item.id)
    rings = []
    if where[0] == "features":
        rings = [item.exterior, *item.holes]
    elif where[0] == "zones":
        rings = [item.polygon]
    elif where[0] == "objectives":
        c = cam.to_screen(*_moved([(item.x, item.y)], item_id, doc, offset)[0])
        pygame.draw.circle(surface, pal.select, c, max(9, int(cam.mm(item.radius)) + 4), 2)
    for ring in rings:
        ring = _moved(ring, item_id, doc, offset)
        _poly(surface, cam, ring, pal.select, 2)
        for p in ring:
            s = cam.to_screen(*p)
            pygame.draw.rect(surface, pal.select, pygame.Rect(s[0] - HANDLE, s[1] - HANDLE, 2 * HANDLE, 2 * HANDLE))


def draw_rubber_band(surface, cam: Camera, draft, hover, closing: bool, pal: Palette) -> None:
    """The polygon being drawn: a line from its last corner to the mouse
    (``hover``, snapped), the closing edge back to the first corner dashed,
    and the first corner ringed when a click there would close it."""
    from game.ui.render.terrain_art import dashed_ring

    last, first = cam.to_screen(*draft[-1]), cam.to_screen(*draft[0])
    h = cam.to_screen(*hover)
    pygame.draw.line(surface, pal.template, last, h, 2)
    if len(draft) >= 2:
        dashed_ring(surface, shade(pal.template, -0.2), [h, first], 1, 6.0)
    pygame.draw.circle(surface, pal.template, h, 3)
    if closing:
        pygame.draw.circle(surface, pal.select, first, HANDLE + 5, 2)


def draw_preview_shape(surface, cam: Camera, ring, pal: Palette) -> None:
    """Outline of a rectangle, circle or ellipse being dragged out."""
    if len(ring) >= 3:
        _poly(surface, cam, ring, pal.template, 2)


def draw_measure(surface, cam: Camera, a, b, pal: Palette) -> None:
    """The measuring line with its length in inches, cm and mm."""
    m = measure(a, b)
    sa, sb = cam.to_screen(*a), cam.to_screen(*b)
    pygame.draw.line(surface, pal.arc, sa, sb, 2)
    pygame.draw.circle(surface, pal.arc, sa, 4)
    label = f'{m.label("in")}  {m.label("cm")}  {m.label("mm")}'
    t = fonts.text(label, 14, (255, 255, 255), True)
    pos = (sb[0] + 10, sb[1] - 10)
    pygame.draw.rect(surface, (0, 0, 0), pygame.Rect(pos[0] - 4, pos[1] - 2, t.get_width() + 8, t.get_height() + 4))
    surface.blit(t, pos)
