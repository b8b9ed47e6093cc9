//! Finding the HAT's two devices by name, never by number: the LED
//! matrix's framebuffer number moves with HDMI and other displays, and the
//! joystick's event number with every other input device.

use std::fs;
use std::path::{Path, PathBuf};

/// The name the Sense HAT's framebuffer driver gives itself.
pub const LED_NAME: &str = "RPi-Sense FB";
/// The name of the joystick's input device.
pub const JOYSTICK_NAME: &str = "Raspberry Pi Sense HAT Joystick";

/// Where sysfs and the device nodes are: `/sys` and `/dev`, except in
/// tests, which build a small fake tree of both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roots {
    /// Where sysfs is (`/sys`).
    pub sys: PathBuf,
    /// Where the device nodes are (`/dev`).
    pub dev: PathBuf,
}

impl Default for Roots {
    fn default() -> Self {
        Roots { sys: PathBuf::from("/sys"), dev: PathBuf::from("/dev") }
    }
}

/// A device node and the name its driver reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The device node.
    pub path: PathBuf,
    /// The name its driver reports.
    pub name: String,
}

impl Roots {
    /// Every framebuffer, in number order.
    pub fn framebuffers(&self) -> Vec<Found> {
        self.list("class/graphics", "fb", "name", "")
    }

    /// Every evdev input device, in number order.
    pub fn input_devices(&self) -> Vec<Found> {
        self.list("class/input", "event", "device/name", "input")
    }

    /// The LED matrix's framebuffer, if there is one.
    pub fn led_matrix(&self) -> Option<PathBuf> {
        self.framebuffers().into_iter().find(|f| f.name == LED_NAME).map(|f| f.path)
    }

    /// The joystick's event device, if there is one.
    pub fn joystick(&self) -> Option<PathBuf> {
        self.input_devices().into_iter().find(|f| f.name == JOYSTICK_NAME).map(|f| f.path)
    }

    fn list(&self, class: &str, prefix: &str, name_file: &str, dev_dir: &str) -> Vec<Found> {
        let Ok(entries) = fs::read_dir(self.sys.join(class)) else { return Vec::new() };
        let mut found: Vec<(u32, Found)> = entries
            .flatten()
            .filter_map(|entry| {
                let file_name = entry.file_name().into_string().ok()?;
                let number: u32 = file_name.strip_prefix(prefix)?.parse().ok()?;
                let name = read_name(&entry.path().join(name_file))?;
                Some((number, Found { path: self.dev.join(dev_dir).join(&file_name), name }))
            })
            .collect();
        found.sort_by_key(|(number, _)| *number);
        found.into_iter().map(|(_, f)| f).collect()
    }
}

fn read_name(path: &Path) -> Option<String> {
    fs::read_to_string(path).ok().map(|s| s.trim_end_matches(['\n', '\0']).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fake_tree(tag: &str) -> Roots {
        let root = std::env::temp_dir().join(format!("sense-hat-discover-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let put = |path: &str, text: &str| {
            let path = root.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        };
        put("sys/class/graphics/fb0/name", "vc4drmfb\n");
        put("sys/class/graphics/fb1/name", "RPi-Sense FB\n");
        put("sys/class/graphics/fbcon/name", "not a framebuffer\n");
        put("sys/class/input/event0/device/name", "Logitech USB Keyboard\n");
        put("sys/class/input/event12/device/name", "Raspberry Pi Sense HAT Joystick\n");
        put("sys/class/input/mouse0/device/name", "Raspberry Pi Sense HAT Joystick\n");
        Roots { sys: root.join("sys"), dev: root.join("dev") }
    }

    #[test]
    fn devices_are_found_by_name_whatever_their_number() {
        let roots = fake_tree("names");
        assert_eq!(roots.led_matrix(), Some(roots.dev.join("fb1")));
        assert_eq!(roots.joystick(), Some(roots.dev.join("input/event12")));
        let names: Vec<_> = roots.framebuffers().into_iter().map(|f| f.name).collect();
        assert_eq!(names, ["vc4drmfb", "RPi-Sense FB"]);
        fs::remove_dir_all(roots.sys.parent().unwrap()).unwrap();
    }

    #[test]
    fn nothing_is_found_without_the_hat() {
        let roots = Roots { sys: PathBuf::from("/nonexistent"), dev: PathBuf::from("/nonexistent") };
        assert_eq!(roots.led_matrix(), None);
        assert_eq!(roots.joystick(), None);
    }
}
