//! The joystick's interrupt line: a gpio-sim chip (built out of tree by
//! tests/vm/run, Debian's kernel lacks it) with a line named GPIO23, as
//! the Pi names it. Pulling the line up is the rising edge the firmware
//! makes when a key changes.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

const CONFIGFS: &str = "/sys/kernel/config/gpio-sim";

pub struct Sim {
    /// The line's `pull` attribute in sysfs.
    pull: PathBuf,
}

fn write(path: &Path, value: &str) -> Result<(), String> {
    fs::write(path, value).map_err(|e| format!("{}: {e}", path.display()))
}

fn read(path: &Path) -> Result<String, String> {
    Ok(fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?.trim().to_string())
}

impl Sim {
    /// A chip of 32 lines with line 23 named GPIO23, made live; `None`
    /// without gpio-sim.
    pub fn create() -> Result<Option<Sim>, String> {
        if !Path::new(CONFIGFS).exists() {
            return Ok(None);
        }
        let device = Path::new(CONFIGFS).join("queens");
        let bank = device.join("bank0");
        for dir in [&device, &bank, &bank.join("line23")] {
            fs::create_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        write(&bank.join("num_lines"), "32")?;
        write(&bank.join("line23/name"), "GPIO23")?;
        write(&device.join("live"), "1")?;
        let pull = Path::new("/sys/devices/platform")
            .join(read(&device.join("dev_name"))?)
            .join(read(&bank.join("chip_name"))?)
            .join("sim_gpio23/pull");
        Ok(Some(Sim { pull }))
    }

    /// A rising edge, then the line low again (the firmware lowers it
    /// when 0xF2 is read; the edge is queued by the kernel either way).
    pub fn edge(&self) -> Result<(), String> {
        write(&self.pull, "pull-up")?;
        std::thread::sleep(Duration::from_millis(5));
        write(&self.pull, "pull-down")
    }
}
