//! The open points of each variant and their readings, as the register lists them: what an
//! engine may be asked to play (`Game::interpretations`), read from the register's data so
//! that no engine has to type the list again.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use trichess_model::{Game, Variant};

use crate::register::{Register, RegisterError};

/// An open point of a variant's source: its interpretation id and its readings, the default
/// first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenPoint {
    /// The interpretation id (`osullivan.stalemate`).
    pub id: String,
    /// Its readings, the default first.
    pub readings: Vec<String>,
}

impl OpenPoint {
    /// Returns the default reading.
    pub fn default_reading(&self) -> &str {
        self.readings.first().map_or("", String::as_str)
    }

    /// Returns true if `reading` is one of the point's readings.
    pub fn has(&self, reading: &str) -> bool {
        self.readings.iter().any(|r| r == reading)
    }
}

/// Returns the open points of `variant`, in register order, each with its readings (the
/// default first).
pub fn open_points(variant: Variant) -> Result<&'static [OpenPoint], RegisterError> {
    static POINTS: OnceLock<Vec<Result<Vec<OpenPoint>, RegisterError>>> = OnceLock::new();
    let all = POINTS.get_or_init(|| {
        Variant::ALL
            .iter()
            .map(|&v| {
                Register::of(v).map(|r| {
                    r.interpretations
                        .iter()
                        .map(|i| OpenPoint {
                            id: i.id.clone(),
                            readings: i.readings.iter().map(|r| r.name.clone()).collect(),
                        })
                        .collect()
                })
            })
            .collect()
    });
    let place = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0);
    match &all[place] {
        Ok(points) => Ok(points),
        Err(e) => Err(e.clone()),
    }
}

/// Why readings were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReadingError {
    /// A reading is not written `ID=READING`.
    #[error("interpretation '{0}' is not ID=READING")]
    Malformed(String),
    /// An open point is given twice.
    #[error("interpretation {0} given twice")]
    Twice(String),
    /// The variant's register has no such open point.
    #[error("unknown interpretation '{id}' of {variant} (known: {known})")]
    UnknownPoint {
        /// The variant.
        variant: Variant,
        /// The id as given.
        id: String,
        /// The variant's open points.
        known: String,
    },
    /// The open point has no such reading.
    #[error("interpretation '{id}' has no reading '{reading}' (readings: {readings})")]
    UnknownReading {
        /// The interpretation id.
        id: String,
        /// The reading as given.
        reading: String,
        /// The point's readings.
        readings: String,
    },
    /// A reading names a variant the run leaves out.
    #[error("interpretation '{given}' is of {variant}, which the run leaves out (it runs {run})")]
    NotInRun {
        /// The reading as given.
        given: String,
        /// The variant it names.
        variant: String,
        /// The variants of the run.
        run: String,
    },
    /// A reading without a variant prefix fits no variant of the run.
    #[error("interpretation '{given}' fits no variant of the run: {why}")]
    FitsNone {
        /// The reading as given.
        given: String,
        /// Why each variant refuses it.
        why: String,
    },
    /// The register does not read.
    #[error(transparent)]
    Register(#[from] RegisterError),
}

/// The readings given for a run over several variants, each checked against every variant
/// before the run begins: those of each variant, and a note for each reading left out of
/// some of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunReadings {
    /// The readings of each variant of the run.
    pub fixed: BTreeMap<Variant, BTreeMap<String, String>>,
    /// For each reading given without a variant prefix that some variants of the run lack
    /// (the open point, or that reading of it), which it applies to and which not, and why.
    pub notes: Vec<String>,
}

/// Reads readings written `ID=READING` for a run over `variants` and checks each against
/// every variant before the run begins. An `ID` with a variant prefix is that variant's (and
/// must be a point and reading of its register, the variant one of the run); one without
/// applies to every variant of the run whose register has that point with that reading, and
/// is refused if none has; a note names the variants it is not applied to.
pub fn readings_for_run(
    variants: &[Variant],
    given: &[String],
) -> Result<RunReadings, ReadingError> {
    let mut run = RunReadings {
        fixed: variants.iter().map(|&v| (v, BTreeMap::new())).collect(),
        notes: Vec::new(),
    };
    for item in given {
        let (id, reading) = item
            .split_once('=')
            .ok_or_else(|| ReadingError::Malformed(item.clone()))?;
        let prefixed = id.split_once('.').map(|(v, _)| v);
        if let Some(name) = prefixed {
            let variant = name.parse::<Variant>().ok();
            let Some(variant) = variant.filter(|v| variants.contains(v)) else {
                let run: Vec<&str> = variants.iter().map(|v| v.id()).collect();
                return Err(ReadingError::NotInRun {
                    given: item.clone(),
                    variant: name.to_string(),
                    run: run.join(", "),
                });
            };
            let mut game = Game::new(variant);
            game.interpretations
                .insert(id.to_string(), reading.to_string());
            check_readings(&game)?;
            add(&mut run, variant, id, reading)?;
            continue;
        }
        let (mut applied, mut left) = (Vec::new(), Vec::new());
        for &variant in variants {
            let full = format!("{}.{id}", variant.id());
            let mut game = Game::new(variant);
            game.interpretations
                .insert(full.clone(), reading.to_string());
            match check_readings(&game) {
                Ok(()) => {
                    add(&mut run, variant, &full, reading)?;
                    applied.push(variant.id());
                }
                Err(ReadingError::UnknownPoint { .. }) => {
                    left.push(format!("{variant} has no open point {full}"));
                }
                Err(ReadingError::UnknownReading { readings, .. }) => {
                    left.push(format!(
                        "{full} has no reading '{reading}' (readings: {readings})"
                    ));
                }
                Err(e) => return Err(e),
            }
        }
        if applied.is_empty() {
            return Err(ReadingError::FitsNone {
                given: item.clone(),
                why: left.join("; "),
            });
        }
        if !left.is_empty() {
            run.notes.push(format!(
                "-i {item} applies to {} alone: {}",
                applied.join(", "),
                left.join("; ")
            ));
        }
    }
    Ok(run)
}

/// Adds `id=reading` to the readings of `variant`, refusing an open point given twice.
fn add(
    run: &mut RunReadings,
    variant: Variant,
    id: &str,
    reading: &str,
) -> Result<(), ReadingError> {
    let map = run.fixed.entry(variant).or_default();
    if map.insert(id.to_string(), reading.to_string()).is_some() {
        return Err(ReadingError::Twice(id.to_string()));
    }
    Ok(())
}

/// Reads readings written `ID=READING` (as `trichess -i` takes them) into a game's
/// interpretation map, adding the variant's prefix where `ID` leaves it out. It does not ask
/// whether the points and readings exist: see [`check_readings`].
pub fn parse_readings(
    variant: Variant,
    given: &[String],
) -> Result<BTreeMap<String, String>, ReadingError> {
    let mut map = BTreeMap::new();
    for item in given {
        let (id, reading) = item
            .split_once('=')
            .ok_or_else(|| ReadingError::Malformed(item.clone()))?;
        let id = if id.contains('.') {
            id.to_string()
        } else {
            format!("{}.{id}", variant.id())
        };
        if map.insert(id.clone(), reading.to_string()).is_some() {
            return Err(ReadingError::Twice(id));
        }
    }
    Ok(map)
}

/// Checks that every reading `game` chooses is a reading of an open point of its variant's
/// register.
pub fn check_readings(game: &Game) -> Result<(), ReadingError> {
    let points = open_points(game.variant)?;
    for (id, reading) in &game.interpretations {
        let Some(point) = points.iter().find(|p| &p.id == id) else {
            let known: Vec<&str> = points.iter().map(|p| p.id.as_str()).collect();
            return Err(ReadingError::UnknownPoint {
                variant: game.variant,
                id: id.clone(),
                known: known.join(", "),
            });
        };
        if !point.has(reading) {
            return Err(ReadingError::UnknownReading {
                id: id.clone(),
                reading: reading.clone(),
                readings: point.readings.join(", "),
            });
        }
    }
    Ok(())
}

/// Writes the readings a game chooses, `id=reading` each, or `defaults`.
pub fn readings_text(game: &Game) -> String {
    if game.interpretations.is_empty() {
        return "defaults".into();
    }
    let list: Vec<String> = game
        .interpretations
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    list.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_open_points_with_readings() {
        for v in Variant::ALL {
            let points = open_points(v).expect("the register reads");
            assert!(!points.is_empty(), "{v}");
            for p in points {
                assert!(p.id.starts_with(&format!("{}.", v.id())), "{}", p.id);
                assert!(!p.readings.is_empty(), "{}", p.id);
            }
        }
        let order = open_points(Variant::Yalta).expect("reads");
        assert_eq!(order[0].id, "yalta.turn-order");
        assert_eq!(order[0].readings, ["red-green-blue", "red-blue-green"]);
    }

    #[test]
    fn readings_read_with_or_without_the_prefix() {
        let given = ["turn-order=white-black-red".to_string()];
        let map = parse_readings(Variant::OSullivan, &given).expect("reads");
        assert_eq!(map["osullivan.turn-order"], "white-black-red");
        let twice = [
            "turn-order=white-black-red".to_string(),
            "osullivan.turn-order=white-red-black".to_string(),
        ];
        assert_eq!(
            parse_readings(Variant::OSullivan, &twice),
            Err(ReadingError::Twice("osullivan.turn-order".into()))
        );
        assert!(matches!(
            parse_readings(Variant::OSullivan, &["turn-order".to_string()]),
            Err(ReadingError::Malformed(_))
        ));
    }

    #[test]
    fn unknown_points_and_readings_are_named() {
        let mut game = Game::new(Variant::Yuri);
        game.interpretations
            .insert("yuri.pawns".into(), "sideways".into());
        let e = check_readings(&game)
            .expect_err("no such reading")
            .to_string();
        assert!(e.contains("two-directions, away-from-diagonal"), "{e}");
        let mut game = Game::new(Variant::Yuri);
        game.interpretations
            .insert("yuri.castling".into(), "yes".into());
        let e = check_readings(&game)
            .expect_err("no such point")
            .to_string();
        assert!(
            e.contains("unknown interpretation 'yuri.castling' of yuri"),
            "{e}"
        );
    }

    fn given(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_reading_for_a_run_applies_to_the_variants_that_have_it_and_says_so() {
        // O'Sullivan's and Triple Crown's stalemate have a reading `out`, Yalta's and Yuri's
        // have not; Yuri and Triple Crown have no open point `exposed-king` (the registers
        // say so).
        let items = given(&["stalemate=out", "exposed-king=capture"]);
        let run = readings_for_run(&Variant::ALL, &items).expect("fits");
        assert_eq!(run.fixed[&Variant::OSullivan]["osullivan.stalemate"], "out");
        assert_eq!(
            run.fixed[&Variant::TripleCrown]["triple-crown.stalemate"],
            "out"
        );
        assert_eq!(run.fixed[&Variant::Yalta].len(), 1);
        assert_eq!(run.fixed[&Variant::Yalta]["yalta.exposed-king"], "capture");
        assert!(run.fixed[&Variant::Yuri].is_empty());
        assert_eq!(run.notes.len(), 2, "{:?}", run.notes);
        let note = &run.notes[0];
        assert!(
            note.contains("applies to osullivan, triple-crown alone"),
            "{note}"
        );
        assert!(
            note.contains("yalta.stalemate has no reading 'out'"),
            "{note}"
        );
        let note = &run.notes[1];
        assert!(note.contains("applies to osullivan, yalta alone"), "{note}");
        assert!(
            note.contains("yuri has no open point yuri.exposed-king"),
            "{note}"
        );
    }

    #[test]
    fn a_reading_that_fits_no_variant_of_the_run_is_refused_before_it_begins() {
        let e = readings_for_run(&Variant::ALL, &given(&["stalemate=maybe"])).unwrap_err();
        assert!(matches!(e, ReadingError::FitsNone { .. }), "{e}");
        let text = e.to_string();
        assert!(
            text.contains("osullivan.stalemate has no reading 'maybe'"),
            "{text}"
        );
        let e = readings_for_run(&[Variant::Yuri], &given(&["exposed-king=capture"])).unwrap_err();
        assert!(
            e.to_string()
                .contains("yuri has no open point yuri.exposed-king"),
            "{e}"
        );
        let e =
            readings_for_run(&[Variant::Yalta], &given(&["osullivan.stalemate=out"])).unwrap_err();
        assert!(matches!(e, ReadingError::NotInRun { .. }), "{e}");
        let e = readings_for_run(&[Variant::Yalta], &given(&["yalta.stalemate=out"])).unwrap_err();
        assert!(matches!(e, ReadingError::UnknownReading { .. }), "{e}");
        let e = readings_for_run(
            &[Variant::Yalta],
            &given(&["stalemate=pass", "yalta.stalemate=draw"]),
        )
        .unwrap_err();
        assert_eq!(e, ReadingError::Twice("yalta.stalemate".into()));
        let run = readings_for_run(&[Variant::Yalta], &given(&["stalemate=pass"])).expect("fits");
        assert!(run.notes.is_empty());
    }
}
