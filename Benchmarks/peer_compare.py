#!/usr/bin/env python3
"""The peer pipeline `make bench` compares widgetctl's whole-process cost per megapixel with, when
it is installed (it is never a dependency of widgetctl): for every variant of a render's
manifest, at that variant's pixel size, the same kind of scene a glass widget costs —

  * a backdrop region cut from a wallpaper-sized image and Gaussian-blurred (Pillow's
    GaussianBlur, radius = the glass blur of 10 pt at the variant's scale),
  * 40 translucent rounded rectangles and 12 text-sized bars drawn over it (Blend2D through its
    Python binding when that is installed, else Pillow's ImageDraw — which does not anti-alias,
    so that peer draws less than widgetctl does),
  * a PNG encode (zlib level 1, the fastest setting) written to a file.

Usage: peer_compare.py MANIFEST RUNS. Prints one line a script can read:
  peer <drawing library> <median ms> ms <Mpx> Mpx <ms per Mpx> ms/Mpx
"""
import io, json, os, random, sys, tempfile, time

try:
    from PIL import Image, ImageDraw, ImageFilter
except ImportError:
    print("peer: Pillow not installed (pip install pillow): no peer figure")
    sys.exit(0)

try:
    import blend2d  # noqa: F401  (no PyPI or Debian package was found when this was written)
    drawing = "blend2d"
except ImportError:
    drawing = "pillow-imagedraw"

manifest = json.load(open(sys.argv[1]))
runs = max(1, int(sys.argv[2])) if len(sys.argv) > 2 else 3
sizes = [tuple(v["pixelSize"]) + (v.get("scale", 3),) for v in manifest["variants"]]
rng = random.Random(7)

# A wallpaper-sized backdrop (an iPhone screen at 3x) with smooth colour and some detail.
W, H = 1206, 2622
wall = Image.linear_gradient("L").resize((W, H)).convert("RGB")
d = ImageDraw.Draw(wall)
for _ in range(60):
    x, y, r = rng.randrange(W), rng.randrange(H), rng.randrange(40, 300)
    d.ellipse((x - r, y - r, x + r, y + r), fill=(rng.randrange(256), rng.randrange(256), rng.randrange(256)))


def variant(w, h, scale, out_dir, i):
    x, y = rng.randrange(0, W - w), rng.randrange(0, H - h)
    face = wall.crop((x, y, x + w, y + h)).filter(ImageFilter.GaussianBlur(radius=10 * scale))
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ld = ImageDraw.Draw(layer)
    for _ in range(40):
        rw, rh = rng.randrange(20, w // 2), rng.randrange(20, h // 2)
        rx, ry = rng.randrange(0, w - rw), rng.randrange(0, h - rh)
        ld.rounded_rectangle((rx, ry, rx + rw, ry + rh), radius=min(rw, rh) // 4,
                             fill=(255, 255, 255, rng.randrange(60, 255)))
    for k in range(12):
        ld.rectangle((20, 20 + k * 30, 20 + rng.randrange(50, w // 2), 35 + k * 30), fill=(255, 255, 255, 230))
    face = face.convert("RGBA")
    face.alpha_composite(layer)
    face.save(os.path.join(out_dir, f"v{i}.png"), compress_level=1)


times = []
with tempfile.TemporaryDirectory() as out:
    for _ in range(runs):
        t0 = time.perf_counter()
        for i, (w, h, s) in enumerate(sizes):
            variant(int(w), int(h), float(s), out, i)
        times.append(time.perf_counter() - t0)
times.sort()
med = times[len(times) // 2]
mpx = sum(w * h for w, h, _ in sizes) / 1e6
print(f"peer {drawing}+pillow-blur+png {med * 1000:.0f} ms {mpx:.1f} Mpx {med * 1000 / mpx:.1f} ms/Mpx")
