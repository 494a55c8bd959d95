//! A count's spread over the rolls: mean, deviation and nearest-rank percentiles.

/// A count's spread over the rolls.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Spread {
    /// The mean.
    pub mean: f64,
    /// The standard deviation.
    pub sd: f64,
    /// The smallest.
    pub min: u64,
    /// 5th percentile.
    pub p5: u64,
    /// 25th percentile.
    pub p25: u64,
    /// 50th percentile.
    pub median: u64,
    /// 75th percentile.
    pub p75: u64,
    /// 95th percentile.
    pub p95: u64,
    /// The largest.
    pub max: u64,
}

impl Spread {
    /// The spread of `values`, which it sorts.
    pub fn of(values: &mut [u32]) -> Spread {
        if values.is_empty() {
            return Spread::default();
        }
        values.sort_unstable();
        let n = values.len() as f64;
        let mean = values.iter().map(|&v| v as f64).sum::<f64>() / n;
        let var = values
            .iter()
            .map(|&v| (v as f64 - mean).powi(2))
            .sum::<f64>()
            / n;
        let at = |p: f64| values[((p * n).ceil() as usize).clamp(1, values.len()) - 1] as u64;
        Spread {
            mean,
            sd: var.sqrt(),
            min: values[0] as u64,
            p5: at(0.05),
            p25: at(0.25),
            median: at(0.5),
            p75: at(0.75),
            p95: at(0.95),
            max: *values.last().expect("not empty") as u64,
        }
    }
}
