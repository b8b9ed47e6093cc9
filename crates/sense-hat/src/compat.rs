//! A 32-bit build on a 64-bit kernel: Raspberry Pi OS's 32-bit userland
//! boots a 64-bit kernel on a Pi 4 or 5, and runs the armhf build through
//! the kernel's compat layer. The kernel translates the framebuffer core's
//! calls and evdev's records there, but the Sense HAT LED driver
//! (`rpisense-fb`) has no 32-bit entry for its own gamma calls: they fail
//! with ENOTTY ("Inappropriate ioctl for device"). A program can warn once
//! and go on, saying why with this module's note.

/// Why the LED driver's gamma calls fail here, when this is a 32-bit build
/// on a 64-bit kernel; `None` otherwise. `program` names the program, and
/// `build_64` its 64-bit build (a package, say), which has neither limit.
pub fn gamma_note(program: &str, build_64: &str) -> Option<String> {
    let machine = crate::sys::machine()?;
    on_a_64_bit_kernel(cfg!(target_pointer_width = "32"), &machine).then(|| note(program, build_64, &machine))
}

/// Whether a build of this word size runs through the compat layer of a
/// kernel that calls its machine `machine` (`uname -m`): an arm64 kernel
/// says `aarch64`, or `armv8l` to a process that asked for a 32-bit
/// personality (`linux32`); a 32-bit ARM kernel says `armv7l` or older.
fn on_a_64_bit_kernel(build_is_32_bit: bool, machine: &str) -> bool {
    build_is_32_bit && matches!(machine, "aarch64" | "aarch64_be" | "armv8l" | "armv8b")
}

fn note(program: &str, build_64: &str, machine: &str) -> String {
    format!(
        "a 32-bit {program} on a 64-bit kernel ({machine}): the Sense HAT's LED driver has no 32-bit entry for \
         its gamma calls, so colours follow its current table and low-light mode cannot be set; the arm64 \
         build ({build_64}) has neither limit"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_32_bit_build_on_an_arm64_kernel_is_under_compat() {
        for machine in ["aarch64", "armv8l"] {
            assert!(on_a_64_bit_kernel(true, machine), "{machine}");
            assert!(!on_a_64_bit_kernel(false, machine), "64-bit build on {machine}");
        }
        // A 32-bit ARM kernel (the Pi 2 and 3's armhf OS, and armmp in the VM test).
        for machine in ["armv7l", "armv6l", "x86_64", ""] {
            assert!(!on_a_64_bit_kernel(true, machine), "{machine}");
        }
    }

    #[test]
    fn the_note_names_the_kernel_and_the_way_out() {
        let note = note("myapp", "myapp_*_arm64.deb", "aarch64");
        assert!(note.starts_with("a 32-bit myapp on a 64-bit kernel (aarch64)"), "{note}");
        assert!(note.contains("arm64"), "{note}");
    }
}
