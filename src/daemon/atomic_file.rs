//! The file mechanics of a small file that several games share (the saved
//! state): replaced atomically, saves taking turns under a lock on its
//! folder, and a bad file set aside under a new name, never lost. What the
//! file holds, and when to do each, is the caller's
//! ([`super::state::StateFile`]).

use super::small_file::shown_path;
use nix::fcntl::{Flock, FlockArg};
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long a save waits for another game to finish its own (a save takes
/// milliseconds: a lock held longer is a game stopped mid-save, and this
/// one must not hang behind it).
pub(crate) const LOCK_WAIT: Duration = Duration::from_secs(10);

/// Replaces the file at `path` (in the folder `dir`) with `bytes`,
/// atomically: a temporary file in the same folder, flushed to disk, then
/// renamed over the old one, so a crash or a full disk leaves either the
/// old file or the new, never a torn one. The new file keeps the old one's
/// permissions and, where this user may give them, its owner and group.
pub(crate) fn replace(path: &Path, dir: &Path, bytes: &[u8]) -> io::Result<()> {
    // The file's permissions and owner, to give the new one.
    let old = fs::metadata(path).ok();
    let tmp = write_temporary(path, dir, bytes, old.as_ref())?;
    // Make the rename itself durable: the folder, and the file too, which FAT needs: a file's
    // size and first cluster live in its entry in the folder, written from the file's inode,
    // not by the folder's fsync (tests/vm/run's power cuts on FAT found the state empty after
    // saves without it; on ext4 both commit one journal transaction).
    let renamed = fs::rename(&tmp, path)
        .and_then(|()| File::open(path)?.sync_all())
        .and_then(|()| File::open(dir)?.sync_all());
    if let Err(e) = renamed {
        // Ours (created by this call, exclusively): the only temporary file ever removed.
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    Ok(())
}

/// `bytes` flushed to disk under a new temporary name beside `path`,
/// `<name>.tmp-<pid>-<n>`, never one already there (another program's,
/// or one a killed game left). They are written to an unnamed file
/// (`O_TMPFILE`) that gets its name only once flushed, so a kill while
/// writing leaves nothing behind; where the filesystem cannot do that,
/// a named file is created exclusively and written.
fn write_temporary(
    path: &Path,
    dir: &Path,
    bytes: &[u8],
    like: Option<&fs::Metadata>,
) -> io::Result<PathBuf> {
    if let Some(unnamed) = unnamed_file(dir) {
        let mut file = unnamed?;
        if let Some(old) = like {
            take_on(&file, old)?;
        }
        file.write_all(bytes)?;
        file.sync_all()?;
        if let Some(named) = name_exclusively(path, |tmp| link(&file, tmp)) {
            return named;
        }
    }
    write_named(path, bytes, like)
}

/// [`write_temporary`] where there is no unnamed file: a named one
/// created exclusively, written and flushed (removed again on failure).
fn write_named(path: &Path, bytes: &[u8], like: Option<&fs::Metadata>) -> io::Result<PathBuf> {
    let mut created = None;
    let tmp = name_exclusively(path, |tmp| {
        created = Some(fs::OpenOptions::new().write(true).create_new(true).open(tmp)?);
        Ok(())
    })
    .unwrap_or_else(|| Err(io::Error::from(io::ErrorKind::Unsupported)))?;
    let mut file = created.expect("named once created");
    let written = like
        .map_or(Ok(()), |old| take_on(&file, old))
        .and_then(|()| file.write_all(bytes))
        .and_then(|()| file.sync_all());
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    Ok(tmp)
}

/// Tries `make` on `<name>.tmp-<pid>-0`, `-1`, ... until a name is free;
/// `None` if `make` cannot work here at all (no `/proc` to link from).
fn name_exclusively(
    path: &Path,
    mut make: impl FnMut(&Path) -> io::Result<()>,
) -> Option<io::Result<PathBuf>> {
    let mut taken = None;
    for attempt in 0..100 {
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(format!(".tmp-{}-{attempt}", std::process::id()));
        let tmp = PathBuf::from(tmp);
        match make(&tmp) {
            Ok(()) => return Some(Ok(tmp)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => taken = Some(e),
            Err(e) if e.kind() == io::ErrorKind::Unsupported => return None,
            Err(e) => return Some(Err(e)),
        }
    }
    Some(Err(taken.expect("tried at least once")))
}

/// The folder `path` is in (`.` for a bare file name).
pub(crate) fn folder(path: &Path) -> PathBuf {
    // `dir/` names a folder, not a file in its parent: that folder is the one to have.
    if path.as_os_str().as_encoded_bytes().ends_with(b"/") {
        return path.to_path_buf();
    }
    path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf()
}

/// `dir` locked (`flock`) against other games' saves, waiting up to
/// [`LOCK_WAIT`] for one under way (then `WouldBlock`). `None` where the
/// folder cannot be opened or the filesystem has no locks: the save goes
/// on unlocked, as it did before there were locks.
pub(crate) fn lock(dir: &Path) -> io::Result<Option<Flock<File>>> {
    use nix::errno::Errno;
    let Ok(mut folder) = File::open(dir) else { return Ok(None) };
    let started = Instant::now();
    let mut said = false;
    loop {
        match Flock::lock(folder, FlockArg::LockExclusiveNonblock) {
            Ok(locked) => return Ok(Some(locked)),
            Err((again, Errno::EWOULDBLOCK)) if started.elapsed() < LOCK_WAIT => {
                // A wait of more than a moment is said, with how long it may last.
                if !said && started.elapsed() >= Duration::from_secs(1) {
                    log::warn!(
                        "another queens is saving in {}; waiting for it, at most {} s",
                        shown_path(dir),
                        LOCK_WAIT.as_secs()
                    );
                    said = true;
                }
                folder = again;
                std::thread::sleep(Duration::from_millis(10));
            }
            Err((_, Errno::EWOULDBLOCK)) => return Err(io::ErrorKind::WouldBlock.into()),
            Err((_, Errno::ENOLCK | Errno::EOPNOTSUPP | Errno::EINVAL)) => return Ok(None),
            Err((_, errno)) => return Err(errno.into()),
        }
    }
}

/// Whether the file at `path` was made read-only: no write permission for
/// anyone (`chmod a-w`, which is respected even by root, who could write
/// it anyway), or none for us (another user's file, a read-only mount).
/// Nothing there is not read-only: the save creates it.
pub(crate) fn is_read_only(path: &Path) -> bool {
    use nix::fcntl::AtFlags;
    use nix::unistd::{AccessFlags, faccessat};
    use std::os::unix::fs::PermissionsExt;
    let Ok(meta) = fs::metadata(path) else { return false };
    meta.permissions().mode() & 0o222 == 0
        || faccessat(None, path, AccessFlags::W_OK, AtFlags::AT_EACCESS).is_err()
}

/// Gives `file` (the new state) what the old one had: its permission bits,
/// and its owner and group where this user may (root may give any; others
/// keep their own user, and may give a group they are in), so that a save
/// changes the text and nothing else (another user sharing the file can
/// still write it).
fn take_on(file: &File, old: &fs::Metadata) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt, fchown};
    if fchown(file, Some(old.uid()), Some(old.gid())).is_err() {
        // Not allowed: the group alone, if it is ours; else the file is this user's.
        let _ = fchown(file, None, Some(old.gid()));
    }
    file.set_permissions(fs::Permissions::from_mode(old.mode() & 0o777))
}

/// An unnamed file in `dir` (`O_TMPFILE`); `None` where the kernel or the
/// filesystem has none.
fn unnamed_file(dir: &Path) -> Option<io::Result<File>> {
    use std::os::unix::fs::OpenOptionsExt;
    match fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_TMPFILE | libc::O_CLOEXEC)
        .mode(0o644)
        .open(dir)
    {
        Ok(file) => Some(Ok(file)),
        Err(e) if matches!(e.raw_os_error(), Some(libc::EOPNOTSUPP | libc::EISDIR | libc::EINVAL)) => None,
        Err(e) => Some(Err(e)),
    }
}

/// Gives the unnamed `file` the name `to` (`linkat` through `/proc`, which
/// needs no privilege); fails if `to` exists, and says `Unsupported` where
/// there is no `/proc` to link from.
fn link(file: &File, to: &Path) -> io::Result<()> {
    use nix::errno::Errno;
    use nix::fcntl::AtFlags;
    use nix::unistd::linkat;
    use std::os::fd::AsRawFd;
    let from = PathBuf::from(format!("/proc/self/fd/{}", file.as_raw_fd()));
    // No directory descriptors: both paths are absolute or relative to the working directory.
    match linkat(None, from.as_path(), None, to, AtFlags::AT_SYMLINK_FOLLOW) {
        Ok(()) => Ok(()),
        // No /proc, or a filesystem that will not link: the caller writes a named file instead.
        Err(Errno::ENOENT | Errno::EPERM | Errno::EXDEV | Errno::EOPNOTSUPP) => {
            Err(io::Error::from(io::ErrorKind::Unsupported))
        }
        Err(errno) => Err(errno.into()),
    }
}

/// Renames `path` to `<path>.corrupt-<seconds>` (`-2`, `-3`, ... after it
/// when that name is taken), never over a file already there: a second
/// corrupt state in the same second, or a file of the user's by that name,
/// is kept. Where hard links work the new name is made with `link(2)`,
/// which refuses an existing name atomically, and the old one removed.
pub(crate) fn move_aside(path: &Path) -> io::Result<PathBuf> {
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    for n in 1..1000 {
        let mut aside = path.as_os_str().to_owned();
        aside.push(format!(".corrupt-{stamp}"));
        if n > 1 {
            aside.push(format!("-{n}"));
        }
        let aside = PathBuf::from(aside);
        match fs::hard_link(path, &aside) {
            Ok(()) => return fs::remove_file(path).map(|()| aside),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            // No hard links here (a FAT partition, say): look, then rename.
            Err(_) if fs::symlink_metadata(&aside).is_err() => {
                return fs::rename(path, &aside).map(|()| aside);
            }
            Err(_) => continue,
        }
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, "every name to set it aside under is taken"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_ways_of_writing_a_temporary_take_a_free_name_of_their_own() {
        let dir = tempdir();
        let path = dir.join("state.toml");
        let pid = std::process::id();
        fs::write(dir.join(format!("state.toml.tmp-{pid}-0")), "not ours").unwrap();
        let unnamed_first = write_temporary(&path, &dir, b"one", None).unwrap();
        let named = write_named(&path, b"two", None).unwrap();
        assert_eq!(unnamed_first, dir.join(format!("state.toml.tmp-{pid}-1")));
        assert_eq!(named, dir.join(format!("state.toml.tmp-{pid}-2")));
        assert_eq!(fs::read_to_string(&unnamed_first).unwrap(), "one");
        assert_eq!(fs::read_to_string(&named).unwrap(), "two");
        assert_eq!(fs::read_to_string(dir.join(format!("state.toml.tmp-{pid}-0"))).unwrap(), "not ours");
    }

    fn tempdir() -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "queens-atomic-file-test-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }
}
