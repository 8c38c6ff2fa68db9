"""Drawing layers: terrain (cached per zoom), figures, markers, overlays."""
