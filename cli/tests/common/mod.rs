//! What the command-line tests share: running trichess with a time bound, and checking that
//! nothing it started (an engine, the engine's children) outlives it.

use std::process::{Command, Output};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The variable that tags every command a test runs, and so every process it starts.
const TAG: &str = "TRICHESS_TEST_TAG";

/// Returns the command running trichess with `args`, tagged ([`assert_none_left`]).
pub fn trichess_command(args: &[&str]) -> Command {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let mut command = Command::new(env!("CARGO_BIN_EXE_trichess"));
    let tag = format!(
        "{}-{}",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed)
    );
    command.args(args).env(TAG, tag);
    command
}

/// Returns the tag of a command made by [`trichess_command`].
pub fn tag_of(command: &Command) -> Option<String> {
    command
        .get_envs()
        .find(|(k, _)| *k == TAG)
        .and_then(|(_, v)| Some(v?.to_string_lossy().into_owned()))
}

/// Runs `command`, killing it (and failing) after `secs` seconds; then checks that no process
/// it started is left ([`assert_none_left`]).
pub fn run_bounded(command: &mut Command, secs: u64) -> Output {
    let args: Vec<_> = command.get_args().map(|a| a.to_owned()).collect();
    let tag = tag_of(command);
    let mut child = command
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the command runs");
    let started = Instant::now();
    // Drain both pipes on threads so that a chatty child cannot block on a full pipe.
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let out_thread = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut v).ok();
        v
    });
    let err_thread = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut v).ok();
        v
    });
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            if let Some(tag) = &tag {
                assert_none_left(tag);
            }
            return Output {
                status,
                stdout: out_thread.join().expect("stdout thread"),
                stderr: err_thread.join().expect("stderr thread"),
            };
        }
        if started.elapsed() > Duration::from_secs(secs) {
            child.kill().ok();
            child.wait().ok();
            panic!("{args:?} ran for more than {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Panics if a process tagged `tag` (started by a command of [`trichess_command`], which has
/// ended) is still running 3 seconds later: an engine, or a child of one, left behind.
pub fn assert_none_left(tag: &str) {
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        let left = tagged(tag);
        if left.is_empty() {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "processes left behind by a trichess command ({TAG}={tag}): {left:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The processes (id and command line) whose environment holds `TRICHESS_TEST_TAG=tag`; a
/// process that has ended but is not yet reaped has no environment left, and is not one.
#[cfg(target_os = "linux")]
fn tagged(tag: &str) -> Vec<String> {
    let wanted = format!("{TAG}={tag}");
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .filter(|e| {
            std::fs::read(e.path().join("environ"))
                .is_ok_and(|env| env.split(|&b| b == 0).any(|v| v == wanted.as_bytes()))
        })
        .map(|e| {
            let line = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
            let line = String::from_utf8_lossy(&line).replace('\0', " ");
            format!("{} {}", e.file_name().to_string_lossy(), line.trim())
        })
        .collect()
}

/// Elsewhere than on Linux the processes are not listed: nothing is checked.
#[cfg(not(target_os = "linux"))]
fn tagged(_tag: &str) -> Vec<String> {
    Vec::new()
}
