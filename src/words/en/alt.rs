//! The English words of the figures' text alternatives and the player's narration.

use crate::alt::{AltWords, PlayerWords};

/// The English table.
pub const ALT: AltWords = AltWords {
    player: PlayerWords {
        label: "Timeline player (Space: play/pause, ←/→: one event)",
        back_label: "One event back",
        back: "◀ One event",
        forward_label: "One event forward",
        forward: "One event ▶",
        next_mark: "Next anomaly",
        auto_pause: "Pause when an invariant breaks",
        position: "Position",
        position_value: "{position} · event {i}/{n}",
        speed: "Speed (log scale)",
        speed_time: "{factor}× (1 real second = {ms} ms simulated)",
        speed_steps: "{n} events per second",
        auto_paused: "Paused — {mark}",
        no_more_marks: "No more anomalies in this time window.",
    },
    whole_run: "The whole 60 s run: {run}",
    mark: "{ms} ms: {kind} in wallet {wallet}",
    mark_cast: "{mark}. {who}",
    recorded: "{alt} Recorded real run: {source}",
    seed_invalid: "The seed must be a whole number, 0 or more.",
};
