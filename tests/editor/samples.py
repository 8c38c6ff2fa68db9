"""A hand-made map and the same map as a Tiled file and a GeoJSON file."""

from __future__ import annotations

from game.editor import commands as C
from game.editor import shapes
from game.editor.document import MapDocument
from game.editor.history import History

ELLIPSE = shapes.ellipse(460, 80, 60, 40, 12)


def hand_made():
    doc = MapDocument.new("free", width=600, height=400, map_id="sample", name="Sample")
    h = History(doc)
    h.execute(C.AddRectangle("building", 100, 100, 200, 180, id="house", name="House", height=70))
    h.execute(C.AddHole("house", [(120, 120), (150, 120), (150, 150)]))
    h.execute(C.AddOpening("house", (120, 100), (140, 100), id="front"))
    h.execute(C.AddFeature("wall", [(300, 200), (300, 300), (290, 300), (290, 200)]))
    h.execute(C.AddEllipse("woods", 460, 80, 60, 40, vertices=12))
    h.execute(C.AddFeature("hill", [(220, 300), (300, 300), (260, 360)], height=30,
                           tags=["elevation", "blocks_sight"], properties={"note": "steep"}))
    h.execute(C.AddZone("red", [(0, 340), (600, 340), (600, 400), (0, 400)], id="red_zone"))
    h.execute(C.AddObjective(300, 100, label="Radio", radius=10, id="radio"))
    h.execute(C.AddExit("north", side="red", id="north"))
    return doc.to_map()


def _p(name, value, t="string"):
    return {"name": name, "type": t, "value": value}


def tiled_dict():
    """The sample at 2 mm per pixel."""
    return {
        "type": "map", "orientation": "orthogonal", "width": 30, "height": 20, "tilewidth": 10, "tileheight": 10,
        "infinite": False, "version": "1.10",
        "layers": [
            {"type": "tilelayer", "name": "ground", "id": 1, "data": [0] * 600, "width": 30, "height": 20},
            {"type": "objectgroup", "name": "terrain", "id": 2, "objects": [
                {"id": 1, "name": "House", "x": 50, "y": 50, "width": 50, "height": 40, "rotation": 0,
                 "properties": [_p("kind", "building"), _p("id", "house"), _p("height", 70, "float")]},
                {"id": 2, "name": "", "x": 60, "y": 60, "polygon": [{"x": 0, "y": 0}, {"x": 15, "y": 0}, {"x": 15, "y": 15}],
                 "properties": [_p("kind", "hole"), _p("hole_of", "house")]},
                {"id": 3, "name": "", "x": 60, "y": 50, "polyline": [{"x": 0, "y": 0}, {"x": 10, "y": 0}],
                 "properties": [_p("kind", "door"), _p("id", "front")]},
                {"id": 4, "name": "", "x": 150, "y": 100, "width": 50, "height": 5, "rotation": 90,
                 "properties": [_p("kind", "wall")]},
                {"id": 5, "name": "", "x": 200, "y": 20, "width": 60, "height": 40, "ellipse": True,
                 "properties": [_p("kind", "woods"), _p("vertices", 12, "int")]},
                {"id": 6, "name": "label", "x": 5, "y": 5, "width": 40, "height": 10, "text": {"text": "hello"}},
                {"id": 7, "name": "mystery", "x": 5, "y": 5, "width": 4, "height": 4},
                {"id": 8, "name": "trail", "x": 5, "y": 5, "polyline": [{"x": 0, "y": 0}, {"x": 4, "y": 4}],
                 "properties": [_p("kind", "woods")]},
            ]},
            {"type": "group", "name": "hills", "id": 3, "offsetx": 10, "offsety": 0, "layers": [
                {"type": "objectgroup", "name": "hill layer", "id": 4, "objects": [
                    {"id": 9, "name": "", "x": 100, "y": 150,
                     "polygon": [{"x": 0, "y": 0}, {"x": 40, "y": 0}, {"x": 20, "y": 30}],
                     "properties": [_p("kind", "hill"), _p("height", 30, "float"),
                                    _p("tags", "elevation, blocks_sight"), _p("note", "steep")]},
                ]},
            ]},
            {"type": "objectgroup", "name": "deployment", "id": 5, "objects": [
                {"id": 10, "name": "", "x": 0, "y": 170, "width": 300, "height": 30,
                 "properties": [_p("kind", "deployment_zone"), _p("side", "red"), _p("id", "red_zone")]},
                {"id": 11, "name": "Radio", "x": 150, "y": 50, "point": True,
                 "properties": [_p("kind", "objective"), _p("id", "radio"), _p("radius", 5, "float")]},
                {"id": 12, "name": "", "x": 0, "y": 0, "polyline": [{"x": 0, "y": 0}, {"x": 300, "y": 0}],
                 "properties": [_p("kind", "exit"), _p("side", "red"), _p("id", "north")]},
            ]},
        ],
        "properties": [_p("name", "Sample")],
    }


def _closed(ring, dx=0.0, dy=0.0):
    pts = [[x - dx, y - dy] for x, y in ring]
    return pts + [pts[0]]


def geojson_dict(dx=10.0, dy=20.0):
    """The sample in mm, shifted by (-dx, -dy) (import with offset (dx, dy))."""
    def feat(geom, **props):
        return {"type": "Feature", "geometry": geom, "properties": props}

    def poly(*rings):
        return {"type": "Polygon", "coordinates": [_closed(r, dx, dy) for r in rings]}

    def line(*pts):
        return {"type": "LineString", "coordinates": [[x - dx, y - dy] for x, y in pts]}

    return {
        "type": "FeatureCollection", "name": "Sample", "table": {"width_mm": 600, "height_mm": 400},
        "features": [
            feat(poly([(100, 100), (200, 100), (200, 180), (100, 180)], [(120, 120), (150, 120), (150, 150)]),
                 kind="building", id="house", name="House", height=70),
            feat(line((120, 100), (140, 100)), kind="door", id="front", feature="house"),
            feat(poly([(300, 200), (300, 300), (290, 300), (290, 200)]), kind="wall"),
            feat(poly(ELLIPSE), kind="woods"),
            feat(poly([(220, 300), (300, 300), (260, 360)]), kind="hill", height=30,
                 tags=["elevation", "blocks_sight"], note="steep"),
            feat(poly([(0, 340), (600, 340), (600, 400), (0, 400)]), kind="deployment_zone", side="red", id="red_zone"),
            feat({"type": "Point", "coordinates": [300 - dx, 100 - dy]}, kind="objective", id="radio",
                 label="Radio", radius=10),
            feat(line((0, 0), (600, 0)), kind="exit", side="red", id="north"),
            feat({"type": "GeometryCollection", "geometries": []}, kind="woods", id="odd"),
            feat({"type": "Polygon", "coordinates": [[[0, 0], [10, 10], [10, 0], [0, 10], [0, 0]]]}, kind="woods", id="bow"),
            feat(poly([(1, 1), (5, 1), (5, 5)]), id="kindless"),
        ],
    }
