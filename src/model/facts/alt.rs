//! Facts of the alt domain, for the words layer (see [`crate::facts`]).
