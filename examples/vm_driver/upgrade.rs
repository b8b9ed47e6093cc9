//! The upgrade of `tests/vm/run package` (issue 31), in the suite where
//! tests/vm/package installed the previous release rather than this tree's
//! package, and left `/root/queens-upgrade/`: the signed repository
//! scripts/apt-repo made of this tree's package, another key's keyring, and
//! the new package's version. After the old release has saved progress, as a
//! person would: a line added to the config, the repository added with its
//! key (one signed by another key refused first), `apt-get upgrade` with
//! dpkg's conffile question answered "keep mine" (`--force-confold`). Then:
//! the service runs the new binary, the config is as edited, the progress is
//! all there. The repository is served over http on the loopback by a small
//! server here: the guest has no network and no python.

use super::Vm;
use super::Why;
use super::package::{CONFIG, QUEENS, STATE, apt_get, dark, package_status, run_ok, show, wait_active};
use std::collections::BTreeSet;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

/// What tests/vm/package leaves in the image for the upgrade; its presence says "upgrade here".
pub const DIR: &str = "/root/queens-upgrade";
const SOURCES: &str = "/etc/apt/sources.list.d/queens.sources";
const KEYRING: &str = "/etc/apt/keyrings/queens-archive-keyring.gpg";
/// The line a player adds to the config before the upgrade (a valid key: the game must start).
const EDIT: &str = "# Too bright in the evening.\nbrightness = 80\n";

/// What was there before the upgrade, for the checks after it.
struct Before {
    pid: String,
    config: String,
    progress: Progress,
}

static BEFORE: Mutex<Option<Before>> = Mutex::new(None);

/// The saved progress a player would miss: the solutions found, the streak, the mode and size.
#[derive(Debug, PartialEq)]
struct Progress {
    found: BTreeSet<i64>,
    rest: Vec<(String, String)>,
}

fn progress() -> Result<Progress, String> {
    let text = fs::read_to_string(STATE).map_err(|e| format!("{STATE}: {e}"))?;
    let table: toml::Table = text.parse().map_err(|e| format!("{STATE}: {e}"))?;
    let found = table
        .get("found")
        .and_then(toml::Value::as_array)
        .ok_or_else(|| format!("{STATE} has no found = [...]:\n{text}"))?
        .iter()
        .filter_map(toml::Value::as_integer)
        .collect();
    let rest = ["mode", "size", "daily_solved", "daily_streak"]
        .iter()
        .filter_map(|key| table.get(*key).map(|value| (key.to_string(), value.to_string())))
        .collect();
    Ok(Progress { found, rest })
}

fn new_version() -> Result<String, String> {
    let path = format!("{DIR}/version");
    Ok(fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?.trim().to_string())
}

fn installed_version() -> String {
    let out = Command::new("dpkg-query").args(["-W", "-f", "${Version}", "queens"]).output();
    out.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default()
}

/// What apt would install of queens now.
fn candidate() -> Result<String, String> {
    let policy = run_ok(Command::new("apt-cache").args(["policy", "queens"]))?;
    Ok(policy.lines().find_map(|line| line.trim().strip_prefix("Candidate: ")).unwrap_or("").to_string())
}

/// The http server, started once: its port.
static PORT: Mutex<Option<u16>> = Mutex::new(None);

fn serve() -> Result<u16, String> {
    let mut port = PORT.lock().map_err(|e| e.to_string())?;
    if let Some(port) = *port {
        return Ok(port);
    }
    let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("http server: {e}"))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?.port();
    let root = PathBuf::from(DIR).join("repo");
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let root = root.clone();
            std::thread::spawn(move || {
                let _ = answer(stream, &root);
            });
        }
    });
    *port = Some(bound);
    Ok(bound)
}

/// Answers GET requests on one connection (apt keeps it open and may send several at once) with
/// the file under `root`, or 404.
fn answer(stream: TcpStream, root: &Path) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut out = stream;
    loop {
        let mut request = String::new();
        if reader.read_line(&mut request)? == 0 {
            return Ok(());
        }
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header)? == 0 || header.trim().is_empty() {
                break;
            }
        }
        let path = request.split_whitespace().nth(1).unwrap_or("/");
        let path = decode(path.split('?').next().unwrap_or(path));
        let file = (!path.split('/').any(|part| part == ".."))
            .then(|| fs::read(root.join(path.trim_start_matches('/'))).ok())
            .flatten();
        match file {
            Some(body) => {
                write!(out, "HTTP/1.1 200 OK\r\nContent-Length: {}\r\n\r\n", body.len())?;
                out.write_all(&body)?;
            }
            None => write!(out, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")?,
        }
        out.flush()?;
    }
}

/// `%2b` and the like back to their bytes (apt quotes the `+` of a version).
fn decode(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = path.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The repository as docs/raspberry-pi.md tells a Pi owner to add it: the keyring in
/// /etc/apt/keyrings, a deb822 source naming it. Then `apt-get update`.
fn add_repository(keyring: &str) -> Result<std::process::Output, String> {
    let port = serve()?;
    fs::create_dir_all("/etc/apt/keyrings").map_err(|e| e.to_string())?;
    fs::copy(keyring, KEYRING).map_err(|e| format!("{keyring}: {e}"))?;
    let sources = format!(
        "Types: deb\nURIs: http://127.0.0.1:{port}/\nSuites: stable\nComponents: main\nSigned-By: {KEYRING}\n"
    );
    fs::write(SOURCES, sources).map_err(|e| format!("{SOURCES}: {e}"))?;
    Command::new("apt-get").args(["update", "-q"]).output().map_err(|e| format!("apt-get update: {e}"))
}

/// The player's edit, then the repository signed by a key other than the one its keyring holds:
/// apt refuses its lists, and offers nothing new.
pub fn wrong_key_refused(_: &mut Vm) -> Result<(), Why> {
    let old = installed_version();
    let config = fs::read_to_string(CONFIG).map_err(|e| format!("{CONFIG}: {e}"))?;
    fs::write(CONFIG, format!("{config}{EDIT}")).map_err(|e| format!("{CONFIG}: {e}"))?;
    let update = add_repository(&format!("{DIR}/other-keyring.gpg"))?;
    let said =
        String::from_utf8_lossy(&update.stdout).into_owned() + &String::from_utf8_lossy(&update.stderr);
    if update.status.success() {
        return Err(format!("apt-get update took a repository signed by another key:\n{said}").into());
    }
    let offered = candidate()?;
    if offered != old {
        return Err(
            format!("apt offers {offered:?} (installed {old}) after refusing the lists:\n{said}").into()
        );
    }
    Ok(())
}

/// The right keyring: apt reads the lists and offers the new version; `apt-get upgrade`,
/// keeping the edited config as dpkg's question would be answered by a person who made the edit.
pub fn apt_upgrade(_: &mut Vm) -> Result<(), Why> {
    let before = Before {
        pid: show("MainPID")?,
        config: fs::read_to_string(CONFIG).map_err(|e| format!("{CONFIG}: {e}"))?,
        progress: progress()?,
    };
    if before.progress.found.is_empty() {
        return Err(format!("no solution found before the upgrade: nothing to keep ({STATE})").into());
    }
    *BEFORE.lock().map_err(|e| e.to_string())? = Some(before);
    let update = add_repository(&format!("{DIR}/repo/queens-archive-keyring.gpg"))?;
    if !update.status.success() {
        return Err(format!(
            "apt-get update with the repository's keyring: {}\n{}",
            update.status,
            String::from_utf8_lossy(&update.stderr)
        )
        .into());
    }
    let (old, want, offered) = (installed_version(), new_version()?, candidate()?);
    // Newer than what is installed, as dpkg orders versions: else there is nothing to upgrade to.
    if !Command::new("dpkg")
        .args(["--compare-versions", &want, "gt", &old])
        .status()
        .is_ok_and(|s| s.success())
    {
        return Err(format!("the repository's {want} is not newer than the installed {old}").into());
    }
    if offered != want {
        return Err(format!("apt offers {offered:?}, not the repository's {want}").into());
    }
    apt_get(&["-o", "Dpkg::Options::=--force-confold", "upgrade"])?;
    let (installed, status) = (installed_version(), package_status());
    if installed != want || status != "install ok installed" {
        return Err(
            format!("after the upgrade dpkg says {installed} {status:?}, not {want} installed").into()
        );
    }
    Ok(())
}

fn before<T>(what: impl FnOnce(&Before) -> T) -> Result<T, String> {
    let guard = BEFORE.lock().map_err(|e| e.to_string())?;
    guard.as_ref().map(what).ok_or_else(|| "the upgrade did not run".to_string())
}

/// The service restarted by the upgrade (another process, no restart counted as a failure) on
/// the binary now in /usr/bin, which says this tree's version; the matrix lit by it.
pub fn restarted_on_the_new_binary(vm: &mut Vm) -> Result<(), Why> {
    wait_active(Duration::from_secs(30))?;
    let pid = show("MainPID")?;
    if pid == before(|b| b.pid.clone())? {
        return Err(format!("queens.service still runs the old process {pid}").into());
    }
    let exe = fs::read_link(format!("/proc/{pid}/exe")).map_err(|e| format!("/proc/{pid}/exe: {e}"))?;
    if exe != Path::new(QUEENS) {
        return Err(format!("the service runs {}, not {QUEENS}", exe.display()).into());
    }
    let version = run_ok(Command::new(QUEENS).arg("--version"))?;
    let want = format!("queens {}", env!("CARGO_PKG_VERSION"));
    if version.trim() != want {
        return Err(format!("{QUEENS} --version says {:?}, not {want:?}", version.trim()).into());
    }
    super::package::wait_for("the matrix lit", Duration::from_secs(10), || Ok(!dark(&vm.screen)?))?;
    Ok(())
}

/// The config as the player left it: apt kept their edit.
pub fn config_kept(_: &mut Vm) -> Result<(), Why> {
    let now = fs::read_to_string(CONFIG).map_err(|e| format!("{CONFIG}: {e}"))?;
    let was = before(|b| b.config.clone())?;
    if now != was || !now.ends_with(EDIT) {
        return Err(format!("{CONFIG} is not as edited; now:\n{now}").into());
    }
    Ok(())
}

/// Every solution found before, the mode and size (and the streak, if any) still saved, as the
/// new binary reads and writes the file.
pub fn progress_kept(_: &mut Vm) -> Result<(), Why> {
    let now = progress()?;
    let was = before(|b| (b.progress.found.clone(), b.progress.rest.clone()))?;
    if !now.found.is_superset(&was.0) || now.rest != was.1 {
        return Err(format!("progress before the upgrade {was:?}, after {now:?}").into());
    }
    Ok(())
}
