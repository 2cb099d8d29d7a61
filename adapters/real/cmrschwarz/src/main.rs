//! trichess protocol shim for cmrschwarz/three_player_chess (Rust, MIT): speaks trichess's
//! engine protocol (PROTOCOL.md) on standard input and output and answers each request with the
//! engine's own API: `ThreePlayerChess::from_str` (its FEN-like position string), `gen_moves`,
//! `perform_move` and `game_status`. Our own code; the engine is the checkout it is built
//! against (see README.md).
//!
//! Cells: the engine numbers a field `hb * 32 + (rank - 1) * 8 + (file - 1)`, half-board `hb`
//! being its colour's, file and rank counted from that player's left and back rank, as trichess
//! counts them. Its half-boards 0, 1, 2 (colours 0, 1, 2, moving in that order) are trichess's
//! seats A, C, B: the engine's half-board 0 runs on at its files a-d into half-board 1, as
//! trichess's A runs into C, the seat on its left. So its colours 0, 1, 2 are Red (r), Blue (b)
//! and Green (g), and its turn order is Red, Blue, Green. README.md says how this was checked.

use std::io::{BufRead, Write};

use serde_json::{json, Map, Value};
use three_player_chess::board::{
    Color, DrawReason, FieldLocation, FieldValue, GameStatus, Move, MoveType, PieceType,
    ThreePlayerChess, WinReason,
};

/// The trichess seat of each engine half-board / colour.
const SEATS: [char; 3] = ['A', 'C', 'B'];
/// The trichess army letter of each engine colour.
const ARMIES: [char; 3] = ['r', 'b', 'g'];
const ROLES: [(PieceType, char); 6] = [
    (PieceType::Pawn, 'P'),
    (PieceType::Knight, 'N'),
    (PieceType::Bishop, 'B'),
    (PieceType::Rook, 'R'),
    (PieceType::Queen, 'Q'),
    (PieceType::King, 'K'),
];

/// A refusal: the protocol's error kind and a message.
struct Refusal(&'static str, String);

fn refuse<T>(kind: &'static str, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(kind, message.into()))
}

/// The engine's field index of a trichess cell (`Ae1`).
fn index_of(cell: &str) -> Option<usize> {
    let b = cell.as_bytes();
    if b.len() != 3 {
        return None;
    }
    let hb = SEATS.iter().position(|&s| s as u8 == b[0])?;
    let file = b[1].checked_sub(b'a').filter(|&f| f < 8)?;
    let rank = b[2].checked_sub(b'1').filter(|&r| r < 4)?;
    Some(hb * 32 + usize::from(rank) * 8 + usize::from(file))
}

/// The trichess cell of an engine field index.
fn cell_of(index: usize) -> String {
    let (hb, rest) = (index / 32, index % 32);
    format!(
        "{}{}{}",
        SEATS[hb],
        (b'a' + (rest % 8) as u8) as char,
        rest / 8 + 1
    )
}

fn cell_of_location(loc: FieldLocation) -> String {
    cell_of(usize::from(loc))
}

/// The engine's name of a trichess cell (`E1`, `Lc`, ...).
fn engine_name(index: usize) -> &'static str {
    FieldLocation::from(index).to_str()
}

fn army_index(letter: char) -> Option<usize> {
    ARMIES.iter().position(|&a| a == letter)
}

/// Reads trichess's JSON form of a position into the engine's position string and through
/// `ThreePlayerChess::from_str`. Refuses (unsupported) what the engine has no state for: a
/// seat without its king (its game ends at the first checkmate, every king on the board), a
/// pending mate, a castling right off the back rank. A first-check record is ignored: the
/// engine keeps none.
fn read_position(pos: &Value) -> Result<ThreePlayerChess, Refusal> {
    let text = engine_string(pos)?;
    ThreePlayerChess::from_str(&text).or_else(|why| {
        refuse(
            "invalid-position",
            format!("the engine refuses {text}: {why}"),
        )
    })
}

/// Writes trichess's JSON form of a position as the engine's position string (see
/// [`read_position`]).
fn engine_string(pos: &Value) -> Result<String, Refusal> {
    let Some(obj) = pos.as_object() else {
        return refuse(
            "unsupported",
            "the shim reads the JSON form of a position only",
        );
    };
    let Some(pieces) = obj.get("pieces").and_then(Value::as_object) else {
        return refuse("invalid-position", "no pieces");
    };
    let mut board: Vec<Option<(usize, char)>> = vec![None; 96];
    for (cell, code) in pieces {
        let Some(i) = index_of(cell) else {
            return refuse("invalid-position", format!("'{cell}' is not a Yalta cell"));
        };
        let code: Vec<char> = code.as_str().unwrap_or("").chars().collect();
        match code[..] {
            [army, role] if army_index(army).is_some() && ROLES.iter().any(|r| r.1 == role) => {
                board[i] = Some((army_index(army).unwrap_or(0), role));
            }
            _ => return refuse("invalid-position", format!("bad piece on {cell}")),
        }
    }
    for (colour, army) in ARMIES.iter().enumerate() {
        if !board
            .iter()
            .flatten()
            .any(|&(a, r)| a == colour && r == 'K')
        {
            return refuse(
                "unsupported",
                format!(
                    "no {army} king: the engine's game ends at the first checkmate, all three \
                     kings on the board"
                ),
            );
        }
    }
    if obj
        .get("pending_mate")
        .and_then(Value::as_array)
        .is_some_and(|p| !p.is_empty())
    {
        return refuse("unsupported", "a pending mate: the engine has none");
    }
    let cells = |key: &str| -> Vec<String> {
        match obj.get(key) {
            Some(Value::String(s)) => vec![s.clone()],
            Some(Value::Array(a)) => a
                .iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect(),
            _ => Vec::new(),
        }
    };
    let castling = cells("castling");
    let mut en_passant = cells("en_passant");
    en_passant.extend(cells("en_passant_earlier"));
    let Some(turn) = obj
        .get("to_move")
        .and_then(Value::as_str)
        .and_then(|s| s.chars().next())
        .and_then(army_index)
    else {
        return refuse("invalid-position", "to_move is not r, g or b");
    };
    // The engine's position string: per colour, the fields of each piece type (file and rank
    // characters), '/', the files of the castling rooks, '/', the en passant field, ':'; then
    // the move index of the last capture or pawn move and the move index (whose remainder
    // by 3 is the colour to move).
    let mut text = String::new();
    for colour in 0..3 {
        for (_, role) in ROLES {
            for (i, piece) in board.iter().enumerate() {
                if *piece == Some((colour, role)) {
                    text += engine_name(i);
                }
            }
            text.push('/');
        }
        for cell in &castling {
            match index_of(cell) {
                // Its string names a castling rook by its file: a right on another rank is
                // one it cannot hold.
                Some(i) if i % 32 >= 8 => {
                    return refuse(
                        "unsupported",
                        format!("castling right {cell}: the engine names a castling rook by its file on the back rank"),
                    );
                }
                Some(i) if i / 32 == colour => text.push_str(&engine_name(i)[..1]),
                Some(_) => {}
                None => return refuse("invalid-position", format!("castling right on '{cell}'")),
            }
        }
        text.push('/');
        for cell in &en_passant {
            match index_of(cell) {
                Some(i) if i / 32 == colour => text += engine_name(i),
                Some(_) => {}
                None => return refuse("invalid-position", format!("en passant on '{cell}'")),
            }
        }
        text.push(':');
    }
    text += &format!("{turn}:{turn}");
    Ok(text)
}

/// Writes the engine's position in trichess's JSON form. The en passant cells: the engine
/// keeps each colour's last double step until that colour moves again; the side to move's own
/// is dead (nobody can take it before it is cleared), the previous mover's is the newer.
fn write_position(tpc: &ThreePlayerChess) -> Value {
    let mut pieces = Map::new();
    for (i, field) in tpc.board.iter().enumerate() {
        if let FieldValue(Some((colour, piece))) = FieldValue::from(*field) {
            let role = ROLES.iter().find(|r| r.0 == piece).map_or('?', |r| r.1);
            pieces.insert(
                cell_of(i),
                Value::String(format!("{}{role}", ARMIES[usize::from(colour)])),
            );
        }
    }
    let mut castling: Vec<String> = tpc
        .possible_rooks_for_castling
        .iter()
        .flatten()
        .flatten()
        .map(|&loc| cell_of_location(loc))
        .collect();
    castling.sort();
    let ep = |c: Color| tpc.possible_en_passant[usize::from(c)].map(cell_of_location);
    let (newer, older) = (ep(tpc.turn.prev()), ep(tpc.turn.next()));
    let (en_passant, earlier) = match (newer, older) {
        (None, older) => (older, None),
        pair => pair,
    };
    json!({
        "to_move": ARMIES[usize::from(tpc.turn)].to_string(),
        "pieces": pieces,
        "castling": castling,
        "en_passant": en_passant,
        "en_passant_earlier": earlier,
        "control": {},
        "first_check": {},
        "pending_mate": [],
    })
}

/// The trichess name of an engine move (`None` for a draw claim, which is no move on the
/// board).
fn move_name(tpc: &ThreePlayerChess, m: &Move) -> Option<String> {
    let plain = format!(
        "{}-{}",
        cell_of_location(m.source),
        cell_of_location(m.target)
    );
    match m.move_type {
        MoveType::ClaimDraw(_) | MoveType::NullMove => None,
        MoveType::Castle(short) => tpc.possible_rooks_for_castling[usize::from(tpc.turn)]
            [usize::from(short)]
        .map(|rook| format!("{plain}/{}", cell_of_location(rook))),
        MoveType::Promotion(p) | MoveType::CapturePromotion(_, p) => {
            let role = ROLES.iter().find(|r| r.0 == p).map_or('?', |r| r.1);
            Some(format!("{plain}={role}"))
        }
        _ => Some(plain),
    }
}

/// The engine's moves (`gen_moves`, none once its game is over), named.
fn moves(tpc: &mut ThreePlayerChess) -> Vec<(String, Move)> {
    let moves = tpc.gen_moves();
    moves
        .into_iter()
        .filter_map(|m| move_name(tpc, &m).map(|name| (name, m)))
        .collect()
}

fn perft(tpc: &mut ThreePlayerChess, depth: u64) -> u64 {
    if depth == 0 {
        return 1;
    }
    let listed = moves(tpc);
    if depth == 1 {
        return listed.len() as u64;
    }
    listed
        .into_iter()
        .map(|(_, m)| {
            let mut next = tpc.clone();
            next.perform_move(m);
            perft(&mut next, depth - 1)
        })
        .sum()
}

/// The engine's game status as trichess's outcome. A win by checkmate ends its game: "won",
/// reason checkmate; a win because the side to move could take an exposed king
/// (`CapturableKing`) is reported as an instant win.
fn outcome(tpc: &ThreePlayerChess) -> Value {
    let army = |c: Color| ARMIES[usize::from(c)].to_string();
    match tpc.game_status {
        GameStatus::Ongoing => json!({"status": "ongoing"}),
        GameStatus::Win(w, WinReason::Checkmate(_)) => {
            json!({"status": "won", "winner": army(w), "reason": "checkmate"})
        }
        GameStatus::Win(w, WinReason::CapturableKing(_)) => {
            json!({"status": "won", "winner": army(w), "reason": "instant-win"})
        }
        GameStatus::Draw(DrawReason::Stalemate(_)) => {
            json!({"status": "drawn", "reason": "stalemate"})
        }
        GameStatus::Draw(_) => json!({"status": "drawn", "reason": "stalemate"}),
    }
}

fn answer(request: &Value) -> Value {
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    match respond(request) {
        Ok(ok) => json!({"id": id, "ok": ok}),
        Err(Refusal(kind, message)) => json!({"id": id, "error": kind, "message": message}),
    }
}

fn respond(request: &Value) -> Result<Value, Refusal> {
    let cmd = request.get("cmd").and_then(Value::as_str).unwrap_or("");
    if cmd == "hello" {
        return Ok(json!({
            "name": "cmrschwarz/three_player_chess (trichess shim)",
            "version": option_env!("CMRSCHWARZ_VERSION").unwrap_or(env!("CARGO_PKG_VERSION")),
            "protocol": 1, "perft": true, "batch": true, "validates": false, "variants": {"yalta": {}},
        }));
    }
    if request.get("variant").and_then(Value::as_str) != Some("yalta") {
        return refuse(
            "unsupported",
            "the engine plays one game, on the 96-cell board of Yalta",
        );
    }
    let mut tpc = read_position(request.get("position").unwrap_or(&Value::Null))?;
    match cmd {
        "check" => Ok(Value::Bool(true)),
        "moves" => Ok(Value::from(
            moves(&mut tpc)
                .into_iter()
                .map(|(name, _)| name)
                .collect::<Vec<_>>(),
        )),
        "play" => {
            let wanted = request.get("move").and_then(Value::as_str).unwrap_or("");
            let Some((_, m)) = moves(&mut tpc).into_iter().find(|(n, _)| n == wanted) else {
                return refuse(
                    "illegal-move",
                    format!("{wanted} is not among the engine's moves here"),
                );
            };
            tpc.perform_move(m);
            Ok(write_position(&tpc))
        }
        "result" => Ok(outcome(&tpc)),
        "perft" => match request.get("depth").and_then(Value::as_u64) {
            Some(depth) => Ok(Value::from(perft(&mut tpc, depth))),
            None => refuse("failed", "no depth"),
        },
        other => refuse("failed", format!("unknown cmd '{other}'")),
    }
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("--start") => {
            // The engine's own starting position in trichess's JSON form (for checking the
            // cell-name mapping against `trichess start yalta --json`).
            println!("{}", write_position(&ThreePlayerChess::default()));
            return;
        }
        Some("--engine-string") => {
            // A position in trichess's JSON form (standard input) as the engine's position
            // string, for a reproduction its maintainer can paste into `from_str`.
            let read = serde_json::from_reader::<_, Value>(std::io::stdin());
            match read
                .map_err(|e| Refusal("failed", e.to_string()))
                .and_then(|p| engine_string(&p))
            {
                Ok(text) => println!("{text}"),
                Err(Refusal(_, why)) => {
                    eprintln!("{why}");
                    std::process::exit(1);
                }
            }
            return;
        }
        _ => {}
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<Value>(&line) {
            Ok(Value::Array(batch)) => Value::Array(batch.iter().map(answer).collect()),
            Ok(request) => answer(&request),
            Err(e) => json!({"id": null, "error": "failed",
                             "message": format!("the line is not JSON: {e}")}),
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
}
