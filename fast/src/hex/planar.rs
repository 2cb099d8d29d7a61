//! A second, planar formulation of the hexagonal trisection boards, for tests only: the board
//! is drawn in the plane and its topology read off the drawing, then compared with [`Hex`].
//!
//! # The drawing
//! A regular hexagon with corners `V0..V5` (at 0, 60, .., 300 degrees) and side midpoints
//! `M0..M5` (`Mk` between `Vk` and `Vk+1`). Seat A sits below the bottom side `V4 V5`, its back
//! rank; seats B and C sit at the sides turned 120 and 240 degrees counter-clockwise from it.
//! Each half-board is two kites of `n x n` cells meeting at the centre point `O`: seat A's left
//! kite is `V4 M4 O M3` (files a.., rank 1 along `V4 M4`), its right kite `M4 V5 M5 O`. File a is
//! on the seat's left as it sits at its back rank (`docs/notation-and-positions.md`). Which way
//! round B and C sit is the one thing taken from the texts rather than the drawing: A's files
//! a-d run on into C's half-board (register `yalta.sector-board`, and
//! `docs/variants-and-readings.md`), so the half-board beyond A's left kite is C's, and B is 120
//! degrees counter-clockwise. Everything else (which file meets which, that
//! files count back down, where ranks end, the centre ring, the forks) is read from the points.
//!
//! Each cell's four corners come from bilinear interpolation of its kite's corners. Points are
//! exact integers: coordinates in the lattice basis `e1 = (1, 0)`, `e2 = (1/2, sqrt 3 / 2)`, in
//! which every `Vk` and `Mk` has small integer coordinates, scaled by `n^2`. The basis is
//! right-handed, so orientation and area signs are those of the plane.
//!
//! # The topology, from the points alone
//! - Two cells are edge-neighbours iff they share two corner points.
//! - An orthogonal line enters a cell through an edge and leaves through the opposite edge (the
//!   corners of a cell are in cyclic order; edge `k` joins corners `k` and `k + 1`).
//! - A diagonal line enters a cell through a corner and leaves through the opposite corner `p`.
//!   The rule used for the cell it goes on into: **turn round `p` across two edges**. Cross one of
//!   the two edges of the cell that meet at `p`, then the other edge at `p` of the cell reached;
//!   the cell reached after two crossings is the next one on the line. Where four cells meet at
//!   `p` both orders reach the same cell, the one sharing only `p` (a diagonal step on a
//!   chessboard). At the centre point, where six meet, the two orders reach two cells, 120
//!   degrees round either way: the line forks. The cell straight across (three crossings away)
//!   is not reached. The other reading, "every cell sharing only `p`", would give three cells at
//!   the centre point, the straight-across one among them; a test shows that too.

use std::collections::{BTreeMap, BTreeSet};

use trichess_model::Seat;

use super::Hex;

/// A point in lattice coordinates, scaled by `n^2`.
type Point = (i64, i64);

/// The hexagon's corners `V0..V5` in lattice coordinates (circumradius 2).
const V: [Point; 6] = [(2, 0), (0, 2), (-2, 2), (-2, 0), (0, -2), (2, -2)];

/// The centre point.
const O: Point = (0, 0);

/// The midpoint `Mk` of the side `Vk Vk+1`, doubled (so still integers).
fn mid2(k: usize) -> Point {
    let (a, b) = (V[k % 6], V[(k + 1) % 6]);
    (a.0 + b.0, a.1 + b.1)
}

/// Turns a point 120 degrees counter-clockwise about the centre: in the lattice basis a turn of
/// 60 degrees takes `(a, b)` to `(-b, a + b)`.
fn turn120(p: Point) -> Point {
    let turn60 = |(a, b): Point| (-b, a + b);
    turn60(turn60(p))
}

/// One cell of the drawing: its name (seat, file, rank from 0) and its corners, counter-clockwise.
#[derive(Clone, Debug)]
struct Cell {
    seat: Seat,
    file: usize,
    rank: usize,
    corners: [Point; 4],
}

/// The board drawn in the plane, with the topology read from it.
#[derive(Debug)]
struct Planar {
    n: usize,
    cells: Vec<Cell>,
    /// For each corner point, the cells that have it.
    at: BTreeMap<Point, Vec<usize>>,
}

impl Planar {
    fn new(n: usize) -> Planar {
        let ni = n as i64;
        // Seat A's two kites, corners doubled (the midpoints are half-integers): (P00, P10,
        // P01, P11), with P00 at file 0 (or n) rank 0 and P11 at the far corner.
        let twice = |p: Point| (2 * p.0, 2 * p.1);
        let kites_a = [
            [twice(V[4]), mid2(4), mid2(3), twice(O)],
            [mid2(4), twice(V[5]), twice(O), mid2(5)],
        ];
        let mut cells = Vec::new();
        for (s, seat) in Seat::ALL.into_iter().enumerate() {
            for (k, kite) in kites_a.iter().enumerate() {
                let mut q = *kite;
                for _ in 0..s {
                    q = q.map(turn120);
                }
                // n^2 * P(i, j) by bilinear interpolation; the doubled corners give 2 n^2 * P.
                let point = |i: i64, j: i64| -> Point {
                    let w = [(ni - i) * (ni - j), i * (ni - j), (ni - i) * j, i * j];
                    let x: i64 = (0..4).map(|c| w[c] * q[c].0).sum();
                    let y: i64 = (0..4).map(|c| w[c] * q[c].1).sum();
                    assert!(x % 2 == 0 && y % 2 == 0);
                    (x / 2, y / 2)
                };
                for j in 0..ni {
                    for i in 0..ni {
                        cells.push(Cell {
                            seat,
                            file: k * n + i as usize,
                            rank: j as usize,
                            corners: [
                                point(i, j),
                                point(i + 1, j),
                                point(i + 1, j + 1),
                                point(i, j + 1),
                            ],
                        });
                    }
                }
            }
        }
        let mut at: BTreeMap<Point, Vec<usize>> = BTreeMap::new();
        for (c, cell) in cells.iter().enumerate() {
            for &p in &cell.corners {
                at.entry(p).or_default().push(c);
            }
        }
        Planar { n, cells, at }
    }

    /// The cell named by seat, file and rank (from 0).
    fn find(&self, seat: Seat, file: usize, rank: usize) -> usize {
        self.cells
            .iter()
            .position(|c| c.seat == seat && c.file == file && c.rank == rank)
            .unwrap()
    }

    /// The cell named like `Ad4`.
    fn named(&self, text: &str) -> usize {
        let b = text.as_bytes();
        let seat = Seat::from_letter(char::from(b[0])).unwrap();
        let rank: usize = text[2..].parse().unwrap();
        self.find(seat, usize::from(b[1] - b'a'), rank - 1)
    }

    fn name(&self, c: usize) -> String {
        let cell = &self.cells[c];
        format!(
            "{}{}{}",
            cell.seat.letter(),
            char::from(b'a' + cell.file as u8),
            cell.rank + 1
        )
    }

    fn names(&self, cells: &[usize]) -> Vec<String> {
        cells.iter().map(|&c| self.name(c)).collect()
    }

    /// The number of corner points two cells share.
    fn shared(&self, a: usize, b: usize) -> usize {
        let cb = &self.cells[b].corners;
        self.cells[a]
            .corners
            .iter()
            .filter(|p| cb.contains(p))
            .count()
    }

    /// The cells sharing two corner points (an edge) with a cell.
    fn neighbours(&self, c: usize) -> BTreeSet<usize> {
        (0..self.cells.len())
            .filter(|&d| d != c && self.shared(c, d) == 2)
            .collect()
    }

    /// The corner points of edge `k` of a cell.
    fn edge(&self, c: usize, k: usize) -> (Point, Point) {
        let q = &self.cells[c].corners;
        (q[k % 4], q[(k + 1) % 4])
    }

    /// The cell on the other side of edge `k` of a cell, with that edge's index in it.
    fn across(&self, c: usize, k: usize) -> Option<(usize, usize)> {
        let (p, q) = self.edge(c, k);
        let other = self.at[&p]
            .iter()
            .copied()
            .find(|&d| d != c && self.cells[d].corners.contains(&q))?;
        let back = (0..4)
            .find(|&e| {
                let (a, b) = self.edge(other, e);
                (a, b) == (q, p) || (a, b) == (p, q)
            })
            .unwrap();
        Some((other, back))
    }

    /// The orthogonal line leaving a cell through its edge `k`: through each cell, out by the
    /// edge opposite the one it came in by.
    fn orth_line(&self, c: usize, k: usize) -> Vec<usize> {
        let mut line = Vec::new();
        let (mut at, mut out) = (c, k);
        while let Some((next, came)) = self.across(at, out) {
            line.push(next);
            assert!(line.len() <= self.cells.len(), "an orthogonal line loops");
            at = next;
            out = (came + 2) % 4;
        }
        line
    }

    /// The orthogonal lines from a cell (one per edge that has a cell beyond it).
    fn orth_rays(&self, c: usize) -> BTreeSet<Vec<usize>> {
        (0..4)
            .map(|k| self.orth_line(c, k))
            .filter(|l| !l.is_empty())
            .collect()
    }

    /// The cells a diagonal leaving `c` through its corner `p` goes on into: turning round `p`
    /// across two edges, in either order (see the module documentation).
    fn through_corner(&self, c: usize, p: Point) -> BTreeSet<usize> {
        let k = self.cells[c].corners.iter().position(|&q| q == p).unwrap();
        let mut reached = BTreeSet::new();
        // The two edges of `c` at corner k: edge k (from p) and edge k - 1 (to p).
        for first in [k, (k + 3) % 4] {
            let Some((z, came)) = self.across(c, first) else {
                continue;
            };
            // The other edge of z at p.
            let second = (0..4)
                .find(|&e| {
                    e != came && {
                        let (a, b) = self.edge(z, e);
                        a == p || b == p
                    }
                })
                .unwrap();
            if let Some((w, _)) = self.across(z, second) {
                reached.insert(w);
            }
        }
        reached
    }

    /// The other reading: every cell that shares only the corner `p` with `c`.
    fn sharing_only(&self, c: usize, p: Point) -> BTreeSet<usize> {
        self.at[&p]
            .iter()
            .copied()
            .filter(|&d| d != c && self.shared(c, d) == 1)
            .collect()
    }

    /// The diagonal lines from a cell, each fork branch as a whole line from the first cell.
    fn diag_rays(&self, c: usize) -> BTreeSet<Vec<usize>> {
        let mut rays = BTreeSet::new();
        for k in 0..4 {
            let mut stack = vec![(c, self.cells[c].corners[k], Vec::new())];
            while let Some((at, p, path)) = stack.pop() {
                let next = self.through_corner(at, p);
                if next.is_empty() {
                    if !path.is_empty() {
                        rays.insert(path);
                    }
                    continue;
                }
                for w in next {
                    let came = self.cells[w].corners.iter().position(|&q| q == p).unwrap();
                    let mut longer = path.clone();
                    longer.push(w);
                    assert!(longer.len() <= self.cells.len(), "a diagonal loops");
                    stack.push((w, self.cells[w].corners[(came + 2) % 4], longer));
                }
            }
        }
        rays
    }

    /// The cells around the centre point, counter-clockwise (by the angle of their centroids),
    /// starting from the one of seat A that comes first.
    fn centre_ring(&self) -> Vec<usize> {
        let mut ring = self.at[&O].clone();
        let angle = |c: usize| {
            let (a, b) = self.cells[c]
                .corners
                .iter()
                .fold((0, 0), |s, p| (s.0 + p.0, s.1 + p.1));
            // Lattice to plane: x = a + b / 2, y = b sqrt(3) / 2 (positive factors dropped).
            let (x, y) = (2.0 * a as f64 + b as f64, b as f64 * 3f64.sqrt());
            y.atan2(x).rem_euclid(std::f64::consts::TAU)
        };
        ring.sort_by(|&a, &b| angle(a).total_cmp(&angle(b)));
        let start = (0..ring.len())
            .find(|&i| {
                self.cells[ring[i]].seat == Seat::A
                    && self.cells[ring[(i + ring.len() - 1) % ring.len()]].seat != Seat::A
            })
            .unwrap();
        ring.rotate_left(start);
        ring
    }

    /// Colours the cells so that every edge joins two colours, from `Aa1` = 0; `None` if that
    /// cannot be done.
    fn colours(&self) -> Option<Vec<u8>> {
        let mut colour = vec![None; self.cells.len()];
        let start = self.find(Seat::A, 0, 0);
        colour[start] = Some(0u8);
        let mut queue = vec![start];
        while let Some(c) = queue.pop() {
            let mine = colour[c]?;
            for d in self.neighbours(c) {
                match colour[d] {
                    None => {
                        colour[d] = Some(1 - mine);
                        queue.push(d);
                    }
                    Some(theirs) if theirs == mine => return None,
                    Some(_) => {}
                }
            }
        }
        colour.into_iter().collect()
    }
}

/// Twice the signed area of a polygon (shoelace), in lattice units.
fn area2(points: &[Point]) -> i64 {
    (0..points.len())
        .map(|i| {
            let (p, q) = (points[i], points[(i + 1) % points.len()]);
            p.0 * q.1 - q.0 * p.1
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZES: [usize; 2] = [4, 5];

    /// The Hex index of a planar cell.
    fn hex_of(planar: &Planar, hex: &Hex, c: usize) -> u8 {
        let cell = &planar.cells[c];
        hex.index(cell.seat, cell.file, cell.rank).unwrap()
    }

    fn to_hex(planar: &Planar, hex: &Hex, rays: &BTreeSet<Vec<usize>>) -> BTreeSet<Vec<u8>> {
        rays.iter()
            .map(|r| r.iter().map(|&c| hex_of(planar, hex, c)).collect())
            .collect()
    }

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_drawing_tiles_the_hexagon() {
        for n in SIZES {
            let planar = Planar::new(n);
            let len = planar.cells.len();
            assert_eq!(len, 6 * n * n);
            // Every cell convex and counter-clockwise.
            for cell in &planar.cells {
                let q = cell.corners;
                for k in 0..4 {
                    assert!(area2(&[q[k], q[(k + 1) % 4], q[(k + 2) % 4]]) > 0);
                }
            }
            // The areas add up to the hexagon's, scaled by (n^2)^2.
            let scale = (n * n * n * n) as i64;
            let total: i64 = planar.cells.iter().map(|c| area2(&c.corners)).sum();
            assert_eq!(total, area2(&V) * scale);
            // Cells share 0, 1 or 2 corners; two only as an edge of both.
            let mut edges: BTreeMap<(Point, Point), usize> = BTreeMap::new();
            for c in 0..len {
                for k in 0..4 {
                    let (p, q) = planar.edge(c, k);
                    *edges.entry((p.min(q), p.max(q))).or_default() += 1;
                }
                for d in 0..len {
                    if d == c {
                        continue;
                    }
                    let s = planar.shared(c, d);
                    assert!(s <= 2);
                    if s == 2 {
                        let k = (0..4).find(|&k| {
                            let (p, q) = planar.edge(c, k);
                            planar.cells[d].corners.contains(&p)
                                && planar.cells[d].corners.contains(&q)
                        });
                        assert!(k.is_some(), "{} {}", planar.name(c), planar.name(d));
                    }
                }
            }
            assert!(edges.values().all(|&k| k == 1 || k == 2));
            let boundary: Vec<(Point, Point)> = edges
                .iter()
                .filter(|&(_, &k)| k == 1)
                .map(|(&e, _)| e)
                .collect();
            // Each seat: back rank 2n, two sides of n.
            assert_eq!(boundary.len(), 12 * n);
            // Every boundary edge lies on a side of the hexagon.
            let s = (n * n) as i64;
            for (p, q) in &boundary {
                let on_side = (0..6).any(|k| {
                    let a = (V[k].0 * s, V[k].1 * s);
                    let b = (V[(k + 1) % 6].0 * s, V[(k + 1) % 6].1 * s);
                    area2(&[a, b, *p]) == 0 && area2(&[a, b, *q]) == 0
                });
                assert!(on_side);
            }
            // Four cells round every inner point, six round the centre point, at most two on
            // the edge of the hexagon.
            let on_boundary: BTreeSet<Point> = boundary.iter().flat_map(|&(p, q)| [p, q]).collect();
            for (p, around) in &planar.at {
                let k = around.len();
                if *p == O {
                    assert_eq!(k, 6);
                } else if on_boundary.contains(p) {
                    assert!(k <= 2);
                } else {
                    assert_eq!(k, 4, "{p:?}");
                }
            }
        }
    }

    #[test]
    fn neighbours_match_hex() {
        for n in SIZES {
            let (planar, hex) = (Planar::new(n), Hex::get(n));
            let mut pairs = 0;
            for c in 0..planar.cells.len() {
                let mine: BTreeSet<u8> = planar
                    .neighbours(c)
                    .into_iter()
                    .map(|d| hex_of(&planar, hex, d))
                    .collect();
                let theirs: BTreeSet<u8> = hex
                    .neighbours(hex_of(&planar, hex, c))
                    .iter()
                    .copied()
                    .collect();
                assert_eq!(mine, theirs, "neighbours of {}", planar.name(c));
                pairs += mine.len();
            }
            eprintln!(
                "n = {n}: {} cells, {pairs} neighbour pairs (ordered) agree",
                planar.cells.len()
            );
        }
    }

    #[test]
    fn orthogonal_rays_match_hex() {
        for n in SIZES {
            let (planar, hex) = (Planar::new(n), Hex::get(n));
            let mut count = 0;
            for c in 0..planar.cells.len() {
                let mine = to_hex(&planar, hex, &planar.orth_rays(c));
                let theirs: BTreeSet<Vec<u8>> = hex
                    .orth_rays(hex_of(&planar, hex, c))
                    .iter()
                    .map(|r| r.cells.clone())
                    .collect();
                assert_eq!(mine, theirs, "orthogonal rays of {}", planar.name(c));
                count += mine.len();
            }
            eprintln!("n = {n}: {count} orthogonal rays agree");
        }
    }

    #[test]
    fn diagonal_rays_match_hex() {
        for n in SIZES {
            let (planar, hex) = (Planar::new(n), Hex::get(n));
            let (mut count, mut through) = (0, 0);
            let ring = &planar.at[&O];
            for c in 0..planar.cells.len() {
                let rays = planar.diag_rays(c);
                let mine = to_hex(&planar, hex, &rays);
                let theirs: BTreeSet<Vec<u8>> = hex
                    .diag_rays(hex_of(&planar, hex, c))
                    .iter()
                    .map(|r| r.cells.clone())
                    .collect();
                assert_eq!(mine, theirs, "diagonal rays of {}", planar.name(c));
                count += mine.len();
                // Branches that pass the centre point: a step from one centre cell to another.
                through += rays
                    .iter()
                    .filter(|r| {
                        let mut whole = vec![c];
                        whole.extend(r.iter());
                        whole
                            .windows(2)
                            .any(|w| ring.contains(&w[0]) && ring.contains(&w[1]))
                    })
                    .count();
            }
            eprintln!(
                "n = {n}: {count} diagonal rays (fork branches counted apart) agree, \
                 {through} of them through the centre point"
            );
        }
    }

    #[test]
    fn centre_ring_and_opposites_match_hex() {
        for n in SIZES {
            let (planar, hex) = (Planar::new(n), Hex::get(n));
            let ring: Vec<u8> = planar
                .centre_ring()
                .into_iter()
                .map(|c| hex_of(&planar, hex, c))
                .collect();
            assert_eq!(ring, hex.centre());
            // The cell straight across: the point reflection through the centre point.
            for c in planar.at[&O].clone() {
                let mirrored = planar.cells[c].corners.map(|(a, b)| (-a, -b));
                let across = planar.at[&O]
                    .iter()
                    .copied()
                    .find(|&d| mirrored.iter().all(|p| planar.cells[d].corners.contains(p)))
                    .unwrap();
                assert_eq!(
                    hex.opposite(hex_of(&planar, hex, c)),
                    Some(hex_of(&planar, hex, across))
                );
            }
            for c in 0..planar.cells.len() {
                let on_ring = planar.at[&O].contains(&c);
                assert_eq!(hex.opposite(hex_of(&planar, hex, c)).is_some(), on_ring);
            }
        }
    }

    #[test]
    fn colours_match_hex() {
        for n in SIZES {
            let (planar, hex) = (Planar::new(n), Hex::get(n));
            let colours = planar
                .colours()
                .expect("two colours alternate across every edge");
            for (c, &colour) in colours.iter().enumerate() {
                assert_eq!(
                    colour,
                    hex.colour(hex_of(&planar, hex, c)),
                    "{}",
                    planar.name(c)
                );
            }
        }
    }

    #[test]
    fn design_facts_hold_in_the_plane() {
        let planar = Planar::new(4);
        // The centre ring, each sharing an edge with the next.
        let ring = planar.centre_ring();
        assert_eq!(
            planar.names(&ring),
            strings(&["Ad4", "Ae4", "Bd4", "Be4", "Cd4", "Ce4"])
        );
        for i in 0..6 {
            assert!(planar.neighbours(ring[i]).contains(&ring[(i + 1) % 6]));
        }
        // The rook on Ad2.
        let ad2 = planar.named("Ad2");
        let rays: Vec<Vec<String>> = planar
            .orth_rays(ad2)
            .iter()
            .map(|r| planar.names(r))
            .collect();
        assert!(rays.contains(&strings(&["Ad3", "Ad4", "Ce4", "Ce3", "Ce2", "Ce1"])));
        assert!(rays.contains(&strings(&["Ad1"])));
        assert!(rays.contains(&strings(&["Ac2", "Ab2", "Aa2"])));
        assert!(rays.contains(&strings(&["Ae2", "Af2", "Ag2", "Ah2"])));
        let ae2 = planar.named("Ae2");
        let rays: Vec<Vec<String>> = planar
            .orth_rays(ae2)
            .iter()
            .map(|r| planar.names(r))
            .collect();
        assert!(rays.contains(&strings(&["Ae3", "Ae4", "Bd4", "Bd3", "Bd2", "Bd1"])));
        // The fork from Ac3.
        let ac3 = planar.named("Ac3");
        let rays: Vec<Vec<String>> = planar
            .diag_rays(ac3)
            .iter()
            .map(|r| planar.names(r))
            .collect();
        assert!(rays.contains(&strings(&["Ad4", "Bd4", "Bc3", "Bb2", "Ba1"])));
        assert!(rays.contains(&strings(&["Ad4", "Cd4", "Cc3", "Cb2", "Ca1"])));
        assert_eq!(rays.iter().filter(|r| r[0] == "Ad4").count(), 2);
        // From Ah3 nothing lies further right (yalta.not-circular).
        let ah3 = planar.named("Ah3");
        let rays: BTreeSet<Vec<String>> = planar
            .orth_rays(ah3)
            .iter()
            .map(|r| planar.names(r))
            .collect();
        let expected: BTreeSet<Vec<String>> = [
            strings(&["Ag3", "Af3", "Ae3", "Ad3", "Ac3", "Ab3", "Aa3"]),
            strings(&["Ah4", "Ba4", "Ba3", "Ba2", "Ba1"]),
            strings(&["Ah2", "Ah1"]),
        ]
        .into_iter()
        .collect();
        assert_eq!(rays, expected);

        let planar = Planar::new(5);
        let ring = planar.centre_ring();
        assert_eq!(
            planar.names(&ring),
            strings(&["Ae5", "Af5", "Be5", "Bf5", "Ce5", "Cf5"])
        );
        let ad2 = planar.named("Ad2");
        let rays: Vec<Vec<String>> = planar
            .orth_rays(ad2)
            .iter()
            .map(|r| planar.names(r))
            .collect();
        assert!(rays.contains(&strings(&[
            "Ad3", "Ad4", "Ad5", "Cg5", "Cg4", "Cg3", "Cg2", "Cg1"
        ])));
        assert!(rays.contains(&strings(&["Ac2", "Ab2", "Aa2"])));
        assert!(rays.contains(&strings(&["Ae2", "Af2", "Ag2", "Ah2", "Ai2", "Aj2"])));
        let ad4 = planar.named("Ad4");
        let rays: Vec<Vec<String>> = planar
            .diag_rays(ad4)
            .iter()
            .map(|r| planar.names(r))
            .collect();
        assert!(rays.contains(&strings(&["Ae5", "Be5", "Bd4", "Bc3", "Bb2", "Ba1"])));
        assert!(rays.contains(&strings(&["Ae5", "Ce5", "Cd4", "Cc3", "Cb2", "Ca1"])));
        // Straight across (triple-crown.straight-across): Ae5 and Bf5, Af5 and Ce5, Be5 and Cf5
        // are point reflections of each other, and no line joins them.
        for (a, b) in [("Ae5", "Bf5"), ("Af5", "Ce5"), ("Be5", "Cf5")] {
            let (a, b) = (planar.named(a), planar.named(b));
            let mirrored = planar.cells[a].corners.map(|(x, y)| (-x, -y));
            assert!(mirrored.iter().all(|p| planar.cells[b].corners.contains(p)));
            let lines = planar.orth_rays(a).into_iter().chain(planar.diag_rays(a));
            assert!(lines.into_iter().all(|r| !r.contains(&b)));
        }
    }

    #[test]
    fn ranks_stay_and_files_cross_in_the_plane() {
        for n in SIZES {
            let planar = Planar::new(n);
            let colours = planar.colours().unwrap();
            for c in 0..planar.cells.len() {
                let cell = &planar.cells[c];
                // Edges 1 and 3 join the corners of equal rank: the rank line.
                for k in [1, 3] {
                    for d in planar.orth_line(c, k) {
                        assert_eq!(planar.cells[d].seat, cell.seat);
                        assert_eq!(planar.cells[d].rank, cell.rank);
                    }
                }
                // Edge 2 is the top edge: the file runs on, and (as read from the points)
                // into the seat before for files a.., the seat after for the rest, at file
                // 2n - 1 - f, counting down.
                let up = planar.orth_line(c, 2);
                let leave = up.iter().position(|&d| planar.cells[d].seat != cell.seat);
                if let Some(i) = leave {
                    let into = &planar.cells[up[i]];
                    let expected = if cell.file < n {
                        cell.seat.prev()
                    } else {
                        cell.seat.next()
                    };
                    assert_eq!(into.seat, expected);
                    assert_eq!(into.file, 2 * n - 1 - cell.file);
                    for (j, &d) in up[i..].iter().enumerate() {
                        assert_eq!(planar.cells[d].file, into.file);
                        assert_eq!(planar.cells[d].rank, n - 1 - j);
                    }
                    assert_eq!(up.len() - i, n);
                }
                // Diagonals keep their colour.
                for ray in planar.diag_rays(c) {
                    assert!(ray.iter().all(|&d| colours[d] == colours[c]));
                }
            }
        }
    }

    #[test]
    fn turning_round_a_corner_is_sharing_only_it_except_at_the_centre() {
        for n in SIZES {
            let planar = Planar::new(n);
            for c in 0..planar.cells.len() {
                for &p in &planar.cells[c].corners {
                    let turned = planar.through_corner(c, p);
                    let only = planar.sharing_only(c, p);
                    assert!(turned.is_subset(&only));
                    if p == O {
                        // The other reading would add the cell straight across.
                        assert_eq!(turned.len(), 2);
                        assert_eq!(only.len(), 3);
                        let across: Vec<usize> = only.difference(&turned).copied().collect();
                        let mirrored = planar.cells[c].corners.map(|(x, y)| (-x, -y));
                        assert!(
                            mirrored
                                .iter()
                                .all(|q| planar.cells[across[0]].corners.contains(q))
                        );
                    } else {
                        assert_eq!(turned, only);
                        assert!(turned.len() <= 1);
                    }
                }
            }
        }
    }
}
