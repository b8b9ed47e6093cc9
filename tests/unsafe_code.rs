//! `unsafe` lives only in `sys` modules: every other source file of the
//! root crate and of the `sense-hat` crate is safe code outside its
//! `#[cfg(test)]` part, so what the kernel is trusted with can be reviewed
//! in a few small files. (The
//! engine crate forbids it outright: tests/engine_purity.rs.)

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

#[test]
fn unsafe_code_is_only_in_sys_modules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files: Vec<_> =
        ["src", "crates/sense-hat/src"].iter().flat_map(|dir| rust_files(&root.join(dir))).collect();
    assert!(files.len() > 20, "the sources were found: {files:?}");
    assert!(
        files.iter().any(|path| path.ends_with("crates/sense-hat/src/sys.rs")),
        "the HAT crate's sources were found: {files:?}"
    );
    let outside: Vec<String> = files
        .iter()
        .filter(|path| path.file_name().is_some_and(|name| name != "sys.rs"))
        .flat_map(|path| {
            let source = std::fs::read_to_string(path).unwrap();
            unsafe_lines(&source).into_iter().map(move |(n, line)| format!("{}:{n}: {line}", path.display()))
        })
        .collect();
    assert!(outside.is_empty(), "unsafe outside a sys module:\n{}", outside.join("\n"));
}

#[test]
fn the_check_sees_unsafe_code_and_not_the_word_in_comments_or_names() {
    let source = "fn a() {\n    // unsafe here is a word\n    let unsafe_count = 1;\n    unsafe { f() };\n}\n\
                  #[cfg(test)]\nmod tests { unsafe fn g() {} }\n";
    assert_eq!(unsafe_lines(source), [(4, "unsafe { f() };".to_owned())]);
}
