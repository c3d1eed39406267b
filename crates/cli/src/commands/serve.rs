//! `grundy serve`: the play page and its JSON API on a local address; the server asks the
//! core through the same request API as the command line.

use std::io::Write;
use std::net::{IpAddr, SocketAddr};

use anyhow::Result;

use crate::job::Job;

pub fn run(out: &mut impl Write, _job: &Job, bind: IpAddr, port: u16) -> Result<()> {
    let options = grundy_web::ServeOptions { addr: SocketAddr::new(bind, port), workers: 4 };
    let running = grundy_web::serve(&options).map_err(anyhow::Error::msg)?;
    writeln!(out, "serving the play page on http://{}/ (Ctrl-C to stop)", running.addr)?;
    out.flush()?;
    running.wait();
    Ok(())
}
