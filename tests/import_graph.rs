//! No two files import each other, directly or round a loop, in any crate
//! of the workspace: each crate's files stand in floors, every import
//! running down to a file below (docs/development.md, "Layout"). The
//! compiler allows any loop inside a crate; a loop means neither file can
//! be read, tested or moved without the other, and a `mod.rs` that both
//! re-exports its files and is imported by them is the commonest.
//!
//! An import is any path into the crate in a file's code (not its
//! comments, nor its tests at the bottom, after `#[cfg(test)]`):
//! `crate::a::b`, `super::x`, `self::x`, or a child module's name
//! (`count::run` in the `mod.rs` that declares `mod count;`), in a `use`
//! (its groups too) or in an expression. It leads to the file of the
//! deepest module the path names; a path that ends in an item leads to the
//! file of the module that item is named in, which is where a `mod.rs`
//! re-exporting it is caught.

use crate::common;

use common::rust_files;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The crates' source folders.
const CRATES: &[&str] = &["src", "crates/engine/src", "crates/sense-hat/src", "crates/web/src"];

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// A module's path inside its crate (`["game", "modes"]`), from its file.
fn module_of(file: &Path, src: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut path: Vec<String> = relative.iter().map(|c| c.to_string_lossy().into_owned()).collect();
    if path.last().is_some_and(|last| ["mod", "lib", "main"].contains(&last.as_str())) {
        path.pop();
    }
    path
}

/// The code a file's imports are read from: no comments, no test module.
fn code_of(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap();
    text.lines().map(|line| line.split("//").next().unwrap()).collect::<Vec<_>>().join("\n")
}

/// Every path a `use` tree or an expression path starting at `rest` spells
/// out, as segments: `a::{b, c::{d, e}}` gives `a::b`, `a::c::d`, `a::c::e`.
fn paths(rest: &str) -> Vec<Vec<String>> {
    fn tree(s: &[char], i: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
        let mut path = prefix;
        loop {
            while *i < s.len() && s[*i].is_whitespace() {
                *i += 1;
            }
            if *i < s.len() && s[*i] == '{' {
                *i += 1;
                loop {
                    tree(s, i, path.clone(), out);
                    while *i < s.len() && s[*i].is_whitespace() {
                        *i += 1;
                    }
                    match s.get(*i) {
                        Some(',') => *i += 1,
                        Some('}') => {
                            *i += 1;
                            return;
                        }
                        _ => return,
                    }
                    while *i < s.len() && s[*i].is_whitespace() {
                        *i += 1;
                    }
                    if s.get(*i) == Some(&'}') {
                        *i += 1;
                        return;
                    }
                }
            }
            let start = *i;
            while *i < s.len() && is_ident(s[*i]) {
                *i += 1;
            }
            if *i == start {
                out.push(path);
                return;
            }
            path.push(s[start..*i].iter().collect());
            if s[*i..].starts_with(&[':', ':']) {
                *i += 2;
            } else {
                out.push(path);
                return;
            }
        }
    }
    let chars: Vec<char> = rest.chars().take(2000).collect();
    let mut out = vec![];
    tree(&chars, &mut 0, vec![], &mut out);
    out
}

/// The crate's modules, each with its file.
fn modules(src: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    rust_files(src).into_iter().map(|file| (module_of(&file, src), file)).collect()
}

/// The files `file` imports (itself left out).
fn imports(file: &Path, src: &Path, modules: &BTreeMap<Vec<String>, PathBuf>) -> BTreeSet<PathBuf> {
    let here = module_of(file, src);
    let code = code_of(&fs::read_to_string(file).unwrap());
    let children: Vec<&str> = modules
        .keys()
        .filter(|m| m.len() == here.len() + 1 && m.starts_with(&here))
        .map(|m| m.last().unwrap().as_str())
        .collect();
    let mut found = BTreeSet::new();
    let starts = ["crate::", "super::", "self::"].into_iter().chain(children.iter().copied());
    for start in starts {
        for (at, _) in code.match_indices(start) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| is_ident(c) || c == ':' || c == '$') {
                continue; // inside a longer path, or `$crate` in a macro
            }
            if code[..at].trim_end().ends_with("(in") {
                continue; // `pub(in crate::solver)`: who may see an item, no import
            }
            let rest = &code[at..];
            if !start.ends_with("::") && !rest[start.len()..].starts_with("::") {
                continue; // a child's name that is no path here
            }
            for path in paths(rest) {
                let mut module = here.clone();
                let mut segments = path.as_slice();
                match segments.first().map(String::as_str) {
                    Some("crate") => {
                        module.clear();
                        segments = &segments[1..];
                    }
                    Some("self") => segments = &segments[1..],
                    _ => {}
                }
                while segments.first().is_some_and(|s| s == "super") {
                    module.pop();
                    segments = &segments[1..];
                }
                for segment in segments {
                    let mut deeper = module.clone();
                    deeper.push(segment.clone());
                    if !modules.contains_key(&deeper) {
                        break;
                    }
                    module = deeper;
                }
                if let Some(to) = modules.get(&module)
                    && to != file
                {
                    found.insert(to.clone());
                }
            }
        }
    }
    found
}

/// Every loop of imports among the files under `src` (each as its files).
fn circles(src: &Path) -> Vec<Vec<String>> {
    let modules = modules(src);
    let graph: BTreeMap<&PathBuf, BTreeSet<PathBuf>> =
        modules.values().map(|file| (file, imports(file, src, &modules))).collect();
    // Tarjan's strongly connected components: a component of more than one file is a loop.
    struct Walk<'a> {
        graph: &'a BTreeMap<&'a PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, (usize, usize)>,
        stack: Vec<&'a PathBuf>,
        on_stack: BTreeSet<&'a PathBuf>,
        loops: Vec<Vec<&'a PathBuf>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a PathBuf) {
        let n = w.index.len();
        w.index.insert(v, (n, n));
        w.stack.push(v);
        w.on_stack.insert(v);
        for to in &w.graph[v] {
            let (to, _) = w.graph.get_key_value(to).expect("a file of the crate");
            if !w.index.contains_key(*to) {
                visit(w, to);
                let low = w.index[v].1.min(w.index[*to].1);
                w.index.get_mut(v).unwrap().1 = low;
            } else if w.on_stack.contains(*to) {
                let low = w.index[v].1.min(w.index[*to].0);
                w.index.get_mut(v).unwrap().1 = low;
            }
        }
        if w.index[v].0 == w.index[v].1 {
            let mut component = vec![];
            while let Some(top) = w.stack.pop() {
                w.on_stack.remove(top);
                component.push(top);
                if top == v {
                    break;
                }
            }
            if component.len() > 1 {
                w.loops.push(component);
            }
        }
    }
    let mut walk = Walk {
        graph: &graph,
        index: BTreeMap::new(),
        stack: vec![],
        on_stack: BTreeSet::new(),
        loops: vec![],
    };
    for v in graph.keys() {
        if !walk.index.contains_key(*v) {
            visit(&mut walk, v);
        }
    }
    let shown = |file: &PathBuf| file.strip_prefix(src).unwrap().display().to_string();
    let mut loops: Vec<Vec<String>> =
        walk.loops.iter().map(|component| component.iter().map(|f| shown(f)).collect()).collect();
    for component in &mut loops {
        component.sort();
    }
    loops.sort();
    loops
}

#[test]
fn no_two_files_of_a_crate_import_each_other_round_a_loop() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for src in CRATES {
        let src = root.join(src);
        assert!(modules(&src).len() >= 3, "{} has sources", src.display());
        let loops = circles(&src);
        assert!(loops.is_empty(), "imports that loop in {}: {loops:?}", src.display());
    }
}

#[test]
fn the_reader_finds_loops_through_a_mod_rs_and_in_every_form() {
    let dir = std::env::temp_dir().join(format!("queens-import-graph-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("game")).unwrap();
    let file = |path: &str, text: &str| fs::write(dir.join(path), text).unwrap();
    file("lib.rs", "pub mod game;\nmod words;\npub use game::Frame;\n");
    file("words.rs", "// crate::game in a comment is no import\npub fn said() {}\n");
    // game/mod.rs re-exports frame.rs's Frame, which frame.rs... does not import back: no loop.
    file(
        "game/mod.rs",
        "mod frame;\nmod menu;\nmod text;\npub use frame::Frame;\nfn f() { menu::open(); }\n",
    );
    file("game/frame.rs", "use crate::words::said;\npub(in crate::game) struct Frame;\n");
    // menu.rs takes Frame through game/mod.rs, which calls menu: a loop of two.
    file("game/menu.rs", "use super::{Frame, text::{self, scroll}};\npub fn open() {}\n");
    // text.rs reaches the menu in an expression: with menu.rs's import of it, a second loop.
    file(
        "game/text.rs",
        "pub fn scroll() { crate::game::menu::open(); }\n#[cfg(test)]\nuse super::super::lib;\n",
    );
    let loops = circles(&dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(loops, [vec!["game/menu.rs", "game/mod.rs", "game/text.rs"]]);
}
