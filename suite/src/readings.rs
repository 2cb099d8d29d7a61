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
    pub id: String,
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
        variant: Variant,
        id: String,
        known: String,
    },
    /// The open point has no such reading.
    #[error("interpretation '{id}' has no reading '{reading}' (readings: {readings})")]
    UnknownReading {
        id: String,
        reading: String,
        readings: String,
    },
    /// The register does not read.
    #[error(transparent)]
    Register(#[from] RegisterError),
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
}
