#!/usr/bin/env python3
# Writes a realistic rxkeyboard recording of N events (default 1,000,000) to standard output, for
# Benchmarks/debugger-bench.sh: keyboard show/hide quartets, typing (textChange, ~65%), sends,
# receives, interactive-dismissal pans. Seeded: the same N gives the same bytes.
# (`replay generate` from the pbt branch does the same in Swift; this script stands in until it
# is merged.)
import random, sys
n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
rng = random.Random(42)
out = sys.stdout
out.write('{"type":"session","version":1,"layout":"rxkeyboard","device":{"model":"iPhone 15","screen":{"width":393,"height":852},"safeArea":{"top":59,"left":0,"bottom":34,"right":0}}}\n')
t = 0.0
count = 0
shown = False
words = "hey are you free tonight dinner at seven sounds good see you then ok great".split()
def kb(name, y0, y1):
    return '{"t":%s,"type":"keyboard","name":"%s","frameBegin":{"x":0,"y":%d,"width":393,"height":336},"frameEnd":{"x":0,"y":%d,"width":393,"height":336},"duration":0.25,"curve":7,"isLocal":true}' % (fmt(t), name, y0, y1)
def fmt(x): 
    s = "%.3f" % x
    s = s.rstrip("0").rstrip(".")
    return s
while count < n:
    r = rng.random()
    if not shown:
        for name in ("willChangeFrame", "willShow", "didChangeFrame", "didShow"):
            t += 0.0 if name != "didChangeFrame" else 0.25
            out.write(kb(name, 852, 516) + "\n"); count += 1
        shown = True
        continue
    if r < 0.62:
        text = ""
        for _ in range(rng.randint(3, 16)):
            if count >= n: break
            text += rng.choice("abcdefghijklmnopqrstuvwxyz ") 
            t += rng.uniform(0.05, 0.3)
            out.write('{"t":%s,"type":"textChange","text":"%s"}\n' % (fmt(t), text)); count += 1
        if count < n:
            t += 0.4; out.write('{"t":%s,"type":"sendTap"}\n' % fmt(t)); count += 1
    elif r < 0.85:
        t += rng.uniform(0.5, 3)
        out.write('{"t":%s,"type":"receive","text":"%s"}\n' % (fmt(t), " ".join(rng.choice(words) for _ in range(rng.randint(2, 12))))); count += 1
    elif r < 0.94:
        # interactive dismissal: pan through the keyboard, then hide quartet
        t += 0.5
        out.write('{"t":%s,"type":"pan","y":420,"state":"began"}\n' % fmt(t)); count += 1
        for y in range(452, 840, 40):
            t += 0.016; out.write('{"t":%s,"type":"pan","y":%d,"state":"changed"}\n' % (fmt(t), y)); count += 1
        t += 0.016; out.write('{"t":%s,"type":"pan","y":840,"state":"ended"}\n' % fmt(t)); count += 1
        for name in ("willChangeFrame", "willHide", "didChangeFrame", "didHide"):
            t += 0.0 if name != "didChangeFrame" else 0.25
            out.write(kb(name, 516, 852) + "\n"); count += 1
        shown = False
    else:
        t += 1
        for name in ("willChangeFrame", "willHide", "didChangeFrame", "didHide"):
            t += 0.0 if name != "didChangeFrame" else 0.25
            out.write(kb(name, 516, 852) + "\n"); count += 1
        shown = False
