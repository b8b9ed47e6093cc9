//! The emulator's joystick: a Unix datagram server run by its GUI. A client
//! binds a socket of its own, says `hello` to the server (again about once a
//! second, so a restarted GUI learns of it) and receives one record per key
//! change, laid out as the kernel's `input_event`: seconds and microseconds
//! (C longs), then type, code (u16) and value (u32), in native byte order.

use sense_hat::StickEvent;
use sense_hat::stick::record as joystick;
use std::io;
use std::os::unix::net::UnixDatagram;
use std::path::{Path, PathBuf};

/// The server's socket name, in the emulator's directory.
pub(crate) const SERVER_NAME: &str = "rpi-sense-emu-stick";

/// One record's size: Python's `struct.calcsize('llHHI')`, which is the
/// kernel's `struct input_event`, so the raw-record reader ([`sense_hat::stick::record`]) reads
/// it (the GUI sends the Raspberry Pi kernel's KEY_* codes).
pub const RECORD_LEN: usize = joystick::RECORD;

/// Every key change in one datagram (whole records only): presses and
/// releases of the five keys; anything else, and the auto-repeat value 2,
/// gives nothing (holds and repeats are timed by [`crate::game::gesture`]).
pub fn decode_datagram(bytes: &[u8]) -> impl Iterator<Item = StickEvent> + '_ {
    bytes.chunks_exact(RECORD_LEN).filter_map(|r| joystick::decode(r.try_into().ok()?))
}

/// Our end of the joystick socket: a client of the emulator's stick server.
pub(crate) struct StickClient {
    socket: UnixDatagram,
    own_path: PathBuf,
    server: PathBuf,
}

impl StickClient {
    /// Binds `rpi-sense-emu-client-PID` beside the server's socket, as the
    /// emulator's own client does.
    pub(crate) fn open(server: PathBuf) -> io::Result<StickClient> {
        let dir = server.parent().unwrap_or(Path::new("."));
        let own_path = dir.join(format!("rpi-sense-emu-client-{}", std::process::id()));
        match std::fs::remove_file(&own_path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
        let socket = UnixDatagram::bind(&own_path)?;
        socket.set_nonblocking(true)?;
        Ok(StickClient { socket, own_path, server })
    }

    pub(crate) fn socket(&self) -> &UnixDatagram {
        &self.socket
    }

    /// Says `hello` to the server; whether it was there. No server (the GUI
    /// is not running yet) is no error: the next hello may find it.
    pub(crate) fn hello(&self) -> io::Result<bool> {
        let sent = self.socket.connect(&self.server).and_then(|()| self.socket.send(b"hello"));
        match sent {
            Ok(_) => Ok(true),
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => Ok(true),
            Err(e)
                if e.kind() == io::ErrorKind::NotFound
                    || matches!(e.raw_os_error(), Some(libc::ECONNREFUSED | libc::ENOTCONN)) =>
            {
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    /// Every key change waiting on the socket.
    pub(crate) fn receive(&self) -> io::Result<Vec<StickEvent>> {
        let mut keys = Vec::new();
        let mut buf = [0u8; 64 * RECORD_LEN];
        loop {
            match self.socket.recv(&mut buf) {
                Ok(n) => keys.extend(decode_datagram(&buf[..n])),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(keys),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                // The server went away since our hello: nothing to read.
                Err(e) if e.raw_os_error() == Some(libc::ECONNREFUSED) => return Ok(keys),
                Err(e) => return Err(e),
            }
        }
    }
}

impl Drop for StickClient {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.own_path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use joystick::{EV_KEY, KEY_DOWN, KEY_ENTER, KEY_LEFT, KEY_RIGHT, KEY_UP};
    use sense_hat::Direction;

    fn record(kind: u16, code: u16, value: i32) -> [u8; RECORD_LEN] {
        joystick::encode(kind, code, value)
    }

    #[test]
    fn records_are_the_size_python_packs() {
        // struct.calcsize('llHHI') on 64-bit Linux.
        #[cfg(target_pointer_width = "64")]
        assert_eq!(RECORD_LEN, 24);
        #[cfg(target_pointer_width = "32")]
        assert_eq!(RECORD_LEN, 16);
    }

    #[test]
    fn the_five_keys_press_and_release_and_nothing_else_counts() {
        let decode = |r: [u8; RECORD_LEN]| decode_datagram(&r).next();
        assert_eq!(decode(record(EV_KEY, KEY_UP, 1)), Some(StickEvent::Pressed(Direction::Up)));
        assert_eq!(decode(record(EV_KEY, KEY_DOWN, 0)), Some(StickEvent::Released(Direction::Down)));
        assert_eq!(decode(record(EV_KEY, KEY_LEFT, 1)), Some(StickEvent::Pressed(Direction::Left)));
        assert_eq!(decode(record(EV_KEY, KEY_RIGHT, 1)), Some(StickEvent::Pressed(Direction::Right)));
        assert_eq!(decode(record(EV_KEY, KEY_ENTER, 1)), Some(StickEvent::Pressed(Direction::Middle)));
        assert_eq!(decode(record(EV_KEY, KEY_ENTER, 2)), None, "auto-repeat");
        assert_eq!(decode(record(EV_KEY, 30, 1)), None, "KEY_A");
        assert_eq!(decode(record(0, KEY_UP, 1)), None, "EV_SYN");
        let two = [record(EV_KEY, KEY_UP, 1), record(EV_KEY, KEY_UP, 0)].concat();
        let torn = &two[..RECORD_LEN + 5];
        assert_eq!(decode_datagram(torn).collect::<Vec<_>>(), [StickEvent::Pressed(Direction::Up)]);
    }
}
