//! The handler of SIGINT and SIGTERM ([`on_interrupt`]): the first signal sets the flag every
//! long loop checks and runs the program's own action; a long run's exit code follows the
//! flag. A test binary of its own: the signal is for the whole process, for good.

use std::sync::mpsc;
use std::time::Duration;

use trichess_protocol::{EXIT_INTERRUPTED, exit_code, interrupted, on_interrupt};

#[cfg(unix)]
#[test]
fn the_first_signal_interrupts_the_run_and_runs_the_programs_action() {
    assert!(!interrupted());
    assert_eq!((exit_code(false), exit_code(true)), (0, 1));
    let (said, heard) = mpsc::channel();
    on_interrupt(move || {
        let _ = said.send("stopping");
    })
    .expect("the first handler is installed");
    assert!(on_interrupt(|| {}).is_err(), "a program has one handler");
    assert!(!interrupted(), "installing is not interrupting");
    let me = rustix::process::getpid();
    rustix::process::kill_process(me, rustix::process::Signal::INT).expect("SIGINT sent");
    let heard = heard.recv_timeout(Duration::from_secs(10));
    assert_eq!(heard, Ok("stopping"));
    assert!(interrupted());
    assert_eq!(
        (exit_code(false), exit_code(true)),
        (EXIT_INTERRUPTED, EXIT_INTERRUPTED)
    );
    assert_eq!(EXIT_INTERRUPTED, 130);
}
