"""Golden-image comparison for picture tests.

``assert_golden(image, name)`` compares an RGB picture with ``tests/render/golden/<name>.png``:
the sizes must match and at most ``max_share`` of the pixels may differ by more than ``delta`` in
any channel (small anti-aliasing differences between FreeType builds pass; a moved panel, a
missing text or a changed colour does not). Set ``MEIJI_UPDATE_GOLDEN=1`` to (re)write the
reference pictures after an intended change, then look at them before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops

GOLDEN = Path(__file__).with_name("golden")


def differing_share(a: Image.Image, b: Image.Image, delta: int = 48) -> float:
    """Share (0–1) of the pixels of two equally sized pictures that differ by more than ``delta``
    in some channel."""
    r, g, b_ = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b_)
    changed = worst.point(lambda v: 255 if v > delta else 0).histogram()[255]
    return changed / (a.width * a.height)


def assert_golden(image: Image.Image, name: str, *, max_share: float = 0.004, delta: int = 48) -> None:
    """Fail when ``image`` differs from the golden picture ``name`` (see the module text)."""
    path = GOLDEN / f"{name}.png"
    if os.environ.get("MEIJI_UPDATE_GOLDEN") == "1" or not path.exists():
        if os.environ.get("MEIJI_UPDATE_GOLDEN") != "1":
            raise AssertionError(f"no golden picture {path.name}; run with MEIJI_UPDATE_GOLDEN=1 to create it")
        GOLDEN.mkdir(exist_ok=True)
        image.convert("RGB").save(path, optimize=True)
        return
    with Image.open(path) as ref:
        ref.load()
        assert ref.size == image.size, f"{name}: size {image.size} differs from the golden {ref.size}"
        share = differing_share(image, ref, delta)
    assert share <= max_share, f"{name}: {share:.2%} of the pixels differ from the golden picture (limit {max_share:.2%})"
