//! `polyboggle play`: the human-against-computer game in a terminal UI (ratatui), or
//! line by line when standard output is not a terminal. The game itself is
//! [`polyboggle_play::game::Play`]; this command picks its dice, dictionary and rules, then
//! only draws it and feeds it keystrokes.

use std::io::{self, BufRead, IsTerminal, Write};
use std::time::{Duration, Instant};

use polyboggle::files::{TextLines, STANDARD_INPUT};
use polyboggle::random;
use polyboggle::spec::RulesSpec;
use polyboggle_dice as dice;
use polyboggle_languages as languages;
use polyboggle_play::game::{self, Phase, Play, COMPUTER, HUMAN};
use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::{Frame, Terminal};
use unicode_width::UnicodeWidthStr;

use crate::args::PlayArgs;
use crate::load::{level, Dice, Dictionary};
use crate::output::counted;
use crate::Failure;

/// How long an accepted word's path stays highlighted.
const HIGHLIGHT: Duration = Duration::from_millis(1500);

pub fn run(args: PlayArgs) -> Result<(), Failure> {
    let lang = args.dict.profile.lang.clone();
    // A set the user named (a file or a built-in), else the built-in the size or
    // language calls for.
    let dice = match (&args.dice, args.size.as_deref(), lang.as_deref()) {
        (Some(name), ..) => Dice::Named(name),
        (None, Some(size), _) => {
            let (r, c) = dice::parse_size(size)?;
            Dice::Builtin(languages::dice_for_size(r, c).ok_or_else(|| {
                Failure::input(format!(
                    "--size {r}x{c}: no default dice; choose a set with --dice"
                ))
            })?)
        }
        (None, None, Some(lang)) => {
            Dice::Builtin(languages::dice_for_language(lang).ok_or_else(|| {
                Failure::input(format!(
                    "--lang {lang}: no built-in dice; choose a set with --dice"
                ))
            })?)
        }
        (None, None, None) => Dice::Builtin(languages::DICE),
    };
    let set = dice.open()?;
    if let Some(size) = args.size.as_deref() {
        let (rows, cols) = dice::parse_size(size)?;
        if (rows, cols) != (set.rows, set.cols) {
            return Err(Failure::input(format!(
                "--size {rows}x{cols}: {} is a {}x{} set",
                set.name, set.rows, set.cols
            )));
        }
    }
    let dictionary = match (&args.dict.dict, lang.as_deref()) {
        (Some(name), _) => Dictionary::Named(name.clone()),
        (None, Some("en") | None) => Dictionary::Builtin,
        (None, Some(lang)) => Dictionary::built(lang)?,
    };
    let lexicon = dictionary.open(&args.dict.profile)?;
    let spec = RulesSpec {
        rules: args.rules.clone(),
        ..RulesSpec::default()
    };
    let rules = spec.rules_or(languages::game_rules(lang.as_deref()))?;
    if let Some(folded) = set.folded(lexicon.profile(), &rules) {
        return Err(Failure::input(folded.to_string()));
    }
    let level = level(args.level, &lexicon)?;
    let mut game = game::Play::new(&lexicon, set, rules, args.seed.unwrap_or_else(random::seed))
        .with_level(level);
    if let Some(secs) = args.timer {
        if secs == 0 {
            return Err(Failure::input("--timer 0: a turn needs at least 1 second"));
        }
        game = game.with_timer(Duration::from_secs(secs));
    }
    play(game)
}

/// Runs the game: the terminal UI on a terminal, plain lines otherwise.
fn play(game: Play<'_>) -> Result<(), Failure> {
    if io::stdout().is_terminal() && io::stdin().is_terminal() {
        let mut terminal = ratatui::init();
        let result = tui(&mut terminal, game);
        ratatui::restore();
        Ok(result?)
    } else {
        plain(game, io::stdin().lock(), &mut io::stdout().lock())
    }
}

/// "1 point", "2 points".
fn points(n: u64) -> String {
    counted(n, "point")
}

/// The terminal UI's event loop.
fn tui<B: Backend>(terminal: &mut Terminal<B>, mut game: Play<'_>) -> io::Result<()> {
    let mut typed = String::new();
    let mut highlighted_at = Instant::now();
    while game.phase() != Phase::Over {
        terminal.draw(|frame| draw(frame, &game, &typed))?;
        if event::poll(Duration::from_millis(200))? {
            if let Event::Key(key) = event::read()? {
                if key.kind != KeyEventKind::Press {
                    continue;
                }
                match key.code {
                    KeyCode::Esc => break,
                    KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => break,
                    KeyCode::Char(c) => typed.push(c),
                    KeyCode::Backspace => {
                        typed.pop();
                    }
                    KeyCode::Enter => {
                        game.input(&typed);
                        typed.clear();
                        highlighted_at = Instant::now();
                    }
                    _ => {}
                }
            }
        }
        game.tick();
        if highlighted_at.elapsed() > HIGHLIGHT {
            game.clear_highlight();
        }
    }
    Ok(())
}

/// Draws the whole screen: board, both word lists, message, input line.
pub fn draw(frame: &mut Frame, game: &Play<'_>, typed: &str) {
    let [main, message, input] = Layout::vertical([
        Constraint::Min(6),
        Constraint::Length(2),
        Constraint::Length(3),
    ])
    .areas(frame.area());
    let board_width = game
        .board()
        .map_or(20, |b| (b.cols() * (face_width(game) + 3) + 2) as u16);
    let [board_area, human_area, computer_area] = Layout::horizontal([
        Constraint::Length(board_width.max(20)),
        Constraint::Percentage(50),
        Constraint::Percentage(50),
    ])
    .areas(main);

    frame.render_widget(board(game).block(titled("Board")), board_area);
    for (player, area, name) in [
        (HUMAN, human_area, "You"),
        (COMPUTER, computer_area, "Computer"),
    ] {
        let words = game.words(player).join(" ");
        let title = format!("{name}: {}", points(game.score(player)));
        frame.render_widget(
            Paragraph::new(words)
                .wrap(Wrap { trim: true })
                .block(titled(&title)),
            area,
        );
    }
    let mut status = game.message().to_string();
    if let Some(left) = game.time_left() {
        status = format!(
            "[{}:{:02}] {status}",
            left.as_secs() / 60,
            left.as_secs() % 60
        );
    }
    frame.render_widget(Paragraph::new(status).wrap(Wrap { trim: true }), message);
    frame.render_widget(
        Paragraph::new(format!("> {typed}")).block(titled(game.prompt())),
        input,
    );
}

fn titled(title: &str) -> Block<'_> {
    Block::default().borders(Borders::ALL).title(title)
}

fn face_width(game: &Play<'_>) -> usize {
    game.board().map_or(1, |b| {
        b.faces()
            .iter()
            .map(|f| f.text().width())
            .max()
            .unwrap_or(1)
    })
}

/// The board as a grid of faces, the highlighted path in reverse video.
fn board<'a>(game: &Play<'_>) -> Paragraph<'a> {
    let Some(board) = game.board() else {
        return Paragraph::new("(no board yet)");
    };
    let width = face_width(game);
    let lines: Vec<Line> = (0..board.rows())
        .map(|r| {
            let spans: Vec<Span> = (0..board.cols())
                .map(|c| {
                    let text = board.face(r, c).text();
                    let pad = width.saturating_sub(text.width());
                    let cell = format!(" {text}{} ", " ".repeat(pad));
                    let style = if game.highlight().contains(&(r, c)) {
                        Style::default()
                            .bg(Color::Yellow)
                            .fg(Color::Black)
                            .add_modifier(Modifier::BOLD)
                    } else {
                        Style::default().add_modifier(Modifier::BOLD)
                    };
                    Span::styled(cell, style)
                })
                .flat_map(|span| [span, Span::raw(" ")])
                .collect();
            Line::from(spans)
        })
        .collect();
    Paragraph::new(lines)
}

/// Line-by-line play, for scripts and pipes.
fn plain(mut game: Play<'_>, input: impl BufRead, out: &mut impl Write) -> Result<(), Failure> {
    let mut lines = TextLines::new(input, STANDARD_INPUT);
    loop {
        writeln!(out, "{}:", game.prompt())?;
        out.flush()?;
        let Some(line) = lines.next_line()? else {
            break;
        };
        let before = game.phase();
        game.input(line);
        if game.phase() == Phase::Over {
            break;
        }
        if game.phase() == Phase::Human && before == Phase::Setup {
            write!(out, "{}", game.board().expect("a board in play"))?;
        }
        let mut message = game.message();
        if game.phase() == Phase::Results && before == Phase::Human {
            // The words first, then the verdict; the prompt below asks to play again.
            for (player, name) in [(HUMAN, "You"), (COMPUTER, "Computer")] {
                writeln!(
                    out,
                    "{name}: {}: {}",
                    points(game.score(player)),
                    game.words(player).join(" ")
                )?;
            }
            message = message.strip_suffix(game.prompt()).unwrap_or(message);
        }
        writeln!(out, "{}", message.trim_end())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboggle::{Lexicon, Rules};
    use polyboggle_dice::DiceSet;
    use ratatui::backend::TestBackend;

    fn game(lexicon: &Lexicon) -> Play<'_> {
        Play::new(
            lexicon,
            DiceSet::builtin("english-new-4x4").unwrap(),
            Rules::cs106b(),
            1,
        )
    }

    fn screen(terminal: &Terminal<TestBackend>) -> String {
        let buffer = terminal.backend().buffer();
        let width = buffer.area.width as usize;
        buffer
            .content()
            .chunks(width)
            .map(|row| row.iter().map(|cell| cell.symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn renders_board_lists_scores_and_the_highlighted_path() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let mut play = game(&lexicon);
        play.input("ATEEAPYOTINUEDSE");
        play.input("tape");
        play.input("pate");
        let mut terminal = Terminal::new(TestBackend::new(100, 20)).unwrap();
        terminal.draw(|f| draw(f, &play, "yeti")).unwrap();
        let text = screen(&terminal);
        assert!(text.contains(" A   T   E   E "), "{text}");
        assert!(text.contains(" E   D   S   E "), "{text}");
        assert!(text.contains("You: 2 points"), "{text}");
        assert!(text.contains("PATE TAPE"), "{text}");
        assert!(text.contains("Computer: 0 points"), "{text}");
        assert!(text.contains("> yeti"), "{text}");
        assert!(text.contains("Correct."), "{text}");

        // The path of PATE: (1,1) (0,0) (0,1) (0,2) highlighted, (3,3) not.
        let buffer = terminal.backend().buffer();
        let find = |needle: &str, row: usize| {
            let line: String = (0..100)
                .map(|x| buffer[(x, row as u16)].symbol().to_string())
                .collect();
            line[..line.find(needle).unwrap()].chars().count() as u16
        };
        let first_row = 1; // inside the border
        let x_of_a = find(" A ", first_row) + 1;
        assert_eq!(buffer[(x_of_a, first_row as u16)].bg, Color::Yellow);
        let x_last = find(" E   D   S   E ", 4) + 13;
        assert_eq!(buffer[(x_last, 4)].symbol(), "E");
        assert_ne!(buffer[(x_last, 4)].bg, Color::Yellow);

        play.input("");
        terminal.draw(|f| draw(f, &play, "")).unwrap();
        let text = screen(&terminal);
        assert!(!text.contains("Computer: 0 points"), "{text}");
        assert!(text.contains("Play again? (y/n)"), "{text}");
    }

    #[test]
    fn plain_mode_is_scriptable() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let mut out = Vec::new();
        plain(
            game(&lexicon),
            "ABC\nATEEAPYOTINUEDSE\npate\n\nn\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("A 4x4 board needs 16 letters; you typed 3. Try again."),
            "{text}"
        );
        assert!(
            text.contains("A T E E\nA P Y O\nT I N U\nE D S E\n"),
            "{text}"
        );
        assert!(text.contains("Correct.\n"), "{text}");
        assert!(text.contains("You: 1 point: PATE\n"), "{text}");
        assert!(
            text.contains("\nThe computer wins.\nPlay again? (y/n):\n"),
            "{text}"
        );
        assert!(
            text.find("Computer: ").unwrap() < text.find("The computer wins.").unwrap(),
            "{text}"
        );
        assert_eq!(text.matches("Play again").count(), 1, "{text}");
    }
}
