//! The words the page says around Article B's figures: loading and
//! failures, figure B2's table, B2-1's controls, and a story figure's
//! markup and controls (`web::{crash_matrix, tap_crash, vote_figure}`).

crate::words! {
    /// An Article B figure's markup and its own controls (the crash slider,
    /// selectors, flags and B6's fault buttons).
    pub struct ControlWords {
        /// The drawing's name: `{number}`, `{id}`.
        pub figure_label: &'static str,
        pub lower_canvas: &'static str,
        pub all_settings: &'static str,
        pub reset: &'static str,
        pub link: &'static str,
        pub loading: &'static str,
        /// Where the hidden verdict will show: in the lab, in the lesson.
        pub verdict_at_moment: &'static str,
        pub verdict_at_end: &'static str,
        pub reveal: &'static str,
        pub scenes_start: &'static str,
        pub scenes: &'static str,
        pub prev_scene: &'static str,
        pub next_scene: &'static str,
        pub all_scenes: &'static str,
        /// The player at the end.
        pub end: &'static str,
        /// The crash slider's value: none, before the first step, after step `{k}` named `{code}` (`{name}`), after the last.
        pub no_fault: &'static str,
        pub before_first: &'static str,
        pub after_step: &'static str,
        pub after_last: &'static str,
        pub crash_point: &'static str,
        pub before_start: &'static str,
        pub order_choice: &'static str,
        pub fault_kind: &'static str,
        pub conflict_source: &'static str,
        pub profile: &'static str,
        pub device_ignores_sync: &'static str,
        pub outer_end: &'static str,
        pub rollback: &'static str,
        pub commit: &'static str,
        pub crash: &'static str,
        pub crash_none: &'static str,
        pub crash_after: &'static str,
        pub implementation: &'static str,
        pub probe_shares_lock: &'static str,
        pub true_state: &'static str,
        pub lost: &'static str,
        pub os_cache: &'static str,
        pub disk: &'static str,
        pub interrupt_during: &'static str,
        pub variant_default: &'static str,
        pub during_commit: &'static str,
        pub during_drain: &'static str,
        pub during_fsync: &'static str,
        pub blocked: &'static str,
        /// `{n}` blocked, `{quorum}` when they break the quorum.
        pub blocked_value: &'static str,
        pub no_quorum: &'static str,
        pub order: &'static str,
        pub pick_fault: &'static str,
    }
}

crate::words! {
    /// What the page says around Article B's figures.
    pub struct PageWords {
        /// The figures module could not be loaded: `{why}`.
        pub module_failed: &'static str,
        /// A figure could not be computed: `{error}`.
        pub compute_failed: &'static str,
        pub bad_reply: &'static str,
        pub computing: &'static str,
        /// An Article B figure id the registry does not know: `{id}`.
        pub unknown_figure: &'static str,
        /// The text alternative while the verdict is hidden: `{caption}`.
        pub verdict_hidden: &'static str,
        /// B2-1's controls: the order, the fault (a button: `{fault}`), the device, how to strike.
        pub order: &'static str,
        pub fault: &'static str,
        pub fault_button: &'static str,
        pub device_ignores_sync: &'static str,
        pub how_to_strike: &'static str,
        /// B2-1's lane, as a slider: `{how}`.
        pub lane_label: &'static str,
    }
}

crate::words! {
    /// Figure B2's table, its controls and its legend.
    pub struct CrashMapWords {
        pub failed: &'static str,
        pub computing: &'static str,
        /// A half cell's name: `{variant}`, `{code}`, `{event}`, `{fault}`, `{verdict}`, `{risk}`.
        pub cell: &'static str,
        /// `{k}` of `{n}` cases unsafe.
        pub risk: &'static str,
        pub profile: &'static str,
        /// How the device treats sync, in the caption: keeps it, ignores it.
        pub sync_kept: &'static str,
        pub sync_ignored: &'static str,
        pub legend: &'static str,
        pub safe: &'static str,
        pub unsafe_vote: &'static str,
        pub fenced: &'static str,
        pub halves: &'static str,
        /// `{profile}`, `{sync}`, `{n}`.
        pub caption: &'static str,
        pub more_right: &'static str,
        pub more_left: &'static str,
        /// `{rows}`, `{cols}`.
        pub table_label: &'static str,
        /// `{profile}`, `{sync}`, `{n}`.
        pub table_caption: &'static str,
        pub corner: &'static str,
        /// A column head's tip: `{name}`, `{code}`.
        pub code_name: &'static str,
        pub no_cell: &'static str,
        pub note: &'static str,
    }
}
