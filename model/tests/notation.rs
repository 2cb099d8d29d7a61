//! The notation: cell names of every board, moves, and the text and JSON forms of positions.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use trichess_model::{
    BySeat, Move, OSullivanState, Piece, Seat, Setup, TripleCrownState, Variant, VariantState,
    YaltaState, YuriState, pieces_text,
};

#[test]
fn boards_have_the_cell_counts_of_the_design() {
    let counts: Vec<(Variant, usize)> = Variant::ALL
        .into_iter()
        .map(|v| (v, v.board().cells().len()))
        .collect();
    assert_eq!(
        counts,
        [
            (Variant::OSullivan, 60),
            (Variant::Yalta, 96),
            (Variant::Yuri, 49),
            (Variant::TripleCrown, 150)
        ]
    );
}

#[test]
fn every_cell_name_reads_back() {
    for v in Variant::ALL {
        for cell in v.board().cells() {
            assert_eq!(
                v.board().parse_cell(&cell.to_string()),
                Ok(cell),
                "{v} {cell}"
            );
        }
    }
}

#[test]
fn cell_names_follow_the_design() {
    let yalta = Variant::Yalta.board();
    let names: Vec<String> = yalta.cells().iter().map(|c| c.to_string()).collect();
    assert_eq!(names.first().map(String::as_str), Some("Aa1"));
    assert_eq!(names.last().map(String::as_str), Some("Ch4"));
    let tc = Variant::TripleCrown.board();
    assert!(tc.parse_cell("Cj5").is_ok());
    assert!(tc.parse_cell("Ck5").is_err());
    assert!(tc.parse_cell("Cj6").is_err());
    let yuri = Variant::Yuri.board();
    assert!(yuri.parse_cell("g7").is_ok());
    assert!(yuri.parse_cell("h1").is_err());
}

#[test]
fn osullivan_unusable_squares_are_not_cells() {
    let board = Variant::OSullivan.board();
    for name in ["a7", "a8", "h7", "h8"] {
        let err = board.parse_cell(name).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("'{name}' is an unusable square: no piece may stand on it")
        );
    }
    assert!(board.parse_cell("b8").is_ok());
    assert!(board.parse_cell("a6").is_ok());
}

#[test]
fn malformed_cell_names_say_what_was_expected() {
    let board = Variant::OSullivan.board();
    for bad in ["", "e", "4e", "E4", "e0", "e9", "e44", "i1", "e4x", "é4"] {
        assert!(board.parse_cell(bad).is_err(), "{bad:?} should not read");
    }
    assert_eq!(
        board.parse_cell("i1").unwrap_err().to_string(),
        "'i1' is off the board (files a-h, ranks 1-8)"
    );
}

#[test]
fn moves_read_and_print_alike() {
    for text in ["e7-e5", "g2-g1=Q", "d8-c8/b8", "b7-c8=N"] {
        let mv = Move::parse(Variant::OSullivan, text).unwrap();
        assert_eq!(mv.to_string(), text);
    }
    let castle = Move::parse(Variant::OSullivan, "d8-c8/b8").unwrap();
    let step = Move::parse(Variant::OSullivan, "d8-c8").unwrap();
    assert_ne!(
        castle, step,
        "castling and the plain king step are different moves"
    );
}

#[test]
fn bad_moves_are_refused_with_a_reason() {
    let cases = [
        (
            "e7e5",
            "'e7e5' is not a move (expected from-to, from-to=X or from-to/partner)",
        ),
        (
            "e7-e9",
            "move 'e7-e9': 'e9' is off the board (files a-h, ranks 1-8)",
        ),
        (
            "b7-a8",
            "move 'b7-a8': 'a8' is an unusable square: no piece may stand on it",
        ),
        (
            "g2-g1=E",
            "move 'g2-g1=E': 'E' is not a piece letter of osullivan",
        ),
        (
            "g2-g1=QQ",
            "'g2-g1=QQ' is not a move (expected from-to, from-to=X or from-to/partner)",
        ),
    ];
    for (text, message) in cases {
        let err = Move::parse(Variant::OSullivan, text).unwrap_err();
        assert_eq!(err.to_string(), message);
    }
}

#[test]
fn text_and_json_forms_of_a_position_agree() {
    let text = "d8:wK,a1:bK,h1:rK,b8:wR,d4:bP,e2:rP r castling=b8 en_passant=d3 p4=b:d4 p4_freed=b \
                en_passant_earlier=e6";
    let setup = Setup::from_text(Variant::OSullivan, text).unwrap();
    let json = setup.to_json();
    assert_eq!(
        json,
        serde_json::json!({
            "to_move": "r",
            "pieces": {"a1": "bK", "b8": "wR", "d4": "bP", "d8": "wK", "e2": "rP", "h1": "rK"},
            "castling": ["b8"],
            "en_passant": "d3",
            "p4": {"b": "d4"},
            "p4_freed": ["b"],
            "en_passant_earlier": "e6"
        })
    );
    assert_eq!(
        Setup::from_json_value(Variant::OSullivan, &json).unwrap(),
        setup
    );
    assert_eq!(
        setup.to_text(),
        "a1:bK,h1:rK,e2:rP,d4:bP,b8:wR,d8:wK r castling=b8 en_passant=d3 p4=b:d4 p4_freed=b \
         en_passant_earlier=e6"
    );
}

#[test]
fn defaults_fill_what_a_position_leaves_out() {
    let setup = Setup::from_text(Variant::OSullivan, "d8:wK,a1:bK,h1:rK,d2:bP,e2:rP w").unwrap();
    assert!(setup.castling.is_empty());
    assert_eq!(setup.en_passant, None);
    let state = setup.osullivan().unwrap();
    let cell = |n| Variant::OSullivan.board().parse_cell(n).unwrap();
    assert_eq!(
        state.p4[Seat::C],
        Some(cell("d2")),
        "Black's P4 defaults to its pawn on d2"
    );
    assert_eq!(
        state.p4[Seat::B],
        Some(cell("e2")),
        "Red's P4 defaults to its pawn on e2"
    );
    assert_eq!(setup.to_text(), "a1:bK,h1:rK,d2:bP,e2:rP,d8:wK w");
    let none = Setup::from_text(Variant::OSullivan, "d8:wK,a1:bK,h1:rK,d2:bP w p4=-").unwrap();
    assert_eq!(none.osullivan().unwrap().p4, BySeat::default());
    assert_eq!(none.to_text(), "a1:bK,h1:rK,d2:bP,d8:wK w p4=-");
}

#[test]
fn bad_positions_report_every_problem_at_once() {
    let err = Setup::from_text(
        Variant::OSullivan,
        "a7:wK,e4:xQ,e4:bK,z9:bP q castling=a8 colour=w",
    )
    .unwrap_err();
    let text = err.to_string();
    for part in [
        "unknown field 'colour'",
        "'q' is not an army letter of osullivan (one of w r b)",
        "'a7' is an unusable square",
        "'xQ' is not a piece of osullivan",
        "'z9' is off the board",
        "'a8' is an unusable square",
    ] {
        assert!(text.contains(part), "{text} lacks {part}");
    }
    assert!(!text.contains('\n'));
}

#[test]
fn json_positions_refuse_unknown_and_foreign_fields_and_duplicate_keys() {
    let cases = [
        (
            Variant::OSullivan,
            r#"{"to_move": "w", "pieces": {}, "colour": 1}"#,
            "unknown field 'colour'",
        ),
        (
            Variant::Yalta,
            r#"{"to_move": "r", "pieces": {}, "p4": {}}"#,
            "field 'p4' does not apply to yalta",
        ),
        (
            Variant::OSullivan,
            r#"{"to_move": "w", "pieces": {"a1": "bK", "a1": "wK"}}"#,
            "key 'a1' given twice",
        ),
        (
            Variant::OSullivan,
            r#"{"pieces": {}}"#,
            "position JSON lacks 'to_move'",
        ),
        (
            Variant::OSullivan,
            r#"["w"]"#,
            "position JSON must be an object",
        ),
        (
            Variant::OSullivan,
            r#"{"to_move": "w", "pieces": {"a1": 3}}"#,
            "'pieces' must be an object of strings",
        ),
    ];
    for (variant, json, message) in cases {
        let err = Setup::parse(variant, json).unwrap_err().to_string();
        assert!(err.contains(message), "{json}: {err}");
    }
}

#[test]
fn text_positions_refuse_repeated_fields_and_cells() {
    let err =
        Setup::from_text(Variant::OSullivan, "a1:bK,b1:bQ w castling=- castling=b8").unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad position: field 'castling' given twice"
    );
    let err = Setup::from_text(Variant::OSullivan, "a1:bK,a1:bQ w").unwrap_err();
    assert_eq!(err.to_string(), "bad position: two pieces on a1");
    let err = Setup::from_text(Variant::OSullivan, "w").unwrap_err();
    assert!(
        err.to_string()
            .contains("expected '<pieces> <side to move> [field=value ...]'")
    );
}

#[test]
fn yalta_state_reads_and_prints_through_the_generic_fields() {
    let text = "Ag2:rP,Be1:gK,Ce1:bK g control=r:g first_check=b:g pending_mate=b";
    let setup = Setup::from_text(Variant::Yalta, text).unwrap();
    let state = setup.yalta().unwrap();
    assert_eq!(state.control.get(&Seat::A), Some(&Seat::B));
    assert_eq!(state.first_check.get(&Seat::C), Some(&Seat::B));
    assert!(state.pending_mate.contains(&Seat::C));
    assert_eq!(setup.to_text(), text);
    assert_eq!(
        setup.to_json(),
        serde_json::json!({
            "to_move": "g",
            "pieces": {"Ag2": "rP", "Be1": "gK", "Ce1": "bK"},
            "castling": [],
            "en_passant": null,
            "control": {"r": "g"},
            "first_check": {"b": "g"},
            "pending_mate": ["b"],
            "en_passant_earlier": null
        })
    );
    let plain = Setup::from_text(Variant::Yalta, "Ae1:rK,Be1:gK,Ce1:bK r").unwrap();
    assert_eq!(plain.yalta(), Some(&YaltaState::default()));
}

#[test]
fn a_seat_named_twice_in_a_pair_field_is_refused() {
    let err = Setup::from_text(Variant::Yalta, "Be1:gK,Ce1:bK g control=r:g,r:b").unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad position: field 'control' names seat 'r' twice"
    );
    let err = Setup::from_text(Variant::OSullivan, "a1:bK,d8:wK,h1:rK w p4=b:d2,b:d3").unwrap_err();
    assert!(err.to_string().contains("field 'p4' names seat 'b' twice"));
}

#[test]
fn the_keyed_form_is_the_pieces_part_alone() {
    // moddable-engine writes a position as its pieces keyed by cell; read alone, it means the
    // first seat to move and every field at its default.
    let keyed = "Ae1:rK,Be1:gK,Ba2:gP,Ce1:bK";
    let setup = Setup::from_text(Variant::Yalta, keyed).unwrap();
    assert_eq!(setup.to_move, Seat::A);
    assert!(setup.castling.is_empty() && setup.en_passant.is_none());
    assert_eq!(setup.to_keyed(), keyed);
    assert_eq!(setup.to_text(), format!("{keyed} r"));
    assert_eq!(Setup::parse(Variant::Yalta, keyed).unwrap(), setup);
    let empty = Setup::from_text(Variant::Yalta, "-").unwrap();
    assert!(empty.pieces.is_empty());
    assert_eq!(empty.to_keyed(), "-");
    // One token that is not a list of pieces is still the old error.
    let err = Setup::from_text(Variant::Yalta, "r").unwrap_err();
    assert!(
        err.to_string()
            .contains("expected '<pieces> <side to move>")
    );
}

fn arb_setup(variant: Variant) -> impl Strategy<Value = Setup> {
    let cells = variant.board().cells();
    let roles = variant.roles().to_vec();
    let n = cells.len();
    let piece =
        (0..3usize, 0..roles.len()).prop_map(move |(s, r)| Piece::new(Seat::ALL[s], roles[r]));
    (
        prop::collection::btree_map(0..n, piece.clone(), 0..20),
        0..3usize,
        prop::collection::btree_set(0..n, 0..3),
        prop::option::of(0..n),
        [
            prop::option::of(0..n),
            prop::option::of(0..n),
            prop::option::of(0..n),
        ],
        prop::collection::btree_set(0..3usize, 0..3),
        prop::collection::vec(prop::collection::btree_map(0..n, piece, 1..6), 0..3),
        (
            prop::collection::btree_map(0..3usize, 0..3usize, 0..3),
            prop::collection::btree_map(0..3usize, 0..3usize, 0..3),
        ),
    )
        .prop_map(
            move |(pieces, to_move, castling, ep, p4, freed, history, (control, first))| {
                let placement = |map: BTreeMap<usize, Piece>| -> BTreeMap<_, _> {
                    map.into_iter().map(|(i, p)| (cells[i], p)).collect()
                };
                let pieces = placement(pieces);
                let state = match variant {
                    Variant::OSullivan => VariantState::OSullivan(OSullivanState {
                        p4: BySeat(p4.map(|c| c.map(|i| cells[i]))),
                        p4_freed: freed
                            .into_iter()
                            .map(|s| Seat::ALL[s])
                            .collect::<BTreeSet<_>>(),
                        en_passant_earlier: p4[2].map(|i| cells[i]),
                    }),
                    Variant::Yalta => VariantState::Yalta(YaltaState {
                        control: seat_map(&control),
                        first_check: seat_map(&first),
                        pending_mate: freed.into_iter().map(|s| Seat::ALL[s]).collect(),
                        en_passant_earlier: p4[2].map(|i| cells[i]),
                    }),
                    Variant::Yuri => VariantState::Yuri(YuriState {
                        unmoved: castling.iter().map(|&i| cells[i]).collect(),
                        en_passant_pawn: p4[0].map(|i| cells[i]),
                        shared_square: p4[1].map(|i| cells[i]),
                        history: history
                            .into_iter()
                            .map(|map| pieces_text(variant, &placement(map)))
                            .collect(),
                    }),
                    Variant::TripleCrown => VariantState::TripleCrown(TripleCrownState {
                        en_passant_earlier: p4[0].map(|i| cells[i]),
                        instant_win: freed.iter().map(|&s| Seat::ALL[s]).collect(),
                    }),
                };
                Setup {
                    variant,
                    to_move: Seat::ALL[to_move],
                    pieces,
                    castling: castling.into_iter().map(|i| cells[i]).collect(),
                    en_passant: ep.map(|i| cells[i]),
                    state,
                }
            },
        )
}

fn seat_map(indices: &BTreeMap<usize, usize>) -> BTreeMap<Seat, Seat> {
    indices
        .iter()
        .map(|(&a, &b)| (Seat::ALL[a], Seat::ALL[b]))
        .collect()
}

fn arb_any_setup() -> impl Strategy<Value = Setup> {
    prop_oneof![
        arb_setup(Variant::OSullivan),
        arb_setup(Variant::Yalta),
        arb_setup(Variant::Yuri),
        arb_setup(Variant::TripleCrown),
    ]
}

proptest! {
    #[test]
    fn text_form_round_trips(setup in arb_any_setup()) {
        let text = setup.to_text();
        prop_assert_eq!(Setup::from_text(setup.variant, &text).unwrap(), setup, "{}", text);
    }

    #[test]
    fn json_form_round_trips(setup in arb_any_setup()) {
        let json = setup.to_json().to_string();
        prop_assert_eq!(Setup::from_json(setup.variant, &json).unwrap(), setup, "{}", json);
    }

    #[test]
    fn keyed_form_keeps_the_pieces(setup in arb_any_setup()) {
        let keyed = setup.to_keyed();
        let read = Setup::from_text(setup.variant, &keyed).unwrap();
        prop_assert_eq!(read.pieces, setup.pieces, "{}", keyed);
        prop_assert_eq!(read.to_move, Seat::A);
    }

    #[test]
    fn text_to_json_to_text_is_the_identity(setup in arb_any_setup()) {
        let text = setup.to_text();
        let via_json = Setup::from_json(setup.variant, &Setup::from_text(setup.variant, &text).unwrap().to_json().to_string()).unwrap();
        prop_assert_eq!(via_json.to_text(), text);
    }

    #[test]
    fn reading_any_text_never_panics(text in ".{0,80}") {
        for v in Variant::ALL {
            let _ = Setup::parse(v, &text);
            let _ = Move::parse(v, &text);
            let _ = v.board().parse_cell(&text);
        }
    }

    #[test]
    fn reading_near_miss_text_never_panics(text in "[a-hA-Cwrbgq0-9:,=_ {}\"\\-]{0,60}") {
        for v in Variant::ALL {
            let _ = Setup::parse(v, &text);
            let _ = Move::parse(v, &text);
        }
    }
}

#[test]
fn yuri_positions_carry_their_board_states_in_canonical_form() {
    let text = "b2:bK,f2:rK,f6:wK w history=f6:wK,f2:rK,b2:bK/f2:rK,b2:bK,f5:wK shared_square=-";
    let setup = Setup::from_text(Variant::Yuri, text).unwrap();
    let state = setup.yuri().unwrap();
    assert_eq!(
        state.history,
        ["b2:bK,f2:rK,f6:wK", "b2:bK,f2:rK,f5:wK"],
        "board states are kept with their pieces in cell order"
    );
    let unread = "b2:bK,f2:rK,f6:wK w history=f6:wK,f6:wK/b2:bK,zz:wK/b2:bk";
    assert_eq!(
        Setup::from_text(Variant::Yuri, unread)
            .unwrap()
            .yuri()
            .unwrap()
            .history,
        ["f6:wK,f6:wK", "b2:bK,zz:wK", "b2:bk"],
        "board states that do not read are kept as written (the rules then refuse them)"
    );
    assert_eq!(
        setup.to_text(),
        "b2:bK,f2:rK,f6:wK w history=b2:bK,f2:rK,f6:wK/b2:bK,f2:rK,f5:wK"
    );
    assert_eq!(
        setup.to_json()["history"],
        serde_json::json!(["b2:bK,f2:rK,f6:wK", "b2:bK,f2:rK,f5:wK"])
    );
    let pawns = Setup::from_text(Variant::Yuri, "a3:bP,d4:bP,e7:wP,b2:bK,f2:rK,f6:wK r").unwrap();
    let cell = |n| Variant::Yuri.board().parse_cell(n).unwrap();
    assert_eq!(
        pawns.yuri().unwrap().unmoved,
        [cell("a3"), cell("e7")].into_iter().collect(),
        "pawns on their own army's starting cells have not moved, by default"
    );
}

/// A board state of Yuri's history that the text form could not carry (a '/' or a space in it,
/// or '-' alone) is refused in JSON as in text, so what reads always round-trips (found by the
/// fuzz target json_round_trip: fuzz/regressions/json_round_trip/yuri-history-entry-with-slash).
#[test]
fn yuri_history_entries_are_words_the_text_form_can_carry() {
    let json = |entry: &str| {
        serde_json::json!({"to_move": "w", "pieces": {"g3": "wK"}, "history": [entry]}).to_string()
    };
    for entry in ["a1:bK/g7:wK", "a1:bK, g7:wK", "-"] {
        let error = Setup::from_json(Variant::Yuri, &json(entry)).expect_err(entry);
        assert!(
            error.to_string().contains("history entry"),
            "{entry}: {error}"
        );
    }
    let text = "g3:wK w history=-/a1:bK";
    let error = Setup::from_text(Variant::Yuri, text).expect_err(text);
    assert!(error.to_string().contains("history entry '-'"), "{error}");
    let fine = Setup::from_json(Variant::Yuri, &json("a1:bK,g7:wK")).expect("reads");
    assert_eq!(
        Setup::from_text(Variant::Yuri, &fine.to_text()).expect("reads back"),
        fine
    );
}
