//! The property of the target `protocol_reader_never_panics`: the readers of the engine
//! protocol (`trichess_protocol`) take any line, read it or refuse it with a typed error,
//! and never panic; and what they read round-trips.
//!
//! Every line is read both ways, as a line of replies (what `trichess cross-check` reads from
//! an engine) and as a line of requests (what `trichess serve` reads):
//!
//! - replies read are written again ([`Reply::to_json`]) and read back as the same replies,
//!   and the answer of each is read as every kind of answer (the handshake's, a list of moves,
//!   a position, an outcome, a count), each answer read being written and read back the same;
//! - requests read are written again ([`Request::to_line`]) and read back as the same
//!   requests; a request refused is an error reply, which reads back as the same reply;
//! - a line refused is refused for the right reason (`NotUtf8` for bytes that are not UTF-8),
//!   and its message is one short line, safe to print.

use serde_json::{Value, json};
use trichess_model::{Move, Variant};
use trichess_protocol::message::{read_moves, read_outcome, read_position};
use trichess_protocol::{
    Hello, ProtocolError, Reply, ReplyLine, Request, RequestLine, read_reply_line,
    read_request_line,
};

/// The longest message a refusal may have, in characters: a clipped text and its context.
const MAX_MESSAGE: usize = 400;

/// Checks one line; `variant` is the variant the answers are read for.
pub(super) fn check_line(variant: Variant, line: &[u8]) -> Result<(), String> {
    check_replies(variant, line)?;
    check_requests(line)
}

fn check_replies(variant: Variant, line: &[u8]) -> Result<(), String> {
    let read = match read_reply_line(line) {
        Ok(read) => read,
        Err(e) => return check_refusal(line, &e),
    };
    let (written, replies) = match &read {
        ReplyLine::One(reply) => (reply.to_json(), std::slice::from_ref(reply)),
        ReplyLine::Batch(replies) => (
            Value::Array(replies.iter().map(Reply::to_json).collect()),
            replies.as_slice(),
        ),
    };
    let again = read_reply_line(written.to_string().as_bytes());
    if again.as_ref() != Ok(&read) {
        return Err(format!(
            "reads as the replies {read:?}, written {written}, which read back as {again:?}"
        ));
    }
    for answer in replies.iter().filter_map(|r| r.answer.as_ref().ok()) {
        check_answer(variant, answer)?;
    }
    Ok(())
}

/// A refused line: refused for the right reason, with a message of one short line.
fn check_refusal(line: &[u8], e: &ProtocolError) -> Result<(), String> {
    let utf8 = std::str::from_utf8(line).is_ok();
    if utf8 == (*e == ProtocolError::NotUtf8) {
        return Err(format!("is refused as {e:?}, though UTF-8: {utf8}"));
    }
    check_message(&e.to_string())
}

fn check_message(message: &str) -> Result<(), String> {
    if message.chars().any(char::is_control) || message.chars().count() > MAX_MESSAGE {
        return Err(format!(
            "is refused with a message that is not one short line: {message:?}"
        ));
    }
    Ok(())
}

/// Reads an answer as every kind of answer; what reads must write and read back the same.
fn check_answer(variant: Variant, answer: &Value) -> Result<(), String> {
    let differs = |what: &str, written: &Value, again: &dyn std::fmt::Debug| {
        Err(format!(
            "the answer {answer} reads as {what}, written {written}, which reads back as {again:?}"
        ))
    };
    if let Ok(hello) = Hello::from_json(answer) {
        let written = hello.to_json();
        let again = Hello::from_json(&written);
        if again.as_ref() != Ok(&hello) {
            return differs("a handshake", &written, &again);
        }
    }
    if let Ok(moves) = read_moves(variant, answer) {
        let written = json!(moves.iter().map(Move::to_string).collect::<Vec<_>>());
        let again = read_moves(variant, &written);
        if again.as_ref() != Ok(&moves) {
            return differs("moves", &written, &again);
        }
    }
    if let Ok(setup) = read_position(variant, answer) {
        let written = setup.to_json();
        let again = read_position(variant, &written);
        if again.as_ref() != Ok(&setup) {
            return differs("a position", &written, &again);
        }
    }
    if let Ok(outcome) = read_outcome(variant, answer) {
        let written = outcome.to_json(variant);
        let again = read_outcome(variant, &written);
        if again.as_ref() != Ok(&outcome) {
            return differs("an outcome", &written, &again);
        }
    }
    Ok(())
}

fn check_requests(line: &[u8]) -> Result<(), String> {
    let read = read_request_line(line);
    let (incoming, batch) = match &read {
        RequestLine::One(one) => (std::slice::from_ref(one), false),
        RequestLine::Batch(all) => (all.as_slice(), true),
    };
    let mut requests: Vec<&Request> = Vec::new();
    for one in incoming {
        match one {
            Ok(request) => requests.push(request),
            Err(reply) => check_error_reply(reply)?,
        }
    }
    if requests.is_empty() && !batch {
        return Ok(());
    }
    let lines: Vec<String> = requests.iter().map(|r| r.to_line()).collect();
    let written = if batch {
        format!("[{}]", lines.join(","))
    } else {
        lines.concat()
    };
    let again = read_request_line(written.as_bytes());
    let same = match &again {
        RequestLine::One(Ok(r)) => !batch && requests == [r],
        RequestLine::Batch(all) => {
            batch
                && all.len() == requests.len()
                && all.iter().zip(&requests).all(|(a, r)| a.as_ref() == Ok(*r))
        }
        RequestLine::One(Err(_)) => false,
    };
    if !same {
        return Err(format!(
            "reads as the requests {requests:?}, written {written}, which read back as {again:?}"
        ));
    }
    Ok(())
}

/// A request refused: an error reply, of one short line, that reads back as itself.
fn check_error_reply(reply: &Reply) -> Result<(), String> {
    let Err(refusal) = &reply.answer else {
        return Err(format!(
            "a request refused is answered without an error: {reply:?}"
        ));
    };
    check_message(&refusal.message)?;
    let written = reply.to_json().to_string();
    let again = read_reply_line(written.as_bytes());
    if again != Ok(ReplyLine::One(reply.clone())) {
        return Err(format!(
            "a request refused is answered {written}, which reads back as {again:?}"
        ));
    }
    Ok(())
}
