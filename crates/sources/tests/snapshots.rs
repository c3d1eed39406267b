//! The parsers on the committed snapshots, and on broken versions of them.

use grundy_core::bfile::parse_bfile;
use grundy_sources::flammenkamp::{parse_page, PageError, SectionKind};
use grundy_sources::pipeline::partial_flammenkamp_html;

const PAGE: &str = include_str!("../../../fixtures/raw/flammenkamp/grundy.partial.html");
const STORED_LIST: &str = include_str!("../../../fixtures/raw/stored/flammenkamp_grundy_sparse_partial.txt");
const B002188: &str = include_str!("../../../fixtures/raw/oeis/b002188.txt");
const A180120: &str = include_str!("../../../fixtures/raw/stored/oeis_A180120.txt");

fn stored_pairs() -> Vec<(u64, u64)> {
    STORED_LIST
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let v: Vec<u64> = l.split_whitespace().map(|t| t.parse().unwrap()).collect();
            (v[0], v[1])
        })
        .collect()
}

#[test]
fn partial_page_holds_exactly_the_stored_entries() {
    let p = parse_page(PAGE).unwrap();
    assert_eq!(p.sparse, stored_pairs());
    assert_eq!(p.sparse.len(), 48);
    assert_eq!(p.sparse.last(), Some(&(231, 10)));
    assert_eq!(p.stated_sparse_count, Some(1287));
    assert!(!p.sparse_list_complete());
    assert_eq!(p.missing, vec![SectionKind::Records, SectionKind::Frequencies, SectionKind::Statistics]);
    // The committed snapshot is what the reconstruction code makes from the stored list.
    assert_eq!(partial_flammenkamp_html(STORED_LIST).unwrap(), PAGE);
}

#[test]
fn every_truncation_of_the_page_is_refused() {
    let end = PAGE.find("</body>").unwrap();
    for cut in (0..end).filter(|&c| PAGE.is_char_boundary(c)) {
        assert!(parse_page(&PAGE[..cut]).is_err(), "a page cut at byte {cut} was accepted");
    }
    assert_eq!(parse_page(&PAGE[..end]), Err(PageError::Truncated));
}

#[test]
fn damaged_sections_name_their_heading() {
    let junk = PAGE.replace("G(     231)= 10", "G(     231)= 10  see below");
    match parse_page(&junk) {
        Err(PageError::BadEntry { heading, line, .. }) => {
            assert_eq!(heading, "Known Sparse SGV of Grundy's Game");
            assert_eq!(line, 10, "the 10th line of the list");
        }
        other => panic!("{other:?}"),
    }
    let renamed = PAGE.replace("Known Sparse SGV", "Known Values");
    assert!(matches!(parse_page(&renamed), Err(PageError::NoSparseSection { .. })));
    let no_pre = PAGE.replace("<pre>", "<div>").replace("</pre>", "</div>");
    assert!(matches!(parse_page(&no_pre), Err(PageError::EmptySection { .. })));
}

#[test]
fn bfiles_from_fixtures() {
    let b = parse_bfile(B002188).unwrap();
    assert_eq!(b.terms.len(), 10_001);
    assert_eq!(b.terms[1222], (1222, 0));
    let a = parse_bfile(A180120).unwrap();
    assert_eq!(a.terms.len(), 45);
    assert_eq!(a.terms[44], (45, 13679));
    // A bad line in the middle is named with its number.
    let broken = B002188.replacen("500 ", "500x ", 1);
    let err = parse_bfile(&broken).unwrap_err().to_string();
    assert!(err.starts_with("line 501:"), "{err}");
    // A cut inside the last line's value parses as a smaller number: only the sha256 in
    // the manifest catches it. A cut that leaves an index without a value is an error.
    let cut = &B002188[..B002188.rfind(' ').unwrap()];
    assert!(matches!(parse_bfile(cut), Err(grundy_core::bfile::BFileError::BadLine { line: 10001, .. })));
}
