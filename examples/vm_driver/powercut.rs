//! `vm_driver powercut QUEENS CUTS`: pulling the plug at every moment that
//! matters, on the kernel's own file systems: ext4, as Raspberry Pi OS
//! formats its root, and FAT32, as its boot partition or a USB stick is
//! (each made empty by tests/vm/run). The game's state and config live on
//! the file system, on a `dm-log-writes` device, which logs every write the
//! disk was sent ([`log_writes`]). The game plays and saves, run after run
//! (solutions found, mode and size chosen, a regions puzzle in play, the
//! daily puzzle solved), and each run's end is marked in the log. Then the
//! log is replayed onto the file system as it was before, and at every
//! flush, FUA write and mark (the moments a power cut leaves something
//! different on the disk; between them, the disk may have kept or dropped
//! any write sent since the last flush, and the replay keeps none) the
//! disk is mounted as a fresh boot would (ext4's journal replayed by the
//! kernel) and checked: the state is the one the last finished run saved,
//! or one the run under way wrote, whole; nothing else in its folder (on
//! FAT, a save's named temporary may be); the config as it was; and the
//! next start plays on with that state, saves, and says nothing. Prints
//! `power cuts: N cut points, W states whole, L lost`, all file systems
//! together, after a line for each.

use super::log_writes::{self, LogWrites};
use queens::regions::generate;
use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The empty file systems tests/vm/run made (`ext4.img`, `vfat.img`), and where each is used.
const IMAGES: &str = "/powercut";
const DATA: &str = "/tmp/powercut-data.img";
const LOG: &str = "/tmp/powercut-log.img";
/// The disk after a cut, mounted to check.
const CUT: &str = "/tmp/powercut-cut.img";
const PLAYED: &str = "/mnt/played";
const CHECKED: &str = "/mnt/cut";
const CONFIG: &str = "# the power-cut test's config: never written by the game\nintro = false\n";
/// How many failures are said, a line each; the rest are only counted.
const SAID: usize = 10;

/// A state file's bytes, or none there.
type State = Option<Vec<u8>>;

/// Runs the test on each file system there is an image of, at least
/// `cuts` cut points in all, shared between them; exits 0 when nothing was lost.
pub fn main(queens: &Path, cuts: usize) -> ! {
    let (mut points, mut lost) = (0, 0);
    let kinds: Vec<&str> = ["ext4", "vfat"]
        .into_iter()
        .filter(|kind| Path::new(IMAGES).join(format!("{kind}.img")).exists())
        .collect();
    let cuts = cuts.div_ceil(kinds.len().max(1));
    for kind in kinds {
        let image = Path::new(IMAGES).join(format!("{kind}.img"));
        match run(queens, cuts, kind, &image) {
            Ok((checked, failed)) if checked >= cuts => (points, lost) = (points + checked, lost + failed),
            Ok((checked, _)) => {
                println!("FAIL power-cuts-{kind}: {checked} cut points, fewer than {cuts}");
                lost += 1;
            }
            Err(e) => {
                println!("FAIL power-cuts-{kind}: {e}");
                lost += 1;
            }
        }
    }
    println!("power cuts: {points} cut points, {} states whole, {lost} lost", points - lost.min(points));
    std::process::exit(if lost == 0 && points > 0 { 0 } else { 1 });
}

/// The test on one file system, `kind`, made empty in `image`: how many cut points, and how many lost.
fn run(queens: &Path, cuts: usize, kind: &str, image: &Path) -> Result<(usize, usize), String> {
    let started = Instant::now();
    let (saved, entries) = record(queens, cuts, kind, image)?;
    let played = started.elapsed().as_secs();
    let (points, lost, temporaries) = replay(queens, kind, image, &saved, &entries)?;
    let states: usize = saved.iter().map(|run| run.iter().flatten().count()).sum();
    println!(
        "power cuts on {kind}: {points} cut points, {} states whole, {lost} lost, {temporaries} temporary files left ({} runs of the game wrote {states} states, \
         {} log entries; {played} s to play, {} s to replay and check)",
        points - lost,
        saved.len() - 1,
        entries.len(),
        started.elapsed().as_secs() - played
    );
    Ok((points, lost))
}

/// The game played on `image`'s file system over `dm-log-writes` until the
/// log holds `cuts` cut points: what each run saved ([0] before any, then
/// every state seen while run k played, its last one last), and the log.
fn record(
    queens: &Path,
    cuts: usize,
    kind: &str,
    image: &Path,
) -> Result<(Vec<Vec<State>>, Vec<log_writes::Entry>), String> {
    fs::copy(image, DATA).map_err(|e| format!("{}: {e}", image.display()))?;
    fs::File::create(LOG).and_then(|log| log.set_len(128 << 20)).map_err(|e| format!("{LOG}: {e}"))?;
    let (data, log) = (attach(DATA)?, attach(LOG)?);
    let sectors = fs::metadata(DATA).map_err(|e| e.to_string())?.len() / 512;
    let device = LogWrites::create("powercut", Path::new(&data), Path::new(&log), sectors)?;
    fs::create_dir_all(PLAYED).map_err(|e| e.to_string())?;
    sh(&["mount", "-t", kind, "-o", "noatime", &device.device.to_string_lossy(), PLAYED])?;
    let dir = Path::new(PLAYED).join("queens");
    fs::create_dir(&dir).map_err(|e| e.to_string())?;
    fs::write(dir.join("config.toml"), CONFIG).map_err(|e| e.to_string())?;
    // The only syncs: the game's own saves must make them durable from here on. (FAT's sync
    // sends the disk no flush; an fsync does.)
    nix::unistd::sync();
    fs::File::open(&dir).and_then(|d| d.sync_all()).map_err(|e| e.to_string())?;
    device.mark("0")?;
    let mut saved: Vec<Vec<State>> = vec![vec![None]];
    let today = queens::backend::clock::UtcCalendar::today().ok_or("the clock is before 1970")?;
    let daily = generate::daily(today).solution;
    // About five cut points a run (two saves, each a file's and a folder's fsync): more are
    // played if these give too few.
    let mut batch = cuts / 5 + 1;
    loop {
        for _ in 0..batch {
            let k = saved.len();
            saved.push(play(queens, &dir, &session_step(k, &daily))?);
            device.mark(&k.to_string())?;
        }
        let points = log_writes::read(Path::new(LOG))?
            .iter()
            .skip_while(|e| e.mark.is_none())
            .filter(|e| e.is_cut_point())
            .count();
        if points >= cuts || saved.len() > 2000 {
            break;
        }
        batch = (cuts - points) * saved.len() / points.max(1) + 1;
    }
    sh(&["umount", PLAYED])?;
    device.mark("end")?;
    device.remove()?;
    sh(&["losetup", "-d", &data])?;
    sh(&["losetup", "-d", &log])?;
    let entries = log_writes::read(Path::new(LOG))?;
    fs::remove_file(LOG).map_err(|e| e.to_string())?;
    Ok((saved, entries))
}

/// The log `entries` replayed onto `image`, each cut point checked
/// against what the runs `saved`: how many points, how many lost, and how
/// many temporary files were left.
fn replay(
    queens: &Path,
    kind: &str,
    image: &Path,
    saved: &[Vec<State>],
    entries: &[log_writes::Entry],
) -> Result<(usize, usize, usize), String> {
    let mut disk = fs::read(image).map_err(|e| e.to_string())?;
    let (mut points, mut lost, mut temporaries, mut run_done) = (0, 0, 0, None);
    fs::create_dir_all(CHECKED).map_err(|e| e.to_string())?;
    for (i, entry) in entries.iter().enumerate() {
        entry.apply(&mut disk);
        if let Some(mark) = &entry.mark {
            run_done = mark.parse::<usize>().ok().or(run_done);
        }
        // Before mark 0 the file system is being set up: no game has run.
        let Some(done) = run_done else { continue };
        if !entry.is_cut_point() {
            continue;
        }
        // At the mark the run's end must be on the disk; after it, the next run's saves may be.
        let mut allowed = vec![saved[done].last().cloned().flatten()];
        if entry.mark.is_none() {
            allowed.extend(saved.get(done + 1).into_iter().flatten().cloned());
        }
        points += 1;
        match check(queens, kind, &disk, &allowed, &saved[..=done]) {
            Ok(left) => temporaries += left,
            Err(why) => {
                lost += 1;
                if lost <= SAID {
                    println!("FAIL power-cut-{kind} after log entry {i} (run {done} finished): {why}");
                }
            }
        }
    }
    Ok((points, lost, temporaries))
}

/// The game's arguments and input for the session's run `k`, in turn:
/// a solution found on 8x8, a regions puzzle in play, today's puzzle
/// solved (the daily streak), the size changed.
fn session_step(k: usize, daily: &queens::puzzle::Placement) -> (Vec<String>, Vec<String>) {
    let args = |text: &str| text.split(' ').map(String::from).collect();
    match k % 4 {
        1 => {
            let solution = &classic_solutions()[(k / 4 * 7) % 92];
            let moves =
                solution.iter().enumerate().flat_map(|(c, r)| [format!("at {c} {r}"), "press".into()]);
            (args("--mode classic --size 8"), moves.collect())
        }
        2 => (args("--mode regions --size 7"), vec![]),
        3 => {
            let moves = (0..8).flat_map(|c| {
                let r = daily.get(c).expect("a queen in every column");
                [format!("at {c} {r}"), "press".into(), "press".into()]
            });
            (args("--mode regions --size 8"), moves.collect())
        }
        _ => (args("--mode classic --size 6"), vec![]),
    }
}

/// The 92 solutions on 8x8, a row per column.
fn classic_solutions() -> Vec<[usize; 8]> {
    fn place(rows: &mut [usize; 8], col: usize, all: &mut Vec<[usize; 8]>) {
        if col == 8 {
            return all.push(*rows);
        }
        for r in 0..8 {
            if (0..col).all(|c| rows[c] != r && rows[c].abs_diff(r) != col - c) {
                rows[col] = r;
                place(rows, col + 1, all);
            }
        }
    }
    let mut all = Vec::new();
    place(&mut [0; 8], 0, &mut all);
    all
}

/// One run of the game on the file system being logged: `moves` sent a
/// line at a time, as a player would, while every state the file holds
/// is noted (a save replaces it whole, so each is seen as written).
fn play(queens: &Path, dir: &Path, (args, moves): &(Vec<String>, Vec<String>)) -> Result<Vec<State>, String> {
    let path = dir.join("state.toml");
    let seen = Arc::new(Mutex::new(Vec::<State>::new()));
    let done = Arc::new(AtomicBool::new(false));
    let watcher = {
        let (seen, done, path) = (seen.clone(), done.clone(), path.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                let now = fs::read(&path).ok();
                let mut seen = seen.lock().expect("not poisoned");
                if seen.last() != Some(&now) {
                    seen.push(now);
                }
                drop(seen);
                std::thread::sleep(Duration::from_millis(1));
            }
        })
    };
    let mut child = game(queens, dir, args).stdin(Stdio::piped()).spawn().map_err(|e| e.to_string())?;
    let mut input = child.stdin.take().expect("piped");
    std::thread::sleep(Duration::from_millis(100));
    for line in moves {
        // A game that stopped reading says why below.
        let _ = writeln!(input, "{line}");
        std::thread::sleep(Duration::from_millis(30));
    }
    drop(input);
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    std::thread::sleep(Duration::from_millis(20));
    done.store(true, Ordering::Relaxed);
    watcher.join().map_err(|_| "the watcher panicked")?;
    let mut seen = std::mem::take(&mut *seen.lock().expect("not poisoned"));
    let end = fs::read(&path).ok();
    if seen.last() != Some(&end) {
        seen.push(end);
    }
    if !out.status.success() || !out.stderr.is_empty() {
        return Err(format!(
            "queens play {}: {}, {}",
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(seen)
}

/// `queens play` with the script backend on the state and config in `dir`.
fn game(queens: &Path, dir: &Path, args: &[String]) -> Command {
    let mut command = Command::new(queens);
    command.args(["play", "--backend", "script", "--state"]).arg(dir.join("state.toml"));
    command.arg("--config").arg(dir.join("config.toml")).args(args);
    command.stdout(Stdio::null()).stderr(Stdio::piped());
    command
}

/// The disk after a cut, booted again: mounted, looked at, played on.
fn check(
    queens: &Path,
    kind: &str,
    disk: &[u8],
    allowed: &[State],
    before: &[Vec<State>],
) -> Result<usize, String> {
    fs::write(CUT, disk).map_err(|e| e.to_string())?;
    let device = attach(CUT)?;
    let found = sh(&["mount", "-t", kind, "-o", "noatime", &device, CHECKED])
        .map_err(|e| format!("the file system does not mount: {e}"))
        .and_then(|()| {
            let found = inspect(queens, kind, &Path::new(CHECKED).join("queens"), allowed, before);
            sh(&["umount", CHECKED]).and(found)
        });
    sh(&["losetup", "-d", &device]).and(found)
}

/// The checks of [`check`] in the file system mounted; how many temporary files a save left.
fn inspect(
    queens: &Path,
    kind: &str,
    dir: &Path,
    allowed: &[State],
    before: &[Vec<State>],
) -> Result<usize, String> {
    let listed = || -> Result<Vec<String>, String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .map(|e| e.map(|e| e.file_name().to_string_lossy().into_owned()).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?;
        names.sort();
        Ok(names)
    };
    if fs::read(dir.join("config.toml")).ok().as_deref() != Some(CONFIG.as_bytes()) {
        return Err("the config is not as it was".into());
    }
    let state = fs::read(dir.join("state.toml")).ok();
    if !allowed.contains(&state) {
        let shown =
            state.as_ref().map_or("no state file".into(), |s| format!("{:?}", String::from_utf8_lossy(s)));
        let older = before.iter().flatten().any(|s| *s == state);
        return Err(format!(
            "{} {shown}",
            if older { "progress lost: an older state," } else { "a state no save wrote:" }
        ));
    }
    // FAT has no unnamed files: a save there writes a named temporary first, which a cut before
    // its rename leaves behind. It must not stop the next save (each game names its own).
    let mut left = listed()?;
    left.retain(|n| n != "config.toml" && n != "state.toml");
    if left.iter().any(|n| kind != "vfat" || !n.starts_with("state.toml.tmp-")) {
        return Err(format!("left beside the state: {left:?}"));
    }
    // The next start: reads that state, saves a new size over it, and says nothing.
    let out = game(queens, dir, &["--size".into(), "6".into()])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() || !out.stderr.is_empty() {
        return Err(format!(
            "the next start: {}, {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let after = fs::read_to_string(dir.join("state.toml")).unwrap_or_default();
    let found = |text: &str| text.lines().find(|l| l.starts_with("found")).map(String::from);
    let had = state.map(|s| String::from_utf8_lossy(&s).into_owned()).unwrap_or_default();
    let want = found(&had).unwrap_or_else(|| "found = []".into());
    if !after.contains("size = 6") || found(&after) != Some(want) {
        return Err(format!("the next start did not play on from the state: it saved {after:?}"));
    }
    let mut now = listed()?;
    now.retain(|n| n != "config.toml" && n != "state.toml");
    match now == left {
        true => Ok(left.len()),
        false => Err(format!("after the next start the folder also holds {now:?}")),
    }
}

/// `file` on a free loop device; its name.
fn attach(file: &str) -> Result<String, String> {
    // busybox's losetup names the free device (`-f`) or sets one up, not both at once.
    let out = Command::new("losetup").arg("-f").output().map_err(|e| e.to_string())?;
    let name = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if !out.status.success() || name.is_empty() {
        return Err(format!("no free loop device: {}", String::from_utf8_lossy(&out.stderr).trim()));
    }
    sh(&["losetup", &name, file])?;
    Ok(name)
}

/// A busybox command, which must succeed.
fn sh(command: &[&str]) -> Result<(), String> {
    let out =
        Command::new(command[0]).args(&command[1..]).output().map_err(|e| format!("{}: {e}", command[0]))?;
    match out.status.success() {
        true => Ok(()),
        false => Err(format!("{}: {}", command.join(" "), String::from_utf8_lossy(&out.stderr).trim())),
    }
}
