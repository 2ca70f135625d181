//! Facts of the story domain, for the words layer (see [`crate::facts`]).
