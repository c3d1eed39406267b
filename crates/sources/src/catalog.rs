//! The pinned sources: where each reference comes from and where its files live, relative
//! to `fixtures/`.

/// How a raw file is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// An OEIS b-file, or a stored transcription in the same "n a(n)" shape.
    BFile,
    /// The OEIS text format (%S %T %U lines).
    OeisText,
    /// Flammenkamp's page.
    FlammenkampHtml,
}

/// A copy obtained without the network, used when the fetched snapshot is absent.
#[derive(Clone, Copy, Debug)]
pub struct Stored {
    /// The file, relative to `fixtures/`.
    pub path: &'static str,
    /// How it is read.
    pub format: Format,
}

/// One reference.
#[derive(Clone, Copy, Debug)]
pub struct Source {
    /// The name the pipeline and the manifest know it by (the A-number for a b-file).
    pub id: &'static str,
    /// The reference as a person would cite it.
    pub title: &'static str,
    /// The pinned URL.
    pub url: &'static str,
    /// How the raw file is read.
    pub format: Format,
    /// Where the response is saved as it came.
    pub raw: &'static str,
    /// The copy used when `raw` is absent, if there is one.
    pub stored: Option<Stored>,
    /// The parsed fixture.
    pub parsed: &'static str,
    /// The A-number whose official b-file hash is listed in the stored sha256 list.
    pub official_bfile: Option<&'static str>,
}

const fn bfile(
    id: &'static str,
    title: &'static str,
    url: &'static str,
    raw: &'static str,
    parsed: &'static str,
) -> Source {
    Source { id, title, url, format: Format::BFile, raw, stored: None, parsed, official_bfile: Some(id) }
}

/// The stored list of official b-file hashes (from the OEIS repository's LFS pointers).
pub const BFILE_SHA256_LIST: &str = "raw/stored/oeis_bfile_sha256.txt";

/// Every pinned source.
pub const SOURCES: &[Source] = &[
    Source {
        id: "flammenkamp-grundy",
        title: "Achim Flammenkamp, Sprague-Grundy Values of Grundy's Game",
        url: "http://wwwhomes.uni-bielefeld.de/achim/grundy.html",
        format: Format::FlammenkampHtml,
        raw: "raw/flammenkamp/grundy.html",
        stored: Some(Stored { path: "raw/flammenkamp/grundy.partial.html", format: Format::FlammenkampHtml }),
        parsed: "flammenkamp/grundy.json",
        official_bfile: None,
    },
    bfile(
        "A002188",
        "Sprague-Grundy values for Grundy's game",
        "https://oeis.org/A002188/b002188.txt",
        "raw/oeis/b002188.txt",
        "oeis/A002188.csv",
    ),
    Source {
        id: "A036685",
        title: "List of single-heap P-positions in Grundy's game",
        url: "https://oeis.org/search?q=id:A036685&fmt=text",
        format: Format::OeisText,
        raw: "raw/oeis/A036685.txt",
        stored: Some(Stored { path: "raw/stored/oeis_A036685.txt", format: Format::BFile }),
        parsed: "oeis/A036685.csv",
        official_bfile: None,
    },
    Source {
        id: "A180120",
        title: "Indices of record high-points of the Sprague-Grundy values of Grundy's game",
        url: "https://oeis.org/A180120/b180120.txt",
        format: Format::BFile,
        raw: "raw/oeis/b180120.txt",
        stored: Some(Stored { path: "raw/stored/oeis_A180120.txt", format: Format::BFile }),
        parsed: "oeis/A180120.csv",
        official_bfile: Some("A180120"),
    },
    Source {
        id: "A180121",
        title: "Record high-points of the Sprague-Grundy values of Grundy's game",
        url: "https://oeis.org/A180121/b180121.txt",
        format: Format::BFile,
        raw: "raw/oeis/b180121.txt",
        stored: Some(Stored { path: "raw/stored/oeis_A180121.txt", format: Format::BFile }),
        parsed: "oeis/A180121.csv",
        official_bfile: Some("A180121"),
    },
    Source {
        id: "A002186",
        title: "Sprague-Grundy values for Kayles (octal games .77 and .771)",
        url: "https://oeis.org/search?q=id:A002186&fmt=text",
        format: Format::OeisText,
        raw: "raw/oeis/A002186.txt",
        stored: Some(Stored { path: "raw/stored/oeis_A002186_kayles.txt", format: Format::BFile }),
        parsed: "oeis/A002186.csv",
        official_bfile: None,
    },
    bfile(
        "A002187",
        "Sprague-Grundy values for Dawson's Chess (octal game .137)",
        "https://oeis.org/A002187/b002187.txt",
        "raw/oeis/b002187.txt",
        "oeis/A002187.csv",
    ),
    bfile(
        "A071452",
        "Sprague-Grundy values for octal game .11377",
        "https://oeis.org/A071452/b071452.txt",
        "raw/oeis/b071452.txt",
        "oeis/A071452.csv",
    ),
    bfile(
        "A071509",
        "Sprague-Grundy values for octal games .1777 and .17771",
        "https://oeis.org/A071509/b071509.txt",
        "raw/oeis/b071509.txt",
        "oeis/A071509.csv",
    ),
    bfile(
        "A071435",
        "Sprague-Grundy values for octal game .177",
        "https://oeis.org/A071435/b071435.txt",
        "raw/oeis/b071435.txt",
        "oeis/A071435.csv",
    ),
    bfile(
        "A071464",
        "Sprague-Grundy values for octal games .127 and .1271",
        "https://oeis.org/A071464/b071464.txt",
        "raw/oeis/b071464.txt",
        "oeis/A071464.csv",
    ),
    bfile(
        "A046695",
        "Sprague-Grundy values for Couples-are-Forever (octal game .6)",
        "https://oeis.org/A046695/b046695.txt",
        "raw/oeis/b046695.txt",
        "oeis/A046695.csv",
    ),
    bfile(
        "A014586",
        "Nim-Grundy function for Subtract-a-Square",
        "https://oeis.org/A014586/b014586.txt",
        "raw/oeis/b014586.txt",
        "oeis/A014586.csv",
    ),
];

/// The source with this id.
pub fn source(id: &str) -> Option<&'static Source> {
    SOURCES.iter().find(|s| s.id == id)
}
