//! Facts of the tips domain, for the words layer (see [`crate::facts`]).
