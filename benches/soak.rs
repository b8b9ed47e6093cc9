//! Soak: a million random events through the engine, and a long scripted
//! session through the built binary, with peak memory read before and after.
//! Not a timed test: run it with `cargo bench --bench soak` and compare the
//! figures (docs/PERFORMANCE.md); it fails only if memory grows.

use queens::game::{Engine, Event, ModeKind, Setup};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

fn main() {
    engine_soak(std::env::var("SOAK_EVENTS").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000_000));
    binary_soak(300_000);
}

/// xorshift64*: the same sequence every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn event(&mut self) -> Event {
        // Mostly moves and presses; holds open the menu, so modes and sizes change too.
        const EVENTS: [Event; 12] = [
            Event::Up,
            Event::Down,
            Event::Left,
            Event::Right,
            Event::Up,
            Event::Down,
            Event::Left,
            Event::Right,
            Event::Press,
            Event::Press,
            Event::Hold,
            Event::Release,
        ];
        EVENTS[(self.next() % EVENTS.len() as u64) as usize]
    }
}

/// Peak and current resident memory of a process, in KiB, from /proc.
fn memory_kib(pid: &str) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmHWM:"), field("VmRSS:"))
}

/// The peak may rise by some pages while the allocator settles (seen here:
/// 8 to 92 KiB, not growing with the number of events); a leak of even one
/// byte per event would show as a megabyte over a million events.
fn assert_no_growth(before_kib: u64, after_kib: u64, events: u64) {
    let allowed = 256;
    assert!(
        after_kib <= before_kib + allowed,
        "peak memory grew from {before_kib} KiB to {after_kib} KiB over {events} events"
    );
}

fn engine_soak(events: u64) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let setup = Setup::of(ModeKind::Strict, 8).setup();
    let mut engine = Engine::fresh(setup);
    let mut now = 0;
    let mut run = |engine: &mut Engine, count: u64| {
        for _ in 0..count {
            now += rng.next() % 300;
            engine.tick(now);
            engine.handle(rng.event(), now);
        }
    };
    // Warm up every path (menus, messages, modes) before the first reading.
    run(&mut engine, 100_000);
    let before = memory_kib("self");
    let started = Instant::now();
    run(&mut engine, events);
    let took = started.elapsed();
    let after = memory_kib("self");
    println!(
        "engine soak: {events} events in {:.2} s ({:.0} ns/event); peak RSS {} KiB before, {} KiB after; solutions found {}",
        took.as_secs_f64(),
        took.as_nanos() as f64 / events as f64,
        before.0,
        after.0,
        engine.progress().count()
    );
    assert_no_growth(before.0, after.0, events);
}

fn binary_soak(lines: usize) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["play", "--backend", "script"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the built binary starts");
    let pid = child.id().to_string();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut rng = Rng(42);
    let mut frame_lines = 0u64;
    let mut line = String::new();
    // The first frame.
    for _ in 0..9 {
        stdout.read_line(&mut line).unwrap();
    }
    let mut feed = |stdin: &mut std::process::ChildStdin, count: usize| {
        for _ in 0..count {
            writeln!(stdin, "{}", rng.event()).unwrap();
            // Read the settled frame back (8 rows and an empty line) so the
            // process is measured while it works, not while input piles up.
            for _ in 0..9 {
                line.clear();
                stdout.read_line(&mut line).unwrap();
                frame_lines += 1;
            }
        }
    };
    feed(&mut stdin, 20_000);
    let before = memory_kib(&pid);
    let started = Instant::now();
    feed(&mut stdin, lines);
    let took = started.elapsed();
    let after = memory_kib(&pid);
    drop(stdin);
    assert!(child.wait().unwrap().success());
    println!(
        "binary soak: {lines} script lines in {:.2} s ({:.1} µs/line round trip); peak RSS {} KiB before, {} KiB after",
        took.as_secs_f64(),
        took.as_micros() as f64 / lines as f64,
        before.0,
        after.0
    );
    assert!(frame_lines > 0);
    assert_no_growth(before.0, after.0, lines as u64);
}
