//! The root crate's layers import downward only: `cli` -> `daemon` (the
//! game loop, config, logging, saved state) -> `backend` (the devices) ->
//! the engine. A backend that reached up into the daemon or the command
//! line could not be read, tested or changed on its own, so this reads
//! every path into the crate (`crate::...`, `super::...`, groups like
//! `crate::{a, b}` too) in `src/backend/` and `src/daemon/` and checks
//! each against what its layer may use. The compiler cannot say this: one
//! crate's modules may all see each other. (The Sense HAT's devices are a
//! crate of their own, `crates/sense-hat`, which Cargo keeps from the game:
//! its manifest is checked below.)

use crate::common;

use common::rust_files;
use std::fs;
use std::path::Path;

/// The engine's modules, re-exported at the crate's root.
const ENGINE: &[&str] = &["game", "puzzle", "regions", "solver", "words"];
/// Items at the crate's root every layer may use: the lossy `eprintln!`s.
/// (A command's name belongs to `cli`: a backend is given the program's
/// name in its options.)
const ROOT: &[&str] = &["eprintln_lossy", "eprint_lossy"];

/// What each layer may import besides itself, the engine and [`ROOT`].
const MAY_USE: &[(&str, &[&str])] = &[("backend", &[]), ("daemon", &["backend"])];

/// The module a file under `src/` is: `backend/sensehat/mod.rs` is
/// `["backend", "sensehat"]`.
fn module_of(file: &Path, src: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut path: Vec<String> = relative.iter().map(|c| c.to_string_lossy().into_owned()).collect();
    if path.last().is_some_and(|last| last == "mod") {
        path.pop();
    }
    path
}

/// The source without comments (doc comments name modules in links).
fn code_of(text: &str) -> String {
    text.lines().map(|line| line.split("//").next().unwrap()).collect::<Vec<_>>().join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The names at the top of a path's rest: `daemon::x` gives `daemon`,
/// `{daemon::{self, x}, game}` gives `daemon` and `game`.
fn heads(rest: &str) -> Vec<String> {
    let rest = rest.trim_start();
    if let Some(group) = rest.strip_prefix('{') {
        let mut names = vec![];
        let (mut depth, mut item) = (0, String::new());
        for c in group.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    names.push(std::mem::take(&mut item));
                    continue;
                }
                _ => {}
            }
            // Only each item's head matters: what is inside a nested group is left out.
            if depth == 0 {
                item.push(c);
            }
        }
        names.push(item);
        return names
            .iter()
            .filter_map(|item| {
                let name: String = item.trim().chars().take_while(|&c| is_ident(c)).collect();
                (!name.is_empty()).then_some(name)
            })
            .collect();
    }
    let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
    if name.is_empty() { vec![] } else { vec![name] }
}

/// Every top-level module or root item `file`'s code reaches through
/// `crate::` or `super::`, with its line number.
fn reached(file: &Path, src: &Path) -> Vec<(usize, String)> {
    let module = module_of(file, src);
    let code = code_of(&fs::read_to_string(file).unwrap());
    let mut found = vec![];
    for (at, _) in code.match_indices("crate::").chain(code.match_indices("super::")) {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| is_ident(c) || c == ':' || c == '$') {
            continue; // inside a longer path (`super::super::`), or `$crate` in a macro
        }
        let line = code[..at].matches('\n').count() + 1;
        let mut rest = &code[at..];
        let mut above = module.clone();
        if rest.starts_with("crate::") {
            above.clear();
            rest = &rest["crate::".len()..];
        } else {
            while let Some(after) = rest.strip_prefix("super::") {
                above.pop();
                rest = after;
            }
        }
        match above.first() {
            Some(top) => found.push((line, top.clone())),
            None => found.extend(heads(rest).into_iter().map(|name| (line, name))),
        }
    }
    found
}

/// Every path in `src/<layer>/` to somewhere its layer may not use.
fn violations(src: &Path) -> Vec<String> {
    let mut wrong = vec![];
    for &(layer, others) in MAY_USE {
        let mut files = rust_files(&src.join(layer));
        assert!(!files.is_empty(), "src/{layer}/ has sources");
        files.sort();
        for file in files {
            for (line, name) in reached(&file, src) {
                let allowed = name == layer
                    || others.contains(&name.as_str())
                    || ENGINE.contains(&name.as_str())
                    || ROOT.contains(&name.as_str())
                    || name == "self";
                if !allowed {
                    let shown = file.strip_prefix(src).unwrap().display();
                    wrong.push(format!("src/{shown}:{line}: {layer} uses crate::{name}"));
                }
            }
        }
    }
    wrong
}

#[test]
fn backend_imports_neither_daemon_nor_cli_and_daemon_not_cli() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let wrong = violations(&src);
    assert!(
        wrong.is_empty(),
        "layers import downward only (docs/development.md, Layout):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_reader_finds_paths_in_every_form() {
    let dir = std::env::temp_dir().join(format!("queens-layers-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    for layer in ["backend/sensehat", "daemon"] {
        fs::create_dir_all(dir.join(layer)).unwrap();
    }
    let bad = "use crate::{\n    daemon::{self, signals::Shutdown},\n    game::Frame,\n};\n\
               fn f() { crate::command_name(); super::super::cli::main(); }\n\
               // crate::cli in a comment is no import\n";
    fs::write(dir.join("backend/sensehat/mod.rs"), bad).unwrap();
    let fine =
        "use crate::backend::Next;\nuse super::state;\nmacro_rules! m { () => { $crate::cli::x() } }\n";
    fs::write(dir.join("daemon/config.rs"), fine).unwrap();
    let wrong = violations(&dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        wrong,
        [
            "src/backend/sensehat/mod.rs:1: backend uses crate::daemon",
            "src/backend/sensehat/mod.rs:5: backend uses crate::command_name",
            "src/backend/sensehat/mod.rs:5: backend uses crate::cli",
        ]
    );
}

/// The Sense HAT crate is below the game: Cargo refuses it any import of
/// the engine or the root crate as long as its manifest names neither.
#[test]
fn the_sense_hat_crate_knows_nothing_of_the_game() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/sense-hat/Cargo.toml");
    let manifest: toml::Table = fs::read_to_string(path).unwrap().parse().unwrap();
    let named: Vec<&String> = ["dependencies", "dev-dependencies"]
        .iter()
        .filter_map(|table| manifest.get(*table).and_then(|t| t.as_table()))
        .flat_map(|table| table.keys())
        .collect();
    assert!(named.contains(&&"evdev".to_string()), "the manifest was read: {named:?}");
    let game: Vec<_> = named.iter().filter(|name| name.starts_with("queens")).collect();
    assert!(game.is_empty(), "the Sense HAT crate depends on {game:?}");
}
