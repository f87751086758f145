#!/usr/bin/env python3
"""Optional comparison for `make bench`: draws the same 1,000 continuous-corner rounded rects
(dumped by widgetbench) with Skia through skia-python, if it is installed, and prints the
median time. skia-python is only a local yardstick, never a dependency of widgetctl."""
import json, sys, time

try:
    import skia
except ImportError:
    print("skia-python not installed: skipping the Skia comparison (pip install skia-python)")
    sys.exit(0)

data = json.load(open(sys.argv[1]))
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
w, h = data["width"], data["height"]
shapes = []
for s in data["shapes"]:
    p = skia.Path()
    for op in s["path"]:
        k = op[0]
        if k == "M": p.moveTo(op[1], op[2])
        elif k == "L": p.lineTo(op[1], op[2])
        elif k == "Q": p.quadTo(op[1], op[2], op[3], op[4])
        elif k == "C": p.cubicTo(op[1], op[2], op[3], op[4], op[5], op[6])
        elif k == "Z": p.close()
    r, g, b, a = s["rgba"]
    paint = skia.Paint(AntiAlias=True, Color=skia.Color4f(r, g, b, a))
    shapes.append((p, paint))

def draw():
    surface = skia.Surface.MakeRaster(skia.ImageInfo.MakeN32Premul(w, h))
    canvas = surface.getCanvas()
    for p, paint in shapes:
        canvas.drawPath(p, paint)
    surface.flushAndSubmit()
    return surface

draw()
samples = []
for _ in range(runs):
    t0 = time.perf_counter()
    draw()
    samples.append(time.perf_counter() - t0)
samples.sort()
med = samples[len(samples) // 2]
print(f"{'Skia (skia-python), same 1,000 paths':46}median {med*1000:8.2f} ms  (min {samples[0]*1000:7.2f}, max {samples[-1]*1000:7.2f})  {med*1e6/1000:.1f} µs/rect")
