//! The shell scripts CI depends on, run with stand-ins for the system's tools first on `PATH`, so
//! that no network and no root is needed: `scripts/apt-install`, through which every script and VM
//! test installs Debian packages, while a mirror is mid-sync; `scripts/check-msrv`, the workspace
//! checked with the toolchain `rust-version` names; and every script's `--help` and refusals,
//! which come before it installs or builds anything.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A folder of stand-in `apt-get`, `apt-cache` and `dpkg-query` that log every call to `calls`.
/// `dpkg-query` says "installed" for the packages in `$INSTALLED`; `apt-get update` fails as a
/// mirror mid-sync makes it fail; `apt-get install` succeeds unless `$INSTALL_FAILS` is set;
/// `apt-cache policy` offers every package but those in `$UNOFFERED`.
struct Stubs {
    dir: PathBuf,
}

impl Stubs {
    fn new(name: &str) -> Stubs {
        let dir = std::env::temp_dir().join(format!("queens-apt-install-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let stubs = Stubs { dir };
        stubs.script(
            "apt-get",
            r#"echo "apt-get $*" >>"$CALLS"
case $1 in
  update)
    echo "E: Failed to fetch http://deb.debian.org/debian-security/dists/bookworm-security/main/binary-armhf/Packages.xz  File has unexpected size (334084 != 351124). Mirror sync in progress? [IP: 127.0.0.1 80]" >&2
    echo "E: Some index files failed to download. They have been ignored, or old ones used instead." >&2
    exit 100 ;;
  install)
    [ -z "${INSTALL_FAILS-}" ] || { echo "E: Unable to locate package ${*: -1}" >&2; exit 100; } ;;
esac"#,
        );
        stubs.script(
            "dpkg-query",
            r#"pkg=${*: -1}
for p in ${INSTALLED-}; do [ "$p" = "$pkg" ] && { printf 'install ok installed'; exit 0; }; done
echo "dpkg-query: no packages found matching $pkg" >&2; exit 1"#,
        );
        stubs.script(
            "apt-cache",
            r#"echo "apt-cache $*" >>"$CALLS"
pkg=${*: -1}
for p in ${UNOFFERED-}; do [ "$p" = "$pkg" ] && { printf '%s:\n  Installed: (none)\n  Candidate: (none)\n' "$pkg"; exit 0; }; done
printf '%s:\n  Installed: (none)\n  Candidate: 1.0-1\n' "$pkg""#,
        );
        stubs
    }

    fn script(&self, name: &str, body: &str) {
        let path = self.dir.join(name);
        fs::write(&path, format!("#!/usr/bin/env bash\n{body}\n")).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    }

    /// Runs `scripts/apt-install ARGS` with the stand-ins first on `PATH` and `env` set.
    fn run(&self, args: &[&str], env: &[(&str, &str)]) -> Output {
        self.run_script("scripts/apt-install", args, env)
    }

    /// Runs the repository's `script` (a path from its root) the same way.
    fn run_script(&self, script: &str, args: &[&str], env: &[(&str, &str)]) -> Output {
        let path = format!("{}:{}", self.dir.display(), std::env::var("PATH").unwrap_or_default());
        let mut command = Command::new(Path::new(env!("CARGO_MANIFEST_DIR")).join(script));
        command.args(args).env("PATH", path).env("CALLS", self.dir.join("calls"));
        for (key, value) in env {
            command.env(key, value);
        }
        command.output().unwrap()
    }

    /// Every call the stand-ins logged, one a line.
    fn calls(&self) -> Vec<String> {
        fs::read_to_string(self.dir.join("calls")).unwrap_or_default().lines().map(str::to_owned).collect()
    }
}

impl Drop for Stubs {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn a_failed_update_for_one_list_still_installs_what_is_missing_and_only_that() {
    let stubs = Stubs::new("sync");
    let output = stubs.run(&["qemu-user", "file", "cpio"], &[("INSTALLED", "file")]);
    assert!(output.status.success(), "exit {:?}: {}", output.status, stderr(&output));
    let calls = stubs.calls();
    assert_eq!(calls[0], "apt-get update -qq");
    assert_eq!(calls[1], "apt-get install -y -q --no-install-recommends qemu-user cpio");
    assert_eq!(calls.len(), 2, "{calls:?}");
    let said = stderr(&output);
    assert!(said.contains("Mirror sync in progress?"), "the failed list is named: {said}");
    assert!(said.contains("going on with the lists it has"), "{said}");
}

#[test]
fn nothing_missing_asks_apt_nothing() {
    let stubs = Stubs::new("none");
    let output = stubs.run(&["file", "cpio"], &[("INSTALLED", "file cpio")]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stubs.calls(), Vec::<String>::new());
    assert_eq!(stderr(&output), "");
}

#[test]
fn an_install_that_fails_names_the_packages_no_list_offers_and_exits_non_zero() {
    let stubs = Stubs::new("fails");
    let output = stubs.run(&["cpio", "libc6:armhf"], &[("INSTALL_FAILS", "1"), ("UNOFFERED", "libc6:armhf")]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let said = stderr(&output);
    assert!(said.contains("apt-install: no package list offers libc6:armhf\n"), "{said}");
    assert!(!said.contains("offers cpio"), "cpio is offered: {said}");
}

#[test]
fn an_install_that_fails_for_another_reason_says_so_and_exits_non_zero() {
    let stubs = Stubs::new("other");
    let output = stubs.run(&["cpio"], &[("INSTALL_FAILS", "1")]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).contains("apt-install: apt-get install cpio failed"), "{}", stderr(&output));
}

#[test]
fn update_alone_goes_on_when_a_list_fails() {
    let stubs = Stubs::new("update");
    let output = stubs.run(&["--update"], &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stubs.calls(), ["apt-get update -qq"]);
    assert!(stderr(&output).contains("going on with the lists it has"), "{}", stderr(&output));
}

#[test]
fn the_vm_test_refuses_a_kernel_it_cannot_boot_in_one_line_before_installing_or_building() {
    let stubs = Stubs::new("vm-kernel");
    stubs.script("cargo", r#"echo "cargo $*" >>"$CALLS"; exit 1"#);
    for args in
        [["amd64", "--kernel", "bullseye"], ["arm64", "--kernel", "trixie"], ["amd64", "--kernels", "trixie"]]
    {
        let output = stubs.run_script("tests/vm/run", &args, &[]);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        assert_eq!(stderr(&output).lines().count(), 1, "{args:?}: {}", stderr(&output));
        assert!(
            stderr(&output).contains("trixie"),
            "{args:?} names the kernel it takes: {}",
            stderr(&output)
        );
    }
    assert_eq!(stubs.calls(), Vec::<String>::new(), "nothing installed or built");
}

#[test]
fn the_vm_test_takes_cuts_after_amd64_only_and_refuses_others_in_one_line_before_installing() {
    let stubs = Stubs::new("vm-cuts");
    stubs.script("cargo", r#"echo "cargo $*" >>"$CALLS"; exit 1"#);
    let refused: [&[&str]; 5] = [
        &["amd64", "--cuts"],
        &["amd64", "--cuts", "0"],
        &["amd64", "--cuts", "many"],
        &["arm64", "--cuts", "30"],
        &["amd64", "--kernel", "trixie", "--cuts", "30"],
    ];
    for args in refused {
        let output = stubs.run_script("tests/vm/run", args, &[]);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        assert_eq!(stderr(&output).lines().count(), 1, "{args:?}: {}", stderr(&output));
        assert!(stderr(&output).contains("--cuts"), "{args:?} names the option: {}", stderr(&output));
    }
    assert_eq!(stubs.calls(), Vec::<String>::new(), "nothing installed or built");
    // Taken after amd64: on to the tools the power cuts' disks are made with, then the build.
    stubs.script("rustup", r#"echo "rustup $*" >>"$CALLS"; echo x86_64-unknown-linux-musl"#);
    let output = stubs.run_script("tests/vm/run", &["amd64", "--cuts", "30"], &[]);
    assert_eq!(output.status.code(), Some(1), "the stand-in cargo fails: {}", stderr(&output));
    let installs =
        stubs.calls().into_iter().filter(|call| call.starts_with("apt-get install")).collect::<Vec<_>>();
    assert!(
        installs.iter().any(|call| call.contains("e2fsprogs") && call.contains("dosfstools")),
        "{installs:?}"
    );
    assert!(stubs.calls().iter().any(|call| call.starts_with("cargo build")), "{:?}", stubs.calls());
}

#[test]
fn every_script_installs_through_the_helper() {
    // Under `set -e`, a bare `apt-get update` stops a whole CI run when one mirror list is mid-sync.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["scripts", "tests/vm", ".ci"] {
        for entry in fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() && path.file_name().unwrap() != "apt-install" {
                files.push(path);
            }
        }
    }
    let mut bare = Vec::new();
    for path in files {
        let Ok(text) = fs::read_to_string(&path) else { continue };
        for (number, line) in text.lines().enumerate() {
            let code = line.split('#').next().unwrap();
            if code.contains("apt-get update") || code.contains("apt-get install") && !code.contains("chroot")
            {
                bare.push(format!("{}:{}: {line}", path.display(), number + 1));
            }
        }
    }
    assert!(bare.is_empty(), "use scripts/apt-install instead:\n{}", bare.join("\n"));
}

/// The root Cargo.toml's `[workspace.package] rust-version`, which every member takes.
fn rust_version() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest: toml::Table = fs::read_to_string(root.join("Cargo.toml")).unwrap().parse().unwrap();
    for member in [".", "crates/engine", "crates/web"] {
        let member: toml::Table =
            fs::read_to_string(root.join(member).join("Cargo.toml")).unwrap().parse().unwrap();
        assert_eq!(
            member["package"]["rust-version"].get("workspace").and_then(toml::Value::as_bool),
            Some(true),
            "every member takes rust-version from [workspace.package], the one version CI checks"
        );
    }
    manifest["workspace"]["package"]["rust-version"].as_str().unwrap().to_owned()
}

/// Stand-in `rustup` (its toolchain list holds `$TOOLCHAINS`) and `cargo` (fails if `$CARGO_FAILS`),
/// both logging their calls, `cargo` with the target dir it was given.
fn toolchain_stubs(name: &str) -> Stubs {
    let stubs = Stubs::new(name);
    stubs.script(
        "rustup",
        r#"echo "rustup $*" >>"$CALLS"
[ "$1 $2" != "toolchain list" ] || for t in ${TOOLCHAINS-}; do echo "$t-x86_64-unknown-linux-gnu"; done"#,
    );
    stubs.script(
        "cargo",
        r#"echo "cargo $* in $CARGO_TARGET_DIR" >>"$CALLS"
[ -z "${CARGO_FAILS-}" ] || { echo "error[E0658]: \`let\` expressions in this position are unstable" >&2; exit 101; }"#,
    );
    stubs
}

#[test]
fn ci_checks_the_workspace_with_the_toolchain_cargo_toml_names_installing_it_when_missing() {
    let version = rust_version();
    let stubs = toolchain_stubs("msrv-missing");
    let output = stubs.run_script("scripts/check-msrv", &[], &[("TOOLCHAINS", "stable nightly")]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stubs.calls(),
        [
            "rustup toolchain list".to_owned(),
            format!("rustup toolchain install {version} --profile minimal"),
            format!("cargo +{version} check --locked --workspace in target/msrv"),
        ]
    );
}

#[test]
fn ci_checks_with_an_installed_minimum_toolchain_without_installing_and_fails_when_the_check_does() {
    let version = rust_version();
    let stubs = toolchain_stubs("msrv-installed");
    let output = stubs.run_script("scripts/check-msrv", &[], &[("TOOLCHAINS", &format!("stable {version}"))]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stubs.calls(),
        [
            "rustup toolchain list".to_owned(),
            format!("cargo +{version} check --locked --workspace in target/msrv")
        ]
    );

    let stubs = toolchain_stubs("msrv-fails");
    let toolchains = format!("stable {version}");
    let output =
        stubs.run_script("scripts/check-msrv", &[], &[("TOOLCHAINS", &toolchains), ("CARGO_FAILS", "1")]);
    assert_eq!(output.status.code(), Some(101), "{}", stderr(&output));
    assert!(stderr(&output).contains("E0658"), "cargo's error is shown: {}", stderr(&output));
}

/// A folder under the system's temporary one, made empty, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("queens-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A minimal `queens` package of `version` for amd64, built with dpkg-deb into `dir`.
fn tiny_deb(dir: &Path, version: &str) -> PathBuf {
    let root = dir.join(format!("pkg-{version}"));
    fs::create_dir_all(root.join("DEBIAN")).unwrap();
    fs::write(
        root.join("DEBIAN/control"),
        format!(
            "Package: queens\nVersion: {version}\nArchitecture: amd64\nMaintainer: t <t@example.org>\nDescription: test\n"
        ),
    )
    .unwrap();
    let deb = dir.join(format!("queens-{version}.deb"));
    let built = Command::new("dpkg-deb").arg("--build").args([&root, &deb]).output().unwrap();
    assert!(built.status.success(), "{}", stderr(&built));
    deb
}

/// `scripts/apt-repo REPO DEB...`, its output.
fn apt_repo(repo: &Path, debs: &[&Path]) -> Output {
    let mut command = Command::new(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/apt-repo"));
    command.arg(repo).args(debs).env_remove("QUEENS_RELEASE_GNUPGHOME").output().unwrap()
}

/// `apt-get update` in a sandbox of its own under `dir` (its sources, lists and status, nothing of
/// the system's) with the one source `repo` trusted through `keyring`; then what `apt-cache policy
/// queens` says is the candidate.
fn apt_reads(dir: &Path, repo: &Path, keyring: &Path) -> (Output, String) {
    let sandbox = dir.join("apt");
    let _ = fs::remove_dir_all(&sandbox);
    for sub in [
        "etc/sources.list.d",
        "etc/preferences.d",
        "etc/apt.conf.d",
        "state/lists/partial",
        "cache/archives/partial",
    ] {
        fs::create_dir_all(sandbox.join(sub)).unwrap();
    }
    fs::write(sandbox.join("state/status"), "").unwrap();
    fs::write(
        sandbox.join("etc/sources.list"),
        format!("deb [signed-by={}] file:{} stable main\n", keyring.display(), repo.display()),
    )
    .unwrap();
    let s = sandbox.display();
    let config = sandbox.join("apt.conf");
    fs::write(
        &config,
        format!(
            "Dir::Etc \"{s}/etc\";\nDir::State \"{s}/state\";\nDir::State::status \"{s}/state/status\";\n\
             Dir::Cache \"{s}/cache\";\nAPT::Architecture \"amd64\";\nAPT::Sandbox::User \"root\";\n"
        ),
    )
    .unwrap();
    let update = Command::new("apt-get").arg("update").env("APT_CONFIG", &config).output().unwrap();
    let policy =
        Command::new("apt-cache").args(["policy", "queens"]).env("APT_CONFIG", &config).output().unwrap();
    let candidate = String::from_utf8_lossy(&policy.stdout)
        .lines()
        .find_map(|line| line.trim().strip_prefix("Candidate: ").map(str::to_owned))
        .unwrap_or_default();
    (update, candidate)
}

#[test]
fn the_apt_repository_is_read_by_apt_with_its_keyring_and_refused_with_another_key() {
    let scratch = Scratch::new("apt-repo");
    let dir = &scratch.0;
    let deb = tiny_deb(dir, "0.1.0-1");
    let (repo, other) = (dir.join("repo"), dir.join("other"));
    let made = apt_repo(&repo, &[&deb]);
    assert!(made.status.success(), "{}", stderr(&made));
    assert!(stderr(&made).contains("signed with a throwaway test key"), "{}", stderr(&made));
    for file in [
        "pool/main/q/queens/queens_0.1.0-1_amd64.deb",
        "dists/stable/main/binary-amd64/Packages",
        "dists/stable/main/binary-amd64/Packages.gz",
        "dists/stable/Release",
        "dists/stable/Release.gpg",
        "dists/stable/InRelease",
        "queens-archive-keyring.gpg",
    ] {
        assert!(repo.join(file).is_file(), "the repository lacks {file}");
    }

    let (update, candidate) = apt_reads(dir, &repo, &repo.join("queens-archive-keyring.gpg"));
    assert!(update.status.success(), "apt-get update: {}", stderr(&update));
    assert_eq!(candidate, "0.1.0-1", "apt offers the package from the repository");

    // Another repository's throwaway key: another key, which apt refuses.
    assert!(apt_repo(&other, &[&deb]).status.success());
    let (update, candidate) = apt_reads(dir, &repo, &other.join("queens-archive-keyring.gpg"));
    assert!(!update.status.success(), "apt-get update trusted a repository signed by another key");
    assert!(stderr(&update).contains("NO_PUBKEY"), "{}", stderr(&update));
    assert!(
        candidate.is_empty() || candidate == "(none)",
        "apt offers {candidate} from a repository it cannot verify"
    );
}

#[test]
fn the_apt_repository_is_made_only_in_a_new_or_empty_directory_and_only_of_debs() {
    let scratch = Scratch::new("apt-repo-refused");
    let dir = &scratch.0;
    let deb = tiny_deb(dir, "0.1.0-1");
    let kept = dir.join("kept");
    fs::create_dir_all(&kept).unwrap();
    fs::write(kept.join("notes.txt"), "mine").unwrap();
    let not_a_deb = dir.join("notes.txt");
    fs::write(&not_a_deb, "mine").unwrap();
    for (repo, given) in [(&kept, &deb), (&dir.join("new"), &not_a_deb)] {
        let output = apt_repo(repo, &[given]);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
    }
    assert_eq!(fs::read_dir(&kept).unwrap().count(), 1, "nothing written beside the file there");
    assert!(!dir.join("new").exists(), "nothing made for a file that is no .deb");
}

#[test]
fn a_release_whose_changelog_is_not_cargos_version_is_refused_in_one_line_before_building() {
    let stubs = Stubs::new("release-version");
    // Cargo's word for the version: one the changelog has no entry for.
    stubs.script(
        "cargo",
        r#"echo "cargo $*" >>"$CALLS"
[ "$1" = pkgid ] && echo "path+file:///src/queens#queens@9.9.9""#,
    );
    let output =
        stubs.run_script("scripts/release", &[], &[("CARGO_TARGET_DIR", &stubs.dir.display().to_string())]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let said = stderr(&output);
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(said.contains("9.9.9") && said.contains("packaging/debian/changelog"), "{said}");
    assert_eq!(stubs.calls(), ["cargo pkgid --quiet -p queens"], "nothing built");
    assert!(!stubs.dir.join("release-artifacts").exists(), "nothing written");
}

#[test]
fn count_vs_somers_refuses_a_queens_binary_that_is_not_there_in_one_line_before_building() {
    let stubs = Stubs::new("count-vs-somers-queens");
    for tool in ["gcc", "cargo"] {
        stubs.script(tool, &format!(r#"echo "{tool} $*" >>"$CALLS""#));
    }
    let missing = stubs.dir.join("no-such-queens");
    let output = stubs.run_script(
        "scripts/count-vs-somers",
        &["--queens", &missing.display().to_string(), "4"],
        &[("CARGO_TARGET_DIR", &stubs.dir.display().to_string())],
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let said = stderr(&output);
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(said.contains("no-such-queens") && said.contains("--help"), "{said}");
    assert!(stubs.calls().is_empty(), "nothing built: {:?}", stubs.calls());
}

/// `scripts/count-vs-faf` (issue 55) with stand-ins for NQueensFAF's runner and for `queens`: a
/// table of both medians, the ratio and the growth from one N to the next; without the runner
/// it says so and times `queens` alone; a wrong count from either stops it in one line.
#[test]
fn count_vs_faf_times_both_says_when_the_runner_is_missing_and_checks_their_counts() {
    let stubs = Stubs::new("count-vs-faf");
    let published = r#"case $N in 8) c=92 ;; 9) c=352 ;; *) c=0 ;; esac"#;
    stubs.script(
        "faf",
        &format!("N=$1; {published}; echo \"n=$N solutions=${{WRONG:-$c}} solver_duration_ms=1\""),
    );
    stubs.script("queens", &format!("N=$2; {published}; echo \"$c solutions for $N queens\""));
    let (faf, queens) =
        (stubs.dir.join("faf").display().to_string(), stubs.dir.join("queens").display().to_string());
    let args = ["--pairs", "1", "--pin", "none", "--queens", &queens, "8", "9"];
    let run = |env: &[(&str, &str)]| {
        let output = stubs.run_script("scripts/count-vs-faf", &args, env);
        (output.status.code(), String::from_utf8_lossy(&output.stdout).into_owned(), stderr(&output))
    };
    let (status, out, err) = run(&[("NQUEENSFAF_RUN", &faf)]);
    assert_eq!(status, Some(0), "{out}{err}");
    let rows: Vec<&str> = out.lines().filter(|l| l.starts_with("  8 ") || l.starts_with("  9 ")).collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(rows.iter().all(|row| row.split_whitespace().count() == 6 && row.ends_with('x')), "{out}");
    assert!(out.starts_with("load: ") && out.contains(&format!("NQueensFAF: {faf}")), "{out}");
    let (status, out, err) = run(&[("NQUEENSFAF_RUN", "")]);
    assert_eq!(status, Some(0), "{out}{err}");
    assert!(out.contains("NQueensFAF's runner is not here (set NQUEENSFAF_RUN"), "{out}");
    assert!(
        out.lines().any(|l| l.starts_with("  9  -") && l.trim_end().ends_with('-')),
        "queens alone: {out}"
    );
    let (status, out, err) = run(&[("NQUEENSFAF_RUN", &faf), ("WRONG", "7")]);
    assert_eq!(status, Some(1), "{out}{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("solutions=7") && err.contains("not the published 92"), "{err}");
}

#[test]
fn web_release_refuses_a_directory_without_the_built_page_in_one_line_writing_nothing() {
    let stubs = Stubs::new("web-release-empty");
    let dir = stubs.dir.join("web");
    fs::create_dir_all(&dir).unwrap();
    let output = stubs.run_script("scripts/web-release", &[&dir.display().to_string()], &[]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let said = stderr(&output);
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(said.contains("index.html") && said.contains("scripts/build-web"), "{said}");
    assert!(!dir.join("sw.js").exists(), "nothing written");
}

#[test]
fn lighthouse_without_a_built_page_refuses_no_build_in_one_line_before_installing() {
    let stubs = Stubs::new("lighthouse-no-page");
    stubs.script("npm", r#"echo "npm $*" >>"$CALLS""#);
    // A checkout with the script and no target/web.
    let checkout = stubs.dir.join("checkout");
    fs::create_dir_all(checkout.join("scripts")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for script in ["lighthouse", "usage"] {
        fs::copy(root.join("scripts").join(script), checkout.join("scripts").join(script)).unwrap();
    }
    let script = checkout.join("scripts/lighthouse");
    let output = stubs.run_script(&script.display().to_string(), &["--no-build"], &[]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let said = stderr(&output);
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(said.contains("target/web") && said.contains("scripts/build-web"), "{said}");
    assert!(stubs.calls().is_empty(), "nothing installed: {:?}", stubs.calls());
    assert!(!checkout.join("target").exists(), "nothing written");
}

#[test]
fn fuzz_refuses_a_fuzz_jobs_that_is_no_count_in_one_line_before_building() {
    let stubs = Stubs::new("fuzz-jobs");
    for tool in ["cargo", "rustup"] {
        stubs.script(tool, &format!(r#"echo "{tool} $*" >>"$CALLS""#));
    }
    for jobs in ["0", "two"] {
        let output = stubs.run_script("scripts/fuzz", &["1"], &[("FUZZ_JOBS", jobs)]);
        assert_eq!(output.status.code(), Some(2), "{jobs}: {}", stderr(&output));
        let said = stderr(&output);
        assert_eq!(said.lines().count(), 1, "{said}");
        assert!(said.contains(&format!("FUZZ_JOBS is a whole number from 1, not '{jobs}'")), "{said}");
        assert!(stubs.calls().is_empty(), "{jobs}: nothing built: {:?}", stubs.calls());
    }
}

/// Every script a user may run: the executables under `scripts/` and `tests/vm/`, and the Python
/// and Node helpers beside them, each with the program that runs it (its `#!` line's, found on the
/// `PATH` the tests were given, or by its extension). `tests/vm/init` and `package-init` are the
/// VM's PID 1, run by busybox there: here by the system's `sh`, which runs their first lines alike.
/// A Node module that other scripts import (`scripts/devtools.mjs`) is theirs, not one a user runs.
fn user_scripts() -> Vec<(PathBuf, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let on_path = |name: &str| {
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
            .map(|dir| dir.join(name))
            .find(|path| path.is_file())
            .unwrap_or_else(|| panic!("no {name} on PATH"))
    };
    let mut scripts = Vec::new();
    for dir in ["scripts", "tests/vm"] {
        for entry in fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let executable = fs::metadata(&path).unwrap().permissions().mode() & 0o111 != 0;
            if !path.is_file()
                || !(executable || name.ends_with(".py") || name.ends_with(".mjs"))
                || imported_module(&path)
            {
                continue;
            }
            let first = fs::read_to_string(&path).unwrap().lines().next().unwrap_or_default().to_owned();
            let runner = match first.strip_prefix("#!") {
                Some(line) if line.starts_with("/usr/bin/env ") => {
                    on_path(line["/usr/bin/env ".len()..].trim())
                }
                Some(line) if line.starts_with("/bin/busybox") => on_path("sh"),
                Some(line) => PathBuf::from(line.split_whitespace().next().unwrap()),
                None if name.ends_with(".py") => on_path("python3"),
                None if name.ends_with(".mjs") => on_path("node"),
                None => panic!("{}: executable, without a #! line", path.display()),
            };
            scripts.push((path, runner));
        }
    }
    scripts.sort();
    scripts
}

/// Whether `path` is a Node module a script beside it imports (`from "./NAME"`).
fn imported_module(path: &Path) -> bool {
    let name = path.file_name().unwrap().to_string_lossy();
    let import = format!("from \"./{name}\"");
    name.ends_with(".mjs")
        && fs::read_dir(path.parent().unwrap()).unwrap().any(|entry| {
            let other = entry.unwrap().path();
            other != path && fs::read_to_string(&other).is_ok_and(|text| text.contains(&import))
        })
}

/// Runs `script` with `args` by `runner`, with stand-ins first on `PATH` for everything that
/// installs or builds (each logs its call and fails), `HOME`, `CARGO_TARGET_DIR` and the VM
/// test's cache in `scratch`, and no standard input: its exit code and output, or `None` for the
/// code if it was still running after 20 s (then killed, with everything it started).
fn run_without_tools(stubs: &Stubs, scratch: &Path, runner: &Path, script: &Path, args: &[&str]) -> Output {
    use std::os::unix::process::CommandExt;
    let path = format!("{}:{}", stubs.dir.display(), std::env::var("PATH").unwrap_or_default());
    let mut child = Command::new(runner)
        .arg(script)
        .args(args)
        .env("PATH", path)
        .env("CALLS", stubs.dir.join("calls"))
        .env("HOME", scratch.join("home"))
        .env("CARGO_TARGET_DIR", scratch.join("target"))
        .env("QUEENS_VM_CACHE", scratch.join("vm-cache"))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .process_group(0)
        .spawn()
        .unwrap();
    let end = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() && std::time::Instant::now() < end {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    if child.try_wait().unwrap().is_none() {
        let group = nix::unistd::Pid::from_raw(child.id() as i32);
        let _ = nix::sys::signal::killpg(group, nix::sys::signal::Signal::SIGKILL);
    }
    child.wait_with_output().unwrap()
}

/// Stand-ins for what a script installs or builds with, each logging its call and failing.
fn tool_stubs(name: &str) -> Stubs {
    let stubs = Stubs::new(name);
    for tool in [
        "cargo",
        "rustup",
        "rustc",
        "apt-get",
        "apt-cache",
        "dpkg",
        "dpkg-deb",
        "dpkg-query",
        "python3",
        "pip",
        "node",
        "git",
        "gpg",
        "mmdebstrap",
        "podman",
        "cross",
        "qemu-system-x86_64",
        "qemu-system-aarch64",
        "qemu-system-arm",
        "systemd-analyze",
        "lintian",
        "Xvfb",
        "xdotool",
        "import",
        "make",
        "gcc",
        "sudo",
        "curl",
        "wget",
    ] {
        stubs.script(tool, &format!(r#"echo "{tool} $*" >>"$CALLS"; exit 1"#));
    }
    stubs
}

#[test]
fn every_script_prints_its_usage_on_help_and_refuses_an_unknown_option_before_installing_or_building() {
    let stubs = tool_stubs("help");
    let mut wrong = Vec::new();
    for (script, runner) in user_scripts() {
        let name = script.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap().display().to_string();
        let _ = fs::remove_file(stubs.dir.join("calls"));
        let scratch = Scratch::new("scripts-help");
        let mut said = |what: String| wrong.push(format!("{name}: {what}"));
        for help in ["--help", "-h"] {
            let out = run_without_tools(&stubs, &scratch.0, &runner, &script, &[help]);
            let stdout = String::from_utf8_lossy(&out.stdout);
            if out.status.code() != Some(0) || !stdout.contains("Usage") || !out.stderr.is_empty() {
                said(format!("{help}: exit {:?}, no usage: {stdout}{}", out.status.code(), stderr(&out)));
            }
        }
        // The linker cargo runs takes the linker's options: only a lone --help is its own.
        if !name.ends_with("zig-cc-armv6") {
            let out = run_without_tools(&stubs, &scratch.0, &runner, &script, &["--no-such-option"]);
            let refusal = stderr(&out);
            // The VM's init scripts refuse to start anywhere but as PID 1, whatever they are given.
            let pid_one_only = name.ends_with("vm/init") || name.ends_with("vm/package-init");
            let named = refusal.contains("--no-such-option") || pid_one_only && refusal.contains("(PID 1)");
            if out.status.code() != Some(2)
                || refusal.lines().count() != 1
                || !named
                || !refusal.contains("--help")
            {
                said(format!("an unknown option: exit {:?}, said {refusal:?}", out.status.code()));
            }
        }
        let calls = stubs.calls();
        if !calls.is_empty() {
            said(format!("ran {calls:?}"));
        }
        let made: Vec<_> = fs::read_dir(&scratch.0).unwrap().map(|e| e.unwrap().file_name()).collect();
        if !made.is_empty() {
            said(format!("made {made:?}"));
        }
    }
    assert!(wrong.is_empty(), "{} scripts:\n{}", wrong.len(), wrong.join("\n"));
}
