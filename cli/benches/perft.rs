//! Perft speed, fast engine against the oracle on the same positions and depths for every
//! variant, and cozy-chess on the orthodox chess start as the per-node yardstick, in one run:
//! `cargo bench -p trichess --bench perft`. Divan prints the time per perft and, through the
//! item counter, nodes per second.

use divan::Bencher;
use divan::counter::ItemsCount;
use trichess_fast::Fast;
use trichess_model::{Engine, Game, Setup, Variant};
use trichess_oracle::Oracle;

fn main() {
    divan::main();
}

/// The start position of every variant, at a depth the oracle counts in seconds.
const CASES: [(Variant, u32); 4] = [
    (Variant::OSullivan, 4),
    (Variant::Yalta, 4),
    (Variant::Yuri, 5),
    (Variant::TripleCrown, 3),
];

fn start(engine: &mut dyn Engine, variant: Variant) -> (Game, Setup) {
    let game = Game::new(variant);
    let setup = engine
        .start(&game)
        .expect("every engine plays every variant");
    (game, setup)
}

fn bench_engine(bencher: Bencher, mut engine: impl Engine, variant: Variant) {
    let depth = CASES
        .iter()
        .find(|(v, _)| *v == variant)
        .map_or(1, |&(_, d)| d);
    let (game, setup) = start(&mut engine, variant);
    let nodes = engine.perft(&game, &setup, depth).expect("perft");
    bencher
        .counter(ItemsCount::new(nodes))
        .bench_local(|| engine.perft(&game, &setup, depth));
}

#[divan::bench(args = [Variant::OSullivan, Variant::Yalta, Variant::Yuri, Variant::TripleCrown])]
fn fast(bencher: Bencher, variant: Variant) {
    bench_engine(bencher, Fast::default(), variant);
}

#[divan::bench(
    args = [Variant::OSullivan, Variant::Yalta, Variant::Yuri, Variant::TripleCrown],
    sample_count = 3,
    sample_size = 1
)]
fn oracle(bencher: Bencher, variant: Variant) {
    bench_engine(bencher, Oracle, variant);
}

/// Counts move paths on an orthodox chess board with cozy-chess, counting the last ply in
/// bulk as the fast engine does.
fn cozy_perft(board: &cozy_chess::Board, depth: u8) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

/// The yardstick: cozy-chess perft 5 from the orthodox start (4,865,609 nodes).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn cozy_chess_orthodox_start(bencher: Bencher) {
    let board = cozy_chess::Board::default();
    bencher
        .counter(ItemsCount::new(4_865_609u64))
        .bench_local(|| cozy_perft(&board, 5));
}
