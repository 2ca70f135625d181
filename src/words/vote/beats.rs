//! The words of Article B's story scenes: one template per kind of moment
//! ([`BeatFact`]), and the language-neutral choice of template from the
//! facts ([`beat_sentence`]).

use crate::Words;
use lab_model::facts::vote::{BeatFact, FaultMarkKind, Wait};
use lab_sim::vote::{Device, FaultKind, FenceReason, Layer, VALIDATOR_NAMES};

crate::words! {
    /// The sentences of a story's scenes.
    pub struct BeatWords {
        /// Where A's record is, said after "A's record": written nowhere,
        /// then `Tx`, `Committed`, `OsCache`, `Disk`, `Lost`.
        pub layers: [&'static str; 6],
        /// `{to}` holds A's `{value}` vote while A is down; `{layer}`.
        pub held: &'static str,
        /// A signs `{proposer}`'s proposal; `{outer}` is [`BeatWords::sign_outer`] or nothing.
        pub sign: &'static str,
        pub sign_outer: &'static str,
        pub write_outer: &'static str,
        /// The commit, by the layer the record is in after it (`Committed`,
        /// `OsCache`, `Disk` with `{kept}`, any other with `{layer}`).
        pub commit_committed: &'static str,
        pub commit_os: &'static str,
        pub commit_disk: &'static str,
        pub commit_other: &'static str,
        /// What a power loss does to a record on disk: the device keeps it,
        /// or loses writes younger than `{window}`.
        pub kept: &'static str,
        pub kept_lying: &'static str,
        /// The drain: the record stays in the OS cache, moves there, stays on disk, other (`{layer}`).
        pub drain_os_stays: &'static str,
        pub drain_to_os: &'static str,
        pub drain_disk_stays: &'static str,
        pub drain_other: &'static str,
        /// The sync: A kept its connection through an interrupt (before the rest).
        pub fsync_waited: &'static str,
        pub fsync_disk_stays: &'static str,
        pub fsync_to_disk: &'static str,
        pub fsync_other: &'static str,
        /// A's X vote leaves for `{to}`; `{layer}`.
        pub send_x: &'static str,
        /// `{proposer}` offers Y and A signs it; the A that forgot its X.
        pub send_y: &'static str,
        pub send_y_forgot: &'static str,
        /// An interrupt while A waits on the commit, the drain, the sync.
        pub interrupt: [&'static str; 3],
        pub sync_error: &'static str,
        pub fenced_interrupted: &'static str,
        pub fenced_sync_error: &'static str,
        pub engine_refused: &'static str,
        pub join_refused: &'static str,
        pub access_refused: &'static str,
        pub engine_recreated: &'static str,
        pub conn_returned: &'static str,
        pub outer_committed: &'static str,
        pub outer_rolled_back: &'static str,
        /// The crash: `{what}` (a kill or a power loss), `{layer}`; at the
        /// moment A's first vote left for `{to}`.
        pub crash: &'static str,
        pub crash_at_send: &'static str,
        pub crash_kill: &'static str,
        pub crash_power: &'static str,
        /// The restart: `{after}` ([`BeatWords::after`] or nothing), `{head}`, `{memory}`.
        pub recovered: &'static str,
        /// `{gap}` after the crash.
        pub after: &'static str,
        pub restored_none: &'static str,
        /// `{n}` records restored, the slot's among them or not.
        pub restored: &'static str,
        pub restored_other: &'static str,
        /// A remembers `{v}`; remembers `{r}`, its slot's last record, with `{earlier}`.
        pub remembers: &'static str,
        pub remembers_other: &'static str,
        /// The vote that left before was `{v}`.
        pub earlier: &'static str,
        /// A forgot `{v}`, which left; which never left.
        pub forgot_sent: &'static str,
        pub forgot_unsent: &'static str,
        /// A re-sends its recorded `{value}`.
        pub rebroadcast: &'static str,
        /// A refuses `{wanted}` (`{proposer}`'s offer, or its own nil) over `{recorded}`.
        pub refused: &'static str,
        pub refused_nil: &'static str,
        /// `{who}` holds A's `{v1}` and `{v2}`.
        pub detected: &'static str,
        /// A gap: `{n}` seconds, `{n}` milliseconds.
        pub gap_s: &'static str,
        pub gap_ms: &'static str,
        /// The opening before a moment: A waits on `{what}` (for `{gap}`),
        /// then `{wait}`, `{layer}` and `{mark}`.
        pub waits: &'static str,
        pub waits_long: &'static str,
        pub opening: &'static str,
        /// The dashed line of B4's sync error: its label and the sentence
        /// (`{sentence}` of [`BeatWords::mark`]).
        pub sync_error_mark: &'static str,
        pub sync_error_mark_sentence: &'static str,
        pub mark: &'static str,
    }
}

fn name(v: u32) -> &'static str {
    VALIDATOR_NAMES.get(v as usize).copied().unwrap_or("?")
}

/// Where A's record is, as the scenes say it.
pub fn layer_phrase(w: &Words, layer: Option<Layer>) -> &'static str {
    let i = match layer {
        None => 0,
        Some(Layer::Tx) => 1,
        Some(Layer::Committed) => 2,
        Some(Layer::OsCache) => 3,
        Some(Layer::Disk) => 4,
        Some(Layer::Lost) => 5,
    };
    w.vote.beats.layers[i]
}

/// A gap in seconds (one decimal, `2`, `1.5`) from a second on, else in milliseconds.
pub fn gap(w: &Words, us: u64) -> String {
    if us >= 1_000_000 {
        let s = format!("{:.1}", us as f64 / 1e6);
        w.fill(w.vote.beats.gap_s, &[("n", s.trim_end_matches(".0"))])
    } else {
        w.fill(w.vote.beats.gap_ms, &[("n", &(us / 1000).to_string())])
    }
}

/// The label of a coming fault's dashed line.
pub fn fault_mark_label(w: &Words, mark: FaultMarkKind) -> &'static str {
    match mark {
        FaultMarkKind::SyncError => w.vote.beats.sync_error_mark,
    }
}

/// What a power loss does to a record now on disk.
fn on_disk(w: &Words, device: Device) -> String {
    if device.honours_sync || device.cache_window_us == 0 {
        w.vote.beats.kept.to_string()
    } else {
        w.fill(w.vote.beats.kept_lying, &[("window", &gap(w, device.cache_window_us))])
    }
}

/// The sentence of one scene.
pub fn beat_sentence(w: &Words, fact: &BeatFact) -> String {
    let b = &w.vote.beats;
    let f = |template: &str, values: &[(&str, &str)]| w.fill(template, values);
    match fact {
        BeatFact::Held { to, value, layer } => {
            f(b.held, &[("to", name(*to)), ("value", &value.label()), ("layer", layer_phrase(w, *layer))])
        }
        BeatFact::Sign { proposer, outer_open } => {
            f(b.sign, &[("proposer", name(*proposer)), ("outer", if *outer_open { b.sign_outer } else { "" })])
        }
        BeatFact::WriteInOuter => b.write_outer.to_string(),
        BeatFact::Commit { now, device } => match now {
            Some(Layer::Committed) => b.commit_committed.to_string(),
            Some(Layer::OsCache) => b.commit_os.to_string(),
            Some(Layer::Disk) => f(b.commit_disk, &[("kept", &on_disk(w, *device))]),
            other => f(b.commit_other, &[("layer", layer_phrase(w, *other))]),
        },
        BeatFact::Drain { before, now } => match (before, now) {
            (Some(Layer::OsCache), Some(Layer::OsCache)) => b.drain_os_stays.to_string(),
            (_, Some(Layer::OsCache)) => b.drain_to_os.to_string(),
            (Some(Layer::Disk), Some(Layer::Disk)) => b.drain_disk_stays.to_string(),
            (_, other) => f(b.drain_other, &[("layer", layer_phrase(w, *other))]),
        },
        BeatFact::Fsync { before, now, device, waited } => {
            let wait = if *waited { b.fsync_waited } else { "" };
            let reached = match (before, now) {
                (Some(Layer::Disk), Some(Layer::Disk)) => b.fsync_disk_stays.to_string(),
                (_, Some(Layer::Disk)) => b.fsync_to_disk.to_string(),
                (_, other) => return format!("{wait}{}", f(b.fsync_other, &[("layer", layer_phrase(w, *other))])),
            };
            // The waiting story's scene is about the wait; the fence comes next.
            let kept = if *waited { String::new() } else { on_disk(w, *device) };
            format!("{wait}{reached}{kept}")
        }
        BeatFact::SendX { to, layer } => f(b.send_x, &[("to", name(*to)), ("layer", layer_phrase(w, *layer))]),
        BeatFact::SendY { proposer, forgot } => {
            f(if *forgot { b.send_y_forgot } else { b.send_y }, &[("proposer", name(*proposer))])
        }
        BeatFact::Interrupt { wait } => {
            let i = match wait {
                Wait::Commit => 0,
                Wait::Drain => 1,
                Wait::Fsync => 2,
            };
            b.interrupt[i].to_string()
        }
        BeatFact::SyncError => b.sync_error.to_string(),
        BeatFact::Fenced { reason } => match reason {
            FenceReason::Interrupted => b.fenced_interrupted,
            FenceReason::SyncError => b.fenced_sync_error,
        }
        .to_string(),
        BeatFact::EngineRefused => b.engine_refused.to_string(),
        BeatFact::JoinRefused => b.join_refused.to_string(),
        BeatFact::AccessRefused => b.access_refused.to_string(),
        BeatFact::EngineRecreated => b.engine_recreated.to_string(),
        BeatFact::ConnReturned => b.conn_returned.to_string(),
        BeatFact::OuterEnd { committed } => {
            if *committed { b.outer_committed } else { b.outer_rolled_back }.to_string()
        }
        BeatFact::Crash { fault, layer, at_send } => {
            let what = match fault {
                FaultKind::Kill => b.crash_kill,
                FaultKind::Power => b.crash_power,
            };
            let layer = layer_phrase(w, *layer);
            match at_send {
                Some(to) => f(b.crash_at_send, &[("to", name(*to)), ("what", what), ("layer", layer)]),
                None => f(b.crash, &[("what", what), ("layer", layer)]),
            }
        }
        BeatFact::Recovered { after_us, records, restored, value, sent } => {
            let after = after_us.map(|us| f(b.after, &[("gap", &gap(w, us))])).unwrap_or_default();
            let n = records.to_string();
            let head = if *records == 0 {
                b.restored_none.to_string()
            } else if restored.is_some() {
                f(b.restored, &[("n", &n)])
            } else {
                f(b.restored_other, &[("n", &n)])
            };
            let v = value.label();
            let memory = match restored {
                Some(r) if r == value => f(b.remembers, &[("v", &v)]),
                Some(r) => {
                    let earlier = if *sent { f(b.earlier, &[("v", &v)]) } else { String::new() };
                    f(b.remembers_other, &[("r", &r.label()), ("earlier", &earlier)])
                }
                None if *sent => f(b.forgot_sent, &[("v", &v)]),
                None => f(b.forgot_unsent, &[("v", &v)]),
            };
            f(b.recovered, &[("after", &after), ("head", &head), ("memory", &memory)])
        }
        BeatFact::Rebroadcast { value } => f(b.rebroadcast, &[("value", &value.label())]),
        BeatFact::Refused { proposer, wanted, recorded } => {
            let values = [("proposer", name(*proposer)), ("wanted", &wanted.label()), ("recorded", &recorded.label())];
            f(if wanted.is_nil() { b.refused_nil } else { b.refused }, &values)
        }
        BeatFact::Detected { detector, v1, v2 } => {
            f(b.detected, &[("who", name(*detector)), ("v1", &v1.label()), ("v2", &v2.label())])
        }
        BeatFact::Opening { waiting, layer, mark } => {
            let wait = match waiting {
                Some((step, waited)) => {
                    let what = super::step_pending_long(w, *step);
                    if *waited >= 1_000 {
                        f(b.waits_long, &[("what", what), ("gap", &gap(w, *waited))])
                    } else {
                        f(b.waits, &[("what", what)])
                    }
                }
                None => String::new(),
            };
            let mark = mark
                .map(|m| match m {
                    FaultMarkKind::SyncError => f(b.mark, &[("sentence", b.sync_error_mark_sentence)]),
                })
                .unwrap_or_default();
            f(b.opening, &[("wait", &wait), ("layer", layer_phrase(w, *layer)), ("mark", &mark)])
        }
    }
}
