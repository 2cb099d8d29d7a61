//! The trichess engine protocol: JSON lines over an engine's standard input and output
//! (`PROTOCOL.md` at the top of the workspace describes it for engine authors).
//!
//! - [`message`]: requests, replies and the handshake, and readers of untrusted bytes that
//!   never panic ([`read_reply_line`], [`read_request_line`]);
//! - [`Server`]: answers requests with any [`trichess_model::Engine`] (`trichess serve`);
//! - [`ExternalEngine`]: an engine in another process as a [`trichess_model::Engine`], with a
//!   timeout per request, restarts with back-off, and every misbehaviour kept as a [`Fault`];
//!   each in a process group of its own, ended whole;
//! - [`interrupt`], [`interrupted`]: the process-wide flag a SIGINT or SIGTERM handler sets
//!   and every long loop of trichess checks, [`end_engines`], the handler itself
//!   ([`on_interrupt`]) and a long run's [`exit_code`].
//!
//! ```
//! use trichess_protocol::{ReplyLine, read_reply_line};
//! let line = read_reply_line(br#"{"id": 3, "ok": ["e7-e5"]}"#).unwrap();
//! assert!(matches!(line, ReplyLine::One(reply) if reply.id == Some(3)));
//! assert!(read_reply_line(b"\xff garbage").is_err());
//! ```

#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::panic))]
#![warn(missing_docs)]

mod external;
mod interrupt;
mod lines;
pub mod message;
mod server;
mod words;

pub use external::{Config, ExternalEngine, Fault, FaultKind, Faults, StartFn};
pub use interrupt::{
    EXIT_INTERRUPTED, end_engines, exit_code, interrupt, interrupted, on_interrupt,
};
pub use lines::{LineReader, ReadLine};
pub use message::{
    Ask, Hello, MAX_BATCH, MAX_LINE, PROTOCOL_VERSION, ProtocolError, Question, Refusal,
    RefusalKind, Reply, ReplyLine, Request, RequestLine, read_reply_line, read_request_line,
};
pub use server::{Explainer, Faulty, Misbehaviour, Server, hello_of};
pub use words::split_words;
