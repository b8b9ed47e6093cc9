//! Tilt to play through the built binary on the script backend (`tilt
//! PITCH ROLL` lines, the virtual clock moved by `wait`): a game played by
//! tilting lights the same frames as the joystick's game of the same moves;
//! the dead zone and the repeat from the config file; the menu's TILT
//! turning it on and off, kept in the state file; `--tilt` refused where
//! nothing senses a tilt. The rule's every case is the engine's unit tests
//! (`crates/engine/src/game/tilt.rs`); the HAT's motion sensor behind it is
//! `sensehat`'s, the emulator's IMU file `scripts/sense-emu-check`'s.

use crate::common;

use common::bin::{play, with_input};
use queens::game::{Event, Frame, tilt};
use sense_hat::Direction;
use sense_hat::Rotation;
use std::fs;
use std::path::PathBuf;

/// A fresh folder for one test's files.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("queens-tilt-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The settled frames `queens play --backend script ARGS` prints for `script`,
/// each shown once (a line that changes nothing prints the same frame again).
fn frames(args: &[&str], script: &str) -> Vec<Frame> {
    let out = play(["--backend", "script"].iter().chain(args), script);
    let mut frames: Vec<Frame> = String::from_utf8(out.stdout)
        .unwrap()
        .split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| block.parse().unwrap())
        .collect();
    frames.dedup();
    frames
}

#[test]
fn a_game_played_by_tilting_lights_the_joysticks_frames() {
    let joystick = frames(&[], "down\ndown\nright\npress\nleft\nleft\nleft\nup\npress\n");
    // Down past the dead zone, held for one repeat, level; right, level; press; left held
    // for two repeats; up; press.
    let tilted = "tilt 0 25\nwait 300\ntilt 0 0\ntilt -15 4\ntilt 3 3\npress\n\
                  tilt 40 0\nwait 299\nwait 1\nwait 300\ntilt 0 0\ntilt 0 -12\ntilt 0 0\npress\n";
    assert_eq!(frames(&["--tilt"], tilted), joystick);
    // The same moves with the joystick beside the tilt.
    let mixed =
        "tilt 0 25\nwait 300\ntilt 0 0\nright\npress\ntilt 40 0\nwait 300\nwait 300\ntilt 0 0\nup\npress\n";
    assert_eq!(frames(&["--tilt"], mixed), joystick);
    // Without --tilt a tilt moves nothing.
    assert_eq!(frames(&[], "tilt 0 25\nwait 1000\npress\n"), frames(&[], "press\n"));
}

#[test]
fn the_dead_zone_and_the_repeat_are_the_config_files() {
    let dir = fresh_dir("config");
    let config = dir.join("config.toml");
    fs::write(&config, "tilt = true\ntilt_dead_zone = 30\ntilt_repeat_ms = 1000\n").unwrap();
    let config = config.to_str().unwrap();
    let args = ["--config", config];
    assert_eq!(frames(&args, "tilt 25 0\nwait 5000\n"), frames(&[], ""), "25 degrees is level here");
    assert_eq!(
        frames(&args, "tilt 35 0\nwait 999\ntilt 0 0\npress\n"),
        frames(&[], "left\npress\n"),
        "one move in the first 999 ms"
    );
    assert_eq!(frames(&args, "tilt 35 0\nwait 1000\ntilt 0 0\npress\n"), frames(&[], "left\nleft\npress\n"));
    for (bad, why) in [
        ("tilt_dead_zone = 0\n", "the largest tilt that is still level, 1 to 45 degrees: 0 is too small"),
        (
            "tilt_repeat_ms = 50\n",
            "a tilted HAT moves again after this long, 100 to 10000 ms: 50 is too small",
        ),
        ("tilt = 1\n", "tilt"),
    ] {
        fs::write(dir.join("bad.toml"), bad).unwrap();
        let out = with_input(
            ["play", "--backend", "script", "--config", dir.join("bad.toml").to_str().unwrap()],
            "",
        );
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(78), "{bad}: {err}");
        assert!(err.contains(why) && err.lines().count() == 1, "{bad}: {err}");
    }
}

#[test]
fn the_menus_tilt_turns_it_on_and_off_and_the_state_file_keeps_it() {
    let dir = fresh_dir("menu");
    let state = dir.join("state.toml");
    let state = state.to_str().unwrap();
    // TILT is the menu's last item: hold, one step left from the first, press.
    let on = frames(&["--state", state], "hold\nleft\npress\nwait 2000\ntilt 0 30\ntilt 0 0\npress\n");
    assert!(fs::read_to_string(state).unwrap().contains("tilt = true"));
    assert_eq!(on.last(), frames(&[], "down\npress\n").last());
    // Kept: the next game tilts, until the menu turns it off.
    let next =
        frames(&["--state", state], "tilt 0 30\ntilt 0 0\nhold\nleft\npress\nwait 2000\ntilt 0 30\npress\n");
    assert!(!fs::read_to_string(state).unwrap().contains("tilt"), "off: not written");
    assert_eq!(next.last(), frames(&[], "down\npress\n").last(), "the first tilt only");
}

#[test]
fn tilt_asked_where_nothing_senses_it_is_one_line_and_status_2() {
    let out = with_input(["play", "--backend", "terminal", "--tilt"], "");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--tilt: the terminal backend has no motion sensor"), "{err}");
}

#[test]
fn a_tilt_turns_with_the_rotation_exactly_as_the_hats_joystick_does() {
    let rotations = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];
    let keys = [
        (Direction::Up, Event::Up),
        (Direction::Right, Event::Right),
        (Direction::Down, Event::Down),
        (Direction::Left, Event::Left),
    ];
    let event = |d: Direction| keys.iter().find(|k| k.0 == d).unwrap().1;
    for (turns, rotation) in rotations.into_iter().enumerate() {
        for (direction, key) in keys {
            assert_eq!(
                tilt::turned_direction(key, turns as u8),
                event(rotation.direction(direction)),
                "{rotation:?} {direction:?}"
            );
        }
    }
}
