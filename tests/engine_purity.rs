//! The engine crate stays pure: the compiler enforces `forbid(unsafe_code)`
//! and the wasm32 build in CI that it needs no OS, but std's file, network,
//! process and console calls compile for wasm32 too. This reads the crate's
//! manifest and sources and refuses them.

use crate::common;

use common::rust_files;
use std::fs;
use std::path::{Path, PathBuf};

fn engine_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/engine")
}

/// Every line of code (comments and doc comments left out) of the engine's
/// sources that contains one of `needles`, outside the files `allowed_in`.
fn offending_lines(needles: &[&str], allowed_in: &[&str]) -> Vec<String> {
    let src = engine_dir().join("src");
    let files = rust_files(&src);
    assert!(files.len() > 10, "the engine's sources are under {}", src.display());
    let mut found = vec![];
    for file in files {
        let name = file.strip_prefix(&src).unwrap().to_string_lossy().into_owned();
        if allowed_in.contains(&name.as_str()) {
            continue;
        }
        for (i, line) in fs::read_to_string(&file).unwrap().lines().enumerate() {
            let code = line.split("//").next().unwrap();
            if let Some(needle) = needles.iter().find(|n| code.contains(*n)) {
                found.push(format!("{name}:{}: {needle}: {}", i + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn the_engine_does_no_io() {
    let io = [
        "std::fs",
        "std::net",
        "std::process",
        "std::env",
        "std::io",
        "std::os",
        "print!",
        "println!",
        "dbg!",
        "File::",
    ];
    let found = offending_lines(&io, &[]);
    assert!(found.is_empty(), "I/O in the engine crate:\n{}", found.join("\n"));
}

#[test]
fn only_the_counts_progress_reports_use_threads_and_the_clock() {
    let found =
        offending_lines(&["std::thread", "std::time", "Instant", "SystemTime"], &["solver/count/mod.rs"]);
    assert!(found.is_empty(), "threads or the clock in the engine crate:\n{}", found.join("\n"));
}

#[test]
fn the_engine_depends_on_nothing_but_its_font() {
    let manifest: toml::Table = fs::read_to_string(engine_dir().join("Cargo.toml")).unwrap().parse().unwrap();
    let dependencies: Vec<&String> = manifest["dependencies"].as_table().unwrap().keys().collect();
    assert_eq!(dependencies, ["font8x8"], "anyhow and every device crate belong to the root crate");
    let lib = fs::read_to_string(engine_dir().join("src/lib.rs")).unwrap();
    for attribute in ["#![forbid(unsafe_code)]", "#![deny(missing_docs)]"] {
        assert!(lib.contains(attribute), "crates/engine/src/lib.rs lost {attribute}");
    }
}
