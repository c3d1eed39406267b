//! Query strings as the command line's convention reads them: percent-decoded (`%2C` is
//! `,`, `+` a space), each key known and given at most once, refused in words otherwise.

use super::Reply;

/// A query string's parameters, percent-decoded, each key at most once.
pub struct Params(Vec<(String, String)>);

impl Params {
    /// Reads `query`; a key not in `keys`, a key given twice or a malformed escape is a 400
    /// that names it.
    pub fn parse(query: &str, keys: &[&str]) -> Result<Params, Reply> {
        let usage = keys.iter().map(|k| format!("{k}=")).collect::<Vec<_>>().join(" and ");
        let mut params: Vec<(String, String)> = Vec::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let (key, value) = (percent_decode(key)?, percent_decode(value)?);
            if !keys.contains(&key.as_str()) {
                return Err(Reply::error(400, format!("unknown parameter {key:?}; use {usage}")));
            }
            if params.iter().any(|(k, _)| *k == key) {
                return Err(Reply::error(400, format!("{key}= is given more than once; give it once")));
            }
            params.push((key, value));
        }
        Ok(Params(params))
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

/// Decodes `%XX` escapes and `+` (a space, as forms and `URLSearchParams` write it).
fn percent_decode(text: &str) -> Result<String, Reply> {
    let malformed = || {
        Reply::error(400, format!("malformed percent escape in {text:?}: % must be followed by two hexadecimal digits"))
    };
    let mut out = Vec::with_capacity(text.len());
    let mut bytes = text.bytes();
    while let Some(b) = bytes.next() {
        match b {
            b'%' => {
                let hex = |c: Option<u8>| c.and_then(|c| (c as char).to_digit(16));
                let (Some(hi), Some(lo)) = (hex(bytes.next()), hex(bytes.next())) else { return Err(malformed()) };
                out.push((hi * 16 + lo) as u8);
            }
            b'+' => out.push(b' '),
            b => out.push(b),
        }
    }
    String::from_utf8(out).map_err(|_| Reply::error(400, format!("{text:?} does not decode to UTF-8 text")))
}
