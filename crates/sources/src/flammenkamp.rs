//! Achim Flammenkamp's page "Sprague-Grundy Values of Grundy's Game", parsed with `scraper`.
//!
//! The page is found by its headings: a heading containing "sparse" introduces the list of
//! sparse values, a `<pre>` of entries `G(       n)=  v`; headings about records,
//! frequencies (counts and last positions) and statistics introduce the other tables.
//! The parser reports which sections it found and which it did not; a section it
//! recognises but cannot read is an error naming its heading, never an empty list.

use scraper::{ElementRef, Html, Selector};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The sections the parser looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SectionKind {
    /// The opening text, where the page says how many sparse values are known.
    Introduction,
    /// The list of sparse values, entries `G(n)= v` in a `<pre>`.
    SparseList,
    /// The record values: (n, G(n)) pairs.
    Records,
    /// For each value, how often it occurs and where it last occurs.
    Frequencies,
    /// Free text, kept as it reads.
    Statistics,
}

impl SectionKind {
    const ALL: [SectionKind; 5] = [
        SectionKind::Introduction,
        SectionKind::SparseList,
        SectionKind::Records,
        SectionKind::Frequencies,
        SectionKind::Statistics,
    ];

    /// Which section a heading starts, by its words.
    fn of_heading(heading: &str) -> Option<SectionKind> {
        let h = heading.to_lowercase();
        if h.contains("sparse") {
            Some(SectionKind::SparseList)
        } else if h.contains("introduction") {
            Some(SectionKind::Introduction)
        } else if h.contains("record") || h.contains("maximal") || h.contains("extremal") {
            Some(SectionKind::Records)
        } else if h.contains("frequenc") || h.contains("occurrence") || h.contains("last position") {
            Some(SectionKind::Frequencies)
        } else if h.contains("statistic") {
            Some(SectionKind::Statistics)
        } else {
            None
        }
    }
}

/// A heading of the page and what the parser made of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Heading {
    /// The heading's text, whitespace squashed to single spaces.
    pub text: String,
    /// The section it starts, if the parser recognises one.
    pub kind: Option<SectionKind>,
}

/// One row of the frequency table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FrequencyRow {
    /// The Grundy value.
    pub value: u64,
    /// How many heaps have it, in the range the page covers.
    pub count: u64,
    /// The largest heap that has it.
    pub last: u64,
}

/// What the page says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlammenkampPage {
    /// The text of the first `<h1>`.
    pub title: Option<String>,
    /// Every heading, in page order.
    pub headings: Vec<Heading>,
    /// Sections looked for and not found.
    pub missing: Vec<SectionKind>,
    /// "... 1287 are known ...": how many sparse values the page says are known.
    pub stated_sparse_count: Option<u64>,
    /// The sparse list: (n, G(n)) in page order.
    pub sparse: Vec<(u64, u64)>,
    /// The records section, (n, G(n)) in page order; None when the page has none.
    pub records: Option<Vec<(u64, u64)>>,
    /// The frequency table; None when the page has none.
    pub frequencies: Option<Vec<FrequencyRow>>,
    /// The statistics section's text, one line per element; None when the page has none.
    pub statistics: Option<String>,
}

impl FlammenkampPage {
    /// Whether the sparse list holds as many entries as the page says are known.
    pub fn sparse_list_complete(&self) -> bool {
        self.stated_sparse_count == Some(self.sparse.len() as u64)
    }
}

/// Why the page was refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PageError {
    #[error("the page looks truncated: it has no closing </body> or </html>")]
    /// The page has no closing `</body>` or `</html>`: the download was cut short.
    Truncated,
    #[error("no section about sparse values found (headings seen: {seen:?})")]
    /// No heading mentions sparse values, so the list the page exists for is not found.
    NoSparseSection {
        /// Every heading found, to see what the page calls its sections now.
        seen: Vec<String>,
    },
    #[error("section {heading:?} has no <pre> or <table> to read")]
    /// A section that must hold a table (sparse list, records, frequencies) has none.
    EmptySection {
        /// The section's heading.
        heading: String,
    },
    #[error("section {heading:?}, line {line}: cannot read {text:?} as an entry G(n)= v")]
    /// A line of an entry list holds something other than entries `G(n)= v`.
    BadEntry {
        /// The section's heading.
        heading: String,
        /// The line number within the block, from 1.
        line: usize,
        /// The line as found.
        text: String,
    },
    #[error("section {heading:?}, row {row}: expected {expected} numbers, found {text:?}")]
    /// A table row holds the wrong number of integers.
    BadRow {
        /// The section's heading.
        heading: String,
        /// The row (or line of a `<pre>`) within the block, from 1.
        row: usize,
        /// How many integers a row of this table has.
        expected: usize,
        /// The row as found, trimmed.
        text: String,
    },
}

/// Parses the page.
pub fn parse_page(html: &str) -> Result<FlammenkampPage, PageError> {
    let lower = html.to_lowercase();
    if !lower.contains("</html>") && !lower.contains("</body>") {
        return Err(PageError::Truncated);
    }
    let doc = Html::parse_document(html);
    let all = Selector::parse("h1, h2, h3, h4, p, pre, table").expect("a valid selector");
    let mut page = FlammenkampPage {
        title: None,
        headings: Vec::new(),
        missing: Vec::new(),
        stated_sparse_count: None,
        sparse: Vec::new(),
        records: None,
        frequencies: None,
        statistics: None,
    };
    // Content elements of the current section, read when the next heading starts.
    let mut current: Option<(String, Option<SectionKind>)> = None;
    let mut content: Vec<ElementRef> = Vec::new();
    let mut found: Vec<SectionKind> = Vec::new();
    for el in doc.select(&all) {
        let name = el.value().name();
        let text = squash(&el.text().collect::<String>());
        if name == "h1" && page.title.is_none() {
            page.title = Some(text.clone());
        }
        if matches!(name, "h1" | "h2" | "h3" | "h4") {
            if let Some((heading, kind)) = current.take() {
                read_section(&mut page, &heading, kind, &content)?;
            }
            content.clear();
            let kind = SectionKind::of_heading(&text);
            page.headings.push(Heading { text: text.clone(), kind });
            if let Some(k) = kind {
                found.push(k);
            }
            current = Some((text, kind));
        } else {
            if page.stated_sparse_count.is_none() {
                page.stated_sparse_count = stated_count(&text);
            }
            content.push(el);
        }
    }
    if let Some((heading, kind)) = current.take() {
        read_section(&mut page, &heading, kind, &content)?;
    }
    if !found.contains(&SectionKind::SparseList) {
        return Err(PageError::NoSparseSection { seen: page.headings.iter().map(|h| h.text.clone()).collect() });
    }
    page.missing = SectionKind::ALL.into_iter().filter(|k| !found.contains(k)).collect();
    Ok(page)
}

fn read_section(
    page: &mut FlammenkampPage,
    heading: &str,
    kind: Option<SectionKind>,
    content: &[ElementRef],
) -> Result<(), PageError> {
    let blocks: Vec<&ElementRef> = content.iter().filter(|e| matches!(e.value().name(), "pre" | "table")).collect();
    let needs_table = matches!(kind, Some(SectionKind::SparseList | SectionKind::Records | SectionKind::Frequencies));
    if needs_table && blocks.is_empty() {
        return Err(PageError::EmptySection { heading: heading.to_string() });
    }
    match kind {
        Some(SectionKind::SparseList) => {
            for b in blocks {
                page.sparse.extend(parse_entries(heading, &b.text().collect::<String>())?);
            }
        }
        Some(SectionKind::Records) => {
            let mut rows = Vec::new();
            for b in blocks {
                let text = b.text().collect::<String>();
                if b.value().name() == "pre" && text.contains("G(") {
                    rows.extend(parse_entries(heading, &text)?);
                } else {
                    for r in number_rows(heading, b, 2)? {
                        rows.push((r[0], r[1]));
                    }
                }
            }
            page.records = Some(rows);
        }
        Some(SectionKind::Frequencies) => {
            let mut rows = Vec::new();
            for b in blocks {
                for r in number_rows(heading, b, 3)? {
                    rows.push(FrequencyRow { value: r[0], count: r[1], last: r[2] });
                }
            }
            page.frequencies = Some(rows);
        }
        Some(SectionKind::Statistics) => {
            let text: Vec<String> = content.iter().map(|e| squash(&e.text().collect::<String>())).collect();
            page.statistics = Some(text.join("\n"));
        }
        Some(SectionKind::Introduction) | None => {}
    }
    Ok(())
}

/// Entries `G(       n)=  v`, several per line, nothing else but whitespace between them.
fn parse_entries(heading: &str, text: &str) -> Result<Vec<(u64, u64)>, PageError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let bad = || PageError::BadEntry { heading: heading.to_string(), line: i + 1, text: line.to_string() };
        let mut rest = line.trim();
        while !rest.is_empty() {
            let r = rest.strip_prefix("G(").ok_or_else(bad)?;
            let close = r.find(")=").ok_or_else(bad)?;
            let n: u64 = r[..close].trim().parse().map_err(|_| bad())?;
            let r = r[close + 2..].trim_start();
            let digits = r.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                return Err(bad());
            }
            let v: u64 = r[..digits].parse().map_err(|_| bad())?;
            out.push((n, v));
            rest = r[digits..].trim_start();
        }
    }
    Ok(out)
}

/// Rows of integers from a `<table>` (one per `<tr>`) or a `<pre>` (one per line); rows
/// without digits (headers) are skipped, others must hold exactly `expected` integers.
fn number_rows(heading: &str, block: &ElementRef, expected: usize) -> Result<Vec<Vec<u64>>, PageError> {
    let rows: Vec<String> = if block.value().name() == "table" {
        let tr = Selector::parse("tr").expect("a valid selector");
        block.select(&tr).map(|r| r.text().collect::<Vec<_>>().join(" ")).collect()
    } else {
        block.text().collect::<String>().lines().map(str::to_string).collect()
    };
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let numbers: Vec<&str> = row.split(|c: char| !c.is_ascii_digit()).filter(|t| !t.is_empty()).collect();
        if numbers.is_empty() {
            continue;
        }
        let bad =
            || PageError::BadRow { heading: heading.to_string(), row: i + 1, expected, text: row.trim().to_string() };
        if numbers.len() != expected {
            return Err(bad());
        }
        out.push(numbers.iter().map(|t| t.parse().map_err(|_| bad())).collect::<Result<_, _>>()?);
    }
    Ok(out)
}

/// "... 1287 are known ..." -> 1287.
fn stated_count(text: &str) -> Option<u64> {
    let at = text.find(" are known")?;
    let before = text[..at].trim_end();
    let digits = before.bytes().rev().take_while(u8::is_ascii_digit).count();
    before[before.len() - digits..].parse().ok()
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<html><body><h1>Sprague-Grundy Values of Grundy's Game</h1>\
        <h2>Introduction</h2><p>Sparse values are rare: 1287 are known.</p>\
        <h2>Known Sparse SGV of Grundy's Game</h2><pre>G(       0)=  0  G(       1)=  0\nG(      87)=  7</pre>\
        </body></html>";

    #[test]
    fn sections_entries_and_what_is_missing() {
        let p = parse_page(PAGE).unwrap();
        assert_eq!(p.title.as_deref(), Some("Sprague-Grundy Values of Grundy's Game"));
        assert_eq!(p.stated_sparse_count, Some(1287));
        assert_eq!(p.sparse, vec![(0, 0), (1, 0), (87, 7)]);
        assert!(!p.sparse_list_complete());
        assert_eq!(p.missing, vec![SectionKind::Records, SectionKind::Frequencies, SectionKind::Statistics]);
        assert_eq!(p.records, None);
    }

    #[test]
    fn tables_of_records_and_frequencies() {
        let html = PAGE.replace(
            "</body>",
            "<h2>Records</h2><table><tr><th>n</th><th>G(n)</th></tr><tr><td>3</td><td>1</td></tr></table>\
             <h2>Frequencies and last positions</h2><pre>value count last\n0 42 1222\n1 99 4000</pre>\
             <h2>Statistics</h2><p>average 3129.46</p></body>",
        );
        let p = parse_page(&html).unwrap();
        assert_eq!(p.records, Some(vec![(3, 1)]));
        assert_eq!(
            p.frequencies,
            Some(vec![
                FrequencyRow { value: 0, count: 42, last: 1222 },
                FrequencyRow { value: 1, count: 99, last: 4000 }
            ])
        );
        assert_eq!(p.statistics.as_deref(), Some("average 3129.46"));
        assert!(p.missing.is_empty());
    }

    #[test]
    fn broken_pages() {
        let cut = &PAGE[..PAGE.find("G(      87)").unwrap() + 6];
        assert_eq!(parse_page(cut), Err(PageError::Truncated));
        let cut_entry = PAGE.replace("G(      87)=  7", "G(      87");
        assert!(
            matches!(parse_page(&cut_entry), Err(PageError::BadEntry { line: 2, .. })),
            "{:?}",
            parse_page(&cut_entry)
        );
        let junk = PAGE.replace("G(      87)=  7", "G(      87)=  7 junk");
        assert!(matches!(parse_page(&junk), Err(PageError::BadEntry { .. })));
        let no_list = PAGE.replace("Known Sparse SGV", "Known Values");
        assert!(matches!(parse_page(&no_list), Err(PageError::NoSparseSection { .. })));
        let empty = PAGE.replace("<pre>G(       0)=  0  G(       1)=  0\nG(      87)=  7</pre>", "<p>moved</p>");
        assert_eq!(
            parse_page(&empty),
            Err(PageError::EmptySection { heading: "Known Sparse SGV of Grundy's Game".into() })
        );
        let bad_row = PAGE.replace("</body>", "<h2>Records</h2><pre>3 1 7</pre></body>");
        assert!(matches!(parse_page(&bad_row), Err(PageError::BadRow { row: 1, expected: 2, .. })));
    }
}
