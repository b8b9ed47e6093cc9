//! `unsafe` lives only in `sys` modules, and in the web crate's
//! `exports.rs` (the page's calls in, `#[unsafe(no_mangle)]`, and its clock
//! and date, `unsafe extern`): every other source file of the root crate,
//! the `sense-hat` crate, the web crate, the examples (the VM test's
//! driver among them) and the benchmarks is safe code outside its
//! `#[cfg(test)]` part, so what the kernel and the page are trusted with can
//! be reviewed in a few small files. (The engine crate forbids it
//! outright: tests/engine_purity.rs.)
//!
//! What it proves, in full: `unsafe` only in `sys` modules

use crate::common;

use common::rust_files;
use std::path::Path;

/// The lines of `source` before its tests that use the word `unsafe` in
/// code (comments stripped), with their numbers.
fn unsafe_lines(source: &str) -> Vec<(usize, String)> {
    let code = source.split("#[cfg(test)]").next().unwrap_or_default();
    code.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let code = line.split("//").next().unwrap_or_default();
            let is_word = |at: usize| {
                let before = code[..at].chars().next_back();
                let after = code[at + "unsafe".len()..].chars().next();
                ![before, after].into_iter().flatten().any(|c| c.is_alphanumeric() || c == '_')
            };
            code.match_indices("unsafe").any(|(at, _)| is_word(at)).then(|| (i + 1, line.trim().to_owned()))
        })
        .collect()
}

/// The files `unsafe` may be in: each crate's `sys.rs`, and the page's exports.
fn may_hold_unsafe(path: &Path) -> bool {
    path.file_name().is_some_and(|name| name == "sys.rs") || path.ends_with("crates/web/src/exports.rs")
}

#[test]
fn unsafe_code_is_only_in_sys_modules_and_the_pages_exports() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files: Vec<_> = ["src", "crates/sense-hat/src", "crates/web/src", "examples", "benches"]
        .iter()
        .flat_map(|dir| rust_files(&root.join(dir)))
        .collect();
    assert!(files.len() > 20, "the sources were found: {files:?}");
    for (file, crate_) in
        [("crates/sense-hat/src/sys.rs", "the HAT crate's"), ("crates/web/src/exports.rs", "the web crate's")]
    {
        let path = root.join(file);
        assert!(files.contains(&path), "{crate_} sources were found: {files:?}");
        let source = std::fs::read_to_string(&path).unwrap();
        assert!(!unsafe_lines(&source).is_empty(), "{file} holds {crate_} unsafe code, which the check sees");
    }
    let outside: Vec<String> = files
        .iter()
        .filter(|path| !may_hold_unsafe(path))
        .flat_map(|path| {
            let source = std::fs::read_to_string(path).unwrap();
            unsafe_lines(&source).into_iter().map(move |(n, line)| format!("{}:{n}: {line}", path.display()))
        })
        .collect();
    assert!(
        outside.is_empty(),
        "unsafe outside a sys module and the page's exports:\n{}",
        outside.join("\n")
    );
}

#[test]
fn the_check_sees_unsafe_code_and_not_the_word_in_comments_or_names() {
    let source = "fn a() {\n    // unsafe here is a word\n    let unsafe_count = 1;\n    unsafe { f() };\n}\n\
                  #[cfg(test)]\nmod tests { unsafe fn g() {} }\n";
    assert_eq!(unsafe_lines(source), [(4, "unsafe { f() };".to_owned())]);
}
