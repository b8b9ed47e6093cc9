//! The player's saved state: the last mode and size, and which of the 92
//! solutions they have found. One small TOML file, written atomically.
//!
//! It lives in systemd's `StateDirectory` when run as a service
//! (`$STATE_DIRECTORY`), otherwise in the XDG state directory
//! (`$XDG_STATE_HOME/queens`, by default `~/.local/state/queens`). A file
//! that cannot be read or parsed is set aside with a warning, never
//! silently lost and never a crash.

use crate::game::{ModeKind, Progress, SIZES};
use anyhow::Context;
use serde::{Deserialize, Serialize};
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The file's name inside the state directory.
pub const FILE_NAME: &str = "state.toml";

/// What is remembered between runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub mode: ModeKind,
    pub size: usize,
    pub progress: Progress,
}

impl Default for State {
    /// A first run: classic on the 8x8, nothing found yet.
    fn default() -> Self {
        State { mode: ModeKind::Classic, size: 8, progress: Progress::default() }
    }
}

/// The file's layout. Unknown keys are refused, so a typo is noticed.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct OnDisk {
    mode: String,
    size: usize,
    /// Indexes of the solutions found, in the order the game lists the 92.
    found: Vec<usize>,
}

/// Where the state is kept, and what loading it found.
#[derive(Debug, Clone)]
pub struct StateFile {
    path: PathBuf,
}

/// The state read at start, and what went wrong reading it.
#[derive(Debug)]
pub struct Loaded {
    pub state: Option<State>,
    /// Set when the file was there but unusable: what happened to it.
    pub warning: Option<String>,
}

impl StateFile {
    pub fn new(path: impl Into<PathBuf>) -> StateFile {
        StateFile { path: path.into() }
    }

    /// The default place: `$STATE_DIRECTORY`, else the XDG state directory.
    pub fn default_location() -> Option<StateFile> {
        let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
        let dir = env("STATE_DIRECTORY")
            // systemd may pass several directories separated by colons; ours is the first.
            .map(|d| PathBuf::from(d.to_string_lossy().split(':').next().unwrap_or_default()))
            .or_else(|| env("XDG_STATE_HOME").map(|d| d.join("queens")))
            .or_else(|| env("HOME").map(|h| h.join(".local/state/queens")))?;
        Some(StateFile::new(dir.join(FILE_NAME)))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the state. A missing file is no state and no warning; an
    /// unreadable or corrupt one is renamed aside (`state.toml.corrupt-N`)
    /// and reported.
    pub fn load(&self) -> Loaded {
        self.remove_stale_temporaries();
        let text = match fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Loaded { state: None, warning: None };
            }
            Err(e) => return self.set_aside(&format!("cannot be read ({e})")),
        };
        match parse(&text) {
            Ok(state) => Loaded { state: Some(state), warning: None },
            Err(e) => self.set_aside(&e),
        }
    }

    /// Temporary files of saves that a crash or a kill cut short.
    fn remove_stale_temporaries(&self) {
        let (Some(dir), Some(name)) = (self.path.parent(), self.path.file_name()) else { return };
        let prefix = format!("{}.tmp-", name.to_string_lossy());
        let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
        for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
            if entry.file_name().to_string_lossy().starts_with(&prefix) {
                let _ = fs::remove_file(entry.path());
            }
        }
    }

    fn set_aside(&self, problem: &str) -> Loaded {
        let mut aside = self.path.clone().into_os_string();
        let stamp =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        aside.push(format!(".corrupt-{stamp}"));
        let warning = match fs::rename(&self.path, &aside) {
            Ok(()) => format!(
                "saved state {} {problem}; moved it to {} and started afresh",
                self.path.display(),
                PathBuf::from(&aside).display()
            ),
            Err(e) => format!(
                "saved state {} {problem}, and could not be moved aside ({e}); it will be overwritten",
                self.path.display()
            ),
        };
        Loaded { state: None, warning: Some(warning) }
    }

    /// Writes the state atomically: a temporary file in the same directory,
    /// flushed to disk, then renamed over the old one, so a crash or a full
    /// disk leaves either the old state or the new, never a torn file.
    pub fn save(&self, state: &State) -> anyhow::Result<()> {
        let dir = self.path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let text = render(state);
        let mut tmp = self.path.clone().into_os_string();
        tmp.push(format!(".tmp-{}", std::process::id()));
        let tmp = PathBuf::from(tmp);
        let written = (|| -> io::Result<()> {
            let mut file = File::create(&tmp)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            fs::rename(&tmp, &self.path)?;
            // Make the rename itself durable.
            File::open(dir)?.sync_all()
        })();
        if let Err(e) = written {
            let _ = fs::remove_file(&tmp);
            return Err(e).with_context(|| format!("cannot save {}", self.path.display()));
        }
        Ok(())
    }
}

/// The file's text for `state`.
pub fn render(state: &State) -> String {
    let on_disk = OnDisk {
        mode: state.mode.name().to_string(),
        size: state.size,
        found: state.progress.found().collect(),
    };
    let body = toml::to_string(&on_disk).expect("plain fields serialise");
    format!("# The queens game's saved state: written by the game, safe to delete.\n{body}")
}

/// Reads the file's text; the error says what is wrong, in one line.
pub fn parse(text: &str) -> Result<State, String> {
    let on_disk: OnDisk =
        toml::from_str(text).map_err(|e| format!("is not valid: {}", e.message().trim_end()))?;
    let mode = on_disk.mode.parse().map_err(|e| format!("is not valid: {e}"))?;
    if !SIZES.contains(&on_disk.size) {
        return Err(format!(
            "is not valid: size {} is outside {}..={}",
            on_disk.size,
            SIZES.start(),
            SIZES.end()
        ));
    }
    let progress = Progress::from_found(on_disk.found.iter().copied())
        .ok_or_else(|| "is not valid: 'found' lists a solution number above 91".to_string())?;
    Ok(State { mode, size: on_disk.size, progress })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> State {
        State { mode: ModeKind::Strict, size: 6, progress: Progress::from_found([0, 5, 91]).unwrap() }
    }

    #[test]
    fn a_state_survives_the_round_trip() {
        let text = render(&sample());
        assert!(text.contains("mode = \"strict\""), "{text}");
        assert_eq!(parse(&text), Ok(sample()));
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        for (text, why) in [
            ("mode = \"classic\"\nsize = 8\n", "missing field `found`"),
            ("mode = \"fast\"\nsize = 8\nfound = []\n", "unknown mode 'fast'"),
            ("mode = \"classic\"\nsize = 99\nfound = []\n", "size 99"),
            ("mode = \"classic\"\nsize = 8\nfound = [92]\n", "above 91"),
            ("mode = \"classic\"\nsize = 8\nfound = []\nextra = 1\n", "unknown field `extra`"),
            ("\u{0}\u{1}garbage", "is not valid"),
        ] {
            let err = parse(text).unwrap_err();
            assert!(err.contains(why), "{text:?}: {err}");
            assert!(!err.contains('\n'), "one line: {err}");
        }
    }

    #[test]
    fn saving_replaces_the_file_and_loading_reads_it_back() {
        let dir = tempdir();
        let file = StateFile::new(dir.join("sub/state.toml"));
        assert!(file.load().state.is_none());
        file.save(&sample()).unwrap();
        let loaded = file.load();
        assert_eq!((loaded.state, loaded.warning), (Some(sample()), None));
        let leftovers: Vec<_> = fs::read_dir(dir.join("sub")).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file left behind");
    }

    #[test]
    fn loading_tidies_up_temporaries_a_killed_save_left() {
        let dir = tempdir();
        fs::write(dir.join("state.toml.tmp-12345"), "mode = \"clas").unwrap();
        fs::write(dir.join("other.tmp-1"), "not ours").unwrap();
        let loaded = StateFile::new(dir.join("state.toml")).load();
        assert!(loaded.state.is_none() && loaded.warning.is_none());
        let names: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["other.tmp-1"]);
    }

    #[test]
    fn a_corrupt_file_is_set_aside_not_lost() {
        let dir = tempdir();
        let path = dir.join("state.toml");
        fs::write(&path, "found = [1, 2").unwrap();
        let loaded = StateFile::new(&path).load();
        assert!(loaded.state.is_none());
        let warning = loaded.warning.unwrap();
        assert!(warning.contains("moved it to"), "{warning}");
        assert!(!path.exists());
        let aside: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        assert_eq!(aside.len(), 1);
        assert_eq!(fs::read_to_string(&aside[0]).unwrap(), "found = [1, 2", "kept as it was");
    }

    fn tempdir() -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "queens-state-test-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }
}
