//! SVG pictures, drawn with `plotters` into strings.

use grundy_core::Value;
use plotters::prelude::*;

/// G(n) against n: one dot per value and column of heaps, so that the file stays small
/// (a column is as many heaps as a pixel holds).
pub fn values_svg(values: &[Value]) -> String {
    let column = values.len().div_ceil(1000).max(1);
    let mut dots: Vec<(u32, u32)> =
        values.iter().enumerate().map(|(n, &v)| ((n / column * column) as u32, v as u32)).collect();
    dots.sort_unstable();
    dots.dedup();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (1000, 500)).into_drawing_area();
        root.fill(&WHITE).expect("drawing to a string");
        let max = values.iter().copied().max().unwrap_or(1) as u32 + 4;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("G(n) of Grundy's game, n = 0..{}", values.len().saturating_sub(1)), ("sans-serif", 20))
            .margin(10)
            .x_label_area_size(35)
            .y_label_area_size(45)
            .build_cartesian_2d(0u32..values.len() as u32, 0u32..max)
            .expect("drawing to a string");
        chart.configure_mesh().x_desc("n").y_desc("G(n)").disable_mesh().draw().expect("drawing to a string");
        chart
            .draw_series(dots.iter().map(|&p| Circle::new(p, 1, BLUE.mix(0.6).filled())))
            .expect("drawing to a string");
        root.present().expect("drawing to a string");
    }
    svg
}

/// Where the sparse heaps lie: heap on a log scale, value up.
pub fn sparse_svg(sparse: &[(u64, Value)], heaps: u64) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (1000, 500)).into_drawing_area();
        root.fill(&WHITE).expect("drawing to a string");
        let max = sparse.iter().map(|s| s.1).max().unwrap_or(1) as f64 + 10.0;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("The {} sparse heaps below {heaps} (heap n >= 1, log scale)", sparse.len()),
                ("sans-serif", 20),
            )
            .margin(10)
            .x_label_area_size(35)
            .y_label_area_size(45)
            .build_cartesian_2d((1f64..heaps as f64).log_scale(), 0f64..max)
            .expect("drawing to a string");
        chart
            .configure_mesh()
            .x_desc("heap n")
            .y_desc("G(n)")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .disable_mesh()
            .draw()
            .expect("drawing to a string");
        chart
            .draw_series(
                sparse.iter().filter(|s| s.0 >= 1).map(|&(n, v)| Circle::new((n as f64, v as f64), 3, RED.filled())),
            )
            .expect("drawing to a string");
        root.present().expect("drawing to a string");
    }
    svg
}

#[cfg(test)]
mod tests {
    #[test]
    fn svgs_are_made() {
        let g = grundy_core::engine::grundy::naive::grundy_values(300);
        let svg = super::values_svg(&g);
        assert!(svg.starts_with("<svg") && svg.contains("G(n) of Grundy"));
        let distinct: std::collections::BTreeSet<_> = g.iter().enumerate().collect();
        assert_eq!(svg.matches("<circle").count(), distinct.len(), "one dot per heap below 1000 heaps");
        let svg = super::sparse_svg(&[(0, 0), (3, 1), (87, 7)], 300);
        assert_eq!(svg.matches("<circle").count(), 2, "heap 0 has no place on a log scale");
    }
}
