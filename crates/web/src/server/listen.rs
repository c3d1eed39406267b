//! The accept loop: hyper's HTTP/1.1 connections, counted per client address, and the
//! graceful stop.

use std::collections::HashMap;
use std::convert::Infallible;
use std::io;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::signal::unix::{signal, Signal, SignalKind};
use tokio::sync::watch;

use super::pool::Pool;
use super::{http, Peer, ServerLimits};

/// SIGINT and SIGTERM.
pub(super) struct Signals {
    interrupt: Signal,
    terminate: Signal,
}

impl Signals {
    /// Listens for both (within a tokio runtime).
    pub(super) fn install() -> io::Result<Signals> {
        Ok(Signals { interrupt: signal(SignalKind::interrupt())?, terminate: signal(SignalKind::terminate())? })
    }

    async fn recv(&mut self) {
        tokio::select! {
            _ = self.interrupt.recv() => {}
            _ = self.terminate.recv() => {}
        }
    }
}

/// The connections open, by address.
#[derive(Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// A connection's place among the open ones, given back when it closes.
struct Counted {
    open: Arc<Mutex<Open>>,
    ip: IpAddr,
}

impl Counted {
    fn admit(open: &Arc<Mutex<Open>>, ip: IpAddr, limits: &ServerLimits) -> Result<Counted, &'static str> {
        let mut o = open.lock().unwrap_or_else(|e| e.into_inner());
        if o.total >= limits.max_connections {
            return Err("the server has as many connections open as it takes; try again shortly");
        }
        let mine = o.by_address.entry(ip).or_default();
        if *mine >= limits.max_per_address {
            return Err("this address has as many connections open as one address may; close some first");
        }
        *mine += 1;
        o.total += 1;
        Ok(Counted { open: open.clone(), ip })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut o = self.open.lock().unwrap_or_else(|e| e.into_inner());
        o.total -= 1;
        if let Some(n) = o.by_address.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                o.by_address.remove(&self.ip);
            }
        }
    }
}

/// Accepts until told to stop (or a signal), then stops gracefully: the listener closes,
/// queued heavy work is refused, requests in flight get `shutdown_grace` to finish, and
/// what is left is cancelled.
pub(super) async fn run(
    listener: TcpListener,
    pool: Arc<Pool>,
    limits: ServerLimits,
    mut stop: watch::Receiver<bool>,
    mut signals: Signals,
) {
    let open = Arc::new(Mutex::new(Open::default()));
    let app = http::router(pool.clone(), limits);
    let graceful = GracefulShutdown::new();
    let trimmer = tokio::spawn(pool.clone().give_back_memory());
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(_) => {
                    // A failed accept (the client left, too many open files) concerns that
                    // client; pause a moment so that a persistent failure does not spin.
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            },
            _ = stop.wait_for(|s| *s) => break,
            () = signals.recv() => break,
        };
        let _ = stream.set_nodelay(true);
        let mut builder = http1::Builder::new();
        builder.timer(TokioTimer::new()).header_read_timeout(limits.head_timeout).max_buf_size(16 * 1024);
        let io = TokioIo::new(stream);
        match Counted::admit(&open, peer.ip(), &limits) {
            Ok(counted) => {
                let app = app.clone();
                let service = tower::ServiceExt::map_request(app, move |mut req: hyper::Request<Incoming>| {
                    req.extensions_mut().insert(Peer(peer));
                    req
                });
                let conn = graceful.watch(builder.serve_connection(io, TowerToHyperService::new(service)));
                tokio::spawn(async move {
                    let _counted = counted;
                    let _ = conn.await;
                });
            }
            Err(reason) => {
                builder.keep_alive(false);
                let refuse =
                    hyper::service::service_fn(move |_| async move { Ok::<_, Infallible>(http::busy(reason, 5)) });
                let conn = graceful.watch(builder.serve_connection(io, refuse));
                tokio::spawn(async move {
                    let _ = tokio::time::timeout(Duration::from_secs(5), conn).await;
                });
            }
        }
    }
    drop(listener);
    trimmer.abort();
    pool.stop_admitting();
    let closed = graceful.shutdown();
    tokio::pin!(closed);
    tokio::select! {
        () = &mut closed => {}
        () = tokio::time::sleep(limits.shutdown_grace) => {
            pool.cancel_all();
            let _ = tokio::time::timeout(Duration::from_secs(2), closed).await;
        }
    }
}
