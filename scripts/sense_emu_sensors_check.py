"""The sense-hat crate's emulator sensors against the real `sense-emu` package.

The emulator's own servers (`HumidityServer`, `PressureServer`, `IMUServer`,
what its GUI's sliders drive) write its sensor files into a temporary
directory, so a running emulator is not disturbed; the emulator's own
readers (`sense_emu.RTIMU`, what its python-sense-hat reads through) read
them back; and the crate's `readings` example must print the same numbers,
to its printed precision (the gyroscope in radians a second where the
emulator counts degrees). Four states: two set by hand, two moved as the
orientation sliders move it, where the orientation fused from the
accelerometer and the magnetometer (the `orientation` feature) must be the
sliders' too.

Usage: python sense_emu_sensors_check.py PATH/TO/readings
"""

import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# -h and --help print this docstring, another option or a missing binary is refused (scripts/usage
# says both), before sense_emu is imported: it is installed only in the venv the check runs in.
options = [a for a in sys.argv[1:] if a.startswith("-")]
if options or len(sys.argv) != 2:
    usage = os.path.join(os.path.dirname(os.path.abspath(__file__)), "usage")
    why = ["--", *options] if options else ["give the readings example to check, and only that"]
    sys.exit(subprocess.run([usage, sys.argv[0], *why]).returncode)

import sense_emu.humidity as humidity  # noqa: E402
import sense_emu.imu as imu  # noqa: E402
import sense_emu.pressure as pressure  # noqa: E402
import sense_emu.RTIMU as RTIMU  # noqa: E402

readings = sys.argv[1]
work = tempfile.mkdtemp(prefix="sense-hat-emu-sensors-")
humidity.humidity_filename = lambda: os.path.join(work, "rpi-sense-emu-humidity")
pressure.pressure_filename = lambda: os.path.join(work, "rpi-sense-emu-pressure")
imu.imu_filename = lambda: os.path.join(work, "rpi-sense-emu-imu")

humidity_server = humidity.HumidityServer(simulate_noise=False)
pressure_server = pressure.PressureServer(simulate_noise=False)
imu_server = imu.IMUServer(simulate_world=False)
humidity_reader = RTIMU.RTHumidity(None)
pressure_reader = RTIMU.RTPressure(None)
imu_reader = RTIMU.RTIMU(None)
assert humidity_reader.humidityInit() and pressure_reader.pressureInit() and imu_reader.IMUInit()


def printed():
    out = subprocess.run([readings, "--emulator", work, "--once"], capture_output=True, text=True, check=True)
    numbers = {}
    for line in out.stdout.splitlines():
        what, _, rest = line.partition(": ")
        numbers[what] = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", rest)]
    return out.stdout, numbers


def expected():
    # RTPressure and RTHumidity cache a read for 40 and 130 ms.
    time.sleep(0.15)
    _, h, _, h_temp = humidity_reader.humidityRead()
    _, p, _, p_temp = pressure_reader.pressureRead()
    imu_reader.IMURead()
    data = imu_reader.getIMUData()
    degrees = [math.degrees(a) % 360 for a in data["fusionPose"]]
    return {
        "humidity": ([h, h_temp], 0.005),
        "pressure": ([p, p_temp], 0.005),
        "accel": (list(data["accel"]), 0.0005),
        "gyro": ([math.radians(g) for g in data["gyro"]], 0.0005),
        "magnet": (list(data["compass"]), 0.005),
        "orientation": (degrees, 0.005),
    }


def check(state, fused=False):
    text, numbers = printed()
    wanted = expected()
    if fused:
        wanted["fused"] = (wanted["orientation"][0], 0.3)
    for what, (values, within) in wanted.items():
        got = numbers.get(what)
        off = [abs(g - v) % 360 for g, v in zip(got or [], values)]
        if got is None or len(got) != len(values) or any(min(d, 360 - d) > within + 1e-9 for d in off):
            sys.exit("sense-emu sensors check, %s: %s printed %s, the emulator reads %s\n%s"
                     % (state, what, got, [round(v, 4) for v in values], text))


try:
    humidity_server.set_values(52.5, 23.25)
    pressure_server.set_values(998.75, 19.5)
    imu_server.set_imu_values((0.1, -0.2, 0.97), (5.0, -10.0, 20.0), (0.3, -0.1, 0.2), (10, 20, 30))
    check("the first state")
    humidity_server.set_values(80.0, -5.5)
    pressure_server.set_values(1100.0, 40.0)
    imu_server.set_imu_values((-0.5, 0.5, 0.7), (0.0, 0.0, -45.0), (-0.2, 0.25, -0.4), (350, 5, 180))
    check("the second state")
    # The sliders: the world simulation turns the orientation into readings.
    imu_server.set_orientation((0, 0, 0))
    time.sleep(0.05)
    imu_server.set_orientation((30, -15, 90))
    check("the orientation sliders moved", fused=True)
    imu_server.set_orientation((-40, 60, 250))
    check("the orientation sliders moved again", fused=True)
    print("sense-emu sensors: 4 states, humidity, pressure, accelerometer, gyroscope, magnetometer and "
          "orientation as the emulator's own readers read them; the fused orientation the sliders'")
finally:
    shutil.rmtree(work, ignore_errors=True)
