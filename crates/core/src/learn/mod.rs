//! For learners: the worked solution of a position in the five steps textbooks use
//! ([`explain`]), and practice problems reproducible by a seed ([`practice`]).

pub mod explain;
pub mod misere;
pub mod practice;
mod render;
