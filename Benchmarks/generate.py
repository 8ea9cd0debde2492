#!/usr/bin/env python3
"""Writes a synthetic rxkeyboard recording of N events: the fallback for `replay generate`.

The mix is issue 7's: about 72 % textChange, 11 % keyboard notifications (in quartets),
8 % pan, the rest sendTap, scroll and receive; about 80 bytes per event. Seeded: the same
N always gives the same file.

    python3 Benchmarks/generate.py 1000000 /tmp/events-1m.jsonl
"""
import random
import sys

WORDS = ("hey are you free tonight dinner at seven sounds great see you then what time "
         "works for you maybe later okay").split()
HEADER = ('{"type":"session","version":1,"layout":"rxkeyboard","device":{"model":"iPhone 15",'
          '"screen":{"width":393,"height":852},"safeArea":{"top":59,"left":0,"bottom":34,"right":0}}}\n')


def fmt(t):
    return ("%.3f" % t).rstrip("0").rstrip(".")


def keyboard(t, show):
    begin, end = (852, 516) if show else (516, 852)
    names = (["willChangeFrame", "willShow", "didChangeFrame", "didShow"] if show
             else ["willChangeFrame", "willHide", "didChangeFrame", "didHide"])
    times = [t, t, t + 0.25, t + 0.25]
    return ['{"t":%s,"type":"keyboard","name":"%s","frameBegin":{"x":0,"y":%d,"width":393,'
            '"height":336},"frameEnd":{"x":0,"y":%d,"width":393,"height":336},"duration":0.25,'
            '"curve":7,"isLocal":true}\n' % (fmt(times[i]), names[i], begin, end) for i in range(4)]


def main():
    count, path = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(42)
    t, written, shown, text = 0.0, 0, False, ""
    with open(path, "w") as out:
        out.write(HEADER)
        lines = []
        while written < count:
            x = rng.random()
            t += 0.05 + rng.random() * 0.2
            if x < 0.7847:
                if len(text) > 56 or (text and rng.random() < 0.1):
                    text = text[:-1]
                elif rng.random() < 0.2:
                    text += (" " if text else "") + rng.choice(WORDS)
                else:
                    text += rng.choice("abcdefghijklmnopqrstuvwxyz ")
                lines.append('{"t":%s,"type":"textChange","text":"%s"}\n' % (fmt(t), text))
                written += 1
            elif x < 0.8147 and written + 4 <= count:
                lines.extend(keyboard(t, not shown))
                written += 4
                shown = not shown
                t += 0.25
            elif x < 0.9019:
                state = rng.choice(["began", "changed", "changed", "changed", "ended"])
                lines.append('{"t":%s,"type":"pan","y":%s,"state":"%s"}\n'
                             % (fmt(t), fmt(400 + rng.random() * 400), state))
                written += 1
            else:
                y = rng.random()
                if y < 0.4:
                    lines.append('{"t":%s,"type":"sendTap"}\n' % fmt(t))
                    text = ""
                elif y < 0.7:
                    lines.append('{"t":%s,"type":"scroll","offsetY":%s}\n'
                                 % (fmt(t), fmt(rng.random() * 2000)))
                else:
                    words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 8)))
                    lines.append('{"t":%s,"type":"receive","text":"%s"}\n' % (fmt(t), words))
                written += 1
            if len(lines) >= 65536:
                out.writelines(lines)
                lines = []
        out.writelines(lines)


if __name__ == "__main__":
    main()
