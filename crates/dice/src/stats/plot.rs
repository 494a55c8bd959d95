//! The report drawn: the words a roll of each set as one SVG picture.

use super::report::Stats;

/// The words a roll of each set, drawn as one SVG picture: a line a set (the share
/// of rolls with each number of words, in bins), the floor dashed, and a legend with
/// each set's 5th percentile, median and poor-roll share.
///
/// ```
/// use polyboggle_dice::{stats, DiceSet};
/// use polyboggle::{Lexicon, Rules};
///
/// let lexicon = Lexicon::builtin("enable2k")?;
/// let set = DiceSet::builtin("english-new-4x4")?;
/// let options = stats::StatsOptions { rolls: 50, ..Default::default() };
/// let report = stats::measure(&set, &lexicon, &Rules::hasbro(), &options)?;
/// let svg = stats::plot_svg(&[report]);
/// assert!(svg.starts_with("<svg") && svg.contains("english-new-4x4"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn plot_svg(sets: &[Stats]) -> String {
    use std::fmt::Write as _;
    const COLOURS: [&str; 6] = [
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
    ];
    let (width, height, left, right, top, bottom) = (760.0, 420.0, 60.0, 20.0, 20.0, 50.0);
    let legend = 18.0 * sets.len() as f64;
    let plot_h = height - top - bottom;
    let total_h = height + legend;
    // The x axis reaches the largest 99.5th percentile, so one freak roll does not
    // squash the picture; bins of a width that gives about 60 of them.
    let reach = sets
        .iter()
        .map(|s| {
            let mut left = (s.rolls as f64 * 0.005) as u64;
            let mut w = s.histogram.len();
            while w > 1 && left >= s.histogram[w - 1] {
                left -= s.histogram[w - 1];
                w -= 1;
            }
            w as u64
        })
        .max()
        .unwrap_or(1)
        .max(10);
    let bin = (reach as f64 / 60.0).ceil().max(1.0) as u64;
    let bins = reach.div_ceil(bin) as usize + 1;
    let shares: Vec<Vec<f64>> = sets
        .iter()
        .map(|s| {
            let mut out = vec![0.0; bins];
            for (w, &n) in s.histogram.iter().enumerate() {
                let b = (w as u64 / bin) as usize;
                out[b.min(bins - 1)] += n as f64 / s.rolls.max(1) as f64;
            }
            out
        })
        .collect();
    let top_share = shares
        .iter()
        .flatten()
        .copied()
        .fold(0.0, f64::max)
        .max(1e-9);
    let x = |w: f64| left + (w / (bins as u64 * bin) as f64) * (width - left - right);
    let y = |s: f64| top + plot_h - s / top_share * plot_h;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total_h}" viewBox="0 0 {width} {total_h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let (x0, y0) = (left, top + plot_h);
    let _ = writeln!(
        svg,
        r#"<path d="M{x0} {top} V{y0} H{}" stroke="black" fill="none"/>"#,
        width - right
    );
    for i in 0..=5 {
        let w = (bins as u64 * bin) as f64 * i as f64 / 5.0;
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{:.0}</text>"#,
            x(w),
            y0 + 16.0,
            w
        );
        let s = top_share * i as f64 / 5.0;
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{:.1}%</text>"#,
            x0 - 4.0,
            y(s) + 4.0,
            s * 100.0
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">words a roll ({} a bin)</text>"#,
        (left + width - right) / 2.0,
        y0 + 34.0,
        bin
    );
    if let Some(floor) = sets.first().map(|s| s.floor as f64) {
        let _ = writeln!(
            svg,
            r#"<path d="M{:.1} {top} V{y0}" stroke="gray" stroke-dasharray="4 3"/><text x="{:.1}" y="{:.1}" fill="gray">floor {floor}</text>"#,
            x(floor),
            x(floor) + 4.0,
            top + 12.0
        );
    }
    for (i, (set, shares)) in sets.iter().zip(&shares).enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let points: Vec<String> = shares
            .iter()
            .enumerate()
            .map(|(b, &s)| format!("{:.1},{:.1}", x((b as f64 + 0.5) * bin as f64), y(s)))
            .collect();
        let _ = writeln!(
            svg,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#,
            points.join(" ")
        );
        let ly = height + 18.0 * i as f64;
        let _ = writeln!(
            svg,
            r#"<rect x="{left}" y="{:.1}" width="14" height="4" fill="{colour}"/><text x="{:.1}" y="{:.1}">{}: p5 {}, median {}, under {} words {:.1}%</text>"#,
            ly - 4.0,
            left + 20.0,
            ly,
            xml_text(&set.set),
            set.words.p5,
            set.words.median,
            set.floor,
            set.under_floor * 100.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// `text` with XML's special characters escaped.
fn xml_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
