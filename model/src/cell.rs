//! Cells and the boards that name them.
//!
//! A [`Board`] here is only the set of cell names of a variant: which names exist. How cells
//! connect (rays, forks at a centre, barriers) is geometry and belongs to each engine.

use std::fmt;

use crate::Seat;

/// A cell of one of the boards.
///
/// Square boards name cells `a1`..`h8`; the hexagonal trisection boards prefix the seat
/// whose half-board holds the cell: `Ae1`. Files and ranks are counted from 0 here
/// (`a` and `1` are 0). A `Cell` is only made by a [`Board`], so it always names a cell of
/// some board; which board is the caller's to keep track of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    sector: Option<Seat>,
    rank: u8,
    file: u8,
}

impl Cell {
    /// Returns the half-board of a hexagonal cell, or `None` on a square board.
    pub fn sector(self) -> Option<Seat> {
        self.sector
    }

    /// Returns the file, counted from 0 (`a`).
    pub fn file(self) -> u8 {
        self.file
    }

    /// Returns the rank, counted from 0 (`1`).
    pub fn rank(self) -> u8 {
        self.rank
    }
}

impl Cell {
    /// Writes the cell's name (`e4`, `Ae1`) a character at a time, without the formatting
    /// machinery: Yuri's engines write a board state at every move. [`fmt::Display`] writes
    /// the same.
    pub fn write_name(self, out: &mut impl fmt::Write) -> fmt::Result {
        if let Some(seat) = self.sector {
            out.write_char(seat.letter())?;
        }
        out.write_char(char::from(b'a' + self.file))?;
        let rank = self.rank + 1;
        if rank >= 100 {
            out.write_char(char::from(b'0' + rank / 100))?;
        }
        if rank >= 10 {
            out.write_char(char::from(b'0' + rank / 10 % 10))?;
        }
        out.write_char(char::from(b'0' + rank % 10))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_name(f)
    }
}

/// The shape of a board's naming scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `files` x `ranks` squares named `a1` upwards.
    Square,
    /// Three half-boards of `files` x `ranks`, one per seat, named `Aa1` upwards.
    HexTrisection,
}

/// The set of cell names of a variant's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    shape: Shape,
    files: u8,
    ranks: u8,
    /// Squares that are not part of the board at all, as (file, rank).
    unusable: &'static [(u8, u8)],
}

/// Why a cell name was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CellError {
    #[error("'{0}' is not a cell name (expected {1})")]
    /// The text is not shaped like a cell name of the board (the shape expected).
    Malformed(String, &'static str),
    #[error("'{0}' is off the board (files {1}, ranks 1-{2})")]
    /// The cell is beyond the board's files or ranks (the files and the last rank).
    OffBoard(String, String, u8),
    #[error("'{0}' is an unusable square: no piece may stand on it")]
    /// The cell is one of the board's unusable squares (O'Sullivan's a7 a8 h7 h8).
    Unusable(String),
}

impl Board {
    pub(crate) const fn new(
        shape: Shape,
        files: u8,
        ranks: u8,
        unusable: &'static [(u8, u8)],
    ) -> Board {
        Board {
            shape,
            files,
            ranks,
            unusable,
        }
    }

    /// Returns the shape of the naming scheme.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Returns the number of files (of each half-board on the hexagonal boards).
    pub fn files(&self) -> u8 {
        self.files
    }

    /// Returns the number of ranks (of each half-board on the hexagonal boards).
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// Returns the cell of a square board at `file`, `rank` (from 0), if the board has it.
    pub fn square(&self, file: i32, rank: i32) -> Option<Cell> {
        if self.shape != Shape::Square {
            return None;
        }
        self.checked(None, file, rank)
    }

    /// Returns the cell of a hexagonal board in `seat`'s half at `file`, `rank` (from 0).
    pub fn hex(&self, seat: Seat, file: i32, rank: i32) -> Option<Cell> {
        if self.shape != Shape::HexTrisection {
            return None;
        }
        self.checked(Some(seat), file, rank)
    }

    fn checked(&self, sector: Option<Seat>, file: i32, rank: i32) -> Option<Cell> {
        let file = u8::try_from(file).ok().filter(|&f| f < self.files)?;
        let rank = u8::try_from(rank).ok().filter(|&r| r < self.ranks)?;
        if self.unusable.contains(&(file, rank)) {
            return None;
        }
        Some(Cell { sector, rank, file })
    }

    /// Returns true if `cell` is a cell of this board.
    pub fn contains(&self, cell: Cell) -> bool {
        let sector_fits = match self.shape {
            Shape::Square => cell.sector.is_none(),
            Shape::HexTrisection => cell.sector.is_some(),
        };
        sector_fits
            && self
                .checked(cell.sector, cell.file.into(), cell.rank.into())
                .is_some()
    }

    /// Lists every cell of the board, in the order cells sort in.
    pub fn cells(&self) -> Vec<Cell> {
        let sectors: Vec<Option<Seat>> = match self.shape {
            Shape::Square => vec![None],
            Shape::HexTrisection => Seat::ALL.into_iter().map(Some).collect(),
        };
        let mut cells = Vec::new();
        for sector in sectors {
            for rank in 0..self.ranks {
                for file in 0..self.files {
                    if let Some(cell) = self.checked(sector, file.into(), rank.into()) {
                        cells.push(cell);
                    }
                }
            }
        }
        cells
    }

    /// Returns the number of cells of the board.
    pub fn len(&self) -> usize {
        let sectors = match self.shape {
            Shape::Square => 1,
            Shape::HexTrisection => 3,
        };
        sectors * (usize::from(self.files) * usize::from(self.ranks) - self.unusable.len())
    }

    /// Returns false: every board has cells (clippy asks for this beside [`Board::len`]).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Returns the dense index of `cell` (0 to [`Board::len`] - 1, in the order of
    /// [`Board::cells`]), or `None` if the cell is not on this board.
    pub fn index(&self, cell: Cell) -> Option<usize> {
        if !self.contains(cell) {
            return None;
        }
        let per_sector = usize::from(self.files) * usize::from(self.ranks) - self.unusable.len();
        let sector = cell.sector.map_or(0, Seat::index);
        let raw = usize::from(cell.rank) * usize::from(self.files) + usize::from(cell.file);
        let skipped = self
            .unusable
            .iter()
            .filter(|&&(f, r)| usize::from(r) * usize::from(self.files) + usize::from(f) < raw)
            .count();
        Some(sector * per_sector + raw - skipped)
    }

    /// Returns the cell with dense index `index`, or `None` past the last cell.
    pub fn cell_at(&self, index: usize) -> Option<Cell> {
        let per_sector = usize::from(self.files) * usize::from(self.ranks) - self.unusable.len();
        let sector = match self.shape {
            Shape::Square if index < per_sector => None,
            Shape::HexTrisection if index < 3 * per_sector => Some(Seat::ALL[index / per_sector]),
            _ => return None,
        };
        let mut left = index % per_sector;
        for raw in 0..usize::from(self.files) * usize::from(self.ranks) {
            let file = (raw % usize::from(self.files)) as u8;
            let rank = (raw / usize::from(self.files)) as u8;
            if self.unusable.contains(&(file, rank)) {
                continue;
            }
            if left == 0 {
                return Some(Cell { sector, rank, file });
            }
            left -= 1;
        }
        None
    }

    /// Reads a cell name of this board.
    pub fn parse_cell(&self, name: &str) -> Result<Cell, CellError> {
        let expected = match self.shape {
            Shape::Square => "a file letter and a rank number, like e4",
            Shape::HexTrisection => "a seat letter, a file letter and a rank number, like Ae1",
        };
        let malformed = || CellError::Malformed(name.to_string(), expected);
        let mut chars = name.chars();
        let sector = match self.shape {
            Shape::Square => None,
            Shape::HexTrisection => Some(
                chars
                    .next()
                    .and_then(Seat::from_letter)
                    .ok_or_else(malformed)?,
            ),
        };
        let file = chars
            .next()
            .filter(char::is_ascii_lowercase)
            .ok_or_else(malformed)?;
        let digits = chars.as_str();
        // Only the canonical spelling: `a01` is not a name of `a1`.
        if digits.is_empty()
            || !digits.chars().all(|c| c.is_ascii_digit())
            || digits.len() > 2
            || digits.starts_with('0')
        {
            return Err(malformed());
        }
        let rank: i32 = digits.parse().map_err(|_| malformed())?;
        let file = i32::from(file as u8 - b'a');
        let last_file = char::from(b'a' + self.files - 1);
        if file >= i32::from(self.files) || rank < 1 || rank > i32::from(self.ranks) {
            return Err(CellError::OffBoard(
                name.to_string(),
                format!("a-{last_file}"),
                self.ranks,
            ));
        }
        self.checked(sector, file, rank - 1)
            .ok_or_else(|| CellError::Unusable(name.to_string()))
    }
}
