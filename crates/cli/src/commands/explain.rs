//! `grundy explain`: the worked solution of a position for learners, written by the core:
//! under normal play the five textbook steps (the mex table, the nim-sum in binary, the
//! targets, every move, the total), under misère play the quotient's steps (or misère
//! Nim's rule, or the search, saying so).

use std::io::Write;

use anyhow::Result;
use grundy_core::ask::{Convention, ExplainRequest, Rule};
use grundy_core::game::Game;

use super::asked;
use crate::job::Job;

pub fn run(
    out: &mut impl Write,
    job: &Job,
    game: &Game,
    heaps: &[u64],
    rule: Rule,
    convention: Convention,
) -> Result<()> {
    let req = ExplainRequest { game: game.clone(), heaps: heaps.to_vec(), rule, convention };
    let (mut ctl, display) = job.control("computing");
    let answer = job.session.explain(&req, &mut ctl);
    display.finish();
    out.write_all(asked(answer, game)?.render().as_bytes())?;
    Ok(())
}
