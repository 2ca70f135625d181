//! The independent overlap count: the holds written to an
//! `experiment_lock_hold` table and counted with the article's SQL
//! self-join (same wallet, `[acquired_at, released_at]` intersecting), to
//! compare with the Rust sweep of the shared metrics code. Stamps are the
//! history's monotonic nanoseconds, the same the conversion orders by.

use std::io::Write;

use lab_sim::lease::ReleaseResult;

use super::history::{holds_in_order, History};

/// What the self-join counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SqlOverlaps {
    /// Same-wallet pairs whose intervals intersect.
    pub pairs: u64,
    /// Of those, pairs where both holds were RELEASED: the key was never
    /// absent on the server, so the overlap is a stamping artifact, whatever its length.
    pub both_released: u64,
}

fn release_name(result: ReleaseResult) -> &'static str {
    match result {
        ReleaseResult::Released => "RELEASED",
        ReleaseResult::Stolen => "STOLEN",
        ReleaseResult::Expired => "EXPIRED",
        ReleaseResult::Error => "ERROR",
        ReleaseResult::NotApplicable => "NONE",
    }
}

/// Writes the holds (COPY) and runs the self-join.
pub fn sql_overlaps(db: &mut postgres::Client, history: &History) -> Result<SqlOverlaps, String> {
    count(db, history).map_err(|e| format!("the SQL cross-check failed: {e}"))
}

fn count(db: &mut postgres::Client, history: &History) -> Result<SqlOverlaps, Box<dyn std::error::Error>> {
    db.batch_execute(
        "DROP TABLE IF EXISTS experiment_lock_hold;
         CREATE TABLE experiment_lock_hold (
             hold_id integer PRIMARY KEY, wallet_id integer NOT NULL, token bigint,
             acquired_at bigint NOT NULL, released_at bigint NOT NULL, release_result text NOT NULL)",
    )?;
    let mut rows = String::new();
    for (id, (request, hold)) in holds_in_order(history).into_iter().enumerate() {
        let token = hold.token.map_or("\\N".to_string(), |t| t.to_string());
        rows.push_str(&format!(
            "{id}\t{}\t{token}\t{}\t{}\t{}\n",
            request.wallet,
            hold.acquired_ns,
            hold.released_ns,
            release_name(hold.release_result)
        ));
    }
    let mut writer = db.copy_in("COPY experiment_lock_hold FROM STDIN")?;
    writer.write_all(rows.as_bytes())?;
    writer.finish()?;
    let row = db.query_one(
        "SELECT count(*),
                count(*) FILTER (WHERE a.release_result = 'RELEASED' AND b.release_result = 'RELEASED')
         FROM experiment_lock_hold a
         JOIN experiment_lock_hold b
           ON a.wallet_id = b.wallet_id AND a.hold_id < b.hold_id
          AND a.acquired_at < b.released_at AND b.acquired_at < a.released_at",
        &[],
    )?;
    let (pairs, both): (i64, i64) = (row.get(0), row.get(1));
    Ok(SqlOverlaps { pairs: pairs as u64, both_released: both as u64 })
}
