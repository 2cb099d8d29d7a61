//! The properties of the fuzz targets, as library code: `cargo fuzz` (the `fuzz/` crate) and
//! the replay tests under `cargo test` decode the same bytes into the same [`Case`] and check
//! it with the same [`Harness::check`].
//!
//! A case of an engine target is a position both engines accept, reached by the
//! [`Generator`] with its choices read from the bytes ([`Choices`] for `Unstructured`), so that
//! cargo fuzz explores the same positions as `trichess diff`: a variant, a random reading of
//! each open point, a root (the start, a perft table's position, or one of a pool of positions
//! played before fuzzing, deep in games) and a short walk of random legal moves and edits,
//! played by the second engine (the fast one: cheap). The property is checked at the walk's
//! last position alone, so that an input costs about one position's checks; the fuzzer's
//! coverage guidance, not the input, explores around the roots. The engines remember their
//! answers (a memo shared by the harness's duels): most inputs are an earlier input with its
//! last bytes changed, and walk through its positions again, so that an input costs about
//! what its new positions cost. A case of a parser target is
//! a variant and a text; a case of the protocol target (`protocol`) is a variant and a line of
//! bytes.
//!
//! A case prints ([`fmt::Debug`]) as a paste-ready fixture whose expectation is the first
//! engine's answer (or, for the parsers, what the position reads as), for a person to confirm
//! against the rule text; a failure prints what each side says and the same kind of fixture.
//! A protocol line concerns no rule: it prints as its case, and its failure as what went
//! wrong.

use std::collections::BTreeMap;
use std::fmt;

use arbitrary::Unstructured;
use serde_json::{Value, json};
use trichess_model::{Engine, EngineError, Game, Move, Setup, Variant};
use trichess_suite::OpenPoint;

use crate::memo::remembering;
use crate::{Choices, Duel, Generator, Policy, Step, random_game};

mod protocol;

/// A fuzz target: a subject and the property it must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    /// Both engines list the same legal moves.
    EnginesSameMoves,
    /// Both engines reach the same position by the same legal move.
    EnginesSamePositions,
    /// Both engines give the same result (outcome).
    EnginesSameResult,
    /// In each engine, a move is playable if and only if it is listed as legal.
    EnginesPlayableIffListed,
    /// The text form never panics, and what it reads prints and reads back unchanged.
    TextRoundTrip,
    /// The JSON form never panics, and what it reads prints and reads back unchanged.
    JsonRoundTrip,
    /// The move notation never panics, and what it reads prints back as written.
    MoveRoundTrip,
    /// The engine protocol's readers never panic on any line: what they read writes and reads
    /// back the same, and what they refuse is a typed error (`property::protocol`).
    ProtocolReaderNeverPanics,
}

impl Target {
    /// Every target.
    pub const ALL: [Target; 8] = [
        Target::EnginesSameMoves,
        Target::EnginesSamePositions,
        Target::EnginesSameResult,
        Target::EnginesPlayableIffListed,
        Target::TextRoundTrip,
        Target::JsonRoundTrip,
        Target::MoveRoundTrip,
        Target::ProtocolReaderNeverPanics,
    ];

    /// Returns the target's name, `<subject>_<property>`: the fuzz target's file name and the
    /// folder of its corpus and regressions.
    pub fn name(self) -> &'static str {
        match self {
            Target::EnginesSameMoves => "engines_same_moves",
            Target::EnginesSamePositions => "engines_same_positions",
            Target::EnginesSameResult => "engines_same_result",
            Target::EnginesPlayableIffListed => "engines_playable_iff_listed",
            Target::TextRoundTrip => "text_round_trip",
            Target::JsonRoundTrip => "json_round_trip",
            Target::MoveRoundTrip => "move_round_trip",
            Target::ProtocolReaderNeverPanics => "protocol_reader_never_panics",
        }
    }

    /// Finds a target by its name.
    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }

    fn is_parser(self) -> bool {
        matches!(
            self,
            Target::TextRoundTrip | Target::JsonRoundTrip | Target::MoveRoundTrip
        )
    }
}

/// One input of a target, decoded.
#[derive(Clone, PartialEq, Eq)]
pub enum Case {
    /// A position both engines accept, and the move concerned (for the targets about a move).
    Position {
        /// The target it is an input of.
        target: Target,
        /// The game played.
        game: Game,
        /// The position.
        setup: Setup,
        /// The move concerned, if the target is about one.
        mv: Option<Move>,
        /// The first engine's answer, as a fixture expectation: asked for a case read back
        /// or one that fails, not while fuzzing (`None` if not asked, or it gave none).
        first_says: Option<Value>,
    },
    /// A text for a parser.
    Text {
        /// The target it is an input of.
        target: Target,
        /// The variant whose notation reads it.
        variant: Variant,
        /// The text.
        text: String,
    },
    /// A line of the engine protocol, as bytes (not necessarily UTF-8), and the variant its
    /// answers are read for.
    Line {
        /// The target it is an input of.
        target: Target,
        /// The variant whose answers the line is read for.
        variant: Variant,
        /// The line's bytes.
        line: Vec<u8>,
    },
}

/// A case that breaks its property: what was expected and what happened, with a paste-ready
/// fixture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// What went wrong, in one paragraph.
    pub what: String,
    /// A fixture in the suite's JSON form; its expectation is the first engine's answer
    /// (`null` for a protocol line, which concerns no rule).
    pub fixture: Value,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.fixture.is_null() {
            return write!(f, "{}", self.what);
        }
        let fixture = serde_json::to_string_pretty(&self.fixture).map_err(|_| fmt::Error)?;
        write!(f, "{}\npaste-ready fixture:\n{fixture}", self.what)
    }
}

/// What the engine targets run on: the two engines (the first is the reference), and for
/// each variant its open points and the roots its walks start from.
#[derive(Debug)]
pub struct Harness {
    /// The reference engine first: what the cases are checked with.
    duel: Duel,
    /// The same engines the other way round: the walks play the second engine's moves, for
    /// speed (the fast engine lists and plays moves tens of times faster than the oracle).
    walker: Duel,
    open_points: BTreeMap<Variant, Vec<OpenPoint>>,
    /// The second engine against itself: it plays the pool.
    player: Duel,
    /// The perft tables' positions of each variant.
    tables: BTreeMap<Variant, Vec<Setup>>,
    /// The positions the cases of each variant start from, the start first, made when a
    /// case of the variant is first decoded (the parser targets need none).
    roots: BTreeMap<Variant, Vec<Setup>>,
}

/// The most positions a walk of a case visits: its root, then one per move or edit. Few, so
/// that an input costs about one position's checks; the depth comes from the roots
/// ([`POOL`]).
const MAX_STEPS: usize = 4;

/// How many positions of each variant the harness plays before fuzzing, as the cases' roots:
/// walks of `trichess diff`'s policy by the second engine from the start and the perft tables'
/// positions (whole games, mates, takeovers, eliminations), under the default readings.
const POOL: usize = 500;

/// The seed of the walks that make the pool: every harness has the same roots.
const POOL_SEED: u64 = 21;

impl Harness {
    /// Builds a harness of engine `a` (the reference) against engine `b`, with the register's
    /// open points, and as roots the start, the perft tables' positions (the suite's) and a
    /// pool of positions that engine `b` plays from them (500 per variant, seeded). Each
    /// engine is asked a question once: its answers must be a function of the question (the
    /// game, the position, the move), as an engine in this process's are.
    pub fn new(
        a: impl Fn() -> Box<dyn Engine> + Clone + 'static,
        b: impl Fn() -> Box<dyn Engine> + Clone + 'static,
    ) -> Result<Harness, trichess_suite::SuiteError> {
        let tables = &trichess_suite::Suite::embedded()?.tables;
        // Both engines answer from their memory a question asked before, as an input that
        // walks through an earlier input's positions asks.
        let (a, b) = (remembering(a), remembering(b));
        let points = |v: Variant| trichess_suite::open_points(v).unwrap_or_default().to_vec();
        Ok(Harness {
            duel: Duel::new(Box::new(a.clone()), Box::new(b.clone())),
            walker: Duel::new(Box::new(b.clone()), Box::new(a)).checking_only(),
            open_points: Variant::ALL.map(|v| (v, points(v))).into(),
            player: Duel::new(Box::new(b.clone()), Box::new(b)).checking_only(),
            tables: Variant::ALL
                .map(|v| (v, crate::table_roots(tables, v)))
                .into(),
            roots: BTreeMap::new(),
        })
    }

    /// Returns the positions the cases of `variant` start from: the start first, then the
    /// perft tables' positions and the pool played from them (played now if not yet).
    pub fn roots(&mut self, variant: Variant) -> &[Setup] {
        let tables = self.tables.get(&variant).map_or(&[][..], Vec::as_slice);
        self.roots
            .entry(variant)
            .or_insert_with(|| pool(&mut self.player, tables, variant))
    }

    /// Decodes the bytes of a fuzz input into a case of `target`. Every input decodes (the
    /// bytes running out reads as zeros).
    pub fn decode(&mut self, target: Target, bytes: &[u8]) -> Case {
        let mut u = Unstructured::new(bytes);
        let variant = Variant::ALL[u.below(Variant::ALL.len())];
        if target == Target::ProtocolReaderNeverPanics {
            let line = u.take_rest().to_vec();
            return Case::Line {
                target,
                variant,
                line,
            };
        }
        if target.is_parser() {
            let text = String::from_utf8_lossy(u.take_rest()).into_owned();
            return Case::Text {
                target,
                variant,
                text,
            };
        }
        // A zero byte (and the end of the bytes) chooses the simplest: the default readings,
        // the start position alone, a walk of no step.
        let game = match self.open_points.get(&variant) {
            Some(open) if u.below(2) == 1 => random_game(variant, open, &mut u),
            _ => Game::new(variant),
        };
        // The walk's root: one of the roots (the start, when the bytes have run out), or the
        // start of this game where the variant has none.
        let root = u
            .pick(self.roots(variant))
            .cloned()
            .or_else(|| self.walker.start(&game));
        // Where the root is not a position both engines accept (a table root under these
        // readings, say; a disagreement on validity is trichess diff's to report), the case is
        // the start; with no start either (should not happen), the empty board, which both
        // engines refuse. The root is asked here once: the generator, given it alone, would
        // ask it again on each of its tries (told that it is accepted, it does not ask).
        let Some(root) = root.filter(|r| self.walker.both_accept(&game, r) == Some(true)) else {
            let start = self
                .walker
                .start(&game)
                .unwrap_or_else(|| empty_setup(variant));
            return self.position_case(target, game, start, &mut u);
        };
        let mut found = root.clone();
        let mut generator = Generator::new(game.clone(), vec![root]);
        generator.roots_accepted = true;
        // Cheap walks (no mate sought: that plays every move), so that an input costs about
        // one position's checks.
        generator.policy = Policy {
            capture_percent: Policy::default().capture_percent,
            ..Policy::UNIFORM
        };
        for step in 0..=u.below(MAX_STEPS) {
            // The end of the bytes ends the walk: a zero byte chooses the simplest, and the
            // generator would try the same edit or move again and again.
            if step > 0 && u.is_empty() {
                break;
            }
            match generator.next(&mut self.walker, &mut u) {
                Some(Step::Position(setup)) => found = setup,
                // A disagreement on validity is trichess diff's to report; the walk stops at
                // the last position both accept.
                Some(Step::Finding(_)) | None => break,
            }
        }
        self.position_case(target, game, found, &mut u)
    }

    /// Builds the case of an engine target at `setup`, with its move (read from the rest of
    /// the bytes) where the target plays one.
    fn position_case(
        &mut self,
        target: Target,
        game: Game,
        setup: Setup,
        u: &mut Unstructured<'_>,
    ) -> Case {
        let mv = match target {
            Target::EnginesSamePositions => u.pick(&self.listed(&game, &setup, 0)).copied(),
            Target::EnginesPlayableIffListed => Some(self.any_move(&game, &setup, u)),
            _ => None,
        };
        Case::Position {
            target,
            game,
            setup,
            mv,
            first_says: None,
        }
    }

    /// Builds a case, asking the first engine for its answer.
    fn case(&mut self, target: Target, game: Game, setup: Setup, mv: Option<Move>) -> Case {
        let [a, _] = self.duel.engines();
        let first_says = expectation(a, target, &game, &setup, mv);
        Case::Position {
            target,
            game,
            setup,
            mv,
            first_says,
        }
    }

    /// Lists engine `which`'s legal moves (none if it gives none), sorted.
    fn listed(&mut self, game: &Game, setup: &Setup, which: usize) -> Vec<Move> {
        let mut moves = self.duel.engines()[which]
            .legal_moves(game, setup)
            .unwrap_or_default();
        moves.sort();
        moves
    }

    /// Picks a move: one the first engine lists, one the second lists, or any move of any
    /// form between any two cells of the board.
    fn any_move(&mut self, game: &Game, setup: &Setup, u: &mut Unstructured<'_>) -> Move {
        let way = u.below(3);
        if way < 2
            && let Some(&mv) = u.pick(&self.listed(game, setup, way))
        {
            return mv;
        }
        let cells = game.variant.board().cells();
        let from = cells[u.below(cells.len())];
        let to = cells[u.below(cells.len())];
        match u.below(3) {
            0 => Move::Plain { from, to },
            1 => {
                let roles = game.variant.roles();
                Move::Promotion {
                    from,
                    to,
                    role: roles[u.below(roles.len())],
                }
            }
            _ => Move::Castle {
                from,
                to,
                partner: cells[u.below(cells.len())],
            },
        }
    }

    /// Checks a case against its target's property. A panic in an engine is not caught: the
    /// fuzzer reports it as a crash.
    pub fn check(&mut self, case: &Case) -> Result<(), Failure> {
        match case {
            Case::Text {
                target,
                variant,
                text,
            } => check_text(*target, *variant, text),
            Case::Line {
                target,
                variant,
                line,
            } => protocol::check_line(*variant, line).map_err(|what| Failure {
                what: format!(
                    "{}: {variant} {:?}: {what}",
                    target.name(),
                    String::from_utf8_lossy(line)
                ),
                fixture: Value::Null,
            }),
            Case::Position {
                target,
                game,
                setup,
                mv,
                ..
            } => {
                let names = self.duel.names();
                let [a, b] = self.duel.engines();
                let checked = check_engines(*target, [a, b], game, setup, *mv);
                checked.map_err(|(a_says, b_says)| {
                    // The first engine's answer, asked only now that it is needed.
                    let case = self.case(*target, game.clone(), setup.clone(), *mv);
                    Failure {
                        what: format!(
                            "{}: {} {}\n  {} says: {a_says}\n  {} says: {b_says}",
                            target.name(),
                            game.variant,
                            setup.to_text(),
                            names.0,
                            names.1
                        ),
                        fixture: case.fixture(),
                    }
                })
            }
        }
    }

    /// Reads a case back from its JSON form ([`Case::to_json`]), asking the first engine for
    /// its answer again.
    pub fn read_case(&mut self, value: &Value) -> Result<Case, String> {
        let text = |key: &str| value.get(key).and_then(Value::as_str);
        let target = text("target")
            .and_then(Target::from_name)
            .ok_or("the case has no known 'target'")?;
        let variant: Variant = text("variant")
            .ok_or("the case has no 'variant'")?
            .parse()
            .map_err(|e| format!("{e}"))?;
        if target == Target::ProtocolReaderNeverPanics {
            let line = match (text("line"), value.get("bytes")) {
                (Some(line), None) => line.as_bytes().to_vec(),
                (None, Some(bytes)) => serde_json::from_value(bytes.clone())
                    .map_err(|e| format!("'bytes' is not a list of bytes: {e}"))?,
                _ => return Err("the case has neither 'line' nor 'bytes'".into()),
            };
            return Ok(Case::Line {
                target,
                variant,
                line,
            });
        }
        if target.is_parser() {
            return Ok(Case::Text {
                target,
                variant,
                text: text("text").ok_or("the case has no 'text'")?.to_string(),
            });
        }
        let interpretations = match value.get("interpretations") {
            None => BTreeMap::new(),
            Some(v) => {
                serde_json::from_value(v.clone()).map_err(|e| format!("'interpretations': {e}"))?
            }
        };
        let setup = Setup::parse(
            variant,
            text("position").ok_or("the case has no 'position'")?,
        )
        .map_err(|e| e.to_string())?;
        let mv = text("move")
            .map(|m| Move::parse(variant, m))
            .transpose()
            .map_err(|e| e.to_string())?;
        let game = Game {
            variant,
            interpretations,
        };
        Ok(self.case(target, game, setup, mv))
    }
}

/// Returns the roots of `variant`'s cases: the start, the perft tables' positions `tables` and
/// the first [`POOL`] positions of seeded walks by `player` (an engine against itself) from
/// them, under the default readings, by `trichess diff`'s policy.
fn pool(player: &mut Duel, tables: &[Setup], variant: Variant) -> Vec<Setup> {
    let game = Game::new(variant);
    let mut roots: Vec<Setup> = player.start(&game).into_iter().collect();
    roots.extend_from_slice(tables);
    let mut generator = Generator::new(game, roots.clone());
    let mut choices = crate::Seeded::new(POOL_SEED);
    while roots.len() < POOL {
        match generator.next(player, &mut choices) {
            Some(Step::Position(setup)) => roots.push(setup),
            Some(Step::Finding(_)) | None => break,
        }
    }
    roots
}

/// A setup with no pieces, seat A to move, and the variant's default state.
fn empty_setup(variant: Variant) -> Setup {
    let pieces = BTreeMap::new();
    Setup {
        variant,
        to_move: trichess_model::Seat::A,
        state: trichess_model::VariantState::default_for(variant, &pieces),
        pieces,
        castling: Default::default(),
        en_passant: None,
    }
}

/// The first engine's answer to what `target` asks, as a fixture expectation.
fn expectation(
    a: &mut dyn Engine,
    target: Target,
    game: &Game,
    setup: &Setup,
    mv: Option<Move>,
) -> Option<Value> {
    let run = std::panic::AssertUnwindSafe(|| match (target, mv) {
        (Target::EnginesSameResult, _) => a
            .outcome(game, setup)
            .ok()
            .map(|o| json!({"outcome": o.to_json(game.variant)})),
        (Target::EnginesSamePositions, Some(mv)) => a
            .play(game, setup, mv)
            .ok()
            .map(|s| json!({"position": s.to_text()})),
        (Target::EnginesPlayableIffListed, Some(mv)) => {
            let listed = a.legal_moves(game, setup).ok()?.contains(&mv);
            Some(json!({ if listed { "legal" } else { "illegal" }: mv.to_string() }))
        }
        _ => a.legal_moves(game, setup).ok().map(|mut moves| {
            moves.sort();
            json!({"moves": moves.iter().map(Move::to_string).collect::<Vec<_>>()})
        }),
    });
    std::panic::catch_unwind(run).ok().flatten()
}

/// Returns true if two engines' answers agree: the same value, or the same refusal. Two
/// refusals of a position agree when they name the same kinds of problem (each engine words
/// its problems its own way); other errors, when they are of the same kind.
fn same<T: PartialEq>(x: &Result<T, EngineError>, y: &Result<T, EngineError>) -> bool {
    match (x, y) {
        (Ok(x), Ok(y)) => x == y,
        (Err(EngineError::InvalidPosition(p)), Err(EngineError::InvalidPosition(q))) => {
            p.kinds() == q.kinds()
        }
        (Err(x), Err(y)) => std::mem::discriminant(x) == std::mem::discriminant(y),
        _ => false,
    }
}

/// Checks an engine target; on failure returns what the first and the second engine say.
fn check_engines(
    target: Target,
    [a, b]: [&mut dyn Engine; 2],
    game: &Game,
    setup: &Setup,
    mv: Option<Move>,
) -> Result<(), (String, String)> {
    // Two answers written out agree, or are what each engine says.
    let agree = |x: Result<String, EngineError>, y: Result<String, EngineError>| {
        let show = |r: Result<String, EngineError>| r.unwrap_or_else(|e| format!("error: {e}"));
        if same(&x, &y) {
            Ok(())
        } else {
            Err((show(x), show(y)))
        }
    };
    match (target, mv) {
        (Target::EnginesSameMoves, _) => {
            let moves = |e: &mut dyn Engine| {
                e.legal_moves(game, setup).map(|mut m| {
                    m.sort();
                    m
                })
            };
            let (x, y) = (moves(a), moves(b));
            if same(&x, &y) {
                return Ok(());
            }
            let only = |p: &Result<Vec<Move>, _>, q: &Result<Vec<Move>, _>| match (p, q) {
                (Ok(p), Ok(q)) => {
                    let extra: Vec<String> = p
                        .iter()
                        .filter(|m| !q.contains(m))
                        .map(Move::to_string)
                        .collect();
                    format!(
                        "{} moves, {} not listed by the other: {}",
                        p.len(),
                        extra.len(),
                        extra.join(" ")
                    )
                }
                (Ok(p), Err(_)) => format!("{} moves", p.len()),
                (Err(e), _) => format!("error: {e}"),
            };
            Err((only(&x, &y), only(&y, &x)))
        }
        (Target::EnginesSameResult, _) => {
            let outcome = |e: &mut dyn Engine| {
                e.outcome(game, setup)
                    .map(|o| o.to_json(game.variant).to_string())
            };
            agree(outcome(a), outcome(b))
        }
        (Target::EnginesSamePositions, Some(mv)) => {
            let (x, y) = (a.play(game, setup, mv), b.play(game, setup, mv));
            // The same position prints the same: the text forms are written only where the
            // positions differ, and compared there.
            if let (Ok(p), Ok(q)) = (&x, &y)
                && p == q
            {
                return Ok(());
            }
            agree(x.map(|s| s.to_text()), y.map(|s| s.to_text()))
        }
        (Target::EnginesPlayableIffListed, Some(mv)) => {
            let verdict = |e: &mut dyn Engine| -> Result<(), String> {
                let listed = e
                    .legal_moves(game, setup)
                    .map_err(|e| e.to_string())?
                    .contains(&mv);
                match (listed, e.play(game, setup, mv)) {
                    (true, Err(why)) => Err(format!("lists {mv} but refuses to play it: {why}")),
                    (false, Ok(s)) => Err(format!(
                        "does not list {mv} but plays it, to {}",
                        s.to_text()
                    )),
                    _ => Ok(()),
                }
            };
            match (verdict(a), verdict(b)) {
                (Ok(()), Ok(())) => Ok(()),
                (x, y) => Err((
                    x.err().unwrap_or("ok".into()),
                    y.err().unwrap_or("ok".into()),
                )),
            }
        }
        _ => Ok(()),
    }
}

/// Checks a parser target.
fn check_text(target: Target, variant: Variant, text: &str) -> Result<(), Failure> {
    let fail = |what: String| Failure {
        what: format!("{}: {variant} {text:?}: {what}", target.name()),
        fixture: text_fixture(target, variant, text),
    };
    if target == Target::MoveRoundTrip {
        let Ok(mv) = Move::parse(variant, text) else {
            return Ok(());
        };
        let printed = mv.to_string();
        return match Move::parse(variant, &printed) {
            Ok(back) if back == mv && printed == text => Ok(()),
            Ok(back) if back == mv => Err(fail(format!("reads, but prints as {printed:?}"))),
            other => Err(fail(format!(
                "prints as {printed:?}, which reads as {other:?}"
            ))),
        };
    }
    let read = if target == Target::JsonRoundTrip {
        Setup::from_json(variant, text)
    } else {
        Setup::from_text(variant, text)
    };
    let Ok(setup) = read else {
        return Ok(());
    };
    let printed = setup.to_text();
    match Setup::from_text(variant, &printed) {
        Ok(back) if back == setup => {}
        other => {
            return Err(fail(format!(
                "reads as {printed:?}, which reads back as {:?}",
                other.map(|s| s.to_text())
            )));
        }
    }
    let json = setup.to_json();
    match Setup::from_json_value(variant, &json) {
        Ok(back) if back == setup => Ok(()),
        other => Err(fail(format!(
            "reads as {printed:?}; its JSON form {json} reads back as {:?}",
            other.map(|s| s.to_text())
        ))),
    }
}

/// The head of a fixture, for a person to complete: the rule, its quote and the derivation.
fn fixture_head(variant: Variant, target: Target) -> Value {
    json!({
        "variant": variant.id(),
        "rules": ["TO-CONFIRM"],
        "quote": "TO CONFIRM: the clause's words, verbatim",
        "polarity": "positive",
        "derivation": format!(
            "TO CONFIRM. Found by the fuzz target {}; the expectation is the first engine's answer.",
            target.name()
        ),
    })
}

/// The fixture of a parser case: the text reads as itself (canonically), or does not read.
fn text_fixture(target: Target, variant: Variant, text: &str) -> Value {
    let mut f = fixture_head(variant, target);
    if target == Target::MoveRoundTrip {
        f["position"] = json!("start");
        f["expect"] = json!({"illegal": text});
        return f;
    }
    f["position"] = json!(text);
    let read = if target == Target::JsonRoundTrip {
        Setup::from_json(variant, text)
    } else {
        Setup::from_text(variant, text)
    };
    f["expect"] = match read {
        Ok(setup) => json!({"position": setup.to_text()}),
        Err(_) => json!({"invalid": "parse"}),
    };
    f
}

impl Case {
    /// Returns the case's target.
    pub fn target(&self) -> Target {
        match self {
            Case::Position { target, .. }
            | Case::Text { target, .. }
            | Case::Line { target, .. } => *target,
        }
    }

    /// Writes the case as JSON: the target, the variant, and the readings, position and move,
    /// or the text, or the line (`bytes`, a list of numbers, if it is not UTF-8).
    /// [`Harness::read_case`] reads it back.
    pub fn to_json(&self) -> Value {
        match self {
            Case::Line {
                target,
                variant,
                line,
            } => {
                let mut v = json!({"target": target.name(), "variant": variant.id()});
                match std::str::from_utf8(line) {
                    Ok(text) => v["line"] = json!(text),
                    Err(_) => v["bytes"] = json!(line),
                }
                v
            }
            Case::Text {
                target,
                variant,
                text,
            } => json!({"target": target.name(), "variant": variant.id(), "text": text}),
            Case::Position {
                target,
                game,
                setup,
                mv,
                ..
            } => {
                let mut v = json!({
                    "target": target.name(),
                    "variant": game.variant.id(),
                    "interpretations": game.interpretations,
                    "position": setup.to_text(),
                });
                if let Some(mv) = mv {
                    v["move"] = json!(mv.to_string());
                }
                v
            }
        }
    }

    /// Writes the case as a fixture in the suite's JSON form; the expectation is the first
    /// engine's answer, and the rule, quote and derivation are for a person to fill in. A
    /// protocol line concerns no rule: its fixture is `null`.
    pub fn fixture(&self) -> Value {
        match self {
            Case::Line { .. } => Value::Null,
            Case::Text {
                target,
                variant,
                text,
            } => text_fixture(*target, *variant, text),
            Case::Position {
                target,
                game,
                setup,
                mv,
                first_says,
            } => {
                let mut f = fixture_head(game.variant, *target);
                if !game.interpretations.is_empty() {
                    f["interpretations"] = json!(game.interpretations);
                }
                f["position"] = json!(setup.to_text());
                if let (Target::EnginesSamePositions, Some(mv)) = (target, mv) {
                    f["play"] = json!([mv.to_string()]);
                }
                f["expect"] = first_says
                    .clone()
                    .unwrap_or_else(|| json!("TO CONFIRM: the first engine's answer"));
                f
            }
        }
    }
}

impl fmt::Debug for Case {
    /// Prints the case as a paste-ready fixture.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.target().name();
        if let Case::Line { .. } = self {
            return write!(f, "{name} case: {}", self.to_json());
        }
        let fixture = serde_json::to_string_pretty(&self.fixture()).map_err(|_| fmt::Error)?;
        write!(f, "{name} case, as a fixture:\n{fixture}")
    }
}
