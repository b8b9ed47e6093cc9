//! Terminal key decoding, in a mode that drags to mark and in one that does
//! not: however the bytes are split across reads, the keys are the same;
//! the events pair up as a joystick's would (a release only after a hold,
//! nothing between them but the release); the mouse points and marks only
//! at the board's squares, and marks only where the mode drags to mark.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::backend::terminal::keys::{KeyAction, KeyDecoder};
use queens::backend::terminal::render::{Size, Squares};
use queens::game::{Checkerboard, Event, MAX_SIDE};

fuzz_target!(|data: &[u8]| {
    // The first byte splits the rest in two reads; the second picks the
    // board (4x4 to 16x16) and the terminal's width (80 down to 42
    // columns, 24 rows) its clicks land in.
    let Some((&[split, shape], bytes)) = data.split_first_chunk::<2>() else { return };
    let sizes = (MAX_SIDE - 3) as u8;
    let board = Checkerboard::new(4 + usize::from(shape % sizes));
    let size = Size { cols: 80 - 2 * u16::from(shape / sizes), rows: 24 };
    for drags in [false, true] {
        let decode = |reads: &[&[u8]]| {
            let mut decoder = KeyDecoder::new();
            decoder.point_on(Squares::new(size, board), drags);
            let mut out = Vec::new();
            for read in reads {
                decoder.feed(read, &mut out);
            }
            decoder.flush(&mut out);
            assert!(!decoder.is_pending());
            out
        };
        let whole = decode(&[bytes]);
        let split = (split as usize).min(bytes.len());
        assert_eq!(decode(&[&bytes[..split], &bytes[split..]]), whole, "split at {split}");

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
                KeyAction::Game(Event::At { x, y } | Event::Mark { x, y }) => {
                    assert!(board.square_at(x.into(), y.into()).is_some(), "{action:?} off the board");
                    assert!(!holding, "{action:?} while the hold is still down");
                    assert!(
                        drags || matches!(action, KeyAction::Game(Event::At { .. })),
                        "a mark where no drag marks"
                    );
                }
                KeyAction::Game(_) => assert!(!holding, "an event while the hold is still down"),
                KeyAction::Quit | KeyAction::Interrupt | KeyAction::Suspend | KeyAction::Redraw => {}
            }
        }
    }
});
