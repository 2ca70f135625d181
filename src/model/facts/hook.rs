//! Facts of the hook domain, for the words layer (see [`crate::facts`]).
