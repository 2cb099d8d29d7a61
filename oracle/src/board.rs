//! The oracle's working form of a position: the model's [`trichess_model::Setup`] with its
//! pieces in a table indexed by cell instead of a map, and each seat's royal cell kept, so
//! that the rules look a cell up, find a king and copy a position without searching or
//! allocating. The model's `Setup` stays the interchange form; [`Setup::from_model`] and
//! [`Setup::to_model`] convert both ways.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use trichess_model::{
    Cell, OSullivanState, Piece, Role, Seat, TripleCrownState, Variant, VariantState, YaltaState,
    YuriState,
};

/// The most cells any board has in its table (Triple Crown's 3 x 10 x 5).
const MAX_CELLS: usize = 150;

/// Returns the cells of `variant`'s board by their place in the table (none where the table
/// has a place that is not a cell, such as O'Sullivan's unusable corners).
fn cells_of(variant: Variant) -> &'static [Option<Cell>] {
    static TABLES: [OnceLock<Vec<Option<Cell>>>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let i = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0);
    TABLES[i].get_or_init(|| {
        let board = variant.board();
        let mut cells = vec![None; MAX_CELLS];
        for cell in board.cells() {
            if let Some(c) = cells.get_mut(slot(board.files(), board.ranks(), cell)) {
                *c = Some(cell);
            }
        }
        cells
    })
}

/// Returns the place of `cell` in the table of a board of `files` x `ranks` (per half-board):
/// half-board, then rank, then file, which is the order cells sort in.
fn slot(files: u8, ranks: u8, cell: Cell) -> usize {
    let sector = cell.sector().map_or(0, Seat::index);
    (sector * usize::from(ranks) + usize::from(cell.rank())) * usize::from(files)
        + usize::from(cell.file())
}

/// The pieces on a board, by cell, with each seat's royal piece (king or Emperor) found.
///
/// It offers the part of the `BTreeMap<Cell, Piece>` interface the rules use, with the same
/// meaning (iteration goes in cell order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pieces {
    variant: Variant,
    files: u8,
    ranks: u8,
    royal_role: Role,
    squares: [Option<Piece>; MAX_CELLS],
    /// The cell of each seat's royal piece, the first in cell order should there be two.
    royal: [Option<Cell>; 3],
    count: usize,
}

impl Pieces {
    /// Returns an empty board of `variant`.
    pub fn new(variant: Variant) -> Pieces {
        let board = variant.board();
        Pieces {
            variant,
            files: board.files(),
            ranks: board.ranks(),
            royal_role: variant.royal(),
            squares: [None; MAX_CELLS],
            royal: [None; 3],
            count: 0,
        }
    }

    /// Returns the pieces of a map.
    pub fn from_map(variant: Variant, map: &BTreeMap<Cell, Piece>) -> Pieces {
        let mut pieces = Pieces::new(variant);
        for (&cell, &piece) in map {
            pieces.insert(cell, piece);
        }
        pieces
    }

    /// Returns the pieces as a map.
    pub fn to_map(&self) -> BTreeMap<Cell, Piece> {
        self.iter().map(|(&c, &p)| (c, p)).collect()
    }

    fn slot(&self, cell: Cell) -> Option<usize> {
        let i = slot(self.files, self.ranks, cell);
        (i < MAX_CELLS).then_some(i)
    }

    /// Returns the piece on `cell`, if any.
    pub fn get(&self, cell: &Cell) -> Option<&Piece> {
        self.slot(*cell).and_then(|i| self.squares[i].as_ref())
    }

    /// Returns true if a piece stands on `cell`.
    pub fn contains_key(&self, cell: &Cell) -> bool {
        self.get(cell).is_some()
    }

    /// Puts `piece` on `cell`, returning what stood there.
    pub fn insert(&mut self, cell: Cell, piece: Piece) -> Option<Piece> {
        let i = self.slot(cell)?;
        let old = self.squares[i].replace(piece);
        if old.is_none() {
            self.count += 1;
        }
        if old.is_some_and(|p| p.role == self.royal_role) {
            self.find_royal(old.map_or(Seat::A, |p| p.owner));
        }
        if piece.role == self.royal_role {
            let at = &mut self.royal[piece.owner.index()];
            if at.is_none_or(|c| cell < c) {
                *at = Some(cell);
            }
        }
        old
    }

    /// Takes the piece off `cell`, returning it.
    pub fn remove(&mut self, cell: &Cell) -> Option<Piece> {
        let i = self.slot(*cell)?;
        let old = self.squares[i].take()?;
        self.count -= 1;
        if old.role == self.royal_role {
            self.find_royal(old.owner);
        }
        Some(old)
    }

    /// Looks for `seat`'s royal piece afresh.
    fn find_royal(&mut self, seat: Seat) {
        let royal = Piece::new(seat, self.royal_role);
        let found = self.iter().find(|&(_, &p)| p == royal).map(|(&c, _)| c);
        self.royal[seat.index()] = found;
    }

    /// Keeps only the pieces for which `keep` holds.
    pub fn retain(&mut self, mut keep: impl FnMut(&Cell, &mut Piece) -> bool) {
        let cells = cells_of(self.variant);
        for (square, cell) in self.squares.iter_mut().zip(cells) {
            if let (Some(piece), Some(cell)) = (square.as_mut(), cell)
                && !keep(cell, piece)
            {
                *square = None;
                self.count -= 1;
            }
        }
        for seat in Seat::ALL {
            self.find_royal(seat);
        }
    }

    /// Lists the pieces with their cells, in cell order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static Cell, &Piece)> + '_ {
        self.squares
            .iter()
            .zip(cells_of(self.variant))
            .filter_map(|(square, cell)| Some((cell.as_ref()?, square.as_ref()?)))
    }

    /// Lists the pieces, in cell order.
    pub fn values(&self) -> impl Iterator<Item = &Piece> + '_ {
        self.iter().map(|(_, p)| p)
    }

    /// Returns the number of pieces.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Returns true if the board is empty.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Returns the cell of `seat`'s royal piece (the first in cell order, should there be two).
    pub fn royal(&self, seat: Seat) -> Option<Cell> {
        self.royal[seat.index()]
    }

    /// Writes the pieces as the text form does (`a1:bB,b1:bB,...`, or `-` for none): the same
    /// text as [`trichess_model::pieces_text`] of [`Pieces::to_map`], written without the map.
    pub fn text(&self) -> String {
        if self.is_empty() {
            return "-".to_string();
        }
        let mut text = String::with_capacity(7 * self.len());
        for (cell, piece) in self.iter() {
            if !text.is_empty() {
                text.push(',');
            }
            if let Some(seat) = cell.sector() {
                text.push(seat.letter());
            }
            text.push(char::from(b'a' + cell.file()));
            let rank = cell.rank() + 1;
            if rank >= 10 {
                text.push(char::from(b'0' + rank / 10));
            }
            text.push(char::from(b'0' + rank % 10));
            text.push(':');
            text.push(self.variant.seat_letter(piece.owner));
            text.push(piece.role.letter());
        }
        text
    }
}

/// A position as the rules work on it: the fields of the model's `Setup`, with the pieces in
/// a [`Pieces`] table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The variant.
    pub variant: Variant,
    /// The seat whose turn it is.
    pub to_move: Seat,
    /// The pieces, in a table indexed by cell.
    pub pieces: Pieces,
    /// Cells of the partner pieces (rooks) that may still castle with their king.
    pub castling: BTreeSet<Cell>,
    /// The cell a pawn passed over in a double step, while that double step may still be
    /// taken en passant (recorded whether or not a pawn stands where it could take).
    pub en_passant: Option<Cell>,
    /// What else the variant's rules need to know.
    pub state: VariantState,
}

impl Setup {
    /// Returns the working form of a model setup.
    pub fn from_model(setup: &trichess_model::Setup) -> Setup {
        Setup {
            variant: setup.variant,
            to_move: setup.to_move,
            pieces: Pieces::from_map(setup.variant, &setup.pieces),
            castling: setup.castling.clone(),
            en_passant: setup.en_passant,
            state: setup.state.clone(),
        }
    }

    /// Returns the model setup of this position.
    pub fn to_model(&self) -> trichess_model::Setup {
        trichess_model::Setup {
            variant: self.variant,
            to_move: self.to_move,
            pieces: self.pieces.to_map(),
            castling: self.castling.clone(),
            en_passant: self.en_passant,
            state: self.state.clone(),
        }
    }

    /// Returns the piece on `cell`, if any.
    pub fn piece(&self, cell: Cell) -> Option<Piece> {
        self.pieces.get(&cell).copied()
    }

    /// Returns the cell of `seat`'s royal piece (the first in cell order, should there be two).
    pub fn royal(&self, seat: Seat) -> Option<Cell> {
        self.pieces.royal(seat)
    }

    /// Returns the Yalta state, if this is a Yalta position.
    pub fn yalta(&self) -> Option<&YaltaState> {
        self.state.yalta()
    }

    /// Returns the O'Sullivan state, if this is an O'Sullivan position.
    pub fn osullivan(&self) -> Option<&OSullivanState> {
        self.state.osullivan()
    }

    /// Returns the Yuri state, if this is a Yuri position.
    pub fn yuri(&self) -> Option<&YuriState> {
        self.state.yuri()
    }

    /// Returns the Triple Crown state, if this is a Triple Crown position.
    pub fn triple_crown(&self) -> Option<&TripleCrownState> {
        self.state.triple_crown()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_fits_and_keeps_cell_order() {
        for variant in Variant::ALL {
            let board = variant.board();
            let cells: Vec<Cell> = cells_of(variant).iter().flatten().copied().collect();
            assert_eq!(cells, board.cells(), "{variant:?}");
        }
    }

    #[test]
    fn the_table_is_the_map_and_finds_the_royal_pieces() {
        let variant = Variant::Yalta;
        let cells = variant.board().cells();
        let mut map = BTreeMap::new();
        let mut pieces = Pieces::new(variant);
        let king = |s| Piece::new(s, Role::King);
        for (i, &cell) in cells.iter().enumerate().step_by(7) {
            let piece = if i % 3 == 0 {
                king(Seat::ALL[i % 2])
            } else {
                Piece::new(Seat::C, Role::Pawn)
            };
            assert_eq!(pieces.insert(cell, piece), map.insert(cell, piece));
        }
        let check = |pieces: &Pieces, map: &BTreeMap<Cell, Piece>| {
            assert_eq!(&pieces.to_map(), map);
            assert_eq!(pieces.len(), map.len());
            for seat in Seat::ALL {
                let first = map.iter().find(|&(_, &p)| p == king(seat)).map(|(&c, _)| c);
                assert_eq!(pieces.royal(seat), first, "{seat:?}");
            }
        };
        check(&pieces, &map);
        for &cell in cells.iter().step_by(14) {
            assert_eq!(pieces.remove(&cell), map.remove(&cell));
            check(&pieces, &map);
        }
        pieces.retain(|_, p| p.owner != Seat::A);
        map.retain(|_, p| p.owner != Seat::A);
        check(&pieces, &map);
    }

    #[test]
    fn the_text_is_the_notations() {
        for variant in Variant::ALL {
            let mut pieces = Pieces::new(variant);
            assert_eq!(
                pieces.text(),
                trichess_model::pieces_text(variant, &pieces.to_map())
            );
            for (i, cell) in variant.board().cells().into_iter().enumerate().step_by(3) {
                let seat = Seat::ALL[i % 3];
                let role = variant.roles()[i % variant.roles().len()];
                pieces.insert(cell, Piece::new(seat, role));
            }
            assert_eq!(
                pieces.text(),
                trichess_model::pieces_text(variant, &pieces.to_map())
            );
        }
    }
}
