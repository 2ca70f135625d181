//! The player of every timeline and story figure: its cursor, play and
//! pause, step, scrub, speed, auto-pause and "next anomaly", as plain state
//! (no browser), so the page's two kinds of figure share one and it is
//! tested natively. The top crate's `web::player` shows it and drives its frames.
//!
//! A player runs over a *track* the figure's plan supplies: the times of the
//! steps it moves through (a timeline's events, a story's steps), the
//! *marks* it can jump to or stop at (a timeline's anomalies), and, for a
//! timeline, the end of the window. It moves at one of two paces:
//! - [`Pace::Time`] (Article A): simulated time runs at a speed × real time;
//!   the cursor is a time, and the step index follows it;
//! - [`Pace::Steps`] (Article B): the player moves some steps per real
//!   second; the cursor is the current step's time, and at the last step
//!   the whole story shows.
//!
//! What it says in its status line comes from a [`Narrator`] (the figure),
//! so the next issue can narrate steps and point at marks without changing
//! the player.

/// How the player moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// Simulated time at a speed × real time (log scale `10^speed_exp`).
    Time,
    /// Steps per real second (log scale `10^speed_exp`).
    Steps,
}

impl Pace {
    /// The speed slider's range and starting value, as exponents of 10.
    pub fn speed_range(self) -> (f64, f64, f64) {
        match self {
            Pace::Time => (-2.0, 1.0, -0.7),
            Pace::Steps => (-0.5, 2.0, 0.6),
        }
    }
}

/// A moment the player can jump to ("next anomaly") and, when it breaks an
/// invariant, stop at while playing (auto-pause).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub at_us: u64,
    pub stops_play: bool,
}

/// What the figure says about its steps and marks, in Korean.
pub trait Narrator {
    /// Step `i` of the track.
    fn describe_step(&self, i: usize) -> String;
    /// Mark `i` of the track.
    fn describe_mark(&self, i: usize) -> String;
}

/// What the status line shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Status<'a> {
    /// A sentence said when the player last moved by hand or stopped.
    Said(&'a str),
    /// The player stopped itself at a mark that breaks an invariant: the mark's sentence.
    AutoPaused(&'a str),
    /// The player was asked for the next mark and none lies ahead.
    NoMoreMarks,
    /// The current step, described by the figure as it is now (a story's narration).
    Step(usize),
}

/// What the player last said, before the status line words it.
#[derive(Clone, Debug, PartialEq)]
enum Said {
    Text(String),
    AutoPaused(String),
    NoMoreMarks,
}

/// What a frame did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tick {
    /// The player is not playing: nothing moved.
    Idle,
    /// The cursor moved; the next frame goes on.
    Moved,
    /// The player reached the end or a mark and paused.
    Stopped,
}

/// The player's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pace: Pace,
    steps: Vec<u64>,
    marks: Vec<Mark>,
    /// [`Pace::Time`]: the end of the window (the cursor's maximum).
    end_us: u64,
    index: usize,
    cursor_us: u64,
    /// [`Pace::Steps`]: the fractional step while playing.
    pos: f64,
    playing: bool,
    speed_exp: f64,
    auto_pause: bool,
    said: Said,
    /// The mark the player last jumped to or stopped at, until it moves again.
    mark: Option<usize>,
    /// The last frame's timestamp (ms), while playing.
    last_frame_ms: Option<f64>,
}

impl Player {
    /// A paused player at the start of an empty track.
    pub fn new(pace: Pace) -> Player {
        Player {
            pace,
            steps: Vec::new(),
            marks: Vec::new(),
            end_us: 0,
            index: 0,
            cursor_us: 0,
            pos: 0.0,
            playing: false,
            speed_exp: pace.speed_range().2,
            auto_pause: false,
            said: Said::Text(String::new()),
            mark: None,
            last_frame_ms: None,
        }
    }

    pub fn pace(&self) -> Pace {
        self.pace
    }

    /// Puts the player on a new track (the figure was run again). A time
    /// player keeps its cursor and finds its step; a step player keeps its
    /// step as far as the track goes.
    pub fn set_track(&mut self, steps: Vec<u64>, marks: Vec<Mark>, end_us: u64) {
        self.steps = steps;
        self.marks = marks;
        self.end_us = end_us;
        self.mark = None;
        match self.pace {
            Pace::Time => self.sync_index(),
            Pace::Steps => {
                self.index = self.index.min(self.last());
                self.pos = self.index as f64;
            }
        }
    }

    fn last(&self) -> usize {
        self.steps.len().saturating_sub(1)
    }

    fn sync_index(&mut self) {
        self.index = self.steps.partition_point(|&t| t <= self.cursor_us).saturating_sub(1).min(self.last());
    }

    // -----------------------------------------------------------------------
    // Reading

    /// The number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The current step.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Nothing after this time is drawn (`u64::MAX`: everything).
    pub fn cursor_us(&self) -> u64 {
        match self.pace {
            Pace::Time => self.cursor_us,
            Pace::Steps if self.index + 1 < self.steps.len() => self.steps[self.index],
            Pace::Steps => u64::MAX,
        }
    }

    pub fn playing(&self) -> bool {
        self.playing
    }

    /// Whether the player is at the end (of the window, or the last step).
    pub fn at_end(&self) -> bool {
        match self.pace {
            Pace::Time => self.cursor_us >= self.end_us,
            Pace::Steps => self.index + 1 >= self.steps.len(),
        }
    }

    pub fn speed_exp(&self) -> f64 {
        self.speed_exp
    }

    /// Simulated time per real time ([`Pace::Time`]) or steps per second ([`Pace::Steps`]).
    pub fn speed(&self) -> f64 {
        10f64.powf(self.speed_exp)
    }

    pub fn auto_pause(&self) -> bool {
        self.auto_pause
    }

    /// The mark the player last jumped to or auto-paused at, while it stays there.
    pub fn current_mark(&self) -> Option<usize> {
        self.mark
    }

    /// What the status line shows.
    pub fn status(&self) -> Status<'_> {
        match self.pace {
            Pace::Steps if !self.steps.is_empty() => Status::Step(self.index),
            _ => match &self.said {
                Said::Text(text) => Status::Said(text),
                Said::AutoPaused(mark) => Status::AutoPaused(mark),
                Said::NoMoreMarks => Status::NoMoreMarks,
            },
        }
    }

    // -----------------------------------------------------------------------
    // Moving

    pub fn set_speed(&mut self, exp: f64) {
        let (lo, hi, _) = self.pace.speed_range();
        self.speed_exp = exp.clamp(lo, hi);
    }

    pub fn set_auto_pause(&mut self, on: bool) {
        self.auto_pause = on;
    }

    /// Starts playing, from the start when at the end.
    pub fn play(&mut self) {
        match self.pace {
            Pace::Time if self.cursor_us >= self.end_us => {
                self.cursor_us = 0;
                self.sync_index();
            }
            Pace::Steps if self.at_end() => {
                self.index = 0;
                self.pos = 0.0;
            }
            _ => {}
        }
        self.mark = None;
        self.playing = true;
        self.last_frame_ms = None;
    }

    pub fn pause(&mut self) {
        self.playing = false;
        self.last_frame_ms = None;
    }

    /// Goes to step `i` (clamped to the track) and pauses.
    pub fn go_to_step(&mut self, i: usize, narrator: &dyn Narrator) {
        self.pause();
        if self.steps.is_empty() {
            return;
        }
        self.index = i.min(self.last());
        self.pos = self.index as f64;
        self.mark = None;
        if self.pace == Pace::Time {
            self.cursor_us = self.steps[self.index];
            self.said = Said::Text(narrator.describe_step(self.index));
        }
    }

    /// Moves `delta` steps (back when negative) and pauses.
    pub fn step(&mut self, delta: i64, narrator: &dyn Narrator) {
        let i = if delta < 0 {
            self.index.saturating_sub(delta.unsigned_abs() as usize)
        } else {
            self.index.saturating_add(delta as usize)
        };
        self.go_to_step(i, narrator);
    }

    /// Puts the cursor at `t_us` (clamped to the window) and pauses: a time
    /// player's cursor goes exactly there, a step player's to the last step at or before it.
    pub fn seek(&mut self, t_us: u64) {
        self.pause();
        self.mark = None;
        match self.pace {
            Pace::Time => {
                self.cursor_us = t_us.min(self.end_us);
                self.sync_index();
            }
            Pace::Steps => {
                self.index = self.steps.partition_point(|&t| t <= t_us).saturating_sub(1);
                self.pos = self.index as f64;
            }
        }
    }

    /// Sets a time player's cursor without pausing (a permalink's `t`, a
    /// shorter window). The step follows.
    pub fn set_cursor(&mut self, t_us: u64) {
        self.cursor_us = t_us;
        self.sync_index();
    }

    /// Jumps to the first mark after the cursor and pauses, saying what it is.
    pub fn next_mark(&mut self, narrator: &dyn Narrator) {
        self.pause();
        match self.marks.iter().position(|m| m.at_us > self.cursor_us) {
            Some(i) => {
                self.cursor_us = self.marks[i].at_us;
                self.sync_index();
                self.said = Said::Text(narrator.describe_mark(i));
                self.mark = Some(i);
            }
            None => self.said = Said::NoMoreMarks,
        }
    }

    /// One animation frame at `now_ms` (the frame's timestamp): moves the
    /// player by the time since the last frame (at most 100 ms), stopping
    /// at the end and, with auto-pause on, at a mark that breaks an invariant.
    pub fn frame(&mut self, now_ms: f64, narrator: &dyn Narrator) -> Tick {
        if !self.playing {
            return Tick::Idle;
        }
        let dt_ms = self.last_frame_ms.map(|last| (now_ms - last).clamp(0.0, 100.0)).unwrap_or(0.0);
        self.last_frame_ms = Some(now_ms);
        match self.pace {
            Pace::Time => {
                let old = self.cursor_us;
                let new = old + (dt_ms * 1000.0 * self.speed()).round() as u64;
                if self.auto_pause {
                    if let Some(i) = self.marks.iter().position(|m| m.stops_play && m.at_us > old && m.at_us <= new) {
                        self.cursor_us = self.marks[i].at_us;
                        self.sync_index();
                        self.said = Said::AutoPaused(narrator.describe_mark(i));
                        self.mark = Some(i);
                        self.pause();
                        return Tick::Stopped;
                    }
                }
                if new >= self.end_us {
                    self.cursor_us = self.end_us;
                    self.sync_index();
                    self.pause();
                    return Tick::Stopped;
                }
                self.cursor_us = new;
                self.sync_index();
                Tick::Moved
            }
            Pace::Steps => {
                self.pos += dt_ms / 1000.0 * self.speed();
                if self.pos as usize + 1 >= self.steps.len() {
                    self.index = self.last();
                    self.pause();
                    return Tick::Stopped;
                }
                self.index = self.pos as usize;
                Tick::Moved
            }
        }
    }

    /// Puts a step player at its last step (the whole story).
    pub fn to_end(&mut self) {
        self.index = self.last();
        self.pos = self.index as f64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Words;

    impl Narrator for Words {
        fn describe_step(&self, i: usize) -> String {
            format!("step {i}")
        }
        fn describe_mark(&self, i: usize) -> String {
            format!("mark {i}")
        }
    }

    fn timeline() -> Player {
        let mut p = Player::new(Pace::Time);
        let marks = vec![Mark { at_us: 250, stops_play: false }, Mark { at_us: 450, stops_play: true }];
        p.set_track(vec![100, 200, 300, 400, 500], marks, 1_000);
        p
    }

    #[test]
    fn a_time_player_steps_through_events_and_plays_to_the_end() {
        let mut p = timeline();
        assert_eq!((p.index(), p.cursor_us()), (0, 0));
        p.step(2, &Words);
        assert_eq!((p.index(), p.cursor_us(), p.status()), (2, 300, Status::Said("step 2")));
        p.step(-5, &Words);
        assert_eq!(p.index(), 0);
        p.go_to_step(99, &Words);
        assert_eq!((p.index(), p.cursor_us()), (4, 500));
        // 1× speed: 100 ms of frames is 100 000 µs, past the window's end.
        p.set_speed(0.0);
        p.play();
        assert_eq!(p.frame(0.0, &Words), Tick::Moved);
        assert_eq!(p.frame(100.0, &Words), Tick::Stopped);
        assert!(p.at_end() && !p.playing());
        assert_eq!(p.cursor_us(), 1_000);
        // Playing again starts over.
        p.play();
        assert_eq!((p.cursor_us(), p.index()), (0, 0));
        assert_eq!(p.frame(5.0, &Words), Tick::Moved);
        p.pause();
        assert_eq!(p.frame(6.0, &Words), Tick::Idle);
    }

    #[test]
    fn marks_are_found_and_stop_the_play_when_asked() {
        let mut p = timeline();
        p.next_mark(&Words);
        assert_eq!((p.cursor_us(), p.index(), p.current_mark()), (250, 1, Some(0)));
        assert_eq!(p.status(), Status::Said("mark 0"));
        p.next_mark(&Words);
        p.next_mark(&Words);
        assert_eq!(p.status(), Status::NoMoreMarks);
        // Auto-pause stops at the invariant break only.
        let mut p = timeline();
        p.set_auto_pause(true);
        p.set_speed(-2.0);
        p.play();
        p.frame(0.0, &Words);
        let mut t = 0.0;
        while p.frame(t, &Words) == Tick::Moved {
            t += 16.0;
        }
        assert_eq!((p.cursor_us(), p.current_mark()), (450, Some(1)));
        assert_eq!(p.status(), Status::AutoPaused("mark 1"));
    }

    #[test]
    fn a_step_player_narrates_its_step_and_shows_everything_at_the_end() {
        let mut p = Player::new(Pace::Steps);
        p.set_track(vec![10, 20, 30], Vec::new(), 0);
        p.to_end();
        assert_eq!((p.index(), p.cursor_us()), (2, u64::MAX));
        p.step(-1, &Words);
        assert_eq!((p.index(), p.cursor_us(), p.status()), (1, 20, Status::Step(1)));
        // 10^0.6 ≈ 4 steps a second: one second of frames reaches the end.
        p.play();
        p.frame(0.0, &Words);
        assert_eq!(p.frame(100.0, &Words), Tick::Moved);
        let mut t = 100.0;
        while p.frame(t, &Words) == Tick::Moved {
            t += 100.0;
        }
        assert!(p.at_end() && !p.playing());
        // A shorter track keeps the step within it.
        p.set_track(vec![5, 6], Vec::new(), 0);
        assert_eq!(p.index(), 1);
    }

    #[test]
    fn seeking_puts_the_cursor_at_a_time() {
        let mut p = timeline();
        p.seek(333);
        assert_eq!((p.cursor_us(), p.index()), (333, 2));
        p.seek(5_000);
        assert_eq!(p.cursor_us(), 1_000);
        let mut s = Player::new(Pace::Steps);
        s.set_track(vec![10, 20, 30], Vec::new(), 0);
        s.seek(25);
        assert_eq!((s.index(), s.cursor_us()), (1, 20));
    }
}
