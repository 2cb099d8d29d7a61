//! The board symmetries rename cells, armies and state the way their doc says, map each board
//! onto itself, and come back to the start: the rotation after three turns, the mirror after
//! two.

use trichess_model::{Move, Seat, Setup, Symmetry, Variant};

fn cell(variant: Variant, name: &str) -> trichess_model::Cell {
    variant.board().parse_cell(name).expect("a cell")
}

fn turned(symmetry: Symmetry, variant: Variant, name: &str) -> String {
    symmetry.cell(variant, cell(variant, name)).to_string()
}

#[test]
fn which_boards() {
    let rotation: Vec<Variant> = Variant::ALL
        .into_iter()
        .filter(|&v| Symmetry::Rotation.applies_to(v))
        .collect();
    assert_eq!(rotation, [Variant::Yalta, Variant::TripleCrown]);
    let mirror: Vec<Variant> = Variant::ALL
        .into_iter()
        .filter(|&v| Symmetry::Mirror.applies_to(v))
        .collect();
    assert_eq!(
        mirror,
        [Variant::OSullivan, Variant::Yalta, Variant::TripleCrown]
    );
}

#[test]
fn cells_by_hand() {
    use Symmetry::{Mirror, Rotation};
    // Rotation: the same file and rank on the next seat's half.
    assert_eq!(turned(Rotation, Variant::Yalta, "Aa1"), "Ba1");
    assert_eq!(turned(Rotation, Variant::Yalta, "Ce4"), "Ae4");
    assert_eq!(turned(Rotation, Variant::TripleCrown, "Bf5"), "Cf5");
    // O'Sullivan's mirror: a <-> h, the barrier's sides d1 <-> e1, the unusable corners
    // onto each other.
    assert_eq!(turned(Mirror, Variant::OSullivan, "d1"), "e1");
    assert_eq!(turned(Mirror, Variant::OSullivan, "a6"), "h6");
    assert_eq!(turned(Mirror, Variant::OSullivan, "d8"), "e8");
    // Hexagonal mirror: A's own half mirrored, B's and C's halves swapped and mirrored; the
    // centre ring Ad4 Ae4 Bd4 Be4 Cd4 Ce4 onto itself, in the reverse order.
    assert_eq!(turned(Mirror, Variant::Yalta, "Aa1"), "Ah1");
    assert_eq!(turned(Mirror, Variant::Yalta, "Ba1"), "Ch1");
    let ring: Vec<String> = ["Ad4", "Ae4", "Bd4", "Be4", "Cd4", "Ce4"]
        .iter()
        .map(|c| turned(Mirror, Variant::Yalta, c))
        .collect();
    assert_eq!(ring, ["Ae4", "Ad4", "Ce4", "Cd4", "Be4", "Bd4"]);
    // Triple Crown's straight-across pairs Ae5-Bf5, Af5-Ce5, Be5-Cf5 onto each other.
    let pair = |a: &str, b: &str| {
        (
            turned(Mirror, Variant::TripleCrown, a),
            turned(Mirror, Variant::TripleCrown, b),
        )
    };
    assert_eq!(pair("Ae5", "Bf5"), ("Af5".into(), "Ce5".into()));
    assert_eq!(pair("Be5", "Cf5"), ("Cf5".into(), "Be5".into()));
}

/// Every cell goes to a cell of the board, one to one, and comes back after three turns (the
/// rotation) or two (the mirror) and not before: no cell stays in place (the mirror has no
/// middle file to keep: the boards have 8 and 10 files). Where a symmetry does not apply,
/// every cell stays.
#[test]
fn every_cell_onto_the_board_and_back() {
    for variant in Variant::ALL {
        let board = variant.board();
        for symmetry in [Symmetry::Rotation, Symmetry::Mirror] {
            let order = if symmetry == Symmetry::Rotation { 3 } else { 2 };
            let applies = symmetry.applies_to(variant);
            let mut images = std::collections::BTreeSet::new();
            for c in board.cells() {
                let mut t = c;
                for turn in 1..=order {
                    t = symmetry.cell(variant, t);
                    assert!(board.contains(t), "{variant} {symmetry:?} {c} -> {t}");
                    let back = turn == order || !applies;
                    assert_eq!(t == c, back, "{variant} {symmetry:?} {c}, turn {turn}");
                }
                images.insert(symmetry.cell(variant, c));
            }
            assert_eq!(
                images.len(),
                board.len(),
                "{variant} {symmetry:?} is one to one"
            );
        }
    }
}

#[test]
fn positions_by_hand() {
    let o = Variant::OSullivan;
    let setup = Setup::parse(
        o,
        "a1:bK,d2:bP,e4:rP,h1:rK,d8:wK b en_passant=e3 p4=b:d2,r:e4 p4_freed=r",
    )
    .expect("reads");
    let mirrored = Symmetry::Mirror.setup(&setup);
    assert_eq!(
        mirrored.to_text(),
        "a1:bK,h1:rK,e2:rP,d4:bP,e8:wK r en_passant=d3 p4=r:e2,b:d4 p4_freed=b"
    );
    assert_eq!(Symmetry::Mirror.setup(&mirrored), setup);
    let y = Variant::Yalta;
    let setup = Setup::parse(
        y,
        "Bd2:rP,Bc1:bN,Be1:gB,Bh1:gK,Ch1:bK b control=r:b first_check=g:b",
    )
    .expect("reads");
    let once = Symmetry::Rotation.setup(&setup);
    assert_eq!(
        once.to_text(),
        "Ah1:rK,Cc1:rN,Ce1:bB,Ch1:bK,Cd2:gP r control=g:r first_check=b:r"
    );
    let thrice = Symmetry::Rotation.setup(&Symmetry::Rotation.setup(&once));
    assert_eq!(thrice, setup);
    assert_eq!(
        Symmetry::Mirror.setup(&setup).to_move,
        Seat::B,
        "Blue (C) to move becomes Green (B)"
    );
    let mv = Move::parse(y, "Ae1-Ag1/Ah1").expect("a move");
    assert_eq!(Symmetry::Mirror.mv(y, mv).to_string(), "Ad1-Ab1/Aa1");
    assert_eq!(Symmetry::Rotation.mv(y, mv).to_string(), "Be1-Bg1/Bh1");
}

#[test]
fn yuri_is_left_alone() {
    let y = Variant::Yuri;
    let setup = Setup::parse(y, "a1:bK,g1:rK,g7:wK w").expect("reads");
    assert_eq!(Symmetry::Mirror.setup(&setup), setup);
    assert_eq!(Symmetry::Rotation.setup(&setup), setup);
}
