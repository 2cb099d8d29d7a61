//! An interrupt (what trichess's SIGINT and SIGTERM handler asks) ends a wait for an engine's
//! reply at once, without a fault, and ends the engine and its children. A test binary of its
//! own: the interrupt is for the whole process, for good.

mod common;

use std::time::{Duration, Instant};

use common::{HELLO, config, started};
use trichess_model::{Engine, Game, Variant};
use trichess_protocol::{interrupt, interrupted};

#[cfg(target_os = "linux")]
#[test]
fn an_interrupt_ends_a_wait_for_a_reply_at_once_and_the_engine_with_it() {
    let pids = std::env::temp_dir().join(format!("trichess-interrupt-{}", std::process::id()));
    let _ = std::fs::remove_file(&pids);
    let script = format!(
        "sleep 1000 & echo $! >> {}; {HELLO}; read line; sleep 1000",
        pids.display()
    );
    let mut config = config(&script);
    config.timeout = Duration::from_secs(60);
    let (mut engine, faults) = started(config);
    let game = Game::new(Variant::OSullivan);
    let start = engine.start(&game).unwrap();
    std::thread::spawn(|| {
        std::thread::sleep(Duration::from_millis(300));
        interrupt();
    });
    let began = Instant::now();
    let error = engine.legal_moves(&game, &start).unwrap_err();
    assert!(interrupted());
    assert!(
        began.elapsed() < Duration::from_secs(5),
        "{:?}",
        began.elapsed()
    );
    assert!(error.to_string().contains("interrupted"), "{error}");
    assert!(
        faults.take().is_empty(),
        "an interrupt is not the engine's fault"
    );
    let left = common::survivors(&pids);
    assert!(left.is_empty(), "left behind: {left:?}");
    // No engine is started again.
    assert!(engine.legal_moves(&game, &start).is_err());
    assert!(faults.take().is_empty());
    let _ = std::fs::remove_file(&pids);
}
