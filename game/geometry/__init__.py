"""Pure geometry over shapely (and pymunk where physics fits).

Units: millimetres on the table, origin top-left, x right, y down; headings
and angles in degrees clockwise from +x. Nothing here imports pygame, reads the
clock or rolls dice.
"""
