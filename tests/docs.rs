//! The documentation against the program: every `console` example in docs/solver.md is run through
//! the built binary and its output compared exactly, and every relative link in README.md and
//! docs/*.md must lead to a file that exists (and to a heading of it, when the link names one).
//!
//! What it proves, in full: the documentation against the program: every `console` example of
//! `docs/solver.md` run through the built binary, its output and exit status compared exactly (a
//! `\| head -N` and a `# exit status N` comment understood); every relative link in `README.md` and
//! `docs/*.md` leads to a file that exists, and to a heading of it when it names one; the README's
//! commands for the man pages, run (the `gen-assets` example itself), make a page per command
//! holding every option

use crate::common;

/// The man pages' and completions' generator itself (an example, so that its crates stay
/// dev-dependencies): the test runs the very code the README tells a clone to run.
#[path = "../examples/gen-assets.rs"]
#[allow(dead_code)]
mod gen_assets;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// One `$ queens ...` line of a `console` block and the output printed under it.
struct Example {
    /// Where it is, for messages: `docs/solver.md:14`.
    place: String,
    /// The command line as written, comment and all.
    line: String,
    /// The arguments after `queens`.
    args: Vec<String>,
    /// `| head -N` after the command: only the first N lines of standard output are shown.
    head: Option<usize>,
    /// From a `# exit status N` comment; 0 without one.
    status: i32,
    /// The lines under the command, up to the next command or the end of the block.
    expected: String,
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(relative: &str) -> String {
    fs::read_to_string(repo().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// The `console` examples of a Markdown file.
fn console_examples(relative: &str) -> Vec<Example> {
    let text = read(relative);
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut in_other_fence = false;
    for (index, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        if in_console {
            if fence {
                in_console = false;
            } else if let Some(command) = line.strip_prefix("$ ") {
                examples.push(parse_command(&format!("{relative}:{}", index + 1), command));
            } else {
                let example = examples
                    .last_mut()
                    .unwrap_or_else(|| panic!("{relative}:{}: output before any `$ queens` line", index + 1));
                example.expected.push_str(line);
                example.expected.push('\n');
            }
        } else if in_other_fence {
            in_other_fence = !fence;
        } else if fence {
            if line.trim_start().trim_start_matches('`').trim() == "console" {
                in_console = true;
            } else {
                in_other_fence = true;
            }
        }
    }
    assert!(!in_console && !in_other_fence, "{relative}: a code block is not closed");
    examples
}

/// `queens ARGS [| head -N] [# comment]`: the shell syntax the examples use, and no more.
fn parse_command(place: &str, line: &str) -> Example {
    let (command, comment) = match line.find(" #") {
        Some(at) => (&line[..at], line[at + 2..].trim()),
        None => (line, ""),
    };
    let status = match comment.strip_prefix("exit status ") {
        Some(code) => code.trim().parse().unwrap_or_else(|_| panic!("{place}: bad exit status in `{line}`")),
        None => 0,
    };
    let (command, head) = match command.split_once('|') {
        Some((command, pipe)) => {
            let lines = pipe.trim().strip_prefix("head -").and_then(|n| n.parse().ok());
            (
                command,
                Some(lines.unwrap_or_else(|| panic!("{place}: only `| head -N` is supported, in `{line}`"))),
            )
        }
        None => (command, None),
    };
    let mut words = command.split_whitespace().map(String::from);
    assert_eq!(words.next().as_deref(), Some("queens"), "{place}: an example runs queens: `{line}`");
    Example {
        place: place.into(),
        line: line.into(),
        args: words.collect(),
        head,
        status,
        expected: String::new(),
    }
}

/// Runs an example and says how its output or exit status differs from the page, if it does.
fn mismatch(example: &Example) -> Option<String> {
    let out = common::bin::queens().args(&example.args).output().expect("the binary runs");
    let mut stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if let Some(lines) = example.head {
        stdout = stdout.lines().take(lines).map(|line| format!("{line}\n")).collect();
    }
    let actual = stdout + &String::from_utf8_lossy(&out.stderr);
    let status = out.status.code();
    if actual == example.expected && status == Some(example.status) {
        return None;
    }
    Some(format!(
        "{}: $ {}\n  exit status {:?}, the page says {}\n  --- the page\n{}  --- the program\n{}",
        example.place, example.line, status, example.status, example.expected, actual
    ))
}

#[test]
fn every_console_example_in_the_solver_doc_prints_what_it_shows() {
    let examples = console_examples("docs/solver.md");
    assert!(!examples.is_empty(), "docs/solver.md shows no `console` example");
    let failures: Vec<String> = examples.iter().filter_map(mismatch).collect();
    assert!(
        failures.is_empty(),
        "{} of {} examples differ:\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n")
    );
}

#[test]
fn the_example_parser_reads_comments_pipes_and_output() {
    let example = parse_command("x:1", "queens cover 8 --all | head -2    # the Delphi program's Go");
    assert_eq!((example.args.join(" "), example.head, example.status), ("cover 8 --all".into(), Some(2), 0));
    let example = parse_command("x:2", "queens solve 8 --place a1,c2          # exit status 1");
    assert_eq!((example.args.len(), example.head, example.status), (4, None, 1));
}

/// The Markdown files whose links are checked: README.md and every docs/*.md.
fn markdown_files() -> Vec<String> {
    let mut files = vec!["README.md".to_string()];
    let mut docs: Vec<String> = fs::read_dir(repo().join("docs"))
        .expect("docs/ exists")
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The lines of a Markdown file outside fenced code blocks, with their numbers.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut in_fence = false;
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        } else if !in_fence {
            lines.push((index + 1, line));
        }
    }
    lines
}

/// The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens,
/// and `-1`, `-2`, ... after a repeated one.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for (_, line) in prose_lines(text) {
        let Some(title) = line.strip_prefix('#').map(|rest| rest.trim_start_matches('#')) else { continue };
        if !title.starts_with(' ') {
            continue;
        }
        let slug: String = title
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let mut anchor = slug.clone();
        let mut repeat = 0;
        while seen.contains(&anchor) {
            repeat += 1;
            anchor = format!("{slug}-{repeat}");
        }
        seen.insert(anchor);
    }
    seen
}

/// The targets of the inline links and images on a line outside code spans: `[text](target)`.
fn link_targets(line: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for (index, part) in line.split('`').enumerate() {
        if index % 2 == 1 {
            continue; // inside a code span
        }
        let mut rest = part;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            targets.push(rest[..end].split_whitespace().next().unwrap_or("").to_string());
            rest = &rest[end..];
        }
    }
    targets
}

/// Every relative link of `relative` that leads nowhere, as `file:line: target (why)`.
fn broken_links(relative: &str) -> Vec<String> {
    let text = read(relative);
    let dir = Path::new(relative).parent().unwrap_or(Path::new(""));
    let mut broken = Vec::new();
    for (number, line) in prose_lines(&text) {
        for target in link_targets(line) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = match target.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (target.as_str(), None),
            };
            let file = if path.is_empty() {
                relative.to_string()
            } else {
                dir.join(path).to_string_lossy().into_owned()
            };
            let why = if path.is_empty() && anchor.is_none() {
                Some("empty link".to_string())
            } else if !repo().join(&file).exists() {
                Some(format!("{file} does not exist"))
            } else {
                match anchor {
                    Some(anchor) if file.ends_with(".md") && !anchors(&read(&file)).contains(anchor) => {
                        Some(format!("{file} has no heading #{anchor}"))
                    }
                    _ => None,
                }
            };
            if let Some(why) = why {
                broken.push(format!("{relative}:{number}: {target} ({why})"));
            }
        }
    }
    broken
}

#[test]
fn every_relative_link_in_the_readme_and_docs_leads_somewhere() {
    let files = markdown_files();
    assert!(files.len() >= 8, "README.md and docs/*.md: only {files:?}");
    let broken: Vec<String> = files.iter().flat_map(|file| broken_links(file)).collect();
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_follow_githubs_rules() {
    let text = "# Without the kernel's drivers: the HAT over I2C\n```\n# not a heading\n```\n## Saved state\n## Saved state\n";
    let expected = ["saved-state", "saved-state-1", "without-the-kernels-drivers-the-hat-over-i2c"];
    assert_eq!(anchors(text), expected.iter().map(|s| s.to_string()).collect());
}

/// Issue 26: the README said `man queens` describes every option, but a build from a clone has
/// no man page. It must say how to make one, and what that makes must hold every option.
#[test]
fn the_readme_says_how_to_make_the_man_pages_and_they_hold_every_option() {
    use clap::CommandFactory;
    let readme = read("README.md");
    let generate = readme
        .lines()
        .find(|line| line.starts_with("cargo run --example gen-assets -- "))
        .expect("README.md says how to generate the man pages from a clone");
    let dir = generate.split_whitespace().nth(5).expect("the directory they are written to");
    assert!(readme.contains(&format!("man -l {dir}/man/queens.1")), "README.md: how to read one");
    let install = readme
        .lines()
        .find(|line| line.starts_with("sudo install ") && line.contains("/usr/local/share/man/man1/"))
        .expect("README.md: how to install them");

    let out = std::env::temp_dir().join(format!("queens-docs-assets-{}", std::process::id()));
    let _ = fs::remove_dir_all(&out);
    gen_assets::generate(&out).unwrap();
    // Every command's page, each with every option the command takes (roff writes `-` as `\-`).
    fn check(command: &clap::Command, page: &str, out: &Path) {
        let text = fs::read_to_string(out.join("man").join(format!("{page}.1")))
            .unwrap_or_else(|e| panic!("{page}.1: {e}"))
            .replace("\\-", "-");
        for arg in command.get_arguments().filter(|a| !a.is_hide_set()) {
            if let Some(long) = arg.get_long() {
                assert!(text.contains(&format!("--{long}")), "{page}.1 lacks --{long}");
            }
        }
        for sub in command.get_subcommands() {
            check(sub, &format!("{page}-{}", sub.get_name()), out);
        }
    }
    let cli = queens::cli::Cli::command();
    check(&cli, "queens", &out);
    // The install line, run as written (without sudo) into a directory that does not exist yet,
    // as /usr/local/share/man/man1/ does not on a stock Debian 12.
    let man1 = out.join("share/man/man1");
    let line = install
        .trim_start_matches("sudo ")
        .replace("/usr/local/share/man/man1/", &format!("{}/", man1.display()))
        .replace(&format!("{dir}/"), &format!("{}/", out.display()));
    let status = std::process::Command::new("sh").arg("-c").arg(&line).status().unwrap();
    assert!(status.success(), "README.md's install line failed: {line}");
    assert!(man1.join("queens-solve.1").is_file(), "{line} installs every page");
    assert!(
        fs::read_to_string(out.join("man/queens.1")).unwrap().contains("mode"),
        "play's options in queens(1)"
    );
    fs::remove_dir_all(&out).unwrap();
}
