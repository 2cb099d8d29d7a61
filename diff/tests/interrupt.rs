//! An interrupt (what trichess's SIGINT and SIGTERM handler asks) ends a campaign with what
//! it found so far. A test binary of its own: the interrupt is for the whole process, for good.

use std::time::{Duration, Instant};

use trichess_diff::Campaign;
use trichess_fast::Fast;
use trichess_model::{Engine, Variant};
use trichess_oracle::Oracle;

#[test]
fn an_interrupt_ends_a_campaign_with_what_it_found_so_far() {
    std::thread::spawn(|| {
        std::thread::sleep(Duration::from_millis(500));
        trichess_protocol::interrupt();
    });
    let began = Instant::now();
    let report = Campaign::new(&Variant::ALL)
        .seconds(600)
        .seed(1)
        .run(
            || Box::new(Oracle) as Box<dyn Engine>,
            || Box::new(Fast::default()) as Box<dyn Engine>,
        )
        .expect("both engines play every variant");
    assert!(
        began.elapsed() < Duration::from_secs(60),
        "{:?}",
        began.elapsed()
    );
    assert!(report.interrupted);
    // The first variant's run, stopped; the others never began.
    assert_eq!(report.runs.len(), 1, "{report}");
    assert!(report.runs[0].positions > 0, "{report}");
    report.assert();
}
