//! The release's version is set in one place, `[workspace.package] version` in the root
//! `Cargo.toml` (issue 31): every crate of the game takes it, `queens --version` and the man page
//! say it, and the Debian changelog's top entry is for it, so a bump that forgets the changelog
//! fails here. The `sense-hat` library has a version of its own (issue 51), which the game's
//! dependency on it asks for.

use crate::common;

use std::fs;
use std::path::Path;

fn manifest(path: &str) -> toml::Table {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    text.parse().unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `[workspace.package] version` in the root Cargo.toml.
fn workspace_version() -> String {
    let root = manifest("Cargo.toml");
    root["workspace"]["package"]["version"].as_str().expect("[workspace.package] version").to_string()
}

/// The upstream version of the top entry of a Debian changelog: `queens (0.2.0-1) unstable; ...`
/// gives `0.2.0` (the Debian revision after the last `-` is the package's own).
fn changelog_version(changelog: &str) -> Option<&str> {
    let top = changelog.lines().next()?;
    let (_, rest) = top.split_once(" (")?;
    let (version, _) = rest.split_once(')')?;
    Some(version.rsplit_once('-').map_or(version, |(upstream, _)| upstream))
}

#[test]
fn the_debian_changelogs_top_entry_is_for_the_workspaces_version() {
    let changelog =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/debian/changelog")).unwrap();
    let version = workspace_version();
    assert_eq!(
        changelog_version(&changelog),
        Some(version.as_str()),
        "Cargo.toml's [workspace.package] version is {version}: packaging/debian/changelog needs an entry \
         for it at the top (and scripts/release refuses to run until it has one)"
    );
    // The reading itself: the Debian revision is dropped, a version without one is taken whole.
    assert_eq!(changelog_version("queens (1.10.2-3) unstable; urgency=medium\n"), Some("1.10.2"));
    assert_eq!(changelog_version("queens (1.10.2) unstable; urgency=medium\n"), Some("1.10.2"));
    assert_eq!(changelog_version(""), None);
}

#[test]
fn every_crate_of_the_game_takes_the_workspaces_version() {
    for path in ["Cargo.toml", "crates/engine/Cargo.toml", "crates/web/Cargo.toml"] {
        let package = &manifest(path)["package"];
        assert_eq!(
            package["version"].get("workspace").and_then(toml::Value::as_bool),
            Some(true),
            "{path}: version.workspace = true, so that a release bumps one line"
        );
    }
    assert_eq!(env!("CARGO_PKG_VERSION"), workspace_version());
}

#[test]
fn queens_version_and_the_man_page_say_the_workspaces_version() {
    use clap::CommandFactory;
    let version = workspace_version();
    let (code, stdout, _) = common::bin::run(&["--version"]);
    assert_eq!((code, stdout), (Some(0), format!("queens {version}\n")));
    let mut page = Vec::new();
    clap_mangen::Man::new(queens::cli::Cli::command()).render(&mut page).unwrap();
    let page = String::from_utf8(page).unwrap();
    let title = page.lines().find(|l| l.starts_with(".TH ")).expect("the man page's title line");
    assert!(title.contains(&format!("queens {version}")), "{title}");
}

/// `1.2.3` as numbers.
fn numbers(version: &str) -> Vec<u64> {
    version.split('.').map(|n| n.parse().unwrap_or_else(|_| panic!("{version:?}"))).collect()
}

#[test]
fn the_sense_hat_library_has_its_own_version_which_the_game_asks_for() {
    let own = manifest("crates/sense-hat/Cargo.toml")["package"]["version"]
        .as_str()
        .expect("crates/sense-hat/Cargo.toml: a version of its own, not the workspace's")
        .to_string();
    let root = manifest("Cargo.toml");
    for table in ["dependencies", "dev-dependencies"] {
        let wanted = root[table]["sense-hat"]["version"].as_str().expect("sense-hat by version").to_string();
        // Cargo's caret rule: "0.1" takes 0.1.x, "1.2" takes 1.x from 1.2.
        let (own, wanted) = (numbers(&own), numbers(&wanted));
        let matches = match wanted[..] {
            [0, minor, ..] => own[0] == 0 && own[1] == minor,
            [major, ..] => own[0] == major && own >= wanted,
            [] => false,
        };
        assert!(matches, "the root's {table} ask for sense-hat {wanted:?}, the crate is {own:?}");
    }
}
