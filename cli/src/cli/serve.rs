//! `urlprism serve`: an HTTP server with a page that shows a URL under
//! every profile (the table of `compare`, the steps of `trace`, the keys
//! of `key`), and a JSON API whose answers are what `compare`, `trace`,
//! `canon` and `key` print with `--json`, made by the same functions.  The
//! page takes the API's parameters and is sent with their view drawn
//! from the API's answers ([`page`]); its script draws the next views.
//!
//! Everything it serves is compiled in (`serve/index.html`, `app.js`,
//! `style.css`).  What a client sends is bounded: the query string and
//! each parameter (see [`params`]), the request head, the time to send it,
//! the number of connections, and the number of canonicalizations running
//! at once (on the blocking pool, so that slow work never stalls other
//! connections).

mod page;
mod params;

use super::{
    canon, compare, display, key, trace, BaseAndEncoding, ContextName, UsageError,
    DEFAULT_ENCODING, DEFAULT_PROFILE,
};
use axum::body::Body;
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use clap::Args;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use params::{
    Params, Refusal, Takes, MAX_NAME_BYTES, MAX_PROFILES, MAX_QUERY_BYTES, MAX_URL_BYTES,
};
use std::io;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on (an IP address or a host name).
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    host: String,
    /// The port to listen on; 0 picks a free one (the address is printed
    /// on standard error either way).
    #[arg(long, value_name = "PORT", default_value_t = 8080)]
    port: u16,
}

/// The largest request head (request line and headers), in bytes; a
/// longer one is answered 414 or 431 by the HTTP layer and the connection
/// is closed.
const MAX_HEAD_BYTES: usize = 128 * 1024;

/// The most connections served at once; more wait to be accepted.
const MAX_CONNECTIONS: usize = 256;

/// How long a client has to send a request head, and how long an idle
/// connection is kept open.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a connection lives before it is asked to close (after the
/// request in flight), and how long it then has to finish.
const CONNECTION_LIFETIME: Duration = Duration::from_secs(300);
const CONNECTION_GRACE: Duration = Duration::from_secs(10);

/// How long a request waits for its turn to run before it is answered 503.
const WORK_TIMEOUT: Duration = Duration::from_secs(30);

const INDEX_HTML: &str = include_str!("serve/index.html");
const APP_JS: &str = include_str!("serve/app.js");
const STYLE_CSS: &str = include_str!("serve/style.css");

/// What the handlers share: the permits to run canonicalization.
#[derive(Clone)]
struct State {
    work: Arc<Semaphore>,
}

pub fn run(args: ServeArgs) -> Result<ExitCode, UsageError> {
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .worker_threads(workers)
        .max_blocking_threads(workers)
        .build()
        .map_err(|e| UsageError(format!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(async {
        let listener = TcpListener::bind((args.host.as_str(), args.port))
            .await
            .map_err(|e| {
                UsageError(format!("cannot listen on {}:{}: {e}", args.host, args.port))
            })?;
        let addr = listener
            .local_addr()
            .map_err(|e| UsageError(format!("cannot read the listening address: {e}")))?;
        eprintln!("urlprism serve: listening on http://{addr}/");
        let state = State {
            work: Arc::new(Semaphore::new(workers)),
        };
        serve(listener, router(state)).await;
        Ok(ExitCode::SUCCESS)
    })
}

/// Accepts connections for ever, at most [`MAX_CONNECTIONS`] at once.
async fn serve(listener: TcpListener, app: Router) {
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_buf_size(MAX_HEAD_BYTES);
    loop {
        let Ok(permit) = connections.clone().acquire_owned().await else {
            return;
        };
        let (stream, linger) = match listener.accept().await.and_then(|(s, _)| with_linger(s)) {
            Ok(s) => s,
            Err(e) => {
                // Out of file descriptors, or a connection reset before it
                // was accepted: wait a little and go on.
                eprintln!("urlprism serve: cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(app.clone());
        let connection = http.serve_connection(TokioIo::new(stream), service);
        tokio::spawn(async move {
            let _permit = permit;
            let mut connection = std::pin::pin!(connection);
            // Errors here are the client's doing (it went away, or sent
            // something that is not HTTP and was answered 400): the
            // connection ends, the server goes on.
            tokio::select! {
                _ = connection.as_mut() => {}
                () = tokio::time::sleep(CONNECTION_LIFETIME) => {
                    connection.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(CONNECTION_GRACE, connection).await;
                }
            }
            if let Some(linger) = linger {
                lingering_close(linger).await;
            }
        });
    }
}

/// How long, and how many bytes, a closed connection is drained for.
const LINGER_TIME: Duration = Duration::from_secs(2);
const LINGER_BYTES: usize = 4 << 20;

/// `stream`, and a second handle on its socket for [`lingering_close`]
/// (none when the handle cannot be made, e.g. out of descriptors).
fn with_linger(stream: TcpStream) -> io::Result<(TcpStream, Option<std::net::TcpStream>)> {
    let std = stream.into_std()?;
    let linger = std.try_clone().ok();
    Ok((TcpStream::from_std(std)?, linger))
}

/// Closes a connection the HTTP layer is done with so that the client
/// reads the whole answer: when a request is refused before it is read
/// to the end (a head over the limit), closing at once would reset the
/// connection and the client could lose the answer.  So the sending side
/// is shut, and what the client still sends is read and dropped, for a
/// bounded time and size, before the socket is closed.
async fn lingering_close(socket: std::net::TcpStream) {
    let Ok(mut socket) = TcpStream::from_std(socket) else {
        return;
    };
    let _ = socket.shutdown().await;
    let drain = async {
        let mut buf = vec![0; 16 * 1024];
        let mut total = 0;
        while let Ok(n @ 1..) = socket.read(&mut buf).await {
            total += n;
            if total > LINGER_BYTES {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(LINGER_TIME, drain).await;
}

fn router(state: State) -> Router {
    Router::new()
        .route(
            "/",
            get(|uri: Uri, axum::extract::State(s): axum::extract::State<State>| async move {
                page(s, &uri).await
            }),
        )
        .route("/app.js", get(|| async { asset(APP_JS, "text/javascript; charset=utf-8") }))
        .route("/style.css", get(|| async { asset(STYLE_CSS, "text/css; charset=utf-8") }))
        .route("/api/profiles", get(|| async { profiles() }))
        .route(
            "/api/compare",
            get(|uri: Uri, axum::extract::State(s): axum::extract::State<State>| async move {
                api(s, &uri, Api::Compare).await
            }),
        )
        .route(
            "/api/trace",
            get(|uri: Uri, axum::extract::State(s): axum::extract::State<State>| async move {
                api(s, &uri, Api::Trace).await
            }),
        )
        .route(
            "/api/keys",
            get(|uri: Uri, axum::extract::State(s): axum::extract::State<State>| async move {
                api(s, &uri, Api::Keys).await
            }),
        )
        .route(
            "/api/display",
            get(|uri: Uri, axum::extract::State(s): axum::extract::State<State>| async move {
                api(s, &uri, Api::Display).await
            }),
        )
        .route(
            "/api/canon",
            get(|uri: Uri, axum::extract::State(s): axum::extract::State<State>| async move {
                api(s, &uri, Api::Canon).await
            }),
        )
        .fallback(|uri: Uri| async move {
            let path: String = uri.path().chars().take(200).collect();
            error(StatusCode::NOT_FOUND, &format!("no such page: {path}; the API is /api/compare, /api/trace, /api/canon, /api/display, /api/keys and /api/profiles"))
        })
        .method_not_allowed_fallback(|method: Method| async move {
            let mut r = error(
                StatusCode::METHOD_NOT_ALLOWED,
                &format!("method {method} not allowed: use GET"),
            );
            r.headers_mut()
                .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
            r
        })
        .with_state(state)
}

/// The three answers of the API.
#[derive(Clone, Copy)]
enum Api {
    Compare,
    Trace,
    Canon,
    Display,
    Keys,
}

impl Api {
    fn takes(self) -> Takes {
        match self {
            Api::Compare => Takes::COMPARE,
            Api::Trace => Takes::TRACE,
            Api::Canon => Takes::CANON,
            Api::Display => Takes::DISPLAY,
            Api::Keys => Takes::KEYS,
        }
    }

    /// The JSON the command line prints for these parameters, or why the
    /// command line would refuse them.
    fn answer(self, p: &Params) -> Result<Vec<u8>, UsageError> {
        let context = match p.context.as_deref() {
            None | Some("") => None,
            Some("link") => Some(ContextName::Link),
            Some("new-url") => Some(ContextName::NewUrl),
            Some(other) => {
                return Err(UsageError(format!(
                    "unknown context {other:?}: link (a link in a page) or new-url (new URL())"
                )))
            }
        };
        let resolution = BaseAndEncoding {
            base: p.base.clone(),
            encoding: p.encoding.clone().filter(|e| !e.is_empty()),
            context,
            page_url: p.page_url.clone().filter(|u| !u.is_empty()),
        };
        match self {
            Api::Compare => compare::json_of_argument(&p.url, &p.profiles, &p.groups, &resolution),
            Api::Trace => {
                trace::json_of_argument(&p.url, &p.profiles, &p.groups, p.base.as_deref())
                    .map(String::into_bytes)
            }
            Api::Canon => {
                let profile = p.profiles.first().map_or(DEFAULT_PROFILE, String::as_str);
                canon::json_of_argument(&p.url, profile, &resolution)
            }
            Api::Display => display::json_of_argument(&p.url, &p.profiles),
            Api::Keys => key::json_of_argument(&p.url, &p.kinds),
        }
    }
}

/// Answers an API request: parses its query, then runs the work on the
/// blocking pool once a permit is free.
async fn api(state: State, uri: &Uri, api: Api) -> Response {
    let params = match params::parse(uri.query(), api.takes()) {
        Ok(p) => p,
        Err(Refusal { message, too_long }) => {
            let status = if too_long {
                StatusCode::URI_TOO_LONG
            } else {
                StatusCode::BAD_REQUEST
            };
            return error(status, &message);
        }
    };
    let permit = match tokio::time::timeout(WORK_TIMEOUT, state.work.acquire_owned()).await {
        Ok(Ok(permit)) => permit,
        _ => {
            let mut r = error(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy; try again",
            );
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            return r;
        }
    };
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        api.answer(&params)
    });
    match work.await {
        Ok(Ok(json)) => respond(StatusCode::OK, "application/json", json),
        Ok(Err(UsageError(message))) => error(StatusCode::BAD_REQUEST, &message),
        // A panic: a bug, reported as such; the server goes on.
        Err(e) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            &format!("internal error: {e}"),
        ),
    }
}

/// Answers a request for the page: parses its query as the API does,
/// then draws the view it names (on the blocking pool once a permit is
/// free).  What the API refuses, the page refuses with the same message
/// and status, in HTML.
async fn page(state: State, uri: &Uri) -> Response {
    let (params, given) = match params::parse_page(uri.query()) {
        Ok(p) => p,
        Err(Refusal { message, too_long }) => {
            let status = if too_long {
                StatusCode::URI_TOO_LONG
            } else {
                StatusCode::BAD_REQUEST
            };
            return html(status, page::refused(None, &message));
        }
    };
    if !given {
        return html(StatusCode::OK, page::empty(&params));
    }
    let permit = match tokio::time::timeout(WORK_TIMEOUT, state.work.acquire_owned()).await {
        Ok(Ok(permit)) => permit,
        _ => {
            let busy = page::refused(Some(&params), "the server is busy; try again");
            let mut r = html(StatusCode::SERVICE_UNAVAILABLE, busy);
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            return r;
        }
    };
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        page::view(&params)
    });
    match work.await {
        Ok(Ok(view)) => html(StatusCode::OK, view),
        Ok(Err(refusal)) => html(StatusCode::BAD_REQUEST, refusal),
        // A panic: a bug, reported as such; the server goes on.
        Err(e) => html(
            StatusCode::INTERNAL_SERVER_ERROR,
            page::refused(None, &format!("internal error: {e}")),
        ),
    }
}

/// `/api/profiles`: the profiles compared when none is named, in column
/// order; every registered engine (with what it models, whether it runs
/// by default, its groups); the groups and their engines; the limits on
/// requests.
fn profiles() -> Response {
    let names: Vec<String> = match compare::compared_engines(&[], &[], &[]) {
        Ok(e) => e
            .iter()
            .map(|e| urlprism::compare::Engine::name(e).to_string())
            .collect(),
        Err(UsageError(message)) => return error(StatusCode::INTERNAL_SERVER_ERROR, &message),
    };
    let registered: Vec<serde_json::Value> = urlprism::engines::registry()
        .iter()
        .map(|r| {
            serde_json::json!({
                "name": r.name(),
                "description": r.description(),
                "by_default": r.by_default(),
                "groups": r.groups(),
            })
        })
        .collect();
    let groups: serde_json::Map<String, serde_json::Value> = urlprism::engines::group_names()
        .into_iter()
        .map(|g| {
            let members: Vec<String> = urlprism::engines::group(g)
                .unwrap_or_default()
                .iter()
                .map(|e| urlprism::compare::Engine::name(e).to_string())
                .collect();
            (g.to_string(), serde_json::json!(members))
        })
        .collect();
    let body = serde_json::json!({
        "profiles": names,
        "registered": registered,
        "groups": groups,
        "default_profile": DEFAULT_PROFILE,
        "default_encoding": DEFAULT_ENCODING,
        "limits": limits(),
    });
    respond(
        StatusCode::OK,
        "application/json",
        body.to_string().into_bytes(),
    )
}

/// The size limits on a request, as stated in every error answer.
fn limits() -> serde_json::Value {
    serde_json::json!({
        "url_bytes": MAX_URL_BYTES,
        "base_bytes": MAX_URL_BYTES,
        "query_bytes": MAX_QUERY_BYTES,
        "head_bytes": MAX_HEAD_BYTES,
        "profiles": MAX_PROFILES,
        "name_bytes": MAX_NAME_BYTES,
    })
}

/// An error answer: `{"error": message, "status": code, "limits": {...}}`.
fn error(status: StatusCode, message: &str) -> Response {
    let body = serde_json::json!({
        "error": message,
        "status": status.as_u16(),
        "limits": limits(),
    });
    respond(status, "application/json", body.to_string().into_bytes())
}

fn asset(text: &'static str, content_type: &'static str) -> Response {
    with_policy(respond(
        StatusCode::OK,
        content_type,
        text.as_bytes().to_vec(),
    ))
}

/// The page, as drawn for a request.
fn html(status: StatusCode, page: String) -> Response {
    with_policy(respond(
        status,
        "text/html; charset=utf-8",
        page.into_bytes(),
    ))
}

/// `r` with the page's content security policy: nothing from elsewhere,
/// no inline script or style.
fn with_policy(mut r: Response) -> Response {
    r.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        ),
    );
    r
}

fn respond(status: StatusCode, content_type: &'static str, body: Vec<u8>) -> Response {
    let mut r = Response::new(Body::from(body));
    *r.status_mut() = status;
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}
