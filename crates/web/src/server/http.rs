//! The router and its layers: the page's files with ETags, HEAD and 304; every API path
//! through the pool; limits on the head, the body and the whole request answered in words.

use std::sync::{Arc, OnceLock};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::header::{self, HeaderValue};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{any, get};
use axum::Router;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutLayer};

use super::pool::Pool;
use super::{Peer, ServerLimits};
use crate::api::{page_file, Reply, MAX_BODY, ROUTES};

#[derive(Clone)]
struct Shared {
    pool: Arc<Pool>,
    limits: ServerLimits,
}

/// Every route of [`ROUTES`]: the page's files as files, the rest through the pool, and
/// the layers around them.
pub(super) fn router(pool: Arc<Pool>, limits: ServerLimits) -> Router {
    let mut router = Router::new();
    for (path, _) in ROUTES {
        router = if page_file(path).is_some() {
            router.route(path, get(file).fallback(api))
        } else {
            router.route(path, any(api))
        };
    }
    let compress = SizeAbove::new(4096).and(NotForContentType::IMAGES);
    router
        .fallback(api)
        .with_state(Shared { pool, limits })
        .layer(CompressionLayer::new().gzip(true).compress_when(compress))
        .layer(middleware::from_fn_with_state(limits, head_size))
        .layer(RequestBodyTimeoutLayer::new(limits.read_timeout))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, limits.request_timeout))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
}

/// A reply as a response; a 405 says which methods the path takes.
fn response(reply: Reply, retry_after: Option<u64>, path: &str) -> Response {
    let mut r = Response::new(Body::from(reply.body));
    *r.status_mut() = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(reply.content_type));
    if let Some(seconds) = retry_after {
        r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    }
    if reply.status == 405 {
        if let Some((_, methods)) = ROUTES.iter().find(|(p, _)| *p == path) {
            let mut allow = methods.join(", ");
            if page_file(path).is_some() {
                allow.push_str(", HEAD");
            }
            if let Ok(v) = HeaderValue::from_str(&allow) {
                r.headers_mut().insert(header::ALLOW, v);
            }
        }
    }
    r
}

/// A refusal in words, with `Retry-After`.
pub(super) fn busy(reason: &str, retry_after: u64) -> Response {
    response(Reply::error(503, reason), Some(retry_after), "")
}

fn refuse(status: u16, reason: String) -> Response {
    response(Reply::error(status, reason), None, "")
}

/// The request line and headers within `max_head` bytes (431 in words).
async fn head_size(State(limits): State<ServerLimits>, req: Request, next: Next) -> Response {
    let size =
        req.uri().to_string().len() + req.headers().iter().map(|(k, v)| k.as_str().len() + v.len() + 4).sum::<usize>();
    if size > limits.max_head {
        return refuse(431, format!("request line and headers over {} bytes", limits.max_head));
    }
    next.run(req).await
}

/// A page file: its ETag, 304 when the client has it, else the file (HEAD: its headers).
async fn file(req: Request) -> Response {
    let path = req.uri().path();
    let Some((content_type, text)) = page_file(path) else {
        return refuse(404, format!("no such page: {path}"));
    };
    let etag = etag_of(path);
    let has = req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).is_some_and(|v| {
        v.split(',').map(str::trim).any(|t| t == "*" || t.trim_start_matches("W/") == etag.to_str().unwrap_or(""))
    });
    let mut r = if has {
        let mut r = Response::new(Body::empty());
        *r.status_mut() = StatusCode::NOT_MODIFIED;
        r
    } else {
        let mut r = Response::new(Body::from(Bytes::from_static(text.as_bytes())));
        r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
        r
    };
    r.headers_mut().insert(header::ETAG, etag);
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

/// The ETag of a page file: FNV-1a of its bytes, computed once per path.
fn etag_of(path: &str) -> HeaderValue {
    static TAGS: OnceLock<Vec<(&'static str, HeaderValue)>> = OnceLock::new();
    let tags = TAGS.get_or_init(|| {
        let fnv = |text: &str| {
            text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
        };
        ROUTES
            .iter()
            .filter_map(|(p, _)| {
                let (_, text) = page_file(p)?;
                Some((*p, HeaderValue::from_str(&format!("\"{:016x}\"", fnv(text))).expect("hex is a header value")))
            })
            .collect()
    });
    tags.iter().find(|(p, _)| *p == path).map_or_else(|| HeaderValue::from_static("\"0\""), |(_, t)| t.clone())
}

/// An API request: its body read within the limits, then answered by the pool.
async fn api(State(shared): State<Shared>, req: Request) -> Response {
    let (parts, body) = req.into_parts();
    let path = parts.uri.path().to_string();
    let announced = parts.headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_BODY as u64) {
        return refuse(413, format!("request body over {MAX_BODY} bytes"));
    }
    let seconds = shared.limits.body_timeout.as_secs();
    let body = match tokio::time::timeout(shared.limits.body_timeout, axum::body::to_bytes(body, MAX_BODY)).await {
        Err(_) => return refuse(408, format!("the request body did not arrive within {seconds} s")),
        Ok(Err(e)) => return refuse_body(&e, &shared.limits),
        Ok(Ok(bytes)) => bytes.to_vec(),
    };
    let client = parts.extensions.get::<Peer>().map_or(std::net::Ipv4Addr::LOCALHOST.into(), |p| p.0.ip());
    let url = parts.uri.path_and_query().map_or_else(|| path.clone(), |pq| pq.as_str().to_string());
    let answer = shared.pool.answer(client, parts.method.to_string(), url, body).await;
    response(answer.reply, answer.retry_after, &path)
}

/// Why a body could not be read, in words: too large (413), a gap too long (408), or the
/// connection's failure (400).
fn refuse_body(e: &axum::Error, limits: &ServerLimits) -> Response {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(err) = source {
        if err.is::<http_body_util::LengthLimitError>() {
            return refuse(413, format!("request body over {MAX_BODY} bytes"));
        }
        if err.is::<tower_http::timeout::TimeoutError>() {
            let seconds = limits.read_timeout.as_secs();
            return refuse(408, format!("the request body stopped for more than {seconds} s"));
        }
        source = err.source();
    }
    refuse(400, format!("cannot read the request body: {e}"))
}
