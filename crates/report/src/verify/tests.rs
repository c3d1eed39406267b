//! verify's checks on small summaries: each kind of claim, matching and not.
use super::*;

#[test]
fn our_timings_stand_beside_the_write_ups() {
    let claims = Claims::from_toml(
        "range = 1000\n\
         [[claim]]\nid = \"naive-time\"\nkind = \"perf\"\nlabel = \"definition\"\nseconds = 65.5\n\
         [[claim]]\nid = \"sparse-time-400k\"\nkind = \"perf\"\nlabel = \"sparse\"\nseconds = 6.8\n\
         [[claim]]\nid = \"demo-plot\"\nkind = \"perf\"\nlabel = \"demo\"\nseconds = 0.3\n\
         [[claim]]\nid = \"other-time\"\nkind = \"perf\"\nlabel = \"other\"\nseconds = 1\n",
    )
    .unwrap();
    let mut checks: Vec<Check> = claims
        .claims
        .iter()
        .map(|c| Check {
            id: c.id.clone(),
            label: c.label.clone(),
            reference: "the write-up".into(),
            available: "-".into(),
            outcome: Verdict::Perf,
            detail: perf_detail(c),
        })
        .collect();
    let timing =
        |method: &str, heaps, seconds| Timing { method: method.into(), heaps, seconds, source: "bench".into() };
    let timings = [timing("naive", 400_000, 32.75), timing("plain", 400_000, 13.6), timing("fast", 400_000, 0.349)];
    add_timings(&mut checks, &claims, &timings);
    let details: Vec<&str> = checks.iter().map(|c| c.detail.as_str()).collect();
    assert_eq!(
        details,
        [
            "65.5 s in the write-up; ours: naive 32.8 s (bench), 2.00 times faster",
            "6.8 s in the write-up; ours: plain 13.6 s (bench), 2.00 times slower; fast 0.349 s (bench), 19.5 times faster",
            "0.3 s in the write-up; ours: fast at 30001 heaps not measured",
            "1 s in the write-up; ours: no counterpart defined",
        ]
    );
}
