//! The protocol's readers never panic on any bytes; a server and an external engine talk; an
//! external engine that misbehaves is an error with a fault, never a panic or a hang.

mod common;

use std::time::{Duration, Instant};

use common::{HELLO, config, started};
use proptest::prelude::*;
use serde_json::{Value, json};
use trichess_model::{Engine, EngineError, Game, Move, Setup, Variant};
use trichess_oracle::Oracle;
use trichess_protocol::message::{read_check, read_count, read_moves, read_outcome, read_position};
use trichess_protocol::{
    Ask, ExternalEngine, FaultKind, Faults, Hello, MAX_BATCH, MAX_LINE, Question, Reply, ReplyLine,
    Request, RequestLine, Server, read_reply_line, read_request_line,
};

/// Reads `bytes` every way the protocol reads an engine's or a client's line.
fn read_every_way(bytes: &[u8]) {
    let _ = read_request_line(bytes);
    let Ok(line) = read_reply_line(bytes) else {
        return;
    };
    let replies = match line {
        ReplyLine::One(reply) => vec![reply],
        ReplyLine::Batch(replies) => replies,
    };
    for value in replies.into_iter().filter_map(|r| r.answer.ok()) {
        let _ = Hello::from_json(&value);
        let _ = read_check(&value);
        let _ = read_count(&value);
        for variant in Variant::ALL {
            let _ = read_moves(variant, &value);
            let _ = read_position(variant, &value);
            let _ = read_outcome(variant, &value);
        }
    }
}

proptest! {
    #[test]
    fn the_readers_never_panic_on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        read_every_way(&bytes);
    }

    #[test]
    fn the_readers_never_panic_on_near_replies(
        ok in "[\\[\\]{}\":, 0-9a-zA-Z=/_.-]{0,80}",
        id in prop_oneof![Just("1".to_string()), Just("null".to_string()), "[-0-9.e]{1,8}"],
    ) {
        read_every_way(format!("{{\"id\": {id}, \"ok\": {ok}}}").as_bytes());
        read_every_way(format!("[{{\"id\": {id}, \"ok\": {ok}}}]").as_bytes());
        read_every_way(format!("{{\"id\": {id}, \"cmd\": \"play\", \"variant\": \"yalta\", \"position\": {ok}, \"move\": {ok}}}").as_bytes());
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep = "[".repeat(100_000);
    assert!(read_reply_line(deep.as_bytes()).is_err());
    assert!(matches!(
        read_request_line(deep.as_bytes()),
        RequestLine::One(Err(_))
    ));
}

fn oracle_hello() -> Hello {
    Hello {
        name: "oracle".into(),
        version: "1".into(),
        protocol: 1,
        variants: [(Variant::OSullivan, Default::default())].into(),
        perft: true,
        batch: true,
        explain: false,
        validates: true,
        classifies: true,
    }
}

#[test]
fn a_server_answers_each_request_of_a_batch_in_order() {
    let mut server = Server::new(Box::new(Oracle), oracle_hello());
    let start = Oracle.start(&Game::new(Variant::OSullivan)).unwrap();
    let line = json!([
        {"id": 7, "cmd": "moves", "variant": "osullivan", "position": start.to_json()},
        {"id": 8, "cmd": "play", "variant": "osullivan", "position": start.to_json(), "move": "e7-e5"},
        {"id": 9, "cmd": "play", "variant": "osullivan", "position": start.to_json(), "move": "e7-e2"},
        {"cmd": "moves"},
    ]);
    let reply: Value = serde_json::from_str(&server.answer(line.to_string().as_bytes())).unwrap();
    assert_eq!(reply[0]["id"], 7);
    assert_eq!(reply[0]["ok"].as_array().map(Vec::len), Some(14));
    assert_eq!(reply[1]["ok"]["en_passant"], "e6");
    assert_eq!(reply[2]["error"], "illegal-move");
    assert_eq!(reply[3]["id"], Value::Null);
    assert_eq!(reply[3]["error"], "failed");
}

#[test]
fn an_engine_that_never_starts_is_an_error() {
    for (script, kind) in [
        ("exit 3", FaultKind::Exited),
        ("sleep 5", FaultKind::Timeout),
        ("read line; echo hello", FaultKind::Garbage),
        ("read line; echo '{\"id\":9,\"ok\":{}}'", FaultKind::WrongId),
        (
            "read line; echo '{\"id\":1,\"ok\":{}}'",
            FaultKind::Handshake,
        ),
    ] {
        let faults = Faults::default();
        let began = Instant::now();
        let error = ExternalEngine::start(config(script), faults.clone()).unwrap_err();
        assert!(began.elapsed() < Duration::from_secs(3), "{script}");
        let got = faults.take();
        assert_eq!(got.len(), 1, "{script}: {got:?}");
        assert_eq!(got[0].kind, kind, "{script}: {error}");
    }
    let faults = Faults::default();
    let mut config = config("");
    config.command = vec!["/no/such/engine".into()];
    assert!(ExternalEngine::start(config, faults.clone()).is_err());
    assert_eq!(faults.take()[0].kind, FaultKind::Spawn);
}

#[test]
fn an_engine_that_dies_after_the_handshake_is_restarted_then_given_up() {
    let (mut engine, faults) = started(config(&format!("{HELLO}; exit 4")));
    let game = Game::new(Variant::OSullivan);
    let start = engine.start(&game).unwrap();
    for _ in 0..3 {
        let error = engine.legal_moves(&game, &start).unwrap_err();
        assert!(matches!(error, EngineError::Failed(_)), "{error}");
    }
    let got = faults.take();
    assert_eq!(got.len(), 3, "{got:?}");
    assert!(
        got.iter()
            .all(|f| f.kind == FaultKind::Exited && f.cmd == "moves"),
        "{got:?}"
    );
    assert!(
        got[0].detail.contains("exit status: 4"),
        "{}",
        got[0].detail
    );
    assert!(faults.down().is_some(), "given up after 3 in a row");
    assert!(engine.legal_moves(&game, &start).is_err());
    assert!(
        faults.take().is_empty(),
        "a given-up engine is not started again"
    );
}

#[test]
fn answers_that_do_not_read_are_faults_without_a_restart() {
    let script = format!(
        "{HELLO}; read line; echo '{{\"id\":2,\"ok\":[\"e7-e5\",\"e7-e5\"]}}'; \
         read line; echo '{{\"id\":3,\"ok\":42}}'; read line; echo '{{\"id\":4,\"ok\":[\"Xe7-e5\"]}}'"
    );
    let (mut engine, faults) = started(config(&script));
    let game = Game::new(Variant::OSullivan);
    let start = engine.start(&game).unwrap();
    assert!(engine.legal_moves(&game, &start).is_err());
    let e7e5 = Move::parse(Variant::OSullivan, "e7-e5").unwrap();
    assert!(engine.play(&game, &start, e7e5).is_err());
    let other: Setup = Setup::parse(Variant::OSullivan, "a1:bK,h1:rK,d8:wK w").unwrap();
    assert!(engine.legal_moves(&game, &other).is_err());
    let kinds: Vec<FaultKind> = faults.take().iter().map(|f| f.kind).collect();
    assert_eq!(
        kinds,
        [
            FaultKind::MalformedMove,
            FaultKind::MalformedAnswer,
            FaultKind::MalformedMove
        ]
    );
}

#[test]
fn a_perft_through_moves_and_play_has_a_budget() {
    // An engine that lists 40 moves in every position and answers every move with the same
    // position: a perft 4 would ask about 65,000 positions and moves.
    let moves: Vec<String> = ["b", "c", "d", "e", "f"]
        .iter()
        .flat_map(|f| {
            (3..=6).flat_map(move |r| [format!("{f}{r}-{f}{}", r + 1), format!("{f}{r}-a{r}")])
        })
        .collect();
    let list = serde_json::to_string(&moves).unwrap().replace('"', "\\\"");
    let script = format!(
        "{HELLO}; while read line; do id=$(echo \"$line\" | sed 's/.*\"id\":\\([0-9]*\\).*/\\1/'); \
         case \"$line\" in *'\"moves\"'*) echo \"{{\\\"id\\\":$id,\\\"ok\\\":{list}}}\" ;; \
         *) echo \"{{\\\"id\\\":$id,\\\"ok\\\":\\\"a1:bK,h1:rK,d8:wK w\\\"}}\" ;; esac; done"
    );
    // A shell that runs sed for each line answers slowly on a busy machine: the budget, not
    // the time limit of one answer, is what this test is about.
    let mut slow_shell = config(&script);
    slow_shell.timeout = Duration::from_secs(5);
    slow_shell.slow = Duration::from_secs(5);
    let (mut engine, _faults) = started(slow_shell);
    let game = Game::new(Variant::OSullivan);
    let start = engine.start(&game).unwrap();
    assert_eq!(engine.perft(&game, &start, 2).unwrap(), 1600);
    let began = Instant::now();
    let error = engine.perft(&game, &start, 4).unwrap_err();
    assert!(error.to_string().contains("gave up"), "{error}");
    assert!(began.elapsed() < Duration::from_secs(30));
}

#[test]
fn requests_read_back_as_written() {
    for variant in Variant::ALL {
        let mut game = Game::new(variant);
        let start = Oracle.start(&game).unwrap();
        let mv = Oracle.legal_moves(&game, &start).unwrap()[0];
        if let Some(info) = trichess_oracle::interpretations(variant).first() {
            game.interpretations
                .insert(info.id.to_string(), info.readings[0].to_string());
        }
        for (id, ask) in [
            Ask::Hello,
            Ask::Check,
            Ask::Moves,
            Ask::Play(mv),
            Ask::Result,
            Ask::Perft(3),
        ]
        .into_iter()
        .enumerate()
        {
            let about = (ask != Ask::Hello).then(|| (game.clone(), start.clone()));
            let request = Request {
                id: id as u64,
                ask,
                about,
            };
            assert_eq!(
                read_request_line(request.to_line().as_bytes()),
                RequestLine::One(Ok(request.clone())),
                "{}",
                request.to_line()
            );
        }
    }
}

/// The requests of a batch about one position read it once; a request about the same text
/// under another variant, or about a position that does not read, is read (or refused) as
/// written.
#[test]
fn a_batch_reads_each_position_as_its_request_says() {
    let position =
        r#""position": {"to_move": "w", "pieces": {"a1": "bK", "g7": "wK", "a7": "wN"}}"#;
    let request = |id: u64, variant: &str| {
        format!(r#"{{"id": {id}, "cmd": "moves", "variant": "{variant}", {position}}}"#)
    };
    let line = format!(
        "[{}, {}, {}, {}]",
        request(1, "yuri"),
        request(2, "yuri"),
        request(3, "osullivan"),
        request(4, "osullivan")
    );
    let RequestLine::Batch(read) = read_request_line(line.as_bytes()) else {
        panic!("not a batch: {line}");
    };
    let yuri = Setup::parse(Variant::Yuri, "a1:bK,g7:wK,a7:wN w").unwrap();
    for (n, one) in read.iter().enumerate() {
        match (n, one) {
            (0 | 1, Ok(r)) => assert_eq!(r.about, Some((Game::new(Variant::Yuri), yuri.clone()))),
            // a7 is not a usable cell of the O'Sullivan board: refused, each time.
            (2 | 3, Err(reply)) => assert_eq!(reply.id, Some(n as u64 + 1)),
            _ => panic!("request {} read as {one:?}", n + 1),
        }
    }
}

#[test]
fn refusals_carry_their_kinds_of_problem() {
    let mut server = Server::new(Box::new(Oracle), oracle_hello());
    let line = json!({"id": 4, "cmd": "check", "variant": "osullivan",
                      "position": {"to_move": "w", "pieces": {"d8": "wK", "e8": "wK", "a1": "bK"}}});
    let reply = server.answer(line.to_string().as_bytes());
    let Ok(ReplyLine::One(reply)) = read_reply_line(reply.as_bytes()) else {
        panic!("{reply}")
    };
    let refusal = reply.answer.expect_err("refused");
    let EngineError::InvalidPosition(refused) = EngineError::from(refusal) else {
        panic!("not an invalid position")
    };
    assert!(refused.is_classified(), "{refused:?}");
    assert!(
        refused
            .kinds()
            .contains(&trichess_model::ProblemKind::TooManyRoyals)
    );
    // Without problems, a refusal is unclassified; an unknown kind is not a reply.
    let bare = br#"{"id": 1, "error": "invalid-position", "message": "no"}"#;
    let Ok(ReplyLine::One(Reply { answer: Err(r), .. })) = read_reply_line(bare) else {
        panic!("reads")
    };
    let EngineError::InvalidPosition(r) = EngineError::from(r) else {
        panic!()
    };
    assert!(!r.is_classified());
    let odd = br#"{"id": 1, "error": "invalid-position", "problems": [{"kind": "odd"}]}"#;
    assert!(read_reply_line(odd).is_err());
}

#[test]
fn a_batch_whose_replies_would_not_fit_a_line_is_refused_with_one_error() {
    let mut server = Server::new(Box::new(Oracle), trichess_protocol::hello_of(&Oracle));
    let hellos = |n: usize| {
        let list: Vec<String> = (0..n)
            .map(|id| format!(r#"{{"id":{id},"cmd":"hello"}}"#))
            .collect();
        format!("[{}]", list.join(","))
    };
    // 100,000 requests: refused for their number, before any is answered.
    let reply = server.answer(hellos(100_000).as_bytes());
    let read: Value = serde_json::from_str(&reply).expect("one JSON reply");
    assert_eq!(read["error"], "failed", "{reply}");
    let message = read["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(&format!("at most {MAX_BATCH} requests")),
        "{message}"
    );
    // Fewer requests, whose replies (a hello of every reading of every variant, about 2 KB
    // each) would still pass 4 MiB: refused, naming the limit.
    let reply = server.answer(hellos(MAX_BATCH).as_bytes());
    assert!(reply.len() < 1000, "{} bytes", reply.len());
    let read: Value = serde_json::from_str(&reply).expect("one JSON reply");
    let message = read["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(&format!("limit of {MAX_LINE} bytes")),
        "{message}"
    );
    // A batch that fits is answered.
    let reply = server.answer(hellos(10).as_bytes());
    let read: Value = serde_json::from_str(&reply).expect("JSON");
    assert_eq!(read.as_array().map(Vec::len), Some(10));
    assert!(reply.len() <= MAX_LINE);
}

#[test]
fn a_cmd_that_is_not_a_string_is_named_so() {
    for line in [r#"{"id": 1, "cmd": 5}"#, r#"{"id": 1}"#] {
        let RequestLine::One(Err(reply)) = read_request_line(line.as_bytes()) else {
            panic!("{line} reads");
        };
        let refusal = reply.answer.expect_err("refused");
        assert_eq!(
            refusal.message, "'cmd' is missing or not a string",
            "{line}"
        );
        assert_eq!(reply.id, Some(1));
    }
}

/// An engine started through `sh`, with a child and a grandchild of its own (that would
/// outlive the shell), is ended with all of them: on a timeout (and so on every restart) and
/// when the engine is dropped at the end of a run.
#[cfg(target_os = "linux")]
#[test]
fn an_engine_is_ended_with_its_children_on_a_timeout_and_at_the_end() {
    let dir = std::env::temp_dir();
    for (n, hang) in [(0, true), (1, false)] {
        let pids = dir.join(format!("trichess-group-{}-{n}", std::process::id()));
        let _ = std::fs::remove_file(&pids);
        let p = pids.display();
        let script = format!(
            "(sleep 1000 & echo $! >> {p}) & sleep 1000 & echo $! >> {p}; {HELLO}; \
             read line; sleep 1000"
        );
        let (mut engine, faults) = started(config(&script));
        // The handshake is done, so the children are listed.
        std::thread::sleep(Duration::from_millis(100));
        let listed = std::fs::read_to_string(&pids).unwrap_or_default();
        assert_eq!(listed.split_whitespace().count(), 2, "{listed}");
        if hang {
            let game = Game::new(Variant::OSullivan);
            let start = engine.start(&game).unwrap();
            assert!(engine.legal_moves(&game, &start).is_err());
            let kinds: Vec<FaultKind> = faults.take().iter().map(|f| f.kind).collect();
            assert_eq!(kinds, [FaultKind::Timeout]);
        } else {
            drop(engine);
        }
        let left = common::survivors(&pids);
        assert!(left.is_empty(), "left behind (hang {hang}): {left:?}");
        let _ = std::fs::remove_file(&pids);
    }
}

#[test]
fn explain_requests_read_write_and_round_trip() {
    let start = Oracle.start(&Game::new(Variant::OSullivan)).unwrap();
    let about = Some((Game::new(Variant::OSullivan), start.clone()));
    let questions = [
        Question::Move(Move::parse(Variant::OSullivan, "e7-e5").unwrap()),
        Question::Result,
        Question::Validity,
    ];
    for question in questions {
        let request = Request {
            id: 4,
            ask: Ask::Explain(question),
            about: about.clone(),
        };
        let RequestLine::One(Ok(read)) = read_request_line(request.to_line().as_bytes()) else {
            panic!("{} does not read", request.to_line());
        };
        assert_eq!(read, request);
    }
    let position = start.to_json();
    let line = json!({"id": 5, "cmd": "explain", "variant": "osullivan", "position": position, "move": "e7-e5"});
    let RequestLine::One(Ok(read)) = read_request_line(line.to_string().as_bytes()) else {
        panic!("an explain request without 'of' but with a move reads as about the move");
    };
    assert_eq!(read.ask, Ask::Explain(questions[0]));
    for (line, error) in [
        (
            json!({"id": 6, "cmd": "explain", "variant": "osullivan", "position": position}),
            "failed",
        ),
        (
            json!({"id": 7, "cmd": "explain", "variant": "osullivan", "position": position, "of": "move"}),
            "failed",
        ),
        (
            json!({"id": 8, "cmd": "explain", "variant": "osullivan", "position": position, "of": "why"}),
            "failed",
        ),
        (
            json!({"id": 9, "cmd": "explain", "variant": "osullivan", "position": position, "move": "e7-e9"}),
            "illegal-move",
        ),
    ] {
        let RequestLine::One(Err(reply)) = read_request_line(line.to_string().as_bytes()) else {
            panic!("{line} should be refused");
        };
        assert_eq!(reply.to_json()["error"], error, "{line}");
    }
}

/// The oracle's explainer, as `trichess serve` wires it.
fn oracle_explainer() -> trichess_protocol::Explainer {
    use trichess_oracle::explain;
    Box::new(|game, setup, question| {
        let question = match question {
            Question::Move(mv) => explain::Question::Move(mv),
            Question::Result => explain::Question::Result,
            Question::Validity => explain::Question::Validity,
        };
        explain::explain_json(game, setup, question)
    })
}

#[test]
fn a_server_answers_explain_with_its_explainer_and_refuses_it_without() {
    let barrier =
        json!({"to_move": "r", "pieces": {"g1": "rQ", "h2": "rK", "a2": "bK", "d8": "wK"}});
    let two_kings =
        json!({"to_move": "w", "pieces": {"d8": "wK", "e8": "wK", "a1": "bK", "h1": "rK"}});
    let line = json!([
        {"id": 1, "cmd": "explain", "variant": "osullivan", "position": barrier, "of": "move", "move": "g1-d1"},
        {"id": 2, "cmd": "explain", "variant": "osullivan", "position": two_kings, "of": "validity"},
        {"id": 3, "cmd": "explain", "variant": "osullivan", "position": two_kings, "of": "result"},
        {"id": 4, "cmd": "explain", "variant": "osullivan", "position": barrier, "of": "result"},
    ])
    .to_string();
    let mut server =
        Server::new(Box::new(Oracle), oracle_hello()).with_explainer(oracle_explainer());
    let reply: Value = serde_json::from_str(&server.answer(line.as_bytes())).unwrap();
    assert_eq!(reply[0]["ok"]["verdict"], "illegal");
    assert_eq!(reply[0]["ok"]["steps"][0]["id"], "osullivan.barrier");
    assert_eq!(reply[1]["ok"]["verdict"], "invalid");
    assert_eq!(reply[1]["ok"]["steps"][0]["id"], "osullivan.one-king");
    assert_eq!(reply[2]["error"], "invalid-position");
    assert_eq!(reply[2]["problems"][0]["kind"], "too-many-royals");
    assert_eq!(reply[3]["ok"]["outcome"]["status"], "ongoing");
    let mut plain = Server::new(Box::new(Oracle), oracle_hello());
    let reply: Value = serde_json::from_str(&plain.answer(line.as_bytes())).unwrap();
    assert_eq!(reply[0]["error"], "unsupported");
    assert!(
        reply[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("does not explain"))
    );
}
