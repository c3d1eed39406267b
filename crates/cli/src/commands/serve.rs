//! `grundy serve`: the play page and its JSON API on a local address; the server asks the
//! core through the same request API as the command line. It serves until SIGINT (Ctrl-C)
//! or SIGTERM, then stops gracefully (the requests in flight finish or are cancelled) and
//! exits 0.

use std::io::Write;
use std::net::{IpAddr, SocketAddr};

use anyhow::Result;

use crate::job::Job;

pub fn run(out: &mut impl Write, _job: &Job, bind: IpAddr, port: u16) -> Result<()> {
    // One heavy computation per core; the reading, the cheap work and the I/O beside them.
    let workers = std::thread::available_parallelism().map_or(2, usize::from);
    let options = grundy_web::ServeOptions { addr: SocketAddr::new(bind, port), workers };
    let running = grundy_web::serve(&options).map_err(anyhow::Error::msg)?;
    writeln!(out, "serving the play page on http://{}/ (Ctrl-C to stop)", running.addr)?;
    out.flush()?;
    running.wait();
    writeln!(out, "stopped")?;
    Ok(())
}
