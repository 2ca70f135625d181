//! Facts of the share domain, for the words layer (see [`crate::facts`]).
