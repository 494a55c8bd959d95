//! `polyboggle play --join URL --name NAME`: a room's round from a terminal, beside
//! players in browsers. It joins the room (`POST /api/rooms/CODE/join`), then asks
//! the room's view each second (plain HTTP, no WebSocket: a terminal needs no more)
//! and prints what changed: who came, the countdown, the board, the others' counts;
//! each line of standard input is a word, answered with its verdict; at the end it
//! prints every list with the struck words and the scores. `start` (the host's word)
//! starts a round, `quit` leaves.
//!
//! The server is `http://` (a `polyboggle serve` on this machine or the local
//! network); the link the page shows (`http://HOST:PORT/#/room/CODE`) names both.

use std::io::{self, BufRead, Read, Write};
use std::net::TcpStream;
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{json, Value};

use crate::Failure;

/// A room's server and code, from a link (`http://HOST:PORT/#/room/CODE`, or
/// `.../api/rooms/CODE`).
#[derive(Debug, PartialEq, Eq)]
struct Link {
    host: String,
    code: String,
}

fn parse_link(url: &str) -> Result<Link, Failure> {
    let bad = || {
        Failure::input(format!(
            "--join {url}: give the room's link, http://HOST:PORT/#/room/CODE"
        ))
    };
    let rest = url.strip_prefix("http://").ok_or_else(|| {
        Failure::input(format!(
            "--join {url}: only http:// links (a polyboggle serve on this machine or the local network)"
        ))
    })?;
    let (host, path) = rest.split_once('/').ok_or_else(bad)?;
    let code = path
        .rsplit(['/', '='])
        .find(|part| !part.is_empty())
        .ok_or_else(bad)?;
    let valid = (4..=12).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_alphanumeric());
    if host.is_empty() || !valid {
        return Err(bad());
    }
    Ok(Link {
        host: host.to_string(),
        code: code.to_ascii_uppercase(),
    })
}

/// One request, `Connection: close`: the status and the body as JSON.
fn request(
    host: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &Value,
) -> Result<(u16, Value), Failure> {
    let unreachable = |e: io::Error| Failure::input(format!("{host}: {e}"));
    let mut stream = TcpStream::connect(host).map_err(unreachable)?;
    stream
        .set_read_timeout(Some(Duration::from_secs(15)))
        .map_err(unreachable)?;
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .map_err(unreachable)?;
    let mut reply = Vec::new();
    stream.read_to_end(&mut reply).map_err(unreachable)?;
    let reply = String::from_utf8_lossy(&reply);
    let (head, text) = reply
        .split_once("\r\n\r\n")
        .ok_or_else(|| Failure::input(format!("{host}: not an HTTP answer")))?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| Failure::input(format!("{host}: not an HTTP answer")))?;
    let value = serde_json::from_str(text).map_err(|_| {
        Failure::input(format!(
            "{host}: not a polyboggle server (its answer is not JSON)"
        ))
    })?;
    Ok((status, value))
}

fn error_of(value: &Value) -> String {
    value["error"].as_str().unwrap_or("refused").to_string()
}

/// What was last printed of the room, to print only what changed.
#[derive(Default)]
struct Shown {
    players: String,
    phase: String,
    round: u64,
    counts: String,
}

fn names(view: &Value) -> String {
    view["players"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["left"] != true)
        .map(|p| {
            let host = if p["host"] == true { " (host)" } else { "" };
            format!("{}{host}", p["name"].as_str().unwrap_or("?"))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn print_board(out: &mut impl Write, view: &Value) -> io::Result<()> {
    let rows: Vec<Vec<&str>> = view["board"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|row| {
            row.as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect()
        })
        .collect();
    let width = rows
        .iter()
        .flatten()
        .map(|f| f.chars().count())
        .max()
        .unwrap_or(1);
    for row in rows {
        let mut row: Vec<&str> = row;
        if view["rtl"] == true {
            row.reverse();
        }
        let cells: Vec<String> = row.iter().map(|f| format!("{f:<width$}")).collect();
        writeln!(out, "  {}", cells.join(" "))?;
    }
    Ok(())
}

fn print_results(out: &mut impl Write, view: &Value) -> io::Result<()> {
    writeln!(
        out,
        "Time is up. Words two or more players found are struck (-)."
    )?;
    for p in view["players"].as_array().into_iter().flatten() {
        let words: Vec<String> = p["words"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|w| {
                let word = w["word"].as_str().unwrap_or("");
                if w["struck"] == true {
                    format!("-{word}")
                } else {
                    format!("{word}({})", w["points"])
                }
            })
            .collect();
        writeln!(
            out,
            "{}: {} points (total {}): {}",
            p["name"].as_str().unwrap_or("?"),
            p["score"],
            p["total"],
            words.join(" ")
        )?;
    }
    let winners: Vec<&str> = view["winners"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|id| {
            view["players"]
                .as_array()?
                .iter()
                .find(|p| p["player"] == *id)?["name"]
                .as_str()
        })
        .collect();
    if !winners.is_empty() {
        writeln!(out, "Winner: {}", winners.join(", "))?;
    }
    let missed = view["missed"].as_array().map_or(0, Vec::len);
    writeln!(
        out,
        "{missed} words nobody found. The host types start for the next round."
    )
}

/// Prints what changed in the room since `shown`.
fn show(out: &mut impl Write, view: &Value, shown: &mut Shown) -> io::Result<()> {
    let players = names(view);
    if players != shown.players {
        writeln!(out, "In the room: {players}")?;
        shown.players = players;
    }
    let phase = view["phase"].as_str().unwrap_or("").to_string();
    let round = view["round"].as_u64().unwrap_or(0);
    if phase != shown.phase || round != shown.round {
        match phase.as_str() {
            "countdown" => writeln!(out, "Round {round} starts in {} s.", view["starts_in"])?,
            "playing" => {
                writeln!(
                    out,
                    "Round {round}: find words! ({} s; type a word and Enter)",
                    view["time_left"]
                )?;
                print_board(out, view)?;
            }
            "results" => print_results(out, view)?,
            _ => writeln!(out, "Waiting for the host to start (the host types start).")?,
        }
        shown.phase = phase;
        shown.round = round;
    }
    if shown.phase == "playing" {
        let me = view["you"].as_str().unwrap_or("");
        let counts: Vec<String> = view["players"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p["player"] != me && p["left"] != true)
            .map(|p| format!("{} {}", p["name"].as_str().unwrap_or("?"), p["found"]))
            .collect();
        let counts = counts.join(", ");
        if counts != shown.counts && !counts.is_empty() {
            writeln!(out, "  (words: {counts})")?;
            shown.counts = counts;
        }
    }
    out.flush()
}

pub fn run(url: &str, name: &str) -> Result<(), Failure> {
    let link = parse_link(url)?;
    let host = link.host.as_str();
    let (status, joined) = request(
        host,
        "POST",
        &format!("/api/rooms/{}/join", link.code),
        None,
        &json!({ "name": name }),
    )?;
    if status != 200 {
        return Err(Failure::input(format!(
            "room {}: {}",
            link.code,
            error_of(&joined)
        )));
    }
    let token = joined["token"].as_str().unwrap_or_default().to_string();
    let room = format!("/api/rooms/{}", link.code);
    let mut out = io::stdout().lock();
    writeln!(out, "Joined room {} at {host} as {name}.", link.code)?;
    // Standard input's lines arrive on a channel, so that the room is asked meanwhile.
    let (lines, typed) = mpsc::channel();
    std::thread::spawn(move || {
        for line in io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let mut shown = Shown::default();
    loop {
        let (status, view) = request(host, "GET", &room, Some(&token), &Value::Null)?;
        if status != 200 {
            return Err(Failure::input(format!(
                "room {}: {}",
                link.code,
                error_of(&view)
            )));
        }
        show(&mut out, &view, &mut shown)?;
        match typed.recv_timeout(Duration::from_millis(1000)) {
            Ok(line) => {
                let word = line.trim();
                let (status, reply) = match word {
                    "" => continue,
                    "quit" => {
                        request(
                            host,
                            "POST",
                            &format!("{room}/leave"),
                            Some(&token),
                            &Value::Null,
                        )?;
                        writeln!(out, "You left the room.")?;
                        return Ok(());
                    }
                    "start" => request(
                        host,
                        "POST",
                        &format!("{room}/start"),
                        Some(&token),
                        &json!({}),
                    )?,
                    word => request(
                        host,
                        "POST",
                        &format!("{room}/words"),
                        Some(&token),
                        &json!({ "word": word }),
                    )?,
                };
                if status == 200 && reply.get("verdict").is_some() {
                    writeln!(
                        out,
                        "{} ({} words, {} points)",
                        reply["message"].as_str().unwrap_or(""),
                        reply["found"],
                        reply["score"]
                    )?;
                } else if status != 200 {
                    writeln!(out, "{}", error_of(&reply))?;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            // End of input: leave after the round's results have been shown.
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                if shown.phase == "results" || shown.phase == "lobby" {
                    return Ok(());
                }
                std::thread::sleep(Duration::from_millis(500));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_names_the_server_and_the_room() {
        let link = |url| parse_link(url).map_err(|f| f.message);
        let room = Link {
            host: "127.0.0.1:8080".into(),
            code: "MJCADX".into(),
        };
        assert_eq!(link("http://127.0.0.1:8080/#/room/MJCADX"), Ok(room));
        assert_eq!(link("http://h:1/api/rooms/abcdef").unwrap().code, "ABCDEF");
        assert!(link("https://h/#/room/ABCDEF")
            .unwrap_err()
            .contains("only http://"));
        assert!(link("http://h/")
            .unwrap_err()
            .contains("give the room's link"));
        assert!(link("http://h/#/room/../x").is_err());
    }
}
