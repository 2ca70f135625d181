//! What a story step lights in a lane timeline: the holds and leases it
//! speaks of, the names of their threads, and the one write its sentence
//! names. The page's state only: an export or `lab figure` never carries one.

/// Marks a timeline draws at full strength while the rest is dimmed, and
/// the names shown after their threads' lane labels. The page's state only:
/// an export or `lab figure` never carries one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Highlight {
    /// Hold ids.
    pub holds: Vec<u32>,
    /// Leases as `(wallet, token)`.
    pub leases: Vec<(u32, u64)>,
    /// `(wallet, worker, name)`: the lane label gets " · name".
    pub names: Vec<(u32, u32, String)>,
    /// Hold ids whose balance write the step's sentence names: the write
    /// marker gets a ring of its own.
    pub writes: Vec<u32>,
}

impl Highlight {
    pub fn has_hold(&self, id: u32) -> bool {
        self.holds.contains(&id)
    }

    /// `hold`'s write named (ringed).
    pub fn with_write(mut self, hold: u32) -> Highlight {
        self.writes.push(hold);
        self
    }

    pub fn has_lease(&self, wallet: u32, token: u64) -> bool {
        self.leases.contains(&(wallet, token))
    }

    pub fn name_of(&self, wallet: u32, worker: u32) -> Option<&str> {
        self.names.iter().find(|(w, k, _)| *w == wallet && *k == worker).map(|(_, _, n)| n.as_str())
    }

    /// The highlighted threads, in order of entry (the page's `data-highlighted-threads`).
    pub fn workers(&self) -> Vec<u32> {
        self.names.iter().map(|(_, k, _)| *k).collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::story_lead::opening;
    use lab_model::facts::story::StoryFact;

    /// The steps that tell a balance being written name that write, and
    /// only they do: A1's, A3's and A4's opening stories.
    #[test]
    fn the_steps_that_tell_a_write_name_it() {
        let tells_write = |f: &StoryFact| {
            matches!(
                f,
                StoryFact::Wrote { .. }
                    | StoryFact::WriteFenceFirstWrite { .. }
                    | StoryFact::WriteFenceStaleWrite { .. }
                    | StoryFact::RowCommit { .. }
                    | StoryFact::RowGranted { .. }
            )
        };
        for id in ["lease-expiry", "fence-placement", "conditional-update"] {
            let (_, story) = opening(id).expect("an opening story");
            let mut named = 0;
            for step in &story.steps {
                let writes = step.highlight.as_ref().map_or(0, |h| h.writes.len());
                assert_eq!(writes > 0, tells_write(&step.fact), "{id}: {:?}", step.fact);
                assert!(writes <= 1, "{id}: one write per step");
                named += writes;
            }
            assert!(named >= 2, "{id}: {named} writes named");
        }
    }

    /// The named write is drawn with a ring of the focus colour; a step naming none has no ring.
    #[test]
    fn the_named_write_is_ringed_in_the_drawing() {
        #[cfg(not(target_arch = "wasm32"))]
        crate::export::ensure_font().unwrap();
        let (figure, story) = opening("fence-placement").unwrap();
        let svg_of = |i: usize| {
            let step = &story.steps[i];
            let h = figure.story_height_css(step, 900.0) as u32;
            crate::recording::svg_of((900, h), |root| figure.draw_story(root, step, 1.0)).unwrap()
        };
        let focus = "#D97706";
        let writing =
            story.steps.iter().position(|s| s.highlight.as_ref().is_some_and(|h| !h.writes.is_empty())).unwrap();
        assert!(svg_of(writing).contains(focus), "step {writing} rings its write");
        assert!(!svg_of(0).contains(focus), "the first step names no write");
    }
}
