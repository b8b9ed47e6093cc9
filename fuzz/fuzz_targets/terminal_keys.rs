//! Terminal key decoding: however the bytes are split across reads, the
//! keys are the same; and the events pair up as a joystick's would (a
//! release only after a hold, nothing between them but the release).
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::backend::terminal::keys::{KeyAction, KeyDecoder, decode_all};
use queens::game::Event;

fuzz_target!(|data: &[u8]| {
    let Some((&split, bytes)) = data.split_first() else { return };
    let whole = decode_all(bytes);

    let mut decoder = KeyDecoder::new();
    let mut split_up = Vec::new();
    let split = (split as usize).min(bytes.len());
    decoder.feed(&bytes[..split], &mut split_up);
    decoder.feed(&bytes[split..], &mut split_up);
    decoder.flush(&mut split_up);
    assert!(!decoder.is_pending());
    assert_eq!(split_up, whole, "split at {split}");

    // A byte gives at most a release and one more action.
    assert!(whole.len() <= 2 * bytes.len());
    let mut holding = false;
    for action in whole {
        match action {
            KeyAction::Game(Event::Hold) => holding = true,
            KeyAction::Game(Event::Release) => {
                assert!(holding, "a release without a hold");
                holding = false;
            }
            KeyAction::Game(_) => assert!(!holding, "an event while the hold is still down"),
            KeyAction::Quit | KeyAction::Suspend => {}
        }
    }
});
