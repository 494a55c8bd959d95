use super::*;

use polyboggle::Profile;

fn t(secs: u64) -> Duration {
    Duration::from_secs(1_700_000_000 + secs)
}
