//! Interrupts, and the engine processes still running.
//!
//! A program that runs engines (`trichess cross-check`) installs a handler of SIGINT and
//! SIGTERM ([`on_interrupt`]) that calls [`interrupt`]; every long loop of trichess (a campaign, a cross-check,
//! a wait for an engine's reply) checks [`interrupted`] and stops as soon as it can, so that
//! what was found so far is kept and every engine is ended on the way out. Each engine runs
//! in a process group of its own (on Unix), which is ended whole: on a timeout, a restart,
//! the end of the run, and by [`end_engines`] for a program that must exit at once.

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the program was asked to stop.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The process ids of the engines running, each the leader of its own process group.
static RUNNING: Mutex<BTreeSet<u32>> = Mutex::new(BTreeSet::new());

/// Asks every long loop of the program to stop as soon as it can (what a handler of SIGINT
/// and SIGTERM calls). It stays asked: the program is ending.
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Says whether [`interrupt`] was called.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// The exit code of a program stopped by SIGINT or SIGTERM.
pub const EXIT_INTERRUPTED: u8 = 130;

/// The exit code of a long run: [`EXIT_INTERRUPTED`] if it was interrupted, else 1 if it found
/// something, else 0.
pub fn exit_code(found: bool) -> u8 {
    match (interrupted(), found) {
        (true, _) => EXIT_INTERRUPTED,
        (false, true) => 1,
        (false, false) => 0,
    }
}

/// Installs the program's one handler of SIGINT and SIGTERM: the first signal asks every loop
/// to stop ([`interrupt`]) and runs `first`; a second ends every engine process at once
/// ([`end_engines`]) and exits with [`EXIT_INTERRUPTED`]. Fails if the program already has a
/// handler (a program installs one).
pub fn on_interrupt(first: impl Fn() + Send + 'static) -> Result<(), ctrlc::Error> {
    ctrlc::set_handler(move || {
        if interrupted() {
            end_engines();
            std::process::exit(EXIT_INTERRUPTED.into());
        }
        interrupt();
        first();
    })
}

/// Ends every engine still running, each with its whole process group (its children and
/// theirs), for a program about to exit without unwinding (a second Ctrl-C). Returns how many
/// engines it ended. Elsewhere than on Unix, it ends none: there each engine is ended with its
/// process when dropped.
pub fn end_engines() -> usize {
    let running: Vec<u32> = running().iter().copied().collect();
    for &pid in &running {
        end_group(pid);
    }
    if cfg!(unix) { running.len() } else { 0 }
}

fn running() -> std::sync::MutexGuard<'static, BTreeSet<u32>> {
    RUNNING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Records that the engine process `pid` (the leader of its group) runs.
pub(crate) fn started(pid: u32) {
    running().insert(pid);
}

/// Records that the engine process `pid` was ended and waited for.
pub(crate) fn ended(pid: u32) {
    running().remove(&pid);
}

/// Sends SIGKILL to the process group led by `pid` (never to process 0 or 1, which would mean
/// this program's group or every process).
#[cfg(unix)]
pub(crate) fn end_group(pid: u32) {
    use rustix::process::{Pid, Signal, kill_process_group};
    let Some(pid) = i32::try_from(pid)
        .ok()
        .filter(|&p| p > 1)
        .and_then(Pid::from_raw)
    else {
        return;
    };
    let _ = kill_process_group(pid, Signal::KILL);
}

/// Elsewhere than on Unix an engine has no group of its own: dropping it ends its process.
#[cfg(not(unix))]
pub(crate) fn end_group(_pid: u32) {}
