//! `trichess perft` and `trichess bench`: counts and timings, with progress on a terminal.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use anyhow::{Result, bail};
use serde_json::json;
use tabled::settings::Style;
use tabled::{Table, Tabled};
use trichess_diff::measure;
use trichess_model::Move;

use super::{EngineArg, Located, engine_error};
use crate::args::Format;

/// Runs perft, on one thread or split at the root moves over `threads` threads (each with an
/// engine of its own); with `divide`, prints each root move's count first.
pub fn run(
    here: &mut Located,
    choice: &EngineArg,
    depth: u32,
    divide: bool,
    threads: usize,
) -> Result<()> {
    let (game, setup) = (&here.game, &here.setup);
    if divide && depth == 0 {
        bail!("--divide needs a depth of at least 1");
    }
    // Depth 1 and below are one engine call; deeper runs go by root move, so that progress is
    // shown, threads can share the work and Ctrl-C can say what was counted.
    if depth <= 1 && !divide {
        let nodes = here
            .engine
            .perft(game, setup, depth)
            .map_err(engine_error)?;
        say!("{nodes}");
        return Ok(());
    }
    let roots = here
        .engine
        .legal_moves(game, setup)
        .map_err(engine_error)?
        .len();
    let terminal = std::io::stderr().is_terminal();
    let bar = progress(
        terminal && depth >= 4,
        &format!("perft {depth}: {{bar:30}} {{pos}}/{{len}} root moves, {{elapsed}}"),
        roots as u64,
    );
    interrupt_says_what_was_counted(depth, roots);
    // On one thread the root moves are counted in sorted order: each row is final when
    // printed.
    let print_each = divide && threads <= 1;
    let counted = |mv: Move, nodes: u64| {
        NODES.fetch_add(nodes, Ordering::Relaxed);
        ROOTS.fetch_add(1, Ordering::Relaxed);
        bar.inc(1);
        if print_each {
            bar.suspend(|| {
                use std::io::Write as _;
                let _ = writeln!(std::io::stdout().lock(), "{mv}: {nodes}");
            });
        }
    };
    let make = || choice.build();
    let rows = measure::divide(
        here.engine.as_mut(),
        &make,
        (game, setup),
        depth,
        threads,
        &counted,
    )
    .map_err(engine_error)?;
    bar.finish_and_clear();
    if divide && !print_each {
        for (m, n) in &rows {
            say!("{m}: {n}");
        }
    }
    say!("{}", rows.iter().map(|(_, n)| n).sum::<u64>());
    Ok(())
}

/// A progress bar on standard error when it is a terminal (hidden otherwise, so piped output
/// stays clean).
fn progress(show: bool, template: &str, len: u64) -> indicatif::ProgressBar {
    if !show {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(len),
        indicatif::ProgressDrawTarget::stderr(),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template(template)
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

/// What a perft run has counted so far, for the Ctrl-C handler: the paths under the root moves
/// already counted, and how many of them.
static NODES: AtomicU64 = AtomicU64::new(0);
static ROOTS: AtomicUsize = AtomicUsize::new(0);

/// Makes Ctrl-C print what was counted (to standard error, one line) and exit with 130
/// instead of dying silently.
fn interrupt_says_what_was_counted(depth: u32, roots: usize) {
    let _ = ctrlc::set_handler(move || {
        eprintln!(
            "\ntrichess: interrupted: perft {depth} counted {} move paths under {} of {roots} root moves",
            NODES.load(Ordering::Relaxed),
            ROOTS.load(Ordering::Relaxed)
        );
        std::process::exit(130);
    });
}

/// Times perft at depths 1 to `depth` and prints one row each.
pub fn bench(here: &mut Located, depth: u32, format: Format) -> Result<()> {
    let variant = here.game.variant;
    let bar = progress(
        std::io::stderr().is_terminal(),
        "bench: {bar:30} depth {pos}/{len} done, {elapsed}",
        depth.into(),
    );
    let runs = measure::bench(
        here.engine.as_mut(),
        &here.game,
        &here.setup,
        depth,
        &mut |_| bar.inc(1),
    )
    .map_err(engine_error)?;
    bar.finish_and_clear();
    let peak = measure::peak_memory_kib();
    let engine = here.engine.name();
    if format == Format::Json {
        let list: Vec<_> = runs
            .iter()
            .map(|t| {
                json!({"depth": t.depth, "nodes": t.nodes, "seconds": t.seconds,
                       "nodes_per_second": t.rate()})
            })
            .collect();
        say!(
            "{}",
            json!({"variant": variant.id(), "engine": engine, "perft": list, "peak_memory_kib": peak})
        );
        return Ok(());
    }
    #[derive(Tabled)]
    struct Row {
        depth: u32,
        nodes: u64,
        seconds: String,
        #[tabled(rename = "nodes/s")]
        rate: String,
    }
    let rows = runs.iter().map(|t| Row {
        depth: t.depth,
        nodes: t.nodes,
        seconds: format!("{:.3}", t.seconds),
        rate: format!("{}", t.rate()),
    });
    let mut table = Table::new(rows);
    if format == Format::Markdown {
        say!(
            "<!-- generated by `trichess bench {} --depth {depth} --engine {engine} --format markdown` -->",
            variant.id(),
        );
        table.with(Style::markdown());
    } else {
        table.with(Style::sharp());
    }
    say!("{table}");
    match peak {
        Some(kib) => say!("peak memory: {kib} KiB"),
        None => say!("peak memory: not available on this system"),
    }
    Ok(())
}
