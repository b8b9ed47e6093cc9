//! The engine crate stays pure, and the compiler checks it: `forbid(unsafe_code)`,
//! the wasm32 build in CI (no `std::os::unix` or `std::os::fd` there), clippy's `disallowed_methods` and
//! `disallowed_types` from `crates/engine/clippy.toml` (files, network,
//! processes, environment, console, threads, the clock) and its print lints,
//! whatever way a path is imported. What no lint can say is checked here: that
//! those guards are still in place, that only `solver::count` opts out of them,
//! and the crate's dependencies.
//!
//! What it proves, in full: the engine crate (`crates/engine`) keeps its guards:
//! `forbid(unsafe_code)`, `deny(missing_docs)`, the denied print lints and
//! `crates/engine/clippy.toml`'s disallowed calls (which `cargo clippy` enforces); only
//! `solver::count`'s progress reports opt out of them; it depends on nothing but `font8x8`; its
//! doctests run under `cargo test` too

use crate::common::rust_files;
use std::fs;
use std::path::{Path, PathBuf};

fn engine_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/engine")
}

/// The lints that keep the engine pure, and the groups that hold them: an
/// `allow` or `expect` of one of them is a way out.
const PURITY_LINTS: [&str; 8] = [
    "disallowed_methods",
    "disallowed_types",
    "print_stdout",
    "print_stderr",
    "dbg_macro",
    "clippy::all",
    "clippy::style",
    "clippy::restriction",
];

#[test]
fn the_engine_keeps_its_lints() {
    let lib = fs::read_to_string(engine_dir().join("src/lib.rs")).unwrap();
    for attribute in [
        "#![forbid(unsafe_code)]",
        "#![deny(missing_docs)]",
        "#![deny(clippy::print_stdout, clippy::print_stderr, clippy::dbg_macro)]",
    ] {
        assert!(lib.contains(attribute), "crates/engine/src/lib.rs lost {attribute}");
    }
    // Clippy reads clippy.toml from the crate's own directory: one at the root would not apply.
    let clippy_toml = engine_dir().join("clippy.toml");
    let config: toml::Table = fs::read_to_string(&clippy_toml)
        .unwrap_or_else(|e| panic!("{}: {e}", clippy_toml.display()))
        .parse()
        .unwrap();
    let paths: Vec<&str> = ["disallowed-methods", "disallowed-types"]
        .iter()
        .filter_map(|key| config.get(*key)?.as_array())
        .flatten()
        .filter_map(|entry| entry.get("path")?.as_str())
        .collect();
    for guarded in [
        "std::fs::read_to_string",
        "std::fs::write",
        "std::fs::File",
        "std::net::TcpStream",
        "std::process::Command",
        "std::env::var",
        "std::io::stdin",
        "std::io::stdout",
        "std::io::stderr",
        "std::thread::spawn",
        "std::time::Instant",
        "std::time::SystemTime",
        // The page's weight: Unicode's case tables (docs/PERFORMANCE.md, "Web page").
        "str::to_lowercase",
        "str::to_uppercase",
    ] {
        assert!(paths.contains(&guarded), "{} no longer forbids {guarded}", clippy_toml.display());
    }
}

#[test]
fn only_the_counts_progress_reports_opt_out_of_the_purity_lints() {
    let src = engine_dir().join("src");
    let files = rust_files(&src);
    assert!(files.len() > 10, "the engine's sources are under {}", src.display());
    let mut found = vec![];
    for file in files {
        let name = file.strip_prefix(&src).unwrap().to_string_lossy().into_owned();
        if name == "solver/count/mod.rs" {
            continue;
        }
        for (i, line) in fs::read_to_string(&file).unwrap().lines().enumerate() {
            if line.contains("deny(") {
                continue; // lib.rs turning them on
            }
            if let Some(lint) = PURITY_LINTS.iter().find(|lint| line.contains(*lint)) {
                found.push(format!("{name}:{}: {lint}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "the engine's purity lints turned off:\n{}", found.join("\n"));
}

#[test]
fn the_engine_depends_on_nothing_but_its_font() {
    let manifest: toml::Table = fs::read_to_string(engine_dir().join("Cargo.toml")).unwrap().parse().unwrap();
    let dependencies: Vec<&String> = manifest["dependencies"].as_table().unwrap().keys().collect();
    assert_eq!(dependencies, ["font8x8"], "anyhow and every device crate belong to the root crate");
}
