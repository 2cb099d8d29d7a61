//! `trichess perft` and `trichess bench`: counts and timings, with progress on a terminal.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use anyhow::{Result, bail};
use trichess_diff::measure;
use trichess_model::Move;

use super::{EngineArg, Located, progress};
use crate::args::Format;
use trichess_model::input::Refusal;

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
        let nodes = here.engine.perft(game, setup, depth).map_err(Refusal)?;
        say!("{nodes}");
        return Ok(());
    }
    let roots = here.engine.legal_moves(game, setup).map_err(Refusal)?.len();
    let bar = progress(
        std::io::stderr().is_terminal() && depth >= 4,
        Some(roots as u64),
        &format!("perft {depth}: {{bar:30}} {{pos}}/{{len}} root moves, {{elapsed}}"),
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
    .map_err(Refusal)?;
    bar.finish_and_clear();
    if divide && !print_each {
        for (m, n) in &rows {
            say!("{m}: {n}");
        }
    }
    say!("{}", rows.iter().map(|(_, n)| n).sum::<u64>());
    Ok(())
}

/// What a perft run has counted so far, for the Ctrl-C handler: the paths under the root moves
/// already counted, and how many of them.
static NODES: AtomicU64 = AtomicU64::new(0);
static ROOTS: AtomicUsize = AtomicUsize::new(0);

/// Makes Ctrl-C print what was counted (to standard error, one line) and exit with 130
/// instead of dying silently.
fn interrupt_says_what_was_counted(depth: u32, roots: usize) {
    let _ = trichess_protocol::on_interrupt(move || {
        eprintln!(
            "\ntrichess: interrupted: perft {depth} counted {} move paths under {} of {roots} root moves",
            NODES.load(Ordering::Relaxed),
            ROOTS.load(Ordering::Relaxed)
        );
        std::process::exit(trichess_protocol::EXIT_INTERRUPTED.into());
    });
}

/// Times perft at depths 1 to `depth` and prints one row each.
pub fn bench(here: &mut Located, depth: u32, format: Format) -> Result<()> {
    let bar = progress(
        std::io::stderr().is_terminal(),
        Some(depth.into()),
        "bench: {bar:30} depth {pos}/{len} done, {elapsed}",
    );
    let runs = measure::bench(
        here.engine.as_mut(),
        &here.game,
        &here.setup,
        depth,
        &mut |_| bar.inc(1),
    )
    .map_err(Refusal)?;
    bar.finish_and_clear();
    let (peak, engine) = (measure::peak_memory_kib(), here.engine.name());
    let (game, markdown) = (&here.game, format == Format::Markdown);
    match format {
        Format::Json => say!("{}", measure::to_json(game, &engine, &runs, peak)),
        _ => say!("{}", measure::to_text(game, &engine, &runs, peak, markdown)),
    }
    Ok(())
}
