//! The Sense HAT backend end to end against the `sense-hat` crate's mock,
//! injected as the HAT's devices: an LED matrix that keeps every picture it
//! is shown (compared with the script backend's frames as the device lights
//! them) and a joystick fed real `input_event` records. The built binary
//! refuses a regular file or a FIFO as either device (checked here too);
//! the real kernel devices are played in the VM test.
//!
//! What it proves, in full: the Sense HAT's backend against the `sense-hat` crate's mock
//! (`tests/common/hat.rs`: its `MockDevices`, injected as the HAT's devices; none is in the binary,
//! which refuses a regular file or a FIFO as a device, checked too): an LED matrix that keeps every
//! picture (compared with the script backend's frames as the device lights them), a joystick fed
//! real `input_event` records in both code sets; rotation, brightness, the gamma reset,
//! `SYN_DROPPED` with a lost release (no repeat), the intro, a joystick that vanishes and returns,
//! a stop (also mid-animation) leaving the LEDs dark; ready told to systemd (`READY=1` on
//! `NOTIFY_SOCKET`) by the HAT's game and not by the script backend; through the binary, config
//! errors (exit 78; the joystick's times under their floors), a regular file or `/dev/zero` refused
//! as framebuffer or joystick, `doctor` (stand-ins refused, no Pi, more than 256 groups), device
//! paths in `doctor`'s and `play`'s messages cut and escaped

use crate::common;

use common::bin::run;

use common::hat::{Hat, Play, click, on_leds};

use queens::game::{Frame, ModeKind, TiltSettings};
use sense_hat::sensors::{Motion, Vector};
use sense_hat::stick::record;
use sense_hat::{DARK, Gamma, Picture, Rotation};
use std::fs;
use std::io::Write;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The settled frames the script backend prints for `lines`.
fn script_frames(lines: &[&str]) -> Vec<Frame> {
    let mut child = common::bin::queens()
        .args(["play", "--backend", "script"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(lines.join("\n").as_bytes()).unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    out.split("\n\n").filter(|b| !b.trim().is_empty()).map(|block| block.parse().unwrap()).collect()
}

fn lit(frame: &Frame, rotation: Rotation) -> Picture {
    on_leds(frame, rotation, 100)
}

/// A regular file where the framebuffer would be (`dev/fb1`) and a FIFO where
/// the joystick would be (`dev/input/event3`) in `hat`'s folder: files the
/// binary must refuse as its devices.
fn files_as_devices(hat: &Hat) {
    fs::create_dir_all(hat.path("dev/input")).unwrap();
    fs::write(hat.path("dev/fb1"), [0xEEu8; 128]).unwrap();
    let mode = nix::sys::stat::Mode::S_IRUSR | nix::sys::stat::Mode::S_IWUSR;
    nix::unistd::mkfifo(hat.path("dev/input/event3").as_path(), mode).unwrap();
}

const KEYS: [(&str, u16, u16); 5] = [
    ("up", record::KEY_UP, record::BTN_DPAD_UP),
    ("down", record::KEY_DOWN, record::BTN_DPAD_DOWN),
    ("left", record::KEY_LEFT, record::BTN_DPAD_LEFT),
    ("right", record::KEY_RIGHT, record::BTN_DPAD_RIGHT),
    ("press", record::KEY_ENTER, record::BTN_SELECT),
];

fn code(name: &str, mainline: bool) -> u16 {
    let &(_, pi, dpad) = KEYS.iter().find(|k| k.0 == name).unwrap();
    if mainline { dpad } else { pi }
}

fn plays_like_the_script_backend(mainline: bool) {
    let hat = Hat::new(if mainline { "mainline" } else { "pi" });
    let moves = ["right", "press", "down", "down", "left", "press", "up", "up", "right", "press"];
    let frames = script_frames(&moves);
    let game = hat.start(Play::default());
    let mut stick = hat.stick();
    hat.wait_for(&lit(&frames[0], Rotation::R0));
    for (i, name) in moves.iter().enumerate() {
        click(&mut stick, code(name, mainline));
        hat.wait_for(&lit(&frames[i + 1], Rotation::R0));
    }
    game.terminate().unwrap();
    assert_eq!(hat.leds(), Some(DARK), "a stop leaves the LEDs dark");
}

#[test]
fn the_raspberry_pi_kernels_key_codes_play_the_same_game_as_the_script() {
    plays_like_the_script_backend(false);
}

#[test]
fn mainline_linuxs_dpad_codes_play_the_same_game_as_the_script() {
    plays_like_the_script_backend(true);
}

#[test]
fn a_rotated_hat_turns_the_picture_and_the_stick_together() {
    let hat = Hat::new("rotated");
    // Turned a quarter clockwise, the device's right is the picture's up.
    let frames = script_frames(&["up", "press"]);
    let game = hat.start(Play { rotation: Rotation::R90, ..Play::default() });
    let mut stick = hat.stick();
    hat.wait_for(&lit(&frames[0], Rotation::R90));
    click(&mut stick, record::KEY_RIGHT);
    hat.wait_for(&lit(&frames[1], Rotation::R90));
    click(&mut stick, record::KEY_ENTER);
    hat.wait_for(&lit(&frames[2], Rotation::R90));
    assert_ne!(lit(&frames[2], Rotation::R90), lit(&frames[2], Rotation::R0));
    game.terminate().unwrap();
}

/// The motion sensor's reading for a HAT tilted `degrees` toward its right edge (below zero,
/// its left) and `toward_bottom` toward its bottom edge, as gravity reads on it.
fn tilted(toward_right: f64, toward_bottom: f64) -> Option<Motion> {
    let (x, y) = (toward_right.to_radians().sin(), toward_bottom.to_radians().sin());
    let z = (1.0 - x * x - y * y).sqrt();
    Some(Motion { accel: Vector::new(x, y, z), gyro: Vector::default(), magnet: Vector::default() })
}

#[test]
fn a_tilted_hat_rolls_the_cursor_as_its_joystick_moves_it_and_level_it_stops() {
    let hat = Hat::new("tilt");
    let sensors = hat.devices.sensors();
    let frames = script_frames(&["right", "right", "press"]);
    let game = hat.start(Play { tilt: Some(TiltSettings::default()), ..Play::default() });
    let mut stick = hat.stick();
    hat.wait_for(&lit(&frames[0], Rotation::R0));
    sensors.set_motion(tilted(20.0, 0.0));
    hat.wait_for(&lit(&frames[1], Rotation::R0));
    // Held tilted, once more after the repeat: then level, and the middle places there.
    hat.wait_for(&lit(&frames[2], Rotation::R0));
    sensors.set_motion(tilted(2.0, -3.0));
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(hat.leds(), Some(lit(&frames[2], Rotation::R0)), "level: no more moves");
    click(&mut stick, record::KEY_ENTER);
    hat.wait_for(&lit(&frames[3], Rotation::R0));
    game.terminate().unwrap();
}

#[test]
fn a_rotated_hat_turns_a_tilt_as_it_turns_its_stick_and_off_nothing_reads_the_sensor() {
    let hat = Hat::new("tilt-rotated");
    let sensors = hat.devices.sensors();
    // Turned a quarter clockwise, the device's right is the picture's up.
    let frames = script_frames(&["up"]);
    let settings = TiltSettings { repeat_ms: 10_000, ..TiltSettings::default() };
    let game = hat.start(Play { rotation: Rotation::R90, tilt: Some(settings), ..Play::default() });
    hat.wait_for(&lit(&frames[0], Rotation::R90));
    sensors.set_motion(tilted(25.0, 0.0));
    hat.wait_for(&lit(&frames[1], Rotation::R90));
    game.terminate().unwrap();
    // Tilt off: in a second of play nothing reads the motion sensor.
    let hat = Hat::new("tilt-off");
    let sensors = hat.devices.sensors();
    sensors.set_motion(tilted(25.0, 0.0));
    let game = hat.start(Play::default());
    std::thread::sleep(Duration::from_millis(1000));
    assert_eq!(sensors.reads(), 0, "tilt off: no reading taken");
    assert_eq!(hat.leds(), Some(lit(&script_frames(&[])[0], Rotation::R0)));
    game.terminate().unwrap();
}

#[test]
fn a_joystick_that_goes_away_is_waited_for_and_the_game_goes_on() {
    let hat = Hat::new("vanish");
    let frames = script_frames(&["left", "press", "down"]);
    let game = hat.start(Play::default());
    let mut stick = hat.stick();
    click(&mut stick, record::KEY_LEFT);
    click(&mut stick, record::KEY_ENTER);
    hat.wait_for(&lit(&frames[2], Rotation::R0));
    // The device vanishing: the game reads the end of its socket, and cannot open it again.
    hat.devices.set_stick_plugged(false);
    std::thread::sleep(Duration::from_millis(100));
    hat.devices.set_stick_plugged(true);
    hat.wait_for_stick_opened(2);
    click(&mut stick, record::KEY_DOWN);
    hat.wait_for(&lit(&frames[3], Rotation::R0));
    game.terminate().unwrap();
}

#[test]
fn a_stop_darkens_the_leds() {
    let hat = Hat::new("stop");
    let frames = script_frames(&[]);
    let game = hat.start(Play::default());
    let _stick = hat.stick();
    hat.wait_for(&lit(&frames[0], Rotation::R0));
    game.terminate().unwrap();
    assert_eq!(hat.leds(), Some(DARK));
}

#[test]
fn brightness_dims_every_led_in_software() {
    let hat = Hat::new("dim");
    let frames = script_frames(&[]);
    let game = hat.start(Play { brightness: 50, ..Play::default() });
    let _stick = hat.stick();
    hat.wait_for(&on_leds(&frames[0], Rotation::R0, 50));
    game.terminate().unwrap();
}

#[test]
fn the_gamma_table_is_reset_to_the_configured_one_on_every_open() {
    for (low_light, want) in [(false, Gamma::DEFAULT), (true, Gamma::LOW_LIGHT)] {
        let hat = Hat::new(&format!("gamma-{low_light}"));
        let game = hat.start(Play { low_light, ..Play::default() });
        let _stick = hat.stick();
        assert_eq!(hat.devices.leds().gammas_asked(), [want], "low_light = {low_light}");
        game.terminate().unwrap();
    }
}

/// A key whose release the kernel dropped: after `SYN_DROPPED` the game asks
/// the device which keys are down, and lets go of the rest, so the cursor
/// does not run on by itself.
#[test]
fn a_release_lost_to_syn_dropped_does_not_leave_the_key_repeating() {
    use record::{EV_KEY, EV_SYN, KEY_RIGHT, SYN_DROPPED, SYN_REPORT};
    let hat = Hat::new("dropped");
    let frames = script_frames(&["right"]);
    // Strict, whose held directions repeat (classic's move once); its first frames are classic's.
    let game = hat.start(Play { mode: ModeKind::Strict, ..Play::default() });
    let stick = hat.stick();
    hat.wait_for(&lit(&frames[0], Rotation::R0));
    stick.set_keys_down(&[]);
    let records =
        [(EV_KEY, KEY_RIGHT, 1), (EV_SYN, SYN_REPORT, 0), (EV_SYN, SYN_DROPPED, 0), (EV_SYN, SYN_REPORT, 0)];
    stick.records(&records).unwrap();
    hat.wait_for(&lit(&frames[1], Rotation::R0));
    // Held, the key would repeat after 500 ms, every 150 ms.
    std::thread::sleep(Duration::from_millis(1200));
    assert_eq!(hat.leds(), Some(lit(&frames[1], Rotation::R0)), "the cursor moved on by itself");
    game.terminate().unwrap();
}

#[test]
fn the_binary_refuses_a_regular_file_as_framebuffer_and_writes_nothing() {
    let hat = Hat::new("precious");
    files_as_devices(&hat);
    let precious = hat.path("precious.txt");
    fs::write(&precious, "Dear diary, ".repeat(20)).unwrap();
    let (code, _, err) = run(&[
        "play",
        "--backend",
        "sensehat",
        "--framebuffer",
        precious.to_str().unwrap(),
        "--joystick",
        hat.path("dev/input/event3").to_str().unwrap(),
        "--config",
        "/dev/null",
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("precious.txt is not a framebuffer device"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert_eq!(fs::read_to_string(&precious).unwrap(), "Dear diary, ".repeat(20));
}

#[test]
fn the_binary_refuses_a_fifo_or_a_device_without_the_keys_as_joystick() {
    let hat = Hat::new("notjoystick");
    files_as_devices(&hat);
    // The framebuffer is checked first; give a joystick check its turn with
    // a real device that is no framebuffer and see the framebuffer refused,
    // then ask doctor, which checks both.
    for joystick in [hat.path("dev/input/event3"), "/dev/zero".into()] {
        let (code, out, _) = run(&[
            "doctor",
            "--framebuffer",
            "/dev/zero",
            "--joystick",
            joystick.to_str().unwrap(),
            "--config",
            "/dev/null",
            "--i2c-bus",
            "/nonexistent",
        ]);
        assert_eq!(code, Some(1), "{out}");
        assert!(out.contains(&format!("{} is not an input device", joystick.display())), "{out}");
        assert!(!out.contains("ready"), "{out}");
    }
}

#[test]
fn a_bad_config_file_names_file_line_and_key_and_exits_78() {
    let hat = Hat::new("badconfig");
    let config = hat.path("config.toml");
    fs::write(&config, "rotation = 90\nbrightnes = 40\n").unwrap();
    let (code, _, err) = run(&["play", "--backend", "sensehat", "--config", config.to_str().unwrap()]);
    assert_eq!(code, Some(78));
    assert!(err.contains(&format!("{}:2: brightnes", config.display())), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
}

/// Issue 50: the joystick's times have a floor, one line each when under
/// it: `hold_ms = 0` or `1` was taken, and every press of the middle would
/// have opened the menu.
#[test]
fn a_joystick_time_under_its_floor_is_refused_in_one_line() {
    let hat = Hat::new("timefloor");
    let config = hat.path("config.toml");
    for (line, key) in [
        ("hold_ms = 1", "hold_ms"),
        ("repeat_delay_ms = 0", "repeat_delay_ms"),
        ("repeat_interval_ms = 5", "repeat_interval_ms"),
    ] {
        fs::write(&config, format!("rotation = 90\n{line}\n")).unwrap();
        let (code, _, err) = run(&["play", "--backend", "sensehat", "--config", config.to_str().unwrap()]);
        assert_eq!(code, Some(78), "{line}: {err}");
        assert!(
            err.contains(&format!("{}:2: {key}: ", config.display())) && err.contains(" is too small"),
            "{err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    }
}

/// Issue 50: a device path in a message is cut and escaped as every input
/// echoed is (the `--state` paths were): `doctor`'s, `play`'s and the
/// emulator's printed them whole (3,000-character lines) and raw (an escape
/// in a path recoloured the terminal).
#[test]
fn device_paths_in_messages_are_cut_and_escaped() {
    let long = format!("/nonexistent/{}", format!("{}/", "x".repeat(200)).repeat(15));
    let hostile = format!("/nonexistent/a\u{1b}[31mRED{long}");
    let checked = |what: &str, said: &str| {
        assert!(!said.contains('\u{1b}'), "{what}: an escape reached the terminal: {said:?}");
        assert!(said.contains("a\\u{1b}[31mRED"), "{what}: the escape is shown: {said}");
        let widest = said.lines().map(|l| l.chars().count()).max().unwrap_or(0);
        assert!(widest < 400, "{what}: a line of {widest} characters: {said}");
    };
    let (_, out, _) = run(&[
        "doctor",
        "--config",
        "/dev/null",
        "--framebuffer",
        &hostile,
        "--joystick",
        &hostile,
        "--i2c-bus",
        &hostile,
    ]);
    checked("doctor", &out);
    // (The joystick is opened after the LED matrix, which no machine here has: doctor's line above.)
    for (backend, option) in [("sensehat", "--framebuffer"), ("i2c", "--i2c-bus")] {
        let mut args = vec!["play", "--backend", backend, "--config", "/dev/null", option, &hostile];
        if option == "--framebuffer" {
            args.extend(["--joystick", "/dev/null"]);
        }
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        checked(&format!("play --backend {backend} {option}"), &err);
    }
    let out = common::bin::queens()
        .args(["play", "--backend", "sense-emu", "--config", "/dev/null"])
        .env("QUEENS_SENSE_EMU_DIR", &hostile)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    checked("QUEENS_SENSE_EMU_DIR", &String::from_utf8_lossy(&out.stderr));
}

#[test]
fn insisting_on_a_missing_hat_explains_the_fix() {
    let empty = std::env::temp_dir().join(format!("queens-nohat-{}", std::process::id()));
    fs::create_dir_all(&empty).unwrap();
    let e = empty.to_str().unwrap();
    let (code, _, err) =
        run(&["play", "--backend", "sensehat", "--sysfs-root", e, "--dev-root", e, "--config", "/dev/null"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("RPi-Sense FB") && err.contains("dtoverlay=rpi-sense"), "{err}");
    fs::remove_dir_all(&empty).unwrap();
}

#[test]
fn a_framebuffer_of_another_shape_is_refused() {
    // /dev/null is a character device but no framebuffer: the screen-info
    // ioctl fails, and nothing is written to it.
    let (code, _, err) = run(&[
        "play",
        "--backend",
        "sensehat",
        "--framebuffer",
        "/dev/null",
        "--joystick",
        "/dev/null",
        "--config",
        "/dev/null",
    ]);
    assert_eq!(code, Some(1));
    assert!(err.contains("/dev/null is not a framebuffer"), "{err}");
}

#[test]
fn doctor_refuses_stand_ins_and_explains_what_is_missing() {
    let hat = Hat::new("doctor");
    files_as_devices(&hat);
    let put = |path: &str, text: &str| {
        let path = hat.path(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    };
    put("sys/class/graphics/fb1/name", "RPi-Sense FB\n");
    put("sys/class/input/event3/device/name", "Raspberry Pi Sense HAT Joystick\n");
    let config = hat.path("config.toml");
    fs::write(&config, "intro = false\n").unwrap();
    let (s, d, c) = (hat.path("sys"), hat.path("dev"), config.to_str().unwrap());
    let roots =
        ["--sysfs-root", s.to_str().unwrap(), "--dev-root", d.to_str().unwrap(), "--i2c-bus", "/nonexistent"];
    let (code, out, _) = run(&[&["doctor", "--config", c][..], &roots].concat());
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("fb1 is not a framebuffer device"), "a regular file is no LED matrix: {out}");
    assert!(out.contains("event3 is not an input device"), "a FIFO is no joystick: {out}");
    assert!(out.contains("config.toml: valid"), "{out}");

    fs::write(&config, "size = 40\n").unwrap();
    fs::remove_file(hat.path("sys/class/input/event3/device/name")).unwrap();
    let (code, out, _) = run(&[&["doctor", "--config", c][..], &roots].concat());
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("3 problems"), "{out}");
    assert!(out.contains("Raspberry Pi Sense HAT Joystick"), "{out}");
    // No Raspberry Pi in the (fake) device tree: no firmware config to edit, and the terminal offered.
    assert!(
        out.contains("no Raspberry Pi") && !out.contains("config.txt") && !out.contains("dtparam"),
        "{out}"
    );
    assert!(out.contains("queens play --backend terminal"), "{out}");

    put("sys/firmware/devicetree/base/model", "Raspberry Pi 4 Model B Rev 1.5\0");
    let (_, out, _) = run(&[&["doctor", "--config", c][..], &roots].concat());
    assert!(out.contains("add `dtoverlay=rpi-sense` to /boot/firmware/config.txt"), "{out}");
    assert!(out.contains("/nonexistent: absent (`dtparam=i2c_arm=on` enables it)"), "{out}");
    assert!(out.contains(":1: size: cannot be '40': it must be from 4 to 16"), "{out}");
}

#[test]
fn the_hat_scrolls_the_intro_at_start_and_a_press_skips_it_unapplied() {
    let hat = Hat::new("intro");
    let board = lit(&script_frames(&[])[0], Rotation::R0);
    let game = hat.start(Play { intro: true, ..Play::default() });
    let mut stick = hat.stick();
    // The title scrolls first: white text on black, not the board.
    let end = Instant::now() + Duration::from_secs(20);
    while hat.leds().is_none_or(|p| p == DARK) {
        assert!(Instant::now() < end, "nothing was shown");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_ne!(hat.leds(), Some(board), "the intro is on show");
    // A press skips it and is not applied: the empty board, no queen.
    click(&mut stick, record::KEY_ENTER);
    hat.wait_for(&board);
    game.terminate().unwrap();
}

#[test]
fn a_stop_in_the_middle_of_an_animation_still_leaves_the_leds_dark() {
    let hat = Hat::new("midanimation");
    let game = hat.start(Play { intro: true, ..Play::default() }); // the intro scrolls for seconds
    let _stick = hat.stick();
    let end = Instant::now() + Duration::from_secs(20);
    while hat.leds().is_none_or(|p| p == DARK) {
        assert!(Instant::now() < end, "the intro never showed");
        std::thread::sleep(Duration::from_millis(5));
    }
    game.terminate().unwrap();
    assert_eq!(hat.leds(), Some(DARK));
}

#[test]
fn doctor_lists_every_group_of_a_user_in_more_than_256() {
    use std::os::unix::process::CommandExt;
    // Only root may set its groups; elsewhere the check cannot be made.
    if !nix::unistd::geteuid().is_root() {
        eprintln!("SKIP doctor_lists_every_group_of_a_user_in_more_than_256: needs root to set 300 groups");
        return;
    }
    let gids: Vec<libc::gid_t> = (70_000..70_300).collect();
    let mut doctor = common::bin::queens();
    doctor.args(["doctor", "--config", "/nonexistent/config.toml", "--i2c-bus", "/nonexistent"]);
    // SAFETY: setgroups is async-signal-safe, and the list outlives the spawn.
    unsafe {
        doctor.pre_exec(move || {
            if libc::setgroups(gids.len(), gids.as_ptr()) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        })
    };
    let out = String::from_utf8(doctor.output().unwrap().stdout).unwrap();
    let line = out.lines().find(|l| l.starts_with("user")).unwrap_or_else(|| panic!("no user line: {out}"));
    let listed = line.split("groups:").nth(1).unwrap().split_whitespace().collect::<Vec<_>>();
    assert_eq!(listed.len(), 300, "{line}");
    assert_eq!((listed[0], listed[299]), ("70000", "70299"), "{line}");
}

/// Doctor tells a permission error from the rest by its kind: a path that
/// merely reads like the system's message gets no advice about groups.
#[test]
fn doctor_offers_a_group_only_for_a_real_permission_error() {
    let hat = Hat::new("denied");
    let named = hat.path("Permission denied");
    fs::create_dir_all(&named).unwrap();
    let (fb, stick) = (named.join("fb1"), named.join("event3"));
    fs::write(&fb, [0u8; 128]).unwrap();
    fs::write(&stick, []).unwrap();
    let doctor = |as_nobody: bool| {
        let mut doctor = common::bin::queens();
        doctor.args(["doctor", "--config", "/dev/null", "--i2c-bus", "/nonexistent", "--framebuffer"]);
        doctor.arg(&fb).arg("--joystick").arg(&stick);
        if as_nobody {
            common::bin::as_nobody(&mut doctor);
        }
        String::from_utf8(doctor.output().unwrap().stdout).unwrap()
    };
    let out = doctor(false);
    assert!(out.contains("fb1 is not a framebuffer device"), "{out}");
    assert!(out.contains("event3 is not an input device"), "{out}");
    assert!(!out.contains("usermod"), "no permission was denied: {out}");

    // Only root can become another user to be refused for real.
    if nix::unistd::geteuid().is_root() {
        use std::os::unix::fs::PermissionsExt;
        for path in [&hat.path(""), &named] {
            fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
        }
        for path in [&fb, &stick] {
            fs::set_permissions(path, fs::Permissions::from_mode(0o600)).unwrap();
        }
        let out = doctor(true);
        assert!(out.contains("`video` group (sudo usermod -aG video $USER)"), "{out}");
        assert!(out.contains("`input` group (sudo usermod -aG input $USER)"), "{out}");
    } else {
        eprintln!(
            "SKIP the refused half of doctor_offers_a_group_only_for_a_real_permission_error: needs root"
        );
    }
}

/// Not a test by itself: the game on the stand-ins that
/// `the_hat_tells_systemd_it_is_ready_and_the_script_does_not` runs in a
/// child process, with `NOTIFY_SOCKET` set there (setting it in this
/// process would reach every other test's game).
#[test]
#[ignore = "run by the_hat_tells_systemd_it_is_ready_and_the_script_does_not"]
fn notifying_child() {
    if std::env::var_os("NOTIFY_SOCKET").is_none() {
        return;
    }
    let hat = Hat::new("notify");
    let game = hat.start(Play::default());
    // Up once the first frame is on the LEDs, then stopped as systemd stops it.
    hat.wait_for(&lit(&script_frames(&[])[0], Rotation::R0));
    game.terminate().unwrap();
}

#[test]
fn the_hat_tells_systemd_it_is_ready_and_the_script_does_not() {
    use std::os::unix::net::UnixDatagram;
    let dir = std::env::temp_dir().join(format!("queens-notify-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("notify");
    let systemd = UnixDatagram::bind(&path).unwrap();
    systemd.set_nonblocking(true).unwrap();
    let received = || {
        let mut buf = [0u8; 256];
        systemd.recv(&mut buf).map(|n| String::from_utf8_lossy(&buf[..n]).into_owned())
    };

    // The script backend is no service: nothing is sent.
    let script = common::bin::queens()
        .args(["play", "--backend", "script"])
        .env("NOTIFY_SOCKET", &path)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(script.status.success(), "{}", String::from_utf8_lossy(&script.stderr));
    assert!(received().is_err(), "the script backend told systemd it was ready");

    // The HAT is: the game played as the binary plays it (daemon::play).
    let mut child = common::bin::same_arch(&std::env::current_exe().unwrap());
    child.args(["notifying_child", "--ignored", "--test-threads=1"]).env("NOTIFY_SOCKET", &path);
    let out = child.output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("1 passed"), "the child game ran: {stdout}");
    let ready = received().expect("the HAT backend told systemd it was ready");
    assert!(ready.lines().any(|line| line == "READY=1"), "{ready:?}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn doctor_lists_each_sensor_by_its_path_or_why_not_with_the_fix() {
    let hat = Hat::new("doctor-sensors");
    let (s, d) = (hat.path("sys"), hat.path("dev"));
    fs::create_dir_all(&s).unwrap();
    fs::create_dir_all(&d).unwrap();
    let roots =
        ["--sysfs-root", s.to_str().unwrap(), "--dev-root", d.to_str().unwrap(), "--i2c-bus", "/nonexistent"];
    let line =
        |out: &str, label: &str| out.lines().find(|l| l.starts_with(label)).unwrap_or_default().to_string();
    // No Pi: nothing to fix.
    let (_, out, _) = run(&[&["doctor"][..], &roots].concat());
    for label in ["humidity", "pressure", "motion", "colour"] {
        assert!(
            line(&out, label).ends_with(
                "not found (this machine is no Raspberry Pi; `--emulator` lists the emulator's sensors)"
            ),
            "{out}"
        );
    }
    // A file that is no bus, on no Pi: neither the chip's line nor the sensors' send the
    // player to the firmware's config (a stranger's find).
    let not_a_bus =
        ["--sysfs-root", s.to_str().unwrap(), "--dev-root", d.to_str().unwrap(), "--i2c-bus", "/dev/null"];
    let (_, out, _) = run(&[&["doctor"][..], &not_a_bus].concat());
    assert!(line(&out, "I2C chip").contains("/dev/null") && !out.contains("config.txt"), "{out}");
    // A Pi without I2C: each sensor's line says the fix.
    fs::create_dir_all(hat.path("sys/firmware/devicetree/base")).unwrap();
    fs::write(hat.path("sys/firmware/devicetree/base/model"), "Raspberry Pi 4 Model B Rev 1.5\0").unwrap();
    let (_, out, _) = run(&[&["doctor"][..], &roots].concat());
    let motion = line(&out, "motion");
    assert!(
        motion.contains("not read: cannot open the I2C bus /nonexistent")
            && motion.contains("dtparam=i2c_arm=on"),
        "{out}"
    );
    // The emulator's files, not there: where they are looked for, and what to start.
    let emu = hat.path("emu");
    fs::create_dir_all(&emu).unwrap();
    let out = common::bin::queens()
        .args(["doctor", "--emulator"])
        .env("QUEENS_SENSE_EMU_DIR", &emu)
        .output()
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    let imu = line(&out, "motion");
    assert!(
        imu.contains("rpi-sense-emu-imu is not there (is the emulator, sense_emu_gui, running?)"),
        "{out}"
    );
    assert!(line(&out, "colour").contains("not read: the emulator has no colour sensor"), "{out}");
}
