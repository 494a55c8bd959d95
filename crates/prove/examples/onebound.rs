use polyboggle::Face;
use polyboggle::{Lexicon, Rules};
use polyboggle_prove::bound::{Scratch, Walker};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let rules = Rules::hasbro();
    let buckets = ["ESI", "ARNT", "OLCDU", "PMGHBYFVKWZXQJ"];
    let mut faces = vec![];
    let mut bsets = vec![];
    for b in buckets {
        let mut s = 0u128;
        for ch in b.chars() {
            s |= 1 << faces.len();
            faces.push(Face::new(&ch.to_string()));
        }
        bsets.push(s);
    }
    let w = Walker::new(&lexicon, &rules, &faces, 3, 3);
    let mut sc = Scratch::default();
    for spec in &args[1..] {
        let sets: Vec<u128> = spec
            .chars()
            .map(|d| bsets[d.to_digit(10).unwrap() as usize])
            .collect();
        let t = std::time::Instant::now();
        let b = w.bound(&sets, &mut sc);
        eprintln!("{spec}: bound {b} steps {} in {:?}", sc.steps, t.elapsed());
        sc.steps = 0;
    }
}
