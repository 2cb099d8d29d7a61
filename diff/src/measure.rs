//! Measuring an engine: perft divided at the root moves and spread over threads, perft timed
//! depth by depth, and the process's peak memory.

use std::time::Instant;

use rayon::prelude::*;
use serde_json::{Value, json};
use tabled::settings::Style;
use tabled::{Table, Tabled};
use trichess_model::{Engine, EngineError, Game, Move, Setup};

/// Counts, for each legal move of `setup`, the move paths of length `depth` that start with it
/// (`depth` >= 1), sorted by move text, with `engine`; on more than one thread, each thread
/// counts some root moves with an engine of its own from `make`. `counted` hears of each root
/// move as soon as it is counted (in sorted order on one thread).
pub fn divide(
    engine: &mut dyn Engine,
    make: &(dyn Fn() -> Box<dyn Engine> + Sync),
    (game, setup): (&Game, &Setup),
    depth: u32,
    threads: usize,
    counted: &(dyn Fn(Move, u64) + Sync),
) -> Result<Vec<(Move, u64)>, EngineError> {
    let rest = depth
        .checked_sub(1)
        .ok_or_else(|| EngineError::Failed("perft divide needs depth 1 or more".into()))?;
    let mut children = Vec::new();
    for mv in engine.legal_moves(game, setup)? {
        children.push((mv, engine.play(game, setup, mv)?));
    }
    children.sort_by_cached_key(|(mv, _)| mv.to_string());
    if threads <= 1 {
        let mut rows = Vec::new();
        for (mv, after) in &children {
            let nodes = engine.perft(game, after, rest)?;
            counted(*mv, nodes);
            rows.push((*mv, nodes));
        }
        return Ok(rows);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| EngineError::Failed(format!("cannot start the threads: {e}")))?;
    pool.install(|| {
        children
            .par_iter()
            .map_init(make, |engine, (mv, after)| {
                let nodes = engine.perft(game, after, rest)?;
                counted(*mv, nodes);
                Ok((*mv, nodes))
            })
            .collect()
    })
}

/// One depth of a timed perft.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// The depth.
    pub depth: u32,
    /// The move paths counted.
    pub nodes: u64,
    /// The seconds it took.
    pub seconds: f64,
}

impl Timing {
    /// Returns the nodes counted per second.
    pub fn rate(&self) -> f64 {
        (self.nodes as f64 / self.seconds.max(1e-9)).round()
    }
}

/// Times perft at each depth from 1 to `depth`; `done` hears of each depth when it is done.
pub fn bench(
    engine: &mut dyn Engine,
    game: &Game,
    setup: &Setup,
    depth: u32,
    done: &mut dyn FnMut(&Timing),
) -> Result<Vec<Timing>, EngineError> {
    let mut timings = Vec::new();
    for d in 1..=depth {
        let started = Instant::now();
        let nodes = engine.perft(game, setup, d)?;
        let timing = Timing {
            depth: d,
            nodes,
            seconds: started.elapsed().as_secs_f64(),
        };
        done(&timing);
        timings.push(timing);
    }
    Ok(timings)
}

/// Returns the process's peak resident memory in KiB, where the system reports it (Linux).
pub fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// Writes timed perft rows as JSON, with the engine and the peak memory.
pub fn to_json(game: &Game, engine: &str, timings: &[Timing], peak: Option<u64>) -> Value {
    let list: Vec<Value> = timings
        .iter()
        .map(|t| {
            json!({"depth": t.depth, "nodes": t.nodes, "seconds": t.seconds,
                   "nodes_per_second": t.rate()})
        })
        .collect();
    json!({"variant": game.variant.id(), "engine": engine, "perft": list, "peak_memory_kib": peak})
}

/// Writes timed perft rows as a table for the terminal, or as Markdown.
pub fn to_table(timings: &[Timing], markdown: bool) -> String {
    #[derive(Tabled)]
    struct Row {
        depth: u32,
        nodes: u64,
        seconds: String,
        #[tabled(rename = "nodes/s")]
        rate: String,
    }
    let rows = timings.iter().map(|t| Row {
        depth: t.depth,
        nodes: t.nodes,
        seconds: format!("{:.3}", t.seconds),
        rate: format!("{}", t.rate()),
    });
    let mut table = Table::new(rows);
    if markdown {
        table.with(Style::markdown());
    } else {
        table.with(Style::sharp());
    }
    table.to_string()
}
