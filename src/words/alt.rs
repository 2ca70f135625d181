//! The words of the figures' text alternatives and the player's narration.
//!
//! Declared here once; the Korean table is [`crate::ko::alt`], the English
//! one [`crate::en::alt`]. The player's words are [`PlayerWords`]: its
//! controls and what it says when it stops at a mark.

crate::words! {
    /// Every word of this domain, one field each.
    pub struct AltWords {
        /// The player of a timeline: its controls and its status line.
        pub player: PlayerWords,
        /// A Lease timeline's text alternative ends with the whole run's description (`{run}`).
        pub whole_run: &'static str,
        /// A player's anomaly mark: at `{ms}` ms, in wallet `{wallet}`, `{kind}`.
        pub mark: &'static str,
        /// A mark and who made it: `{mark}`, `{who}`.
        pub mark_cast: &'static str,
        /// A1 with a recorded real run shown: the figure's `{alt}`, then the record's `{source}`.
        pub recorded: &'static str,
        /// The seed field's notice when it is not a whole number from 0.
        pub seed_invalid: &'static str,
    }
}

crate::words! {
    /// The player's words (`lab_figures::player`, `web::player`).
    pub struct PlayerWords {
        /// The player's group, with its keys.
        pub label: &'static str,
        /// One event back: its label, its button.
        pub back_label: &'static str,
        pub back: &'static str,
        /// One event forward: its label, its button.
        pub forward_label: &'static str,
        pub forward: &'static str,
        /// The button to the next anomaly.
        pub next_mark: &'static str,
        /// The auto-pause switch.
        pub auto_pause: &'static str,
        /// The position slider's name.
        pub position: &'static str,
        /// The position: `{position}`, event `{i}` of `{n}`.
        pub position_value: &'static str,
        /// The speed slider's name.
        pub speed: &'static str,
        /// A speed in time: `{factor}`×, one real second is `{ms}` ms simulated.
        pub speed_time: &'static str,
        /// A speed in events: `{n}` per second.
        pub speed_steps: &'static str,
        /// The status when the player stopped itself at a mark: `{mark}`.
        pub auto_paused: &'static str,
        /// The status when no mark lies ahead.
        pub no_more_marks: &'static str,
    }
}
