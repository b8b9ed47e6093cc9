//! Issue 39: a puzzle of one's own shared from the command line. `queens
//! regions share FILE|-` prints the link the web page opens, `regions
//! solve LINK` reads it back; a link that is wrong says what is wrong in
//! one line, counting in good English.

use crate::common;

fn run_with(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let out = common::bin::with_input(args, input);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Issue 39: a full-width letter (three bytes) was counted as the link
/// being the wrong length ("32 characters where 8x8 takes 32"), a link too
/// long was asked whether it was whole, and one character was "1 characters".
#[test]
fn a_wrong_link_says_what_is_wrong_counting_right() {
    let (_, link, _) = run_with(&["regions", "daily", "--date", "2026-11-25", "--link"], "");
    let link = link.trim_end();
    let wide = format!("{}ｔ", &link[..link.len() - 1]);
    let cases = [
        (
            wide.clone(),
            "the link has 'ｔ', the full-width form of 't', in its regions, which is not base64url: A-Z, a-z, 0-9, '-' and '_' only",
        ),
        (format!("{link}AAAA"), "the link has 36 characters of regions where 8x8 takes 32: it is too long"),
        ("#p=8.A".to_string(), "the link has 1 character of regions where 8x8 takes 32: is the link whole?"),
    ];
    for (link, why) in cases {
        let (status, out, err) = run_with(&["regions", "solve", &link], "");
        assert_eq!((status, out.as_str()), (Some(2), ""), "{link}: {err}");
        assert_eq!(err, format!("queens regions solve: {why} (see 'queens regions solve --help')\n"));
    }
    // And a grid of one row is said to have one row, not "1 rows".
    let (status, _, err) = run_with(&["regions", "solve"], "AB\n");
    assert_eq!(status, Some(2));
    assert!(err.contains("row 1 has 2 squares, but the grid has 1 row: it must be square"), "{err}");
}
