//! What the tests of external engines share: engines written as `sh` scripts, and whether the
//! processes they start are still running.

use std::time::{Duration, Instant};

use trichess_model::{Engine, Game};
use trichess_oracle::Oracle;
use trichess_protocol::{Config, ExternalEngine, Faults};

pub fn config(script: &str) -> Config {
    Config {
        command: vec!["sh".into(), "-c".into(), script.into()],
        timeout: Duration::from_millis(300),
        slow: Duration::from_millis(100),
        max_faults_in_a_row: 3,
        perft_budget: 1000,
        start: std::sync::Arc::new(|game: &Game| Oracle.start(game)),
    }
}

/// The handshake of the `sh` engines: reads the hello and answers it with its id (O'Sullivan,
/// no batches).
pub const HELLO: &str = r#"read line; id=$(echo "$line" | sed 's/.*"id":\([0-9]*\).*/\1/'); echo "{\"id\":$id,\"ok\":{\"name\":\"sh\",\"version\":\"0\",\"protocol\":1,\"variants\":{\"osullivan\":{}}}}""#;

pub fn started(config: Config) -> (ExternalEngine, Faults) {
    let faults = Faults::default();
    let engine = ExternalEngine::start(config, faults.clone()).expect("starts");
    (engine, faults)
}

/// Returns the ids of the processes listed in `file` (one a line) that are still running 3
/// seconds on (a process ended but not yet reaped is not running).
#[cfg(target_os = "linux")]
pub fn survivors(file: &std::path::Path) -> Vec<String> {
    let alive = |pid: &str| {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            stat.rsplit_once(") ")
                .is_some_and(|(_, rest)| !rest.starts_with(['Z', 'X']))
        })
    };
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        let listed = std::fs::read_to_string(file).unwrap_or_default();
        let left: Vec<String> = listed
            .split_whitespace()
            .filter(|pid| alive(pid))
            .map(str::to_string)
            .collect();
        if left.is_empty() || Instant::now() > deadline {
            return left;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
