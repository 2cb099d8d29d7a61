//! Output paths, checked before a run begins, so that a bad one is an error at once and not
//! after the run: a report's directory, and a file (`-` for standard output).

use std::io::Write;

use std::path::Path;

use crate::report::{ReportError, failed};

/// Checks that a report can be written into `dir`, making it if missing: it is a directory,
/// and a file can be made in it (and is removed again).
pub fn check_dir(dir: &Path) -> Result<(), ReportError> {
    if dir.exists() && !dir.is_dir() {
        return Err(failed(dir)(std::io::ErrorKind::NotADirectory.into()));
    }
    std::fs::create_dir_all(dir).map_err(failed(dir))?;
    let probe = dir.join(".trichess-write-check");
    std::fs::write(&probe, "").map_err(failed(&probe))?;
    std::fs::remove_file(&probe).map_err(failed(&probe))
}

/// Checks that a file can be written at `path` (`-`, standard output, always can): opened for
/// writing without changing it, and removed again if it was not there.
pub fn check_file(path: &Path) -> Result<(), ReportError> {
    if path.as_os_str() == "-" {
        return Ok(());
    }
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(failed(path))?;
    if !existed {
        std::fs::remove_file(path).map_err(failed(path))?;
    }
    Ok(())
}

/// Writes `text` to the file `path`, or to standard output for `-`.
pub fn write(path: &Path, text: &str) -> Result<(), ReportError> {
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        return out
            .write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .map_err(failed(path));
    }
    std::fs::write(path, text).map_err(failed(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_cannot_be_written_are_named() {
        let base = std::env::temp_dir().join(format!("trichess-output-{}", std::process::id()));
        std::fs::create_dir_all(&base).expect("a directory");
        let file = base.join("a-file");
        std::fs::write(&file, "kept").expect("a file");
        let e = check_dir(&file).expect_err("a file is no directory");
        assert_eq!(e.path, file);
        assert!(check_dir(&file.join("under")).is_err());
        assert!(check_dir(Path::new("/dev/null")).is_err());
        let fresh = base.join("new/report");
        check_dir(&fresh).expect("made");
        assert!(fresh.is_dir() && std::fs::read_dir(&fresh).expect("reads").next().is_none());
        assert!(check_file(&base).is_err(), "a directory is no file");
        check_file(&file).expect("writable");
        assert_eq!(std::fs::read_to_string(&file).expect("reads"), "kept");
        check_file(&base.join("new.svg")).expect("writable");
        assert!(!base.join("new.svg").exists(), "the check leaves no file");
        check_file(Path::new("-")).expect("standard output");
        assert!(check_file(Path::new("/no/such/dir/x.svg")).is_err());
        let _ = std::fs::remove_dir_all(&base);
    }
}
