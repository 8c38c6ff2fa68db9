"""Figures (models, ships, units): tokens with their bases, facing, side
colour, selection and activation states (:mod:`game.ui.render.tokens`),
group links, and their labels: a name tag and a row of status icons
(:mod:`game.ui.render.icons`). Drawn every frame from ``ruleset.figures(view)``;
positions may be overridden by the animator."""

from __future__ import annotations

import math

import pygame

from game.ui.camera import Camera
from game.ui.palette import Palette, shade
from game.ui.render.icons import icon_row
from game.ui.render.labels import LabelPlacer, LabelReq, draw_placed, lay_out, outlined_text, tag, zoom_size
from game.ui.render.tokens import ROUND, ROUND_MIN_PX, sprite, token_kind

#: label priorities (higher first; see game.ui.render.labels.lay_out)
P_SELECTED, P_NAME, P_ICONS, P_ALTITUDE = 100, 60, 50, 30


def corners(f, camera: Camera) -> list[tuple[int, int]]:
    """Screen corners of a rectangular base."""
    hx, hy = math.cos(math.radians(f.heading)), math.sin(math.radians(f.heading))
    sx, sy = -hy, hx
    d, w = f.depth / 2, f.width / 2
    pts = [(f.x + hx * d + sx * w, f.y + hy * d + sy * w), (f.x + hx * d - sx * w, f.y + hy * d - sy * w),
           (f.x - hx * d - sx * w, f.y - hy * d - sy * w), (f.x - hx * d + sx * w, f.y - hy * d + sy * w)]
    return [camera.to_screen(*p) for p in pts]


def draw_figures(surface: pygame.Surface, camera: Camera, figures, palette: Palette, side_order=(),
                 selected: str | None = None, hovered: str | None = None, positions: dict | None = None,
                 labels: bool = True, groups: bool = True, placer: LabelPlacer | None = None,
                 memo: dict | None = None, table_style: str = "ground", ready=(), active: str | None = None,
                 collect: list | None = None, alt_text=None) -> list:
    """Draw every figure's token (culling those off screen). ``groups``:
    first join the members of each unit grouping (``Figure.group``:
    element, squadron, formation) with links in their side's colour.
    ``ready``: ids of figures that may still act; ``active``: the one
    mid-activation.

    Labels: with ``collect`` (a list) their :class:`LabelReq` are appended
    for the caller to lay out with every other label of the frame; else
    they are laid out by ``placer`` (a new one when None) and drawn now.
    ``alt_text(mm) -> str``: an altitude in the ruleset's unit. Returns
    the drawn ``(figure, centre, radius px)``."""
    vx, vy, vw, vh = camera.viewport
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(camera.viewport).clip(clip))
    ready = frozenset(ready or ())
    # what to blit is kept while the figures, the zoom and the states are the same (``memo``);
    # while the camera pans it is carried along (figures are kept half a view beyond its edges)
    key = (tuple(map(id, figures)), round(camera.scale, 6), camera.viewport, selected, hovered, ready, active,
           groups, table_style, palette.name, None if not positions else tuple(sorted(positions.items())))
    origin = camera.to_screen(0.0, 0.0)
    hit = memo is not None and memo.get("key") == key
    if hit:
        dx, dy = origin[0] - memo["origin"][0], origin[1] - memo["origin"][1]
        hit = abs(memo["shift"][0] + dx) <= vw // 2 and abs(memo["shift"][1] + dy) <= vh // 2
    if hit:
        if (dx, dy) != (0, 0):
            memo["placed"] = [(f, (c[0] + dx, c[1] + dy), r) for f, c, r in memo["placed"]]
            memo["links"] = [([(x + dx, y + dy) for x, y in pts], col, world) for pts, col, world in memo["links"]]
            memo["blits"] = [(spr, (x + dx, y + dy)) for spr, (x, y) in memo["blits"]]
            memo["origin"], memo["shift"] = origin, (memo["shift"][0] + dx, memo["shift"][1] + dy)
        placed, links, blits = memo["placed"], memo["links"], memo["blits"]
    else:
        placed, links = _placed(figures, camera, positions, groups, palette, side_order, margin=memo is not None)
        blits, units, drawn = [], [], []
        for f, c, r in placed:
            if f.parts:  # a unit of many bases: one sprite, drawn after the tokens
                ring = 2 if f.id == selected else (1 if f.id == hovered else 0)
                spr, (left, top) = parts_sprite(f, camera.scale, palette.side(f.side, side_order), palette.select, ring)
                units.append((spr, (c[0] + left, c[1] + top)))
                drawn.append((f, c, r))
                continue
            kind = token_kind(f, table_style)
            base = None
            if kind == ROUND and r < ROUND_MIN_PX:  # readable at any zoom; the true base outlined inside
                base, r = r, ROUND_MIN_PX
            drawn.append((f, c, r))
            acted = "activated" in f.markers and f.id != active
            states = (f.id == selected, f.id == active, f.id in ready and f.id != active, f.id == hovered, acted)
            wd = (max(2, round(f.width * camera.scale)), max(2, round(f.depth * camera.scale))) if kind == "rect" else None
            spr = sprite(kind, palette.side(f.side, side_order), r, f.heading, wd, states, palette.select, palette.legal,
                         "hulk" in f.markers, tuple(f.stands), base)
            if f.facing_arcs:
                spr = spr.copy()
                draw_facing_arcs(spr, (spr.get_width() // 2, spr.get_height() // 2), r, f.heading, f.facing_arcs,
                                 palette.side(f.side, side_order))
            blits.append((spr, (c[0] - spr.get_width() // 2, c[1] - spr.get_height() // 2)))
        blits += units
        placed = drawn
        if memo is not None:
            memo.update(key=key, placed=placed, links=links, blits=blits, origin=origin, shift=(0, 0))
    placed = [p for p in placed if vx - p[2] <= p[1][0] <= vx + vw + p[2] and vy - p[2] <= p[1][1] <= vy + vh + p[2]] \
        if memo is not None else placed
    for pts, colour, world in links:
        draw_group_links(surface, pts, colour, (vx, vy, vw, vh), world)
    surface.blits(blits, doreturn=False)
    if labels:
        reqs = figure_labels(placed, camera, palette, side_order, selected, alt_text, table_style)
        if collect is not None:
            collect.extend(reqs)
        else:
            if placer is None:
                placer = LabelPlacer(pygame.Rect(camera.viewport))
            placer.avoid_later(lambda: base_rects(placed, camera.scale))
            placer.block_later(lambda: token_shapes(placed, camera, table_style))
            draw_placed(surface, lay_out(reqs, placer))
    surface.set_clip(clip)
    return placed


def _placed(figures, camera: Camera, positions, groups: bool, palette: Palette, side_order, margin: bool = False):
    """``(figure, centre px, radius px)`` of the figures in view (``margin``:
    or within half a view of it; moved to ``positions`` while they slide)
    and the group links to draw ``(points, colour, table points)``."""
    vx, vy, vw, vh = camera.viewport
    if margin:
        vx, vy, vw, vh = vx - vw // 2, vy - vh // 2, vw * 2, vh * 2
    members: dict[tuple[str, str], list] = {}
    placed = []
    for f in figures:
        if positions and f.id in positions:
            x, y = positions[f.id]
            f = _moved(f, x, y)
        c = camera.to_screen(f.x, f.y)
        if groups and f.group:
            members.setdefault((f.side, f.group), []).append((c, (f.x, f.y)))
        rr = max(f.radius, 0.5 * math.hypot(f.width, f.depth))
        r = max(3, int(camera.mm(rr)))
        if c[0] < vx - r or c[1] < vy - r or c[0] > vx + vw + r or c[1] > vy + vh + r:
            continue
        placed.append((f, c, r))
    links = [([m[0] for m in mem], shade(palette.side(side, side_order), 0.25), tuple(m[1] for m in mem))
             for (side, _), mem in members.items() if len(mem) > 1]
    return placed, links


def half_extent(f, r: float, scale: float) -> tuple[float, float]:
    """Half the width and height (px) of the screen box around a drawn
    base: a round base (or a ship) its radius ``r`` px each way; a
    rectangular base or a unit's block (``width`` x ``depth`` mm turned to
    ``heading``) the box around the turned rectangle, never past ``r``."""
    if f.radius <= 0 and f.width > 0 and f.depth > 0:
        a = math.radians(f.heading)
        ca, sa = abs(math.cos(a)), abs(math.sin(a))
        hw, hd = f.width / 2 * scale, f.depth / 2 * scale
        return min(r, max(2.0, ca * hd + sa * hw)), min(r, max(2.0, sa * hd + ca * hw))
    return float(r), float(r)


def base_box(f, c, r: float, scale: float) -> pygame.Rect:
    """The screen box (px) around a drawn base (see :func:`half_extent`):
    what a figure's labels sit next to and other labels keep off."""
    ex, ey = half_extent(f, r, scale)
    x0, y0 = math.floor(c[0] - ex), math.floor(c[1] - ey)
    return pygame.Rect(x0, y0, math.ceil(c[0] + ex) - x0 + 1, math.ceil(c[1] + ey) - y0 + 1)


def base_rects(placed, scale: float) -> list[tuple]:
    """Each drawn base as a soft obstacle ``(x, y, w, h, owner id)`` (its
    :func:`base_box`)."""
    return [(*base_box(f, c, r, scale), f.id) for f, c, r in placed]


def token_shapes(placed, camera: Camera, table_style: str = "ground") -> list[tuple]:
    """What each drawn figure covers on screen, as hard obstacles for the
    labels (:meth:`LabelPlacer.block`): ``(shape, owner id)`` with a
    rectangular base its turned rectangle, a unit of many bases each base,
    anything else (round bases, ships, ordnance) the disc of its drawn
    radius (``placed``: :func:`draw_figures`' ``(figure, centre, radius px)``)."""
    out = []
    for f, c, r in placed:
        if f.parts:
            out += [(("poly", [camera.to_screen(*p) for p in q]), f.id) for q in part_corners(f)]
        elif token_kind(f, table_style) == "rect":
            out.append((("poly", corners(f, camera)), f.id))
        else:
            out.append((("circle", float(c[0]), float(c[1]), float(r)), f.id))
    return out


def display_name(f) -> str:
    """A figure's name for a label: its ``label``, else the head of its
    profile without the bracketed part, else nothing (never its id)."""
    if f.label:
        return f.label
    head = f.profile[0] if f.profile else ""
    return head.split(" (")[0].strip()


def figure_labels(placed, camera: Camera, palette: Palette, side_order=(), selected: str | None = None,
                  alt_text=None, table_style: str = "ground") -> list[LabelReq]:
    """The labels of the drawn figures: a name (inside a round base big
    enough, else a tag beside it with a stripe of the side's colour; a
    ship's name always beside its hull), the row of status icons and the
    altitude. Font and icons grow with the zoom."""
    out: list[LabelReq] = []
    size = zoom_size(11, camera)
    for f, c, r in placed:
        ex, ey = half_extent(f, r, camera.scale)
        box = base_box(f, c, r, camera.scale)
        k = 1.0 if token_kind(f, table_style) == "rect" else 0.7
        name = display_name(f)
        tagged = False  #: the name is a tag beside the base (the ruleset's words go with it)
        if name:
            col = palette.side(f.side, side_order)
            t, ink = outlined_text(name, size, (255, 255, 255), True)
            fits = r >= 9 and ink.width <= 2 * r - 2 and ink.height <= 2 * r and token_kind(f, table_style) in ("round", "rect")
            prio = P_SELECTED if f.id == selected else P_NAME
            if fits:
                cands = [(c[0] - ink.width / 2, c[1] - ink.height / 2)]
                out.append(LabelReq(f"fig:{f.id}:name", t, cands + _around(c, ex, ey, ink.width, ink.height, k), prio,
                                    f.id != selected, f.id, False, name, ink, anchor=box))
            else:
                t = tag(name, size, (240, 240, 236), col)
                w, h = t.get_size()
                tagged = True
                out.append(LabelReq(f"fig:{f.id}:name", t, _around(c, ex, ey, w, h, k), prio, f.id != selected, f.id, True,
                                    name, anchor=box))
        if f.badges is not None and r >= 4:  # the ruleset words the badges itself
            if f.badges:
                text = " · ".join(f.badges)
                t = tag(text, max(9, size - 1), (255, 240, 160))
                w, h = t.get_size()
                cands = [(c[0] - w / 2, c[1] + ey + 2), (c[0] + ex + 2, c[1] - h / 2), (c[0] - w / 2, c[1] - ey - h - 2),
                         (c[0] - ex - 2 - w, c[1] - h / 2)]
                # with a name tag beside the base the words sit under (or over) that name, so a line of
                # ships reads name over words, never "In1 AAF In2" (spacefleet: special orders, 2.3)
                out.append(LabelReq(f"fig:{f.id}:icons", t, cands, P_ICONS + (20 if f.id == selected else 0), True,
                                    f.id, True, text, anchor=box, follows=f"fig:{f.id}:name" if tagged else None))
        elif f.markers and r >= 4:
            isz = int(max(9, min(15, r * 0.9, size + 2)))
            row = icon_row(f.markers, isz, 3 if r < 9 else 6, minor=r >= 12 or f.id == selected)
            if row is not None:
                w, h = row.get_size()
                cands = [(c[0] - w / 2, c[1] + ey + 2), (c[0] + ex + 2, c[1] - h / 2), (c[0] - w / 2, c[1] - ey - h - 2),
                         (c[0] - ex - 2 - w, c[1] - h / 2), (c[0] - w / 2, c[1] + ey + h + 4)]
                out.append(LabelReq(f"fig:{f.id}:icons", row, cands, P_ICONS + (20 if f.id == selected else 0), True,
                                    f.id, True, " ".join(f.markers), anchor=box))
        if f.altitude > 0:
            text = "up " + (alt_text(f.altitude) if alt_text else f"{f.altitude:g} mm")
            t = tag(text, max(9, size - 1), (210, 220, 255))
            w, h = t.get_size()
            out.append(LabelReq(f"fig:{f.id}:alt", t, [(c[0] + ex, c[1] - ey - h), (c[0] - ex - w, c[1] - ey - h),
                                                        (c[0] + ex + 2, c[1])], P_ALTITUDE, True, f.id, True, text,
                                anchor=box))
    return out


def _around(c, ex: float, ey: float, w: int, h: int, k: float = 1.0) -> list[tuple[float, float]]:
    """Top-left corners putting a ``w`` x ``h`` label just below a base
    whose screen box reaches ``ex`` x ``ey`` px from its centre ``c``
    (clear of its facing pointer), then above, right, left and the
    diagonals (at the box's corners; ``k`` = 0.7 for a round base: at
    its rim)."""
    g = 3
    dx, dy = ex * k, ey * k
    return [(c[0] - w / 2, c[1] + ey + g), (c[0] - w / 2, c[1] - ey - h - g), (c[0] + ex + g, c[1] - h / 2),
            (c[0] - ex - g - w, c[1] - h / 2), (c[0] + dx, c[1] + dy), (c[0] - dx - w, c[1] + dy),
            (c[0] + dx, c[1] - dy - h), (c[0] - dx - w, c[1] - dy - h)]


def part_corners(f) -> list[list[tuple[float, float]]]:
    """Table corners (mm) of each part of a unit figure (see ``Figure.parts``)."""
    hx, hy = math.cos(math.radians(f.heading)), math.sin(math.radians(f.heading))
    sx, sy = -hy, hx
    w, d = f.part_size[0] / 2, f.part_size[1] / 2
    out = []
    for a, b in f.parts:
        cx, cy = f.x + hx * a + sx * b, f.y + hy * a + sy * b
        out.append([(cx + hx * d - sx * w, cy + hy * d - sy * w), (cx + hx * d + sx * w, cy + hy * d + sy * w),
                    (cx - hx * d + sx * w, cy - hy * d + sy * w), (cx - hx * d - sx * w, cy - hy * d - sy * w)])
    return out


def parts_sprite(f, scale: float, col, sel_col, ring: int) -> tuple[pygame.Surface, tuple[int, int]]:
    """A unit of many figures drawn once at ``scale`` (px per mm): every base in the side's
    colour (marked parts, such as a wounded figure, lighter with their mark), a facing tick at
    the middle of the front edge, and with ``ring`` (1 hovered, 2 selected) the outline of the
    whole block. Returns the sprite and where its top-left corner goes relative to the unit's
    centre on screen (px), so the frame cache blits it like any token."""
    edge = shade(col, -0.5)
    light = shade(col, 0.45)
    quads = part_corners(f)
    hx, hy = math.cos(math.radians(f.heading)), math.sin(math.radians(f.heading))
    front = max((a for a, _ in f.parts), default=0.0) + f.part_size[1] / 2
    fx, fy = f.x + hx * front, f.y + hy * front
    reach = max(f.part_size[1], 4.0)
    box = []
    if ring:
        all_pts = [p for q in quads for p in q]
        ax = [(x - f.x) * hx + (y - f.y) * hy for x, y in all_pts]
        ay = [-(x - f.x) * hy + (y - f.y) * hx for x, y in all_pts]
        lo_a, hi_a, lo_b, hi_b = min(ax) - 2, max(ax) + 2, min(ay) - 2, max(ay) + 2
        box = [(f.x + hx * a - hy * b, f.y + hy * a + hx * b) for a, b in ((hi_a, lo_b), (hi_a, hi_b), (lo_a, hi_b), (lo_a, lo_b))]
    rel = lambda x, y: ((x - f.x) * scale, (y - f.y) * scale)  # noqa: E731 - px from the unit's centre
    # a unit in the air: its shadow on the ground, further off the higher it flies
    off = max(3, min(16, int(round(f.altitude * scale * 0.35)))) if f.altitude > 0 else 0
    every = [rel(x, y) for q in quads for x, y in q] + [rel(fx + hx * reach, fy + hy * reach)] + [rel(x, y) for x, y in box]
    every += [(x + off, y + off) for x, y in every[:4 * len(quads)]] if off else []
    left = math.floor(min(x for x, _ in every)) - 3
    top = math.floor(min(y for _, y in every)) - 3
    w = math.ceil(max(x for x, _ in every)) - left + 4
    h = math.ceil(max(y for _, y in every)) - top + 4
    spr = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    px = lambda x, y: (round((x - f.x) * scale - left), round((y - f.y) * scale - top))  # noqa: E731
    if off:
        for q in quads:
            pygame.draw.polygon(spr, (25, 25, 30), [(x + off, y + off) for x, y in (px(*p) for p in q)])
    for k, q in enumerate(quads):
        pts = [px(x, y) for x, y in q]
        mark = f.part_marks[k] if k < len(f.part_marks) else ""
        pygame.draw.polygon(spr, light if mark else col, pts)
        pygame.draw.polygon(spr, edge, pts, 1)
    pygame.draw.line(spr, (250, 250, 250), px(fx, fy), px(fx + hx * reach, fy + hy * reach), 2)
    if ring:
        pygame.draw.polygon(spr, sel_col if ring == 2 else shade(sel_col, -0.3), [px(x, y) for x, y in box],
                            2 if ring == 2 else 1)
    return spr, (left, top)


def group_links(pts) -> list[tuple[int, int]]:
    """The links of a minimum spanning tree over ``pts`` (index pairs): the
    members of a group joined to their nearest neighbours, no loops."""
    n = len(pts)
    if n < 2:
        return []
    inf = float("inf")
    best = [inf] * n
    parent = [-1] * n
    done = [False] * n
    best[0] = 0.0
    out = []
    for _ in range(n):
        i = min((k for k in range(n) if not done[k]), key=best.__getitem__)
        done[i] = True
        if parent[i] >= 0:
            out.append((parent[i], i))
        xi, yi = pts[i]
        for k in range(n):
            if not done[k]:
                d = (pts[k][0] - xi) ** 2 + (pts[k][1] - yi) ** 2
                if d < best[k]:
                    best[k], parent[k] = d, i
    return out


_LINKS: dict = {}


def draw_group_links(surface: pygame.Surface, pts, colour, viewport, world=None) -> None:
    """Join one group's members (screen points) with 2 px links in ``colour``
    (skipped when every member is off screen). ``world``: the members' table
    points, to cache the links (they do not change with the camera)."""
    vx, vy, vw, vh = viewport
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    if max(xs) < vx or min(xs) > vx + vw or max(ys) < vy or min(ys) > vy + vh:
        return
    links = _LINKS.get(world) if world is not None else None
    if links is None:
        links = group_links(world if world is not None else pts)
        if world is not None:
            if len(_LINKS) > 2000:
                _LINKS.clear()
            _LINKS[world] = links
    for i, k in links:
        pygame.draw.line(surface, colour, pts[i], pts[k], 2)


def draw_facing_arcs(surface: pygame.Surface, c, r: float, heading: float, bounds, col, ghost: bool = False) -> None:
    """A model's facing arcs on its base (``Figure.facing_arcs``): the front arc
    (between the boundaries either side of the heading) lightened, and a tick
    across the rim at every boundary (degrees clockwise from the heading).
    ``ghost``: outline only, for a preview of where a move ends."""
    bounds = sorted(b % 360.0 for b in bounds)
    if not bounds:
        return
    lo = max((b for b in bounds if b > 180.0), default=bounds[-1]) - 360.0
    hi = min((b for b in bounds if b <= 180.0), default=bounds[0])
    n = max(3, int((hi - lo) / 10))
    wedge = [c] + [(c[0] + r * math.cos(math.radians(heading + lo + (hi - lo) * i / n)),
                    c[1] + r * math.sin(math.radians(heading + lo + (hi - lo) * i / n))) for i in range(n + 1)]
    if not ghost and r >= 5:
        pygame.draw.polygon(surface, shade(col, 0.35), wedge)
    width = 2 if r > 8 else 1
    tick = (240, 240, 240) if not ghost else shade(col, 0.5)
    for b in bounds:
        a = math.radians(heading + b)
        inner, outer = (r * (0.55 if not ghost else 0.8), r * (1.2 if not ghost else 1.35))
        pygame.draw.line(surface, tick, (c[0] + inner * math.cos(a), c[1] + inner * math.sin(a)),
                         (c[0] + outer * math.cos(a), c[1] + outer * math.sin(a)), width)


def _moved(f, x: float, y: float):
    from dataclasses import replace

    return replace(f, x=x, y=y)


def figure_at(figures, x: float, y: float, slack: float = 2.0):
    """The figure whose base contains table point (x, y) mm, nearest first. A rectangular
    base (or a unit's block of parts) is its exact rectangle grown by ``slack`` mm."""
    best, bd = None, math.inf
    for f in figures:
        d = math.hypot(f.x - x, f.y - y)
        if f.radius <= 0 and f.width > 0 and f.depth > 0:
            h = math.radians(f.heading)
            a = (x - f.x) * math.cos(h) + (y - f.y) * math.sin(h)
            b = -(x - f.x) * math.sin(h) + (y - f.y) * math.cos(h)
            inside = abs(a) <= f.depth / 2 + slack and abs(b) <= f.width / 2 + slack
        else:
            inside = d <= max(f.radius, 0.5 * math.hypot(f.width, f.depth)) + slack
        if inside and d < bd:
            best, bd = f, d
    return best
