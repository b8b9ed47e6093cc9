//! The engine: a mode, the animation playing, and standby.

use super::mode::{Animation, Interrupt, Millis, Mode, Reaction};
use super::{Event, Frame};

/// Runs one [`Mode`]: feeds it events, plays its animations on the clock it
/// is given, and keeps the frame that should be on show.
pub struct Engine {
    mode: Box<dyn Mode>,
    shown: Frame,
    animation: Option<Playing>,
    standby: bool,
}

struct Playing {
    animation: Animation,
    /// When the current step ends.
    step_ends: Millis,
    step: usize,
}

impl Engine {
    pub fn new(mode: Box<dyn Mode>) -> Engine {
        let shown = mode.draw();
        Engine {
            mode,
            shown,
            animation: None,
            standby: false,
        }
    }

    /// The frame to show now.
    pub fn frame(&self) -> &Frame {
        &self.shown
    }

    pub fn mode(&self) -> &dyn Mode {
        self.mode.as_ref()
    }

    /// Whether the LEDs are dark, waiting for any event to start a new game.
    pub fn is_standby(&self) -> bool {
        self.standby
    }

    /// When the frame changes next by itself (the animation's step ends);
    /// `None` while the picture is settled and only an event changes it.
    pub fn next_deadline(&self) -> Option<Millis> {
        self.animation.as_ref().map(|p| p.step_ends)
    }

    /// Brings the picture up to time `now`.
    pub fn tick(&mut self, now: Millis) {
        let Some(playing) = &mut self.animation else {
            return;
        };
        while now >= playing.step_ends {
            playing.step += 1;
            match playing.animation.steps.get(playing.step) {
                Some(&(_, ms)) => playing.step_ends += ms as Millis,
                None => return self.settle(),
            }
        }
        self.shown = playing.animation.steps[playing.step].0;
    }

    /// Applies one event at time `now`.
    pub fn handle(&mut self, event: Event, now: Millis) {
        if self.standby {
            self.standby = false;
            self.mode.reset();
            self.shown = self.mode.draw();
            return;
        }
        if let Some(playing) = self.animation.take() {
            self.shown = self.mode.draw();
            if playing.animation.interrupt == Interrupt::Skip {
                return;
            }
        }
        match self.mode.handle(event) {
            Reaction::Draw => self.shown = self.mode.draw(),
            Reaction::Standby => {
                self.standby = true;
                self.shown = Frame::dark(self.shown.side());
            }
            Reaction::Animate(animation) => match animation.steps.first() {
                Some(&(first, ms)) => {
                    self.shown = first;
                    self.animation = Some(Playing {
                        animation,
                        step_ends: now + ms as Millis,
                        step: 0,
                    });
                    self.tick(now);
                }
                None => self.shown = self.mode.draw(),
            },
        }
    }

    fn settle(&mut self) {
        self.animation = None;
        self.shown = self.mode.draw();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rgb;

    /// A mode that counts presses and animates two steps on `Hold`.
    struct Counter(u8);

    fn solid(v: u8) -> Frame {
        let mut f = Frame::dark(8);
        f.fill(Rgb(v, v, v));
        f
    }

    impl Mode for Counter {
        fn name(&self) -> &'static str {
            "counter"
        }
        fn reset(&mut self) {
            self.0 = 0;
        }
        fn handle(&mut self, event: Event) -> Reaction {
            match event {
                Event::Press => self.0 += 1,
                Event::Hold => {
                    let steps = vec![(solid(200), 100), (solid(201), 50)];
                    return Reaction::Animate(Animation {
                        steps,
                        interrupt: Interrupt::Skip,
                    });
                }
                Event::Release => return Reaction::Standby,
                _ => {}
            }
            Reaction::Draw
        }
        fn draw(&self) -> Frame {
            solid(self.0)
        }
    }

    #[test]
    fn animations_follow_the_clock_and_settle_on_the_modes_picture() {
        let mut e = Engine::new(Box::new(Counter(1)));
        e.handle(Event::Hold, 1000);
        assert_eq!(*e.frame(), solid(200));
        assert_eq!(e.next_deadline(), Some(1100));
        e.tick(1099);
        assert_eq!(*e.frame(), solid(200));
        e.tick(1100);
        assert_eq!((*e.frame(), e.next_deadline()), (solid(201), Some(1150)));
        e.tick(5000);
        assert_eq!((*e.frame(), e.next_deadline()), (solid(1), None));
    }

    #[test]
    fn a_skippable_animation_swallows_the_event_that_skips_it() {
        let mut e = Engine::new(Box::new(Counter(1)));
        e.handle(Event::Hold, 0);
        e.handle(Event::Press, 10);
        assert_eq!((*e.frame(), e.next_deadline()), (solid(1), None));
        e.handle(Event::Press, 20);
        assert_eq!(*e.frame(), solid(2));
    }

    #[test]
    fn standby_is_dark_and_the_next_event_only_wakes_a_new_game() {
        let mut e = Engine::new(Box::new(Counter(5)));
        e.handle(Event::Release, 0);
        assert!(e.is_standby() && e.frame().is_dark());
        e.handle(Event::Press, 1);
        assert!(!e.is_standby());
        assert_eq!(*e.frame(), solid(0), "reset, and the press was not applied");
    }
}
