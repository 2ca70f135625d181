//! Facts of the vote domain, for the words layer (see [`crate::facts`]).
