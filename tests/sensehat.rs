//! The Sense HAT backend end to end, through the built binary, against a
//! fake device tree: a regular file for the LED framebuffer (byte-exact
//! RGB565) and a FIFO carrying real `input_event` records for the joystick.
//! The real kernel devices are exercised in the VM test.

mod common;

use common::bin::run;

use common::hat::{Hat, click};

use queens::backend::rotation::Rotation;
use queens::backend::sensehat::framebuffer::PixelFormat;
use queens::backend::sensehat::joystick;
use queens::game::Frame;
use std::fs;
use std::io::{Read, Write};
use std::process::{Child, Stdio};
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

fn rgb565(frame: &Frame, rotation: Rotation) -> Vec<u8> {
    PixelFormat::RGB565.encode(frame, rotation, 100)
}

fn terminate(child: &mut Child) -> (std::process::ExitStatus, Duration, String) {
    let sent = Instant::now();
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let status = child.wait().unwrap();
    let took = sent.elapsed();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    (status, took, err)
}

const KEYS: [(&str, u16, u16); 5] = [
    ("up", joystick::KEY_UP, joystick::BTN_DPAD_UP),
    ("down", joystick::KEY_DOWN, joystick::BTN_DPAD_DOWN),
    ("left", joystick::KEY_LEFT, joystick::BTN_DPAD_LEFT),
    ("right", joystick::KEY_RIGHT, joystick::BTN_DPAD_RIGHT),
    ("press", joystick::KEY_ENTER, joystick::BTN_SELECT),
];

fn code(name: &str, mainline: bool) -> u16 {
    let &(_, pi, dpad) = KEYS.iter().find(|k| k.0 == name).unwrap();
    if mainline { dpad } else { pi }
}

fn plays_like_the_script_backend(mainline: bool) {
    let hat = Hat::new(if mainline { "mainline" } else { "pi" });
    let moves = ["right", "press", "down", "down", "left", "press", "up", "up", "right", "press"];
    let frames = script_frames(&moves);
    let mut game = hat.start(&[]);
    let mut stick = hat.stick();
    hat.wait_for(&rgb565(&frames[0], Rotation::R0));
    for (i, name) in moves.iter().enumerate() {
        click(&mut stick, code(name, mainline));
        hat.wait_for(&rgb565(&frames[i + 1], Rotation::R0));
    }
    let (status, _, log) = terminate(&mut game);
    assert!(status.success(), "{status:?}: {log}");
    assert_eq!(hat.leds(), vec![0; 128], "SIGTERM leaves the LEDs dark");
    assert!(log.contains("LED matrix: ") && log.contains("fb1"), "says which devices it found: {log}");
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
    fs::write(hat.path("config.toml"), "intro = false\nrotation = 90\n").unwrap();
    // Turned a quarter clockwise, the device's right is the picture's up.
    let frames = script_frames(&["up", "press"]);
    let mut game = hat.start(&[]);
    let mut stick = hat.stick();
    hat.wait_for(&rgb565(&frames[0], Rotation::R90));
    click(&mut stick, joystick::KEY_RIGHT);
    hat.wait_for(&rgb565(&frames[1], Rotation::R90));
    click(&mut stick, joystick::KEY_ENTER);
    hat.wait_for(&rgb565(&frames[2], Rotation::R90));
    assert_ne!(rgb565(&frames[2], Rotation::R90), rgb565(&frames[2], Rotation::R0));
    terminate(&mut game);
}

#[test]
fn a_joystick_that_goes_away_is_waited_for_and_the_game_goes_on() {
    let hat = Hat::new("vanish");
    let frames = script_frames(&["left", "press", "down"]);
    let mut game = hat.start(&[]);
    let mut stick = hat.stick();
    click(&mut stick, joystick::KEY_LEFT);
    click(&mut stick, joystick::KEY_ENTER);
    hat.wait_for(&rgb565(&frames[2], Rotation::R0));
    // The FIFO's writer leaving is the device vanishing: end of file.
    drop(stick);
    std::thread::sleep(Duration::from_millis(100));
    let mut stick = hat.stick();
    click(&mut stick, joystick::KEY_DOWN);
    hat.wait_for(&rgb565(&frames[3], Rotation::R0));
    let (status, _, log) = terminate(&mut game);
    assert!(status.success());
    assert!(log.contains("joystick") && log.contains("gone"), "{log}");
    assert!(log.contains("is back"), "{log}");
}

#[test]
fn sigterm_and_sigint_darken_the_leds_and_exit_zero() {
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let hat = Hat::new(&format!("signal{signal}"));
        let frames = script_frames(&[]);
        let mut game = hat.start(&[]);
        let _stick = hat.stick();
        hat.wait_for(&rgb565(&frames[0], Rotation::R0));
        unsafe { libc::kill(game.id() as i32, signal) };
        let status = game.wait().unwrap();
        assert_eq!(status.code(), Some(0), "signal {signal}");
        assert_eq!(hat.leds(), vec![0; 128], "signal {signal}");
    }
}

#[test]
fn brightness_dims_every_led_in_software() {
    let hat = Hat::new("dim");
    fs::write(hat.path("config.toml"), "intro = false\nbrightness = 50\n").unwrap();
    let frames = script_frames(&[]);
    let mut game = hat.start(&[]);
    let _stick = hat.stick();
    hat.wait_for(&PixelFormat::RGB565.encode(&frames[0], Rotation::R0, 50));
    terminate(&mut game);
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
    let hat = Hat::new("notfb");
    let (code, _, err) = run(&[
        "play",
        "--backend",
        "sensehat",
        "--framebuffer",
        "/dev/null",
        "--joystick",
        hat.path("dev/input/event3").to_str().unwrap(),
        "--config",
        hat.path("config.toml").to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1));
    assert!(err.contains("/dev/null is not a framebuffer"), "{err}");
}

#[test]
fn doctor_reports_the_devices_and_what_is_wrong() {
    let hat = Hat::new("doctor");
    let (s, d, c) = (hat.path("sys"), hat.path("dev"), hat.path("config.toml"));
    let roots = ["--sysfs-root", s.to_str().unwrap(), "--dev-root", d.to_str().unwrap()];
    let (code, out, _) = run(&[&["doctor", "--config", c.to_str().unwrap()][..], &roots].concat());
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("fb1: 8x8, 16 bits, red 11+5 green 5+6 blue 0+5"), "{out}");
    assert!(out.contains("event3: readable"), "{out}");
    assert!(out.contains("config.toml: valid"), "{out}");

    fs::write(&c, "size = 40\n").unwrap();
    fs::remove_file(hat.path("sys/class/input/event3/device/name")).unwrap();
    let (code, out, _) = run(&[&["doctor", "--config", c.to_str().unwrap()][..], &roots].concat());
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("2 problem(s)"), "{out}");
    assert!(out.contains("Raspberry Pi Sense HAT Joystick") && out.contains("dtoverlay"), "{out}");
    assert!(out.contains(":1: size: size must be 4 to"), "{out}");
}

#[test]
fn the_hat_scrolls_the_intro_at_start_and_a_press_skips_it_unapplied() {
    let hat = Hat::new("intro");
    fs::write(hat.path("config.toml"), "").unwrap();
    let board = rgb565(&script_frames(&[])[0], Rotation::R0);
    let mut game = hat.start(&[]);
    let mut stick = hat.stick();
    // The title scrolls first: white text on black, not the board.
    let end = Instant::now() + Duration::from_secs(20);
    while hat.leds() == vec![0xEE; 128] || hat.leds().iter().all(|&b| b == 0) {
        assert!(Instant::now() < end, "nothing was shown");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_ne!(hat.leds(), board, "the intro is on show");
    // A press skips it and is not applied: the empty board, no queen.
    click(&mut stick, joystick::KEY_ENTER);
    hat.wait_for(&board);
    terminate(&mut game);
}

#[test]
fn sigterm_in_the_middle_of_an_animation_still_leaves_the_leds_dark() {
    let hat = Hat::new("midanimation");
    fs::write(hat.path("config.toml"), "").unwrap(); // the intro scrolls for seconds
    let mut game = hat.start(&[]);
    let _stick = hat.stick();
    let end = Instant::now() + Duration::from_secs(20);
    while hat.leds() == vec![0xEE; 128] || hat.leds().iter().all(|&b| b == 0) {
        assert!(Instant::now() < end, "the intro never showed");
        std::thread::sleep(Duration::from_millis(5));
    }
    let (status, _, log) = terminate(&mut game);
    assert_eq!(status.code(), Some(0), "{log}");
    assert_eq!(hat.leds(), vec![0; 128]);
}

#[test]
fn doctor_lists_every_group_of_a_user_in_more_than_256() {
    use std::os::unix::process::CommandExt;
    // Only root may set its groups; elsewhere the check cannot be made.
    if unsafe { libc::geteuid() } != 0 {
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
