//! Reading lines of bounded length: a line longer than the limit is skipped (its bytes are
//! read and dropped, never kept), so no peer can make the reader hold more than the limit.

use std::io::{self, BufRead};

/// One line, as a [`LineReader`] reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadLine {
    /// A line, without its newline.
    Line(Vec<u8>),
    /// A line longer than the limit, of this many bytes; it was dropped.
    TooLong(usize),
    /// The end of the input.
    End,
}

/// Reads lines of at most `max` bytes from a buffered reader.
#[derive(Debug)]
pub struct LineReader<R> {
    inner: R,
    max: usize,
}

impl<R: BufRead> LineReader<R> {
    /// Returns a reader of lines of at most `max` bytes.
    pub fn new(inner: R, max: usize) -> LineReader<R> {
        LineReader { inner, max }
    }

    /// Reads the next line. A last line without a newline counts as a line.
    pub fn next_line(&mut self) -> io::Result<ReadLine> {
        let mut line = Vec::new();
        let mut dropped = 0usize;
        loop {
            let buffer = match self.inner.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buffer.is_empty() {
                return Ok(match (line.is_empty(), dropped) {
                    (true, 0) => ReadLine::End,
                    (false, 0) => ReadLine::Line(line),
                    _ => ReadLine::TooLong(dropped),
                });
            }
            let newline = buffer.iter().position(|&b| b == b'\n');
            let chunk = &buffer[..newline.unwrap_or(buffer.len())];
            if dropped == 0 && line.len() + chunk.len() <= self.max {
                line.extend_from_slice(chunk);
            } else {
                dropped += line.len() + chunk.len();
                line = Vec::new();
            }
            let used = chunk.len() + usize::from(newline.is_some());
            self.inner.consume(used);
            if newline.is_some() {
                return Ok(if dropped == 0 {
                    ReadLine::Line(line)
                } else {
                    ReadLine::TooLong(dropped)
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<ReadLine> {
        let mut reader = LineReader::new(io::BufReader::with_capacity(4, input), max);
        let mut out = Vec::new();
        loop {
            let line = reader.next_line().unwrap();
            if line == ReadLine::End {
                return out;
            }
            out.push(line);
        }
    }

    #[test]
    fn reads_lines_and_drops_long_ones() {
        let got = lines(b"ab\n0123456789\n\nlast", 5);
        assert_eq!(
            got,
            [
                ReadLine::Line(b"ab".to_vec()),
                ReadLine::TooLong(10),
                ReadLine::Line(Vec::new()),
                ReadLine::Line(b"last".to_vec()),
            ]
        );
    }

    #[test]
    fn a_long_last_line_is_too_long() {
        assert_eq!(lines(b"0123456789", 3), [ReadLine::TooLong(10)]);
    }
}
