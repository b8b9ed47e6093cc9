//! Reading the small files the game is given (the config file, the saved
//! state) without trusting what the path names: a FIFO must not hang the
//! game, `/dev/zero` must not fill its memory, and a directory or a device
//! is nothing to parse.
//!
//! The file is opened without blocking (a FIFO with no writer opens at
//! once), its type is taken from the open descriptor (`fstat`, so nothing
//! can be swapped in between a check and the read), and at most a limit is
//! read.
//!
//! An input the user hands a command (a puzzle to solve) is another matter:
//! a pipe is how shells pass one (`queens regions solve <(...)`), so
//! [`read_input`] takes a FIFO, a terminal or standard input as well, waits
//! for its writer as `cat` would, and keeps only the limit.

use std::fs::OpenOptions;
use std::io::{self, Read};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

pub(crate) use crate::backend::error::shown_path;

/// Why a file was not read. Its text is one line, without the path.
#[derive(Debug)]
pub(crate) enum Refused {
    /// A directory, a FIFO, a device or a socket: named as such.
    NotRegular(&'static str),
    /// A directory given as an input, which may be any stream but not that.
    Directory,
    /// Larger than the limit, in bytes.
    TooLarge(u64),
    /// Opening or reading failed (permission denied, say).
    Io(io::Error),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::NotRegular(kind) => write!(f, "is {kind}, not a regular file"),
            Refused::Directory => write!(f, "is a directory, not a file"),
            Refused::TooLarge(limit) => write!(f, "is larger than {} KiB", limit / 1024),
            Refused::Io(e) => write!(f, "cannot be read ({e})"),
        }
    }
}

/// The bytes of the regular file at `path`, at most `limit` of them;
/// `Ok(None)` if nothing is there.
pub(crate) fn read(path: &Path, limit: u64) -> Result<Option<Vec<u8>>, Refused> {
    let file = match OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC | libc::O_NOCTTY)
        .open(path)
    {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Refused::Io(e)),
    };
    let kind = file.metadata().map_err(Refused::Io)?.file_type();
    if !kind.is_file() {
        return Err(Refused::NotRegular(kind_name(kind)));
    }
    read_capped(file, limit).map(Some)
}

/// The bytes of an input the user names: a regular file, a FIFO (a shell's
/// `<(...)`), a terminal or any other stream, read to its end, at most
/// `limit` of them; `Ok(None)` if nothing is there. Only a directory is
/// refused by its type: there is nothing in it to read. A FIFO with no
/// writer waits for one, as `cat` does: the user named it to be read.
pub(crate) fn read_input(path: &Path, limit: u64) -> Result<Option<Vec<u8>>, Refused> {
    let file = match OpenOptions::new().read(true).custom_flags(libc::O_CLOEXEC | libc::O_NOCTTY).open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Refused::Io(e)),
    };
    if file.metadata().map_err(Refused::Io)?.is_dir() {
        return Err(Refused::Directory);
    }
    read_capped(file, limit).map(Some)
}

/// Standard input, read to its end, at most `limit` bytes.
pub(crate) fn read_stdin(limit: u64) -> Result<Vec<u8>, Refused> {
    read_capped(io::stdin().lock(), limit)
}

/// Whether `path` is something other than a regular file (a missing path is
/// not): what a save must not replace.
pub(crate) fn is_not_regular(path: &Path) -> Option<&'static str> {
    let kind = std::fs::metadata(path).ok()?.file_type();
    (!kind.is_file()).then(|| kind_name(kind))
}

fn read_capped(source: impl Read, limit: u64) -> Result<Vec<u8>, Refused> {
    let mut bytes = Vec::new();
    source.take(limit + 1).read_to_end(&mut bytes).map_err(Refused::Io)?;
    if bytes.len() as u64 > limit {
        return Err(Refused::TooLarge(limit));
    }
    Ok(bytes)
}

fn kind_name(kind: std::fs::FileType) -> &'static str {
    if kind.is_dir() {
        "a directory"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a plain file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;
    use std::time::{Duration, Instant};

    /// A fresh scratch directory holding a FIFO named `fifo`: (the directory, the FIFO).
    fn dir_with_fifo(tag: &str) -> (PathBuf, PathBuf) {
        let dir = std::env::temp_dir().join(format!("queens-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("fifo");
        nix::unistd::mkfifo(fifo.as_path(), nix::sys::stat::Mode::S_IRUSR | nix::sys::stat::Mode::S_IWUSR)
            .unwrap();
        (dir, fifo)
    }

    #[test]
    fn only_regular_files_are_read_and_only_up_to_the_limit() {
        let (dir, fifo) = dir_with_fifo("small-file");
        std::fs::write(dir.join("small"), "abc").unwrap();
        std::fs::write(dir.join("large"), [b'x'; 2000]).unwrap();

        let started = Instant::now();
        for (path, want) in [
            (fifo.as_path(), "is a FIFO, not a regular file"),
            (dir.as_path(), "is a directory, not a regular file"),
            (Path::new("/dev/zero"), "is a character device, not a regular file"),
            (&dir.join("large"), "is larger than 1 KiB"),
        ] {
            let refused = read(path, 1024).unwrap_err().to_string();
            assert_eq!(refused, want, "{}", path.display());
        }
        assert!(started.elapsed() < Duration::from_secs(5), "a FIFO with no writer did not hang the read");
        assert_eq!(read(&dir.join("small"), 1024).unwrap(), Some(b"abc".to_vec()));
        assert_eq!(read(&dir.join("missing"), 1024).unwrap(), None);
        assert_eq!(read(&dir.join("large"), 2000).unwrap().map(|b| b.len()), Some(2000));
        assert_eq!(is_not_regular(&fifo), Some("a FIFO"));
        assert_eq!(is_not_regular(&dir.join("small")), None);
        assert_eq!(is_not_regular(&dir.join("missing")), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_input_may_be_a_fifo_but_not_a_directory_and_only_up_to_the_limit() {
        let (dir, fifo) = dir_with_fifo("input-file");
        let writer = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::write(fifo, "AB\nBA\n").unwrap())
        };
        assert_eq!(read_input(&fifo, 1024).unwrap(), Some(b"AB\nBA\n".to_vec()));
        writer.join().unwrap();
        assert_eq!(read_input(&dir, 1024).unwrap_err().to_string(), "is a directory, not a file");
        assert_eq!(read_input(Path::new("/dev/zero"), 1024).unwrap_err().to_string(), "is larger than 1 KiB");
        assert_eq!(read_input(&dir.join("missing"), 1024).unwrap(), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
