//! What the command-line tests share.

use std::process::{Command, Output};

/// Returns the command running trichess with `args`.
pub fn trichess_command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_trichess"));
    command.args(args);
    command
}

/// Runs `command`, killing it (and failing) after `secs` seconds.
pub fn run_bounded(command: &mut Command, secs: u64) -> Output {
    use std::time::{Duration, Instant};
    let args: Vec<_> = command.get_args().map(|a| a.to_owned()).collect();
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
