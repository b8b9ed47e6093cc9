//! The direct-I2C backend through the built binary, where no hardware is
//! needed: what `play --backend i2c` and `doctor` say about a bus that is
//! missing, is not a bus, or is held by a kernel driver. The chip protocol
//! and the backend's loop are unit-tested against embedded-hal-mock
//! (crates/sense-hat/src/i2c/); the real i2c-dev and GPIO uAPI need the VM test.
//!
//! What it proves, in full (with the unit tests beside the code): the direct-I2C path: every
//! transaction against `embedded-hal-mock` (the six block writes with rotation and gamma held by
//! the matrix; who-am-I right, wrong and unacknowledged; the joystick register with its repeated
//! start, its baseline read at start, each edge read once), the 0xF2 bit changes to events, bits
//! 5-7 ignored, the gamma mapping against the kernel's path for every channel value; the HAT's
//! backend (one for both paths) on the crate's mock: a matrix lost and opened again after the
//! back-off, turned and showing the last frame, a stick lost and found, a refused gamma call made
//! on every open and warned of once, a stick that may wait (the interrupt line) looked for while
//! the board shows; through the binary, the one-line errors and `doctor`'s report. Not proven here:
//! the real i2c-dev and GPIO uAPI calls (the VM test, with i2c-stub and gpio-sim), and the chip
//! itself

use crate::common;

use common::bin::run;

use std::fs;
use std::path::PathBuf;

/// A fake /sys with no Sense HAT framebuffer, and a regular file as `/dev/i2c-1`.
fn tree(tag: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("queens-i2c-{tag}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(root.join("sys/bus/i2c/devices/1-0046")).unwrap();
    fs::create_dir_all(root.join("sys/bus/i2c/drivers/rpi-sense")).unwrap();
    fs::create_dir_all(root.join("dev")).unwrap();
    fs::write(root.join("dev/i2c-1"), "").unwrap();
    fs::write(root.join("config.toml"), "").unwrap();
    root
}

#[test]
fn a_missing_bus_is_one_line_that_says_how_to_enable_it() {
    let (code, _, err) =
        run(&["play", "--backend", "i2c", "--i2c-bus", "/nonexistent/i2c-1", "--config", "/dev/null"]);
    assert_eq!(code, Some(1));
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("/nonexistent/i2c-1"), "{err}");
    // The firmware's fix only on a Pi: elsewhere there is no config.txt to edit.
    let on_a_pi = std::fs::read_to_string("/sys/firmware/devicetree/base/model")
        .is_ok_and(|model| model.contains("Raspberry Pi"));
    assert_eq!(err.contains("dtparam=i2c_arm=on"), on_a_pi, "{err}");
    assert!(err.contains("--i2c-bus"), "{err}");
}

/// A file that is there but is no I2C bus (a stranger's `--i2c-bus /dev/null`): the fix is
/// another bus, not enabling I2C in the firmware.
#[test]
fn a_file_that_will_not_open_as_a_bus_is_not_sent_to_the_firmware() {
    let (code, _, err) =
        run(&["play", "--backend", "i2c", "--i2c-bus", "/dev/null", "--config", "/dev/null"]);
    assert_eq!(code, Some(1));
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(!err.contains("config.txt") && err.contains("--i2c-bus"), "{err}");
}

#[test]
fn a_file_that_is_not_a_bus_is_refused_without_a_panic() {
    let root = tree("notabus");
    let bus = root.join("dev/i2c-1");
    let (code, _, err) =
        run(&["play", "--backend", "i2c", "--i2c-bus", bus.to_str().unwrap(), "--config", "/dev/null"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("cannot open the I2C bus") && !err.contains("panicked"), "{err}");
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_gpio_line_needs_its_chip() {
    let (code, _, err) = run(&["play", "--backend", "i2c", "--gpio-line", "5"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--gpiochip"), "{err}");
}

#[test]
fn doctor_reports_the_bus_and_a_kernel_driver_holding_the_chip() {
    let root = tree("doctor");
    let (sys, dev, bus) = (root.join("sys"), root.join("dev"), root.join("dev/i2c-1"));
    let doctor = |bus: &str| {
        let (sys, dev) = (sys.to_str().unwrap(), dev.to_str().unwrap());
        run(&["doctor", "--config", "/dev/null", "--i2c-bus", bus, "--sysfs-root", sys, "--dev-root", dev])
    };
    let (code, out, _) = doctor("/nonexistent/i2c-1");
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("I2C bus") && out.contains("/nonexistent/i2c-1: absent"), "{out}");

    std::os::unix::fs::symlink(
        "../../../../bus/i2c/drivers/rpi-sense",
        sys.join("bus/i2c/devices/1-0046/driver"),
    )
    .unwrap();
    let (code, out, _) = doctor(bus.to_str().unwrap());
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("held by the kernel driver \"rpi-sense\""), "{out}");
    assert!(out.contains("echo 1-0046 | sudo tee /sys/bus/i2c/drivers/rpi-sense/unbind"), "{out}");
    assert!(out.contains("blacklist rpisense_core"), "{out}");

    // Since the Raspberry Pi kernel's September 2024 change the chip is bound by simple-mfd-i2c.
    fs::remove_file(sys.join("bus/i2c/devices/1-0046/driver")).unwrap();
    std::os::unix::fs::symlink(
        "../../../../bus/i2c/drivers/simple-mfd-i2c",
        sys.join("bus/i2c/devices/1-0046/driver"),
    )
    .unwrap();
    let (code, out, _) = doctor(bus.to_str().unwrap());
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("echo 1-0046 | sudo tee /sys/bus/i2c/drivers/simple-mfd-i2c/unbind"), "{out}");
    assert!(
        out.contains("blacklist simple_mfd_i2c; blacklist sensehat_joystick; blacklist rpisense_fb"),
        "{out}"
    );
    assert!(!out.contains("rpi-sense/unbind") && !out.contains("rpisense_core"), "{out}");
    // Its children, bound by their own drivers, are named: the joystick's is mainline's.
    let joystick = sys.join("bus/i2c/devices/1-0046/1-0046:joystick");
    fs::create_dir_all(&joystick).unwrap();
    std::os::unix::fs::symlink(
        "../../../../../bus/platform/drivers/sensehat-joystick",
        joystick.join("driver"),
    )
    .unwrap();
    let (_, out, _) = doctor(bus.to_str().unwrap());
    assert!(
        out.contains("held by the kernel driver \"simple-mfd-i2c\", with \"sensehat-joystick\" under it"),
        "{out}"
    );
    fs::remove_dir_all(&root).unwrap();
}
