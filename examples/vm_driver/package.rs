//! `vm_driver package`: the checks of `tests/vm/run package`, inside a
//! Debian system booted with systemd as PID 1, where the amd64 `.deb` was
//! installed with `apt install`. Run by the unit `queens-vm-check.service`
//! (tests/vm/), ordered before `queens.service`: it stands in for the HAT
//! (vfb's fb0 set to the matrix's mode, a uinput joystick by the HAT's
//! name), tells systemd it is ready, so the game starts with its devices
//! there as at a Pi's boot, then checks the service as systemd runs it and
//! the package as apt removes and purges it. Where tests/vm/package
//! installed the previous release instead (trixie), the upgrade to this
//! tree's package comes once the old one has saved progress (upgrade.rs).

use super::daemon;
use super::fb::{self, Screen};
use super::uinput::{self, PI_CODES, Stick};
use super::{MOVES, Vm, Why, upgrade};
use std::collections::BTreeSet;
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

pub(super) const QUEENS: &str = "/usr/bin/queens";
const UNIT: &str = "queens.service";
const UNIT_FILE: &str = "/usr/lib/systemd/system/queens.service";
pub(super) const CONFIG: &str = "/etc/queens/config.toml";
/// The unit's `StateDirectory=queens`, where the saved progress is.
pub(super) const STATE: &str = "/var/lib/queens/state.toml";
/// Where tests/vm/package put the package in the image, for the reinstall.
const DEB: &str = "/root/queens.deb";

/// After [`MOVES`] (whose last press, on a queen, shows the answer; the next move starts a new
/// game), the eight queens of the solution 2 5 1 6 4 0 7 3 (a row per column, from the top), each
/// square reached the shortest way, wrapping at the edges: progress, which the game saves.
const SOLVE: [&str; 38] = [
    "right", "up", "up", "up", "up", "press", // column 5, row 0
    "right", "up", "press", // column 6, row 7
    "right", "up", "up", "up", "up", "press", // column 7, row 3
    "right", "up", "press", // column 0, row 2
    "right", "down", "down", "down", "press", // column 1, row 5
    "right", "up", "up", "up", "up", "press", // column 2, row 1
    "right", "up", "up", "up", "press", // column 3, row 6
    "right", "up", "up", "press", // column 4, row 4
];

type Check = fn(&mut Vm) -> Result<(), Why>;

const CHECKS: &[(&str, Check)] = &[
    ("package-service-active-after-boot", active_after_boot),
    ("package-unit-has-no-directive-this-systemd-ignores", directives_known),
    ("package-runs-as-queens-with-only-input-and-video", user_and_groups),
    ("package-matrix-shows-the-board", board_shown),
    ("package-joystick-moves-the-cursor", joystick_moves),
    (SAVED, solve_saves),
    ("package-stop-leaves-the-leds-dark", stop_dark),
    ("package-bad-config-fails-with-78-without-restarts", bad_config),
    ("package-fixed-config-starts-again", config_fixed),
    ("package-apt-remove-keeps-config-progress-and-user", apt_remove),
    ("package-apt-purge-removes-config-progress-and-user", apt_purge),
    ("package-apt-install-starts-the-service", apt_install),
];

const SAVED: &str = "package-solved-board-saved-in-the-state-directory";

/// The upgrade from the previous release (upgrade.rs), after [`SAVED`].
const UPGRADE: &[(&str, Check)] = &[
    ("upgrade-repository-signed-by-another-key-refused", upgrade::wrong_key_refused),
    ("upgrade-apt-upgrade-from-the-signed-repository", upgrade::apt_upgrade),
    ("upgrade-service-restarted-on-the-new-binary", upgrade::restarted_on_the_new_binary),
    ("upgrade-edited-config-kept", upgrade::config_kept),
    ("upgrade-progress-kept", upgrade::progress_kept),
];

/// Runs the checks, then powers the VM off (the unit's `SuccessAction=` and
/// `FailureAction=` are the fallback).
pub fn main() -> ! {
    println!("package checks start at {} s of uptime", uptime());
    let failed = match setup() {
        Ok(mut vm) => run(&mut vm),
        Err(why) => {
            println!("FAIL package-setup: {why}");
            1
        }
    };
    let code = i32::from(failed > 0);
    println!("package checks end at {} s of uptime", uptime());
    println!("VM-DRIVER-EXIT {code}");
    // At once: the orderly shutdown of the unit's SuccessAction= took minutes on a loaded machine,
    // and there is nothing here to save. That action stays as the fallback should this fail.
    let _ = Command::new("systemctl").args(["poweroff", "--force", "--force"]).status();
    std::process::exit(code)
}

/// Seconds since the kernel started, for the log: how long the boot took.
fn uptime() -> String {
    let text = fs::read_to_string("/proc/uptime").unwrap_or_default();
    text.split_whitespace().next().unwrap_or("?").to_string()
}

/// The checks this image asks for: [`CHECKS`], and where tests/vm/package installed the previous
/// release, the upgrade to this tree's package once the old one has saved progress.
fn checks() -> Vec<(&'static str, Check)> {
    let mut checks = CHECKS.to_vec();
    if Path::new(upgrade::DIR).exists() {
        let after = checks.iter().position(|(name, _)| *name == SAVED).map_or(checks.len(), |i| i + 1);
        checks.splice(after..after, UPGRADE.iter().copied());
    }
    checks
}

fn run(vm: &mut Vm) -> usize {
    let mut failed = 0;
    let checks = checks();
    for (name, check) in &checks {
        let started = Instant::now();
        match check(vm) {
            Ok(()) => println!("PASS {name} ({} ms)", started.elapsed().as_millis()),
            Err(Why::Skip(why)) => println!("SKIP {name}: {why}"),
            Err(Why::Fail(why)) => {
                failed += 1;
                println!("FAIL {name}: {why}");
                println!("--- journalctl -u queens:\n{}---", journal());
            }
        }
    }
    println!("{failed} of {} package checks failed", checks.len());
    failed
}

/// The HAT's stand-ins, the script backend's frames, then "ready" to systemd.
fn setup() -> Result<Vm, String> {
    let mut screen = Screen::find().map_err(|e| e.to_string())?;
    if !screen.device {
        return Err("no /dev/fb0: vfb is not loaded".into());
    }
    screen.set_mode(8).map_err(|e| format!("cannot set 8x8 at 16 bpp: {e}"))?;
    let frames = daemon::script_frames(Path::new(QUEENS), &[&MOVES[..], &SOLVE[..]].concat())?;
    let stick = Stick::create(&PI_CODES).map_err(|e| format!("cannot make the joystick: {e}"))?;
    // Until udev has given the nodes their groups (input, video), the game could not open them.
    run_ok(Command::new("udevadm").args(["settle", "--timeout=30"]))?;
    sd_notify::notify(false, &[sd_notify::NotifyState::Ready]).map_err(|e| format!("sd_notify: {e}"))?;
    Ok(Vm {
        queens: QUEENS.into(),
        frames,
        screen,
        stick: Some(stick),
        game: None,
        played: 0,
        stub: None,
        sim: None,
        real: None,
        dot_runs: Vec::new(),
    })
}

/// Runs a command; its output if it succeeds, else why not, with that output.
pub(super) fn run_ok(command: &mut Command) -> Result<String, String> {
    let out = command.output().map_err(|e| format!("{command:?}: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("{command:?}: {}\n{text}", out.status));
    }
    Ok(text)
}

pub(super) fn apt_get(args: &[&str]) -> Result<String, String> {
    run_ok(Command::new("apt-get").env("DEBIAN_FRONTEND", "noninteractive").args(["-y", "-q"]).args(args))
}

fn systemctl(args: &[&str]) -> Command {
    let mut command = Command::new("systemctl");
    command.args(args);
    command
}

/// A property of the unit, as `systemctl show` gives it.
pub(super) fn show(property: &str) -> Result<String, String> {
    Ok(run_ok(&mut systemctl(&["show", "--value", "-p", property, UNIT]))?.trim().to_string())
}

fn journal() -> String {
    let out = Command::new("journalctl").args(["-b", "-u", UNIT, "--no-pager", "-n", "20"]).output();
    out.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default()
}

/// Waits until `ready` says yes, or says why it gave up.
pub(super) fn wait_for(
    what: &str,
    within: Duration,
    mut ready: impl FnMut() -> Result<bool, String>,
) -> Result<(), String> {
    let end = Instant::now() + within;
    while !ready()? {
        if Instant::now() > end {
            return Err(format!("{what}: not within {within:?}"));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Ok(())
}

/// Waits for the unit to be active (running, ready), failing at once if it failed.
pub(super) fn wait_active(within: Duration) -> Result<(), String> {
    wait_for("queens.service active", within, || match show("ActiveState")?.as_str() {
        "active" => Ok(true),
        "failed" => Err(format!("queens.service failed: {}", show("Result")?)),
        _ => Ok(false),
    })
}

pub(super) fn dark(screen: &Screen) -> Result<bool, String> {
    Ok(screen.rows().map_err(|e| e.to_string())?.iter().all(|&b| b == 0))
}

/// Started by systemd at boot, once, and ready: no restart hid a first failure.
fn active_after_boot(_: &mut Vm) -> Result<(), Why> {
    // systemd starts it after this unit's READY=1; under TCG that takes a few seconds.
    wait_active(Duration::from_secs(60))?;
    let restarts = show("NRestarts")?;
    if restarts != "0" {
        return Err(format!("active after {restarts} restarts: the first start failed").into());
    }
    if show("SubState")? != "running" {
        return Err(format!("sub-state {}", show("SubState")?).into());
    }
    Ok(())
}

/// Whether `line` is systemd's word on a line of the unit file, one of its drop-ins or this test's
/// own unit (`/usr/lib/systemd/system/queens.service:33: Unknown key name 'PrivateIPC' ...`): a
/// directive this systemd does not know, or a value it cannot parse, and so ignores.
fn about_a_unit_line(line: &str) -> bool {
    let at_line_number = |rest: &str| {
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        digits > 0 && rest[digits..].starts_with(':')
    };
    ["queens.service", "queens-vm-check.service"].iter().flat_map(|unit| line.match_indices(unit)).any(
        |(i, name)| {
            let rest = &line[i + name.len()..];
            match (rest.strip_prefix(':'), rest.strip_prefix(".d/")) {
                (Some(number), _) => at_line_number(number),
                (_, Some(drop_in)) => {
                    drop_in.find(".conf:").is_some_and(|end| at_line_number(&drop_in[end + 6..]))
                }
                _ => false,
            }
        },
    )
}

/// Every directive of the unit means something to this systemd: nothing in
/// the journal of the boot (systemd read the unit then) and nothing from
/// `systemd-analyze verify` about a line of it. An older systemd ignores a
/// directive it does not know with only such a line, so a protection would
/// be gone without a failure.
fn directives_known(_: &mut Vm) -> Result<(), Why> {
    let journal = run_ok(Command::new("journalctl").args(["-b", "--no-pager", "-o", "cat"]))?;
    // No manual pages in the image: `Documentation=man:` is not looked up.
    let verify = Command::new("systemd-analyze")
        .args(["verify", "--man=no", UNIT])
        .env("SYSTEMD_COLORS", "0")
        .env("SYSTEMD_LOG_COLOR", "0")
        .output()
        .map_err(|e| e.to_string())?;
    let verified =
        String::from_utf8_lossy(&verify.stdout).into_owned() + &String::from_utf8_lossy(&verify.stderr);
    if !verify.status.success() {
        return Err(format!("systemd-analyze verify {UNIT}: {}\n{verified}", verify.status).into());
    }
    let mut said: Vec<String> = (journal.lines().map(|line| format!("journal: {line}")))
        .chain(verified.lines().map(|line| format!("systemd-analyze verify: {line}")))
        .filter(|line| about_a_unit_line(line))
        .collect();
    said.dedup();
    if !said.is_empty() {
        return Err(format!("systemd said of the unit's lines:\n{}", said.join("\n")).into());
    }
    Ok(())
}

/// `name`'s numeric id in /etc/passwd or /etc/group.
fn id_of(database: &str, name: &str) -> Result<Option<u32>, String> {
    let text = fs::read_to_string(database).map_err(|e| format!("{database}: {e}"))?;
    Ok(text
        .lines()
        .map(|line| line.split(':').collect::<Vec<_>>())
        .find(|f| f[0] == name)
        .and_then(|f| f[2].parse().ok()))
}

fn need_id(database: &str, name: &str) -> Result<u32, String> {
    id_of(database, name)?.ok_or_else(|| format!("no {name} in {database}"))
}

/// The game's process is the `queens` user's and group's, with `input`
/// and `video` as its only other groups, and no capabilities.
fn user_and_groups(_: &mut Vm) -> Result<(), Why> {
    let pid = show("MainPID")?;
    if pid == "0" {
        return Err("queens.service has no main process".into());
    }
    let status =
        fs::read_to_string(format!("/proc/{pid}/status")).map_err(|e| format!("/proc/{pid}/status: {e}"))?;
    let field = |key: &str| -> Vec<String> {
        status
            .lines()
            .find_map(|line| line.strip_prefix(key))
            .map(|rest| rest.split_whitespace().map(String::from).collect())
            .unwrap_or_default()
    };
    let uid = need_id("/etc/passwd", "queens")?.to_string();
    let gid = need_id("/etc/group", "queens")?.to_string();
    if uid == "0" || field("Uid:") != vec![uid.clone(); 4] {
        return Err(format!("Uid: {:?}, not the queens user's {uid} four times", field("Uid:")).into());
    }
    if field("Gid:") != vec![gid.clone(); 4] {
        return Err(format!("Gid: {:?}, not the queens group's {gid} four times", field("Gid:")).into());
    }
    // The group list systemd sets (initgroups) holds the user's own group too.
    let want: BTreeSet<String> =
        [need_id("/etc/group", "queens")?, need_id("/etc/group", "input")?, need_id("/etc/group", "video")?]
            .iter()
            .map(u32::to_string)
            .collect();
    let groups: BTreeSet<String> = field("Groups:").into_iter().collect();
    if groups != want {
        return Err(format!("supplementary groups {groups:?}, not queens, input and video {want:?}").into());
    }
    if field("CapEff:") != ["0000000000000000"] {
        return Err(format!("effective capabilities {:?}", field("CapEff:")).into());
    }
    Ok(())
}

/// The start, byte for byte as the script backend draws it.
fn board_shown(vm: &mut Vm) -> Result<(), Why> {
    Ok(vm.wait_frame(0)?)
}

/// Every move through the joystick, each frame as the script's.
fn joystick_moves(vm: &mut Vm) -> Result<(), Why> {
    Ok(vm.play(&PI_CODES, MOVES.len())?)
}

/// Eight queens in peace through the joystick: the game saves its
/// progress in its `StateDirectory=` (writable under `ProtectSystem=strict`),
/// as the `queens` user.
fn solve_saves(vm: &mut Vm) -> Result<(), Why> {
    for (i, name) in SOLVE.iter().enumerate() {
        let stick = vm.stick.as_mut().ok_or("no joystick")?;
        stick.click(uinput::code(&PI_CODES, name)).map_err(|e| e.to_string())?;
        vm.wait_frame(MOVES.len() + 1 + i)?;
    }
    wait_for("progress saved", Duration::from_secs(5), || {
        Ok(fs::read_to_string(STATE).is_ok_and(|text| text.contains("found = [")))
    })?;
    let owner = fs::metadata(STATE).map_err(|e| e.to_string())?.uid();
    if owner != need_id("/etc/passwd", "queens")? {
        return Err(format!("{STATE} belongs to uid {owner}, not queens").into());
    }
    Ok(())
}

/// `systemctl stop`: the game exits 143 (SIGTERM's status, which the unit's
/// `SuccessExitStatus=` makes a clean end) with the matrix dark, padding included.
fn stop_dark(vm: &mut Vm) -> Result<(), Why> {
    if dark(&vm.screen)? {
        return Err("the matrix was dark before the stop: nothing to compare".into());
    }
    run_ok(&mut systemctl(&["stop", UNIT]))?;
    let (state, result, status) = (show("ActiveState")?, show("Result")?, show("ExecMainStatus")?);
    if (state.as_str(), result.as_str(), status.as_str()) != ("inactive", "success", "143") {
        return Err(format!("after the stop: {state}, result {result}, exit status {status}").into());
    }
    if !dark(&vm.screen)? {
        return Err(format!(
            "the matrix is not dark after the stop:\n{}",
            fb::hex(&vm.screen.rows().map_err(|e| e.to_string())?)
        )
        .into());
    }
    Ok(())
}

/// A bad value in the config file: the game exits 78 at its start, the
/// unit is failed, and stays so (no restart every RestartSec).
fn bad_config(_: &mut Vm) -> Result<(), Why> {
    let good = fs::read_to_string(CONFIG).map_err(|e| format!("{CONFIG}: {e}"))?;
    fs::write(CONFIG, format!("{good}rotation = 45\n")).map_err(|e| format!("{CONFIG}: {e}"))?;
    let outcome = fails_once_with_78();
    fs::write(CONFIG, good).map_err(|e| format!("{CONFIG}: {e}"))?;
    Ok(outcome?)
}

fn fails_once_with_78() -> Result<(), String> {
    // The start job fails: the game exits before it is ready.
    if run_ok(&mut systemctl(&["start", UNIT])).is_ok() {
        return Err("systemctl start succeeded with rotation = 45".into());
    }
    wait_for("queens.service failed", Duration::from_secs(20), || Ok(show("ActiveState")? == "failed"))?;
    // Longer than two RestartSec=2s: a restart would have come by now.
    std::thread::sleep(Duration::from_secs(5));
    let seen = [show("ActiveState")?, show("ExecMainStatus")?, show("NRestarts")?, show("Result")?];
    if seen != ["failed", "78", "0", "exit-code"] {
        return Err(format!(
            "state {}, exit status {}, {} restarts, result {}",
            seen[0], seen[1], seen[2], seen[3]
        ));
    }
    if !journal().contains(CONFIG) {
        return Err(format!("the journal does not name {CONFIG}"));
    }
    Ok(())
}

/// The file put right, the next start plays again.
fn config_fixed(vm: &mut Vm) -> Result<(), Why> {
    run_ok(&mut systemctl(&["start", UNIT]))?;
    wait_active(Duration::from_secs(30))?;
    wait_for("the matrix lit", Duration::from_secs(10), || Ok(!dark(&vm.screen)?))?;
    Ok(())
}

fn exists(path: &str) -> bool {
    Path::new(path).exists()
}

pub(super) fn package_status() -> String {
    let out = Command::new("dpkg-query").args(["-W", "-f", "${Status}", "queens"]).output();
    out.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default()
}

/// `apt remove`, as the README says: the game stopped and gone, the
/// config (with the user's edit), the progress and the user kept.
fn apt_remove(vm: &mut Vm) -> Result<(), Why> {
    let config = fs::read_to_string(CONFIG).map_err(|e| format!("{CONFIG}: {e}"))?;
    let progress = fs::read(STATE).map_err(|e| format!("no saved progress to keep: {STATE}: {e}"))?;
    apt_get(&["remove", "queens"])?;
    let mut wrong = Vec::new();
    for gone in [QUEENS, UNIT_FILE] {
        if exists(gone) {
            wrong.push(format!("{gone} is still there"));
        }
    }
    // Masked while its conffiles stay (debhelper's postrm, which cargo-deb uses), so nothing starts it.
    if show("LoadState")? != "masked" || show("ActiveState")? != "inactive" {
        wrong.push(format!(
            "the unit is {} and {}, not masked and inactive",
            show("LoadState")?,
            show("ActiveState")?
        ));
    }
    if !dark(&vm.screen)? {
        wrong.push("the matrix is not dark".into());
    }
    if fs::read_to_string(CONFIG).ok().as_ref() != Some(&config) {
        wrong.push(format!("{CONFIG} is not kept as it was"));
    }
    if fs::read(STATE).ok().as_ref() != Some(&progress) {
        wrong.push(format!("{STATE} is not kept as it was"));
    }
    if id_of("/etc/passwd", "queens")?.is_none() {
        wrong.push("the queens user is gone".into());
    }
    if package_status() != "deinstall ok config-files" {
        wrong.push(format!("dpkg says {:?}", package_status()));
    }
    if wrong.is_empty() { Ok(()) } else { Err(wrong.join("; ").into()) }
}

/// `apt purge`, as the README says: the config, the progress, the user
/// and its group gone.
fn apt_purge(_: &mut Vm) -> Result<(), Why> {
    apt_get(&["purge", "queens"])?;
    let mut wrong = Vec::new();
    for gone in ["/etc/queens", "/var/lib/queens", "/var/lib/private/queens"] {
        if exists(gone) {
            wrong.push(format!("{gone} is still there"));
        }
    }
    // Unmasked and disabled: nothing of the unit left in /etc (but this test's own drop-in).
    if show("LoadState")? != "not-found" {
        wrong.push(format!("the unit is {}, not not-found", show("LoadState")?));
    }
    for link in
        ["/etc/systemd/system/queens.service", "/etc/systemd/system/multi-user.target.wants/queens.service"]
    {
        if fs::symlink_metadata(link).is_ok() {
            wrong.push(format!("{link} is still there"));
        }
    }
    if id_of("/etc/passwd", "queens")?.is_some() {
        wrong.push("the queens user is still there".into());
    }
    if id_of("/etc/group", "queens")?.is_some() {
        wrong.push("the queens group is still there".into());
    }
    let status = package_status();
    if !(status.is_empty() || status.contains("not-installed")) {
        wrong.push(format!("dpkg says {status:?}"));
    }
    if wrong.is_empty() { Ok(()) } else { Err(wrong.join("; ").into()) }
}

/// After the purge, `apt install ./queens_*.deb` under a running systemd:
/// the postinst makes the user and starts the service, which lights the
/// matrix (the intro: the fresh config file has it on).
fn apt_install(vm: &mut Vm) -> Result<(), Why> {
    apt_get(&["install", DEB])?;
    wait_active(Duration::from_secs(30))?;
    user_and_groups(vm)?;
    wait_for("the matrix lit", Duration::from_secs(10), || Ok(!dark(&vm.screen)?))?;
    Ok(())
}
