//! The HTTP server: tiny_http on a loopback address, a few workers, bounded bodies.

use std::io::Read;
use std::net::SocketAddr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::thread;

use tiny_http::{Header, Response, Server};

use crate::api::{handle, Reply, MAX_BODY};

/// Where and how to serve.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub addr: SocketAddr,
    pub workers: usize,
}

/// A running server; dropping it does not stop it, [`Running::stop`] does.
pub struct Running {
    server: Arc<Server>,
    workers: Vec<thread::JoinHandle<()>>,
    pub addr: SocketAddr,
}

impl Running {
    /// Stops accepting requests and waits for the workers.
    pub fn stop(self) {
        self.server.unblock();
        for _ in 1..self.workers.len() {
            self.server.unblock();
        }
        for w in self.workers {
            let _ = w.join();
        }
    }

    /// Serves until the process ends.
    pub fn wait(self) {
        for w in self.workers {
            let _ = w.join();
        }
    }
}

/// Starts the server.
pub fn serve(options: &ServeOptions) -> Result<Running, String> {
    // The value table first, so that the first page is answered at once.
    crate::api::warm_up();
    let server = Server::http(options.addr).map_err(|e| format!("cannot listen on {}: {e}", options.addr))?;
    let addr = server.server_addr().to_ip().ok_or("the server has no IP address")?;
    let server = Arc::new(server);
    let workers = (0..options.workers.max(1))
        .map(|_| {
            let server = server.clone();
            thread::spawn(move || {
                // recv fails only when the server is unblocked (stopped).
                while let Ok(request) = server.recv() {
                    respond(request);
                }
            })
        })
        .collect();
    Ok(Running { server, workers, addr })
}

fn respond(mut request: tiny_http::Request) {
    let method = request.method().as_str().to_string();
    let url = request.url().to_string();
    let reply = if request.body_length().is_some_and(|n| n > MAX_BODY) {
        Reply::error(413, format!("request body over {MAX_BODY} bytes"))
    } else {
        // Read at most one byte more than allowed, whatever the headers said.
        let mut body = Vec::new();
        match request.as_reader().take(MAX_BODY as u64 + 1).read_to_end(&mut body) {
            Err(e) => Reply::error(400, format!("cannot read the request body: {e}")),
            Ok(_) if body.len() > MAX_BODY => Reply::error(413, format!("request body over {MAX_BODY} bytes")),
            Ok(_) => catch_unwind(AssertUnwindSafe(|| handle(&method, &url, &body)))
                .unwrap_or_else(|_| Reply::error(500, "internal error (the request was logged)")),
        }
    };
    let header = Header::from_bytes(&b"Content-Type"[..], reply.content_type.as_bytes()).expect("a valid header");
    let nosniff = Header::from_bytes(&b"X-Content-Type-Options"[..], &b"nosniff"[..]).expect("a valid header");
    let response =
        Response::from_data(reply.body).with_status_code(reply.status).with_header(header).with_header(nosniff);
    // A client that went away is not our error.
    let _ = request.respond(response);
}
