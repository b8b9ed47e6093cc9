use queens_engine::regions::deduce::{self, Difficulty};
use queens_engine::regions::generate::*;
use queens_engine::regions::solve;
use std::time::Instant;
fn main() {
    for n in [5usize, 6, 7, 8, 9, 10, 12] {
        let t = Instant::now();
        let mut rng = Rng::new(42);
        let (mut tries, mut unique, mut by) = (0, 0, [0u32; 4]);
        while t.elapsed().as_secs_f64() < 1.0 {
            tries += 1;
            let _ = &mut rng;
            if let Some(g) = generate_candidate(n, &mut rng) {
                assert_eq!(solve::count(&g, 2), 1);
                unique += 1;
                match deduce::difficulty(&g) { Some(Difficulty::Easy) => by[0]+=1, Some(Difficulty::Medium) => by[1]+=1, Some(Difficulty::Hard)=>by[2]+=1, None=>by[3]+=1 }
            }
        }
        println!("n={n}: {tries} candidates/s, {unique} unique, easy {} medium {} hard {} stuck {}", by[0], by[1], by[2], by[3]);
    }
}
