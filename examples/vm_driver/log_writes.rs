//! The kernel's `dm-log-writes` target, driven without `dmsetup` (busybox
//! has none), and its log read back: every write the file system sent the
//! disk, in the order the disk finished them, with the flushes and FUA
//! writes that made them durable, and the marks set between. Replaying a
//! prefix of the log onto the disk as it was before is the disk after a
//! power cut at that moment, which is how xfstests tests file systems'
//! crash consistency (its `replay-log`), here in a few lines.

use crate::sys::{DM_IOCTL_SIZE, dm_ioctl};
use std::fs::{self, File};
use std::path::{Path, PathBuf};

const DM_DEV_CREATE: u8 = 3;
const DM_DEV_REMOVE: u8 = 4;
const DM_DEV_SUSPEND: u8 = 6;
const DM_TABLE_LOAD: u8 = 9;
const DM_TARGET_MSG: u8 = 14;

/// The log's super block (sector 0): `WRITE_LOG_MAGIC`, and each entry's flags.
const MAGIC: u64 = 0x006a_7366_7773_6872;
const FLUSH: u64 = 1;
const FUA: u64 = 2;
const DISCARD: u64 = 4;
const MARK: u64 = 8;

/// A `log-writes` device mapped over `data`, logging to `log`.
pub struct LogWrites {
    name: String,
    /// `/dev/dm-N`.
    pub device: PathBuf,
}

impl LogWrites {
    /// Creates the device `name`: `log-writes DATA LOG` over all of `data`'s sectors.
    pub fn create(name: &str, data: &Path, log: &Path, sectors: u64) -> Result<LogWrites, String> {
        let created = dm(DM_DEV_CREATE, name, 0, &[])?;
        let dev = u64::from_ne_bytes(created[40..48].try_into().expect("8 bytes"));
        let target =
            LogWrites { name: name.into(), device: PathBuf::from(format!("/dev/dm-{}", dev & 0xff)) };
        // One dm_target_spec (40 bytes: start, length, status, next, type[16]), then its parameters.
        let params = format!("{} {}\0", data.display(), log.display());
        let mut spec = Vec::new();
        spec.extend(0u64.to_ne_bytes());
        spec.extend(sectors.to_ne_bytes());
        spec.extend(0i32.to_ne_bytes());
        spec.extend(0u32.to_ne_bytes());
        let mut kind = [0u8; 16];
        kind[..10].copy_from_slice(b"log-writes");
        spec.extend(kind);
        spec.extend(params.as_bytes());
        dm(DM_TABLE_LOAD, name, 1, &spec)?;
        // "Suspend" without its suspend flag resumes: the table loaded goes live.
        dm(DM_DEV_SUSPEND, name, 0, &[])?;
        Ok(target)
    }

    /// Sets the mark `text` in the log, between the writes finished before and after.
    pub fn mark(&self, text: &str) -> Result<(), String> {
        let mut message = 0u64.to_ne_bytes().to_vec();
        message.extend(format!("mark {text}\0").as_bytes());
        dm(DM_TARGET_MSG, &self.name, 0, &message).map(|_| ())
    }

    /// Removes the device, once every write it logs has reached the log.
    pub fn remove(self) -> Result<(), String> {
        dm(DM_DEV_REMOVE, &self.name, 0, &[]).map(|_| ())
    }
}

/// One device-mapper ioctl on `name` with `data` after the header; the header as the kernel returned it.
fn dm(command: u8, name: &str, targets: u32, data: &[u8]) -> Result<Vec<u8>, String> {
    // Room after the data for what the kernel answers (none of these commands answers much).
    let size = (DM_IOCTL_SIZE + data.len()).div_ceil(8) * 8 + 16 * 1024;
    let mut buffer = vec![0u8; size];
    let words: [u32; 7] = [4, 0, 0, size as u32, DM_IOCTL_SIZE as u32, targets, 0];
    for (i, word) in words.iter().enumerate() {
        buffer[i * 4..i * 4 + 4].copy_from_slice(&word.to_ne_bytes());
    }
    buffer[48..48 + name.len()].copy_from_slice(name.as_bytes());
    buffer[DM_IOCTL_SIZE..DM_IOCTL_SIZE + data.len()].copy_from_slice(data);
    let control = File::open("/dev/mapper/control").map_err(|e| format!("/dev/mapper/control: {e}"))?;
    dm_ioctl(&control, command, &mut buffer)
        .map_err(|e| format!("device-mapper command {command} on {name}: {e}"))?;
    Ok(buffer)
}

/// One entry of the log.
pub struct Entry {
    /// Where the write went, in bytes; its data (empty for a flush or a mark).
    pub offset: u64,
    pub data: Vec<u8>,
    flags: u64,
    pub mark: Option<String>,
}

impl Entry {
    /// Whether a power cut right after this entry is a moment to check: a
    /// flush or a FUA write (what the disk had to keep), or a mark.
    pub fn is_cut_point(&self) -> bool {
        self.flags & (FLUSH | FUA | MARK) != 0
    }

    /// Applies the entry to `disk`, the data device's bytes.
    pub fn apply(&self, disk: &mut [u8]) {
        let at = self.offset as usize;
        if self.flags & DISCARD != 0 {
            disk[at..at + self.data.len()].fill(0);
        } else if !self.data.is_empty() {
            disk[at..at + self.data.len()].copy_from_slice(&self.data);
        }
    }
}

/// The entries the log at `path` holds, as far as its super block counts them.
pub fn read(path: &Path) -> Result<Vec<Entry>, String> {
    let log = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let word = |at: usize| u64::from_le_bytes(log[at..at + 8].try_into().expect("8 bytes"));
    if log.len() < 32 || word(0) != MAGIC {
        return Err("the log has no dm-log-writes super block".into());
    }
    let count = word(16);
    let sector = u32::from_le_bytes(log[24..28].try_into().expect("4 bytes")) as usize;
    let mut at = sector;
    let mut entries = Vec::new();
    for i in 0..count {
        if at + sector > log.len() {
            return Err(format!("entry {i} of {count} is past the log's end"));
        }
        let (start, sectors, flags, len) = (word(at), word(at + 8), word(at + 16), word(at + 24) as usize);
        let mark =
            (flags & MARK != 0).then(|| String::from_utf8_lossy(&log[at + 32..at + 32 + len]).into_owned());
        at += sector;
        let bytes = sectors as usize * sector;
        let data = if flags & DISCARD != 0 {
            vec![0; bytes]
        } else {
            at += bytes;
            log.get(at - bytes..at).ok_or(format!("entry {i}'s data is past the log's end"))?.to_vec()
        };
        entries.push(Entry { offset: start * sector as u64, data, flags, mark });
    }
    Ok(entries)
}
