"""Renders the terminal backend to a PNG for the README (docs/terminal.png).

Runs the built binary in a pseudo-terminal, types a few moves, parses what
it draws with `pyte` and paints the character cells with Pillow.
Usage: python terminal_screenshot.py PATH/TO/queens OUT.png
"""

import fcntl
import os
import select
import struct
import subprocess
import sys
import tempfile
import termios
import time

# -h and --help print this docstring, another option or missing arguments are refused
# (scripts/usage says both), before pyte and Pillow are imported: they may not be installed.
options = [a for a in sys.argv[1:] if a.startswith("-")]
if options or len(sys.argv) != 3:
    usage = os.path.join(os.path.dirname(os.path.abspath(__file__)), "usage")
    why = ["--", *options] if options else ["give the queens binary and the PNG to write"]
    sys.exit(subprocess.run([usage, sys.argv[0], *why]).returncode)

import pyte  # noqa: E402
from PIL import Image, ImageDraw, ImageFont  # noqa: E402

ROWS, COLS = 14, 60
CELL_W, CELL_H = 10, 20

queens, out = sys.argv[1], sys.argv[2]
master, slave = os.openpty()
fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
state = os.path.join(tempfile.mkdtemp(), "state.toml")
env = dict(os.environ, COLORTERM="truecolor", TERM="xterm-256color")
game = subprocess.Popen([queens, "play", "--backend", "terminal", "--state", state], stdin=slave,
                        stdout=slave, stderr=slave, env=env, start_new_session=True)
os.close(slave)
screen = pyte.Screen(COLS, ROWS)
stream = pyte.ByteStream(screen)


def hex_colour(name, default):
    """pyte's colour of a cell as RGB: a 24-bit one is six hex digits; named ones get `default`."""
    if len(name) == 6 and all(c in "0123456789abcdefABCDEF" for c in name):
        return tuple(int(name[i:i + 2], 16) for i in (0, 2, 4))
    return default


def drain(seconds):
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        if select.select([master], [], [], left)[0]:
            stream.feed(os.read(master, 65536))


drain(0.5)
# Queens at a1, b7 and c2 (columns 0, 1, 2), the cursor on d2: the README's middle frame.
for key in ["hhhjjj\r", "lkkkkkk\r", "ljjjjj\r", "l"]:
    os.write(master, key.encode())
    drain(0.3)

image = Image.new("RGB", (COLS * CELL_W, ROWS * CELL_H), (0, 0, 0))
draw = ImageDraw.Draw(image)
font = ImageFont.load_default()
for y in range(ROWS):
    for x in range(COLS):
        cell = screen.buffer[y][x]
        colour, ink = hex_colour(cell.bg, (24, 24, 24)), hex_colour(cell.fg, (210, 210, 210))
        if cell.reverse:
            colour, ink = ink, colour
        box = (x * CELL_W, y * CELL_H, (x + 1) * CELL_W - 1, (y + 1) * CELL_H - 1)
        draw.rectangle(box, fill=colour)
        if cell.data.strip():
            draw.text((x * CELL_W + 1, y * CELL_H + 4), cell.data, fill=ink, font=font)
image.save(out)
os.write(master, b"q")
game.wait(5)
print("wrote", out)
