"""The sense-emu backend against the real `sense-emu` package.

The emulator's own classes stand in for its GUI: `ScreenClient` (what the
GUI reads the LED matrix with), `StickServer` (the joystick server the
GUI runs, fed with records packed as the GUI packs them), and its sensor
servers (`IMUServer`, moved by `set_orientation` as the orientation
sliders move it; `HumidityServer`, `PressureServer`). Their file and
socket paths are pointed at a temporary directory, as is the game's
(QUEENS_SENSE_EMU_DIR), so a running emulator is not disturbed. The game
plays with `--tilt`: the joystick places a queen, the sliders tilt the
cursor on (held, it moves again), the joystick places another; then
`queens doctor --emulator` lists the servers' readings.

Usage: python sense_emu_check.py PATH/TO/queens
"""

import math
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time

# -h and --help print this docstring, another option or a missing binary is refused (scripts/usage
# says both), before sense_emu is imported: it is installed only in the venv the check runs in.
options = [a for a in sys.argv[1:] if a.startswith("-")]
if options or len(sys.argv) != 2:
    usage = os.path.join(os.path.dirname(os.path.abspath(__file__)), "usage")
    why = ["--", *options] if options else ["give the queens binary to check, and only that"]
    sys.exit(subprocess.run([usage, sys.argv[0], *why]).returncode)

import sense_emu.humidity as humidity  # noqa: E402
import sense_emu.imu as imu  # noqa: E402
import sense_emu.pressure as pressure  # noqa: E402
import sense_emu.screen as screen  # noqa: E402
import sense_emu.stick as stick  # noqa: E402

queens = sys.argv[1]
work = tempfile.mkdtemp(prefix="queens-sense-emu-")
screen.screen_filename = lambda: os.path.join(work, "rpi-sense-emu-screen")
stick.stick_address = lambda: (socket.AF_UNIX, socket.SOCK_DGRAM, os.path.join(work, "rpi-sense-emu-stick"))
imu.imu_filename = lambda: os.path.join(work, "rpi-sense-emu-imu")
humidity.humidity_filename = lambda: os.path.join(work, "rpi-sense-emu-humidity")
pressure.pressure_filename = lambda: os.path.join(work, "rpi-sense-emu-pressure")

client = screen.ScreenClient()
server = stick.StickServer()
# Without the world simulation's noise, so that a level HAT reads level.
imu_server = imu.IMUServer(simulate_world=False)
imu_server.set_orientation((0, 0, 0))
assert list(client._gamma) == screen.GAMMA_DEFAULT


def rgb565(r, g, b):
    # sense_emu.sense_hat.SenseHat._pack_bin
    return ((r >> 3) & 0x1F) << 11 | ((g >> 2) & 0x3F) << 5 | ((b >> 3) & 0x1F)


GREEN, RED, BLUE, WHITE = rgb565(0, 92, 0), rgb565(92, 0, 0), rgb565(0, 0, 120), rgb565(120, 120, 120)


def board(marks):
    rows = [[GREEN if (x + y) % 2 == 0 else RED for x in range(8)] for y in range(8)]
    for x, y, c in marks:
        rows[y][x] = c
    return rows


def wait_for(what, expected):
    end = time.monotonic() + 10
    while client.array.tolist() != expected:
        if time.monotonic() > end:
            sys.exit("sense-emu check: %s not seen; the screen holds\n%s" % (what, client.array))
        time.sleep(0.01)


def click(code):
    # As the GUI's _stick_send packs a record.
    for action in (stick.SenseStick.STATE_PRESS, stick.SenseStick.STATE_RELEASE):
        usec, sec = math.modf(time.time())
        server.send(struct.pack(stick.SenseStick.EVENT_FORMAT, int(sec), int(usec * 1e6),
                                stick.SenseStick.EV_KEY, code, action))


state = os.path.join(work, "state.toml")
env = dict(os.environ, QUEENS_SENSE_EMU_DIR=work)
game = subprocess.Popen([queens, "play", "--backend", "sense-emu", "--state", state, "--tilt"], env=env,
                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
try:
    wait_for("the start board", board([(3, 4, BLUE)]))
    start_time = client.timestamp
    # The server learns of the game from its hello, sent about once a second.
    time.sleep(1.5)
    click(stick.SenseStick.KEY_RIGHT)
    wait_for("a move right", board([(4, 4, BLUE)]))
    assert client.timestamp > start_time, "the screen's time moves on, so the GUI redraws"
    click(stick.SenseStick.KEY_ENTER)
    wait_for("a queen", board([(4, 4, WHITE)]))
    # The roll slider at 20 degrees lowers the bottom edge: down, and again while it stays.
    imu_server.set_orientation((20, 0, 0))
    wait_for("a tilt down", board([(4, 4, WHITE), (4, 5, BLUE)]))
    wait_for("the tilt held, down again", board([(4, 4, WHITE), (4, 6, BLUE)]))
    imu_server.set_orientation((0, 0, 0))
    time.sleep(0.05)
    # The pitch slider at -20 lowers the right edge.
    imu_server.set_orientation((0, -20, 0))
    wait_for("a tilt right", board([(4, 4, WHITE), (5, 6, BLUE)]))
    imu_server.set_orientation((0, 0, 0))
    time.sleep(0.5)
    assert client.array.tolist() == board([(4, 4, WHITE), (5, 6, BLUE)]), "level, the cursor stays"
    click(stick.SenseStick.KEY_ENTER)
    wait_for("a queen placed where the tilt left the cursor", board([(4, 4, WHITE), (5, 6, WHITE)]))
    game.send_signal(signal.SIGTERM)
    # 128 + 15, as docs/play.md says a stop by signal ends (issue 50).
    assert game.wait(10) == 128 + signal.SIGTERM, "the game ends cleanly on SIGTERM, with 143"
    wait_for("the dark matrix", [[0] * 8 for _ in range(8)])
    # doctor lists the emulator's sensors as its servers wrote them.
    humidity_server = humidity.HumidityServer(simulate_noise=False)
    pressure_server = pressure.PressureServer(simulate_noise=False)
    humidity_server.set_values(52.5, 23.5)
    pressure_server.set_values(1001.5, 19.5)
    doctor = subprocess.run([queens, "doctor", "--emulator"], env=env, capture_output=True, text=True)
    lines = {line.split()[0]: line for line in doctor.stdout.splitlines() if line.strip()}
    for label, words in [("humidity", "52.5 %, 23.5 °C"), ("pressure", "1001.5 mbar, 19.5 °C"),
                         ("motion", "accel 0.00 0.00 1.00 g"), ("colour", "not read: the emulator has no colour")]:
        assert words in lines.get(label, ""), "doctor --emulator, %s: %s\n%s" % (label, words, doctor.stdout)
finally:
    if game.poll() is None:
        game.kill()
    server.close()
    # (client stays open: numpy's view of its mapping outlives a close)
    shutil.rmtree(work, ignore_errors=True)
print("sense-emu check: the emulator's own reader, joystick server and orientation sliders play the game; "
      "doctor lists its sensors")
