//! Interpretations: the named readings of what a source leaves open.
//!
//! Each open point is a small enum whose variants are its readings. A game's interpretation
//! map (id -> reading name) is read into those enums; an unknown id or reading is an error
//! that lists what is known.

use std::collections::BTreeMap;

/// An open point of a source and its readings.
pub trait Interpretation: Copy + Sized + 'static {
    /// The interpretation's id, as in the register and in fixtures.
    const ID: &'static str;
    /// Every reading, by name; the first is the default.
    const READINGS: &'static [(&'static str, Self)];

    /// Returns the default reading.
    fn default_reading() -> Self {
        Self::READINGS[0].1
    }
}

/// Returns interpretation `T` as an open point with its readings, as the oracle's code knows
/// them (the register's lint compares the two).
pub fn open_point<T: Interpretation>() -> trichess_suite::OpenPoint {
    trichess_suite::OpenPoint {
        id: T::ID.to_string(),
        readings: T::READINGS
            .iter()
            .map(|(name, _)| name.to_string())
            .collect(),
    }
}

/// Why an interpretation map was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InterpretationError {
    /// The variant has no such open point.
    #[error("unknown interpretation '{id}' (known: {known})")]
    Unknown {
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
}

/// Reads the interpretations of one variant out of a map, remembering which ids were used so
/// that an id nobody asked for is reported.
#[derive(Debug)]
pub struct Readings<'a> {
    given: &'a BTreeMap<String, String>,
    known: Vec<&'static str>,
    errors: Vec<InterpretationError>,
}

impl<'a> Readings<'a> {
    /// Starts reading the interpretations `given`.
    pub fn new(given: &'a BTreeMap<String, String>) -> Readings<'a> {
        Readings {
            given,
            known: Vec::new(),
            errors: Vec::new(),
        }
    }

    /// Returns the reading of `T` given in the map, or its default.
    pub fn get<T: Interpretation>(&mut self) -> T {
        self.known.push(T::ID);
        let Some(name) = self.given.get(T::ID) else {
            return T::default_reading();
        };
        match T::READINGS.iter().find(|(n, _)| n == name) {
            Some(&(_, reading)) => reading,
            None => {
                let names: Vec<&str> = T::READINGS.iter().map(|(n, _)| *n).collect();
                self.errors.push(InterpretationError::UnknownReading {
                    id: T::ID.to_string(),
                    reading: name.clone(),
                    readings: names.join(", "),
                });
                T::default_reading()
            }
        }
    }

    /// Finishes reading: fails on the first bad reading, or on an id that is not one of the
    /// interpretations read.
    pub fn finish(mut self) -> Result<(), InterpretationError> {
        if let Some(e) = self.errors.drain(..).next() {
            return Err(e);
        }
        match self
            .given
            .keys()
            .find(|id| !self.known.contains(&id.as_str()))
        {
            Some(id) => Err(InterpretationError::Unknown {
                id: id.clone(),
                known: self.known.join(", "),
            }),
            None => Ok(()),
        }
    }
}

/// Declares an interpretation enum: its id, and its readings with their names, default first.
macro_rules! interpretation {
    (
        $(#[$meta:meta])*
        $name:ident = $id:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $reading:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $crate::interpretation::Interpretation for $name {
            const ID: &'static str = $id;
            const READINGS: &'static [(&'static str, Self)] = &[ $( ($reading, $name::$variant) ),+ ];
        }
    };
}

pub(crate) use interpretation;
