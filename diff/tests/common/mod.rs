//! What the differential run's tests share.

use trichess_model::Variant;

/// The open points of `variant` with their readings, the default first, as
/// [`trichess_diff::random_game`] takes them.
pub fn open_points(variant: Variant) -> Vec<(String, Vec<String>)> {
    trichess_oracle::interpretations(variant)
        .into_iter()
        .map(|i| {
            (
                i.id.to_string(),
                i.readings.iter().map(|r| r.to_string()).collect(),
            )
        })
        .collect()
}
