//! docs/architecture.md against the manifests, and the workspace's shape: the doc's
//! ```` ```text dependencies ```` and ```` ```text dev-dependencies ```` lists say what
//! every `Cargo.toml` (the root's, `crates/*`, `python/`, `fuzz/`) says of the
//! workspace's crates, leaves first; no crate reaches itself through its dependencies
//! (dev-dependencies included); each library's `lib.rs` is a table of contents, at
//! most [`LIB_RS_MAX_LINES`] lines; and no two crates declare a public type of the
//! same name (`pub struct|enum|type|trait NAME` in `crates/*/src`), so that a name
//! says which crate's type it is wherever the two are used together.
//!
//! The manifests are read line by line, as far as this needs: a section header, a
//! `[package]`'s `name`, and the keys of the dependency sections (`name = ...`,
//! `name.workspace = true`, `[dependencies.name]`, `package = "..."` renames), with
//! `optional = true` noted.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The most lines a library crate's `src/lib.rs` may have: its doc comment, its
/// modules and its re-exports, the work being in the modules.
const LIB_RS_MAX_LINES: usize = 150;

/// The doc that draws the crates.
const DOC: &str = "docs/architecture.md";

/// The info string of the doc's list of `[dependencies]`.
const DEPENDENCIES: &str = "```text dependencies";

/// The info string of the doc's list of `[dev-dependencies]`.
const DEV_DEPENDENCIES: &str = "```text dev-dependencies";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A dependency on a crate: its package name, and whether a feature turns it on.
type Dep = (String, bool);

/// What the test reads of one `Cargo.toml`.
#[derive(Debug, Default)]
struct Manifest {
    /// The package's name.
    name: String,
    /// `[dependencies]`, target-specific and build ones included: every package.
    normal: BTreeSet<Dep>,
    /// `[dev-dependencies]`, target-specific ones included: every package.
    dev: BTreeSet<String>,
}

/// Which part of a manifest a line is in.
enum Section {
    Package,
    /// A table of dependencies (`[dependencies]`); dev ones when `true`.
    Deps(bool),
    /// One dependency as a table of its own (`[dependencies.name]`).
    Dep {
        dev: bool,
        name: String,
    },
    Other,
}

impl Section {
    fn of(header: &str) -> Section {
        let header = header.trim();
        if header == "package" {
            return Section::Package;
        }
        // `[workspace.dependencies]` declares versions for the members: no edge.
        if header.starts_with("workspace.") {
            return Section::Other;
        }
        if let Some(table) = header.strip_suffix("dependencies") {
            if table.is_empty() || table.ends_with('.') || table.ends_with('-') {
                return Section::Deps(table.ends_with("dev-"));
            }
        }
        if let Some((table, name)) = header.rsplit_once("dependencies.") {
            if table.is_empty() || table.ends_with('.') || table.ends_with('-') {
                let name = unquote(name).to_string();
                return Section::Dep {
                    dev: table.ends_with("dev-"),
                    name,
                };
            }
        }
        Section::Other
    }
}

fn unquote(text: &str) -> &str {
    text.trim().trim_matches(|c| c == '"' || c == '\'')
}

/// The value of `key = "value"` inside an inline table or a line (`package`).
fn string_field<'t>(text: &'t str, key: &str) -> Option<&'t str> {
    text.split([',', '{', '}']).find_map(|field| {
        let (k, v) = field.split_once('=')?;
        (k.trim() == key).then(|| unquote(v))
    })
}

/// Does an inline table (or a dependency table's line) say `optional = true`?
fn is_optional(text: &str) -> bool {
    text.split([',', '{', '}']).any(|field| {
        field
            .split_once('=')
            .is_some_and(|(k, v)| k.trim() == "optional" && v.trim() == "true")
    })
}

/// A dependency given as a table of its own: dev or not, its package, optional or not.
type Table = (bool, String, bool);

/// Records the dependency of a `[dependencies.name]` table that has ended.
fn flush(table: &mut Option<Table>, manifest: &mut Manifest) {
    if let Some((dev, name, optional)) = table.take() {
        match dev {
            true => manifest.dev.insert(name),
            false => manifest.normal.insert((name, optional)),
        };
    }
}

fn read_manifest(path: &Path) -> Manifest {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_manifest(&text, &path.display().to_string())
}

/// The manifest `text`, read from `origin` (for the messages).
fn parse_manifest(text: &str, origin: &str) -> Manifest {
    let mut manifest = Manifest::default();
    // A `[dependencies.name]` table's package and optional flag, until it ends.
    let mut table: Option<Table> = None;
    let mut section = Section::Other;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with('[') {
            flush(&mut table, &mut manifest);
            section = match line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                Some(header) if !header.starts_with('[') => Section::of(header),
                _ => Section::Other,
            };
            if let Section::Dep { dev, name } = &section {
                table = Some((*dev, name.clone(), false));
            }
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        // `name.workspace = true` names the dependency `name`.
        let key = unquote(key.split('.').next().unwrap_or(key));
        match &section {
            Section::Package if key == "name" => manifest.name = unquote(value).to_string(),
            Section::Deps(dev) => {
                let name = string_field(value, "package").unwrap_or(key).to_string();
                match dev {
                    true => manifest.dev.insert(name),
                    false => manifest.normal.insert((name, is_optional(value))),
                };
            }
            Section::Dep { .. } => {
                if let Some((_, name, optional)) = table.as_mut() {
                    match key {
                        "package" => *name = unquote(value).to_string(),
                        "optional" => *optional = value.trim() == "true",
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    flush(&mut table, &mut manifest);
    assert!(!manifest.name.is_empty(), "{origin}: no [package] name");
    manifest
}

/// Every manifest the doc speaks of: the workspace's (the root package, then
/// `crates/*` by folder) and those of the two workspaces of their own, `python/` and
/// `fuzz/`. The second value is whether it is one of the workspace's members.
fn manifests() -> Vec<(Manifest, bool)> {
    let root = root();
    let mut folders: Vec<PathBuf> = fs::read_dir(root.join("crates"))
        .expect("crates/")
        .map(|entry| entry.expect("crates/").path())
        .filter(|folder| folder.join("Cargo.toml").is_file())
        .collect();
    folders.sort();
    let members = std::iter::once(root.clone()).chain(folders);
    let members = members.map(|folder| (read_manifest(&folder.join("Cargo.toml")), true));
    let others = ["python", "fuzz"].map(|folder| root.join(folder).join("Cargo.toml"));
    let others = others
        .into_iter()
        .filter(|path| path.is_file())
        .map(|path| (read_manifest(&path), false));
    members.chain(others).collect()
}

/// The workspace members' names: the only dependencies the doc lists.
fn members(manifests: &[(Manifest, bool)]) -> BTreeSet<String> {
    manifests
        .iter()
        .filter(|(_, member)| *member)
        .map(|(m, _)| m.name.clone())
        .collect()
}

/// A list of the doc: each crate with what it uses, in the doc's order.
type Listed = Vec<(String, BTreeSet<Dep>)>;

/// The doc's fenced block opened by `fence`: lines `crate -> dep, dep (optional)` or
/// `crate -> (none)`, a line that begins with a space going on with the one above.
fn listed(doc: &str, fence: &str) -> Listed {
    let mut lines = doc.lines().skip_while(|line| line.trim_end() != fence);
    assert!(lines.next().is_some(), "{DOC} has no {fence} block");
    let mut entries: Vec<String> = Vec::new();
    for line in lines.take_while(|line| line.trim_end() != "```") {
        match (line.starts_with(char::is_whitespace), entries.last_mut()) {
            (true, Some(entry)) => entry.push_str(line),
            (true, None) => panic!("{DOC}: {fence} begins with a continued line: {line:?}"),
            (false, _) => entries.push(line.to_string()),
        }
    }
    let mut seen = BTreeSet::new();
    let mut list = Listed::new();
    for entry in entries.iter().filter(|e| !e.trim().is_empty()) {
        let (name, deps) = entry
            .split_once("->")
            .unwrap_or_else(|| panic!("{DOC}: {fence}: not `crate -> deps`: {entry:?}"));
        let name = name.trim().to_string();
        assert!(seen.insert(name.clone()), "{DOC}: {fence}: {name} twice");
        let deps = match deps.trim() {
            "(none)" => BTreeSet::new(),
            deps => deps
                .split(',')
                .map(|dep| match dep.trim().strip_suffix("(optional)") {
                    Some(dep) => (dep.trim().to_string(), true),
                    None => (dep.trim().to_string(), false),
                })
                .collect(),
        };
        list.push((name, deps));
    }
    list
}

fn doc() -> String {
    let path = root().join(DOC);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of a list and those of the manifests that differ, one a crate.
fn differences(listed: &Listed, manifests: &BTreeMap<String, BTreeSet<Dep>>) -> Vec<String> {
    let show = |deps: &BTreeSet<Dep>| {
        let deps: Vec<String> = deps
            .iter()
            .map(|(dep, optional)| match optional {
                true => format!("{dep} (optional)"),
                false => dep.clone(),
            })
            .collect();
        match deps.is_empty() {
            true => "(none)".to_string(),
            false => deps.join(", "),
        }
    };
    let said: BTreeMap<&String, &BTreeSet<Dep>> = listed.iter().map(|(n, d)| (n, d)).collect();
    let names: BTreeSet<&String> = said.keys().copied().chain(manifests.keys()).collect();
    names
        .into_iter()
        .filter_map(|name| {
            let (said, has) = (said.get(name).copied(), manifests.get(name));
            (said != has).then(|| {
                format!(
                    "{name}: {DOC} says {}; its manifest, {}",
                    said.map_or("nothing (no line)".to_string(), show),
                    has.map_or("does not exist".to_string(), show),
                )
            })
        })
        .collect()
}

#[test]
fn the_architecture_lists_every_crates_dependencies_as_its_manifest_has_them() {
    let manifests = manifests();
    let members = members(&manifests);
    let actual: BTreeMap<String, BTreeSet<Dep>> = manifests
        .iter()
        .map(|(m, _)| {
            let ours = m.normal.iter().filter(|(dep, _)| members.contains(dep));
            (m.name.clone(), ours.cloned().collect())
        })
        .collect();
    let listed = listed(&doc(), DEPENDENCIES);
    let wrong = differences(&listed, &actual);
    assert!(
        wrong.is_empty(),
        "{DOC}'s {DEPENDENCIES} block and the manifests disagree (change the two \
         together):\n{}",
        wrong.join("\n")
    );
    // Leaves first: each crate after everything it uses.
    let mut before = BTreeSet::new();
    for (name, deps) in &listed {
        let later: Vec<&str> = deps
            .iter()
            .filter(|(dep, _)| !before.contains(dep))
            .map(|(dep, _)| dep.as_str())
            .collect();
        assert!(
            later.is_empty(),
            "{DOC}: {name} is listed before what it uses: {}",
            later.join(", ")
        );
        before.insert(name.clone());
    }
}

#[test]
fn the_architecture_lists_the_dev_dependencies_as_the_manifests_have_them() {
    let manifests = manifests();
    let members = members(&manifests);
    let actual: BTreeMap<String, BTreeSet<Dep>> = manifests
        .iter()
        .map(|(m, _)| {
            let ours = m.dev.iter().filter(|dep| members.contains(*dep));
            let ours: BTreeSet<Dep> = ours.map(|dep| (dep.clone(), false)).collect();
            (m.name.clone(), ours)
        })
        .filter(|(_, deps)| !deps.is_empty())
        .collect();
    let wrong = differences(&listed(&doc(), DEV_DEPENDENCIES), &actual);
    assert!(
        wrong.is_empty(),
        "{DOC}'s {DEV_DEPENDENCIES} block (only the crates that have some) and the \
         manifests disagree:\n{}",
        wrong.join("\n")
    );
}

/// Who uses whom: each crate with the crates it depends on.
type Graph<'g> = BTreeMap<&'g str, BTreeSet<&'g str>>;

/// A cycle of `graph`, as the crates along it (the first again at the end), if it has
/// one.
fn cycle<'g>(graph: &Graph<'g>) -> Option<Vec<&'g str>> {
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|&name| visit(name, graph, &mut Vec::new(), &mut done))
}

/// Depth first from `name`; `path` is the way there. Returns a cycle, as the
/// crates along it, when one is found.
fn visit<'g>(
    name: &'g str,
    graph: &Graph<'g>,
    path: &mut Vec<&'g str>,
    done: &mut BTreeSet<&'g str>,
) -> Option<Vec<&'g str>> {
    if let Some(at) = path.iter().position(|&on| on == name) {
        let mut cycle = path[at..].to_vec();
        cycle.push(name);
        return Some(cycle);
    }
    if !done.insert(name) {
        return None;
    }
    path.push(name);
    for &dep in graph.get(name).into_iter().flatten() {
        if let Some(cycle) = visit(dep, graph, path, done) {
            return Some(cycle);
        }
    }
    path.pop();
    None
}

#[test]
fn no_crate_of_the_workspace_reaches_itself_through_its_dependencies() {
    let manifests = manifests();
    let members = members(&manifests);
    // Dev-dependencies count: a crate's tests may not use a crate that uses it.
    let graph: Graph = manifests
        .iter()
        .filter(|(_, member)| *member)
        .map(|(m, _)| {
            let normal = m.normal.iter().map(|(dep, _)| dep);
            let deps = normal.chain(&m.dev).filter(|dep| members.contains(*dep));
            (m.name.as_str(), deps.map(String::as_str).collect())
        })
        .collect();
    let cycle = cycle(&graph);
    assert!(
        cycle.is_none(),
        "the workspace's crates depend on each other in a cycle: {}",
        cycle.unwrap_or_default().join(" -> ")
    );
}

#[test]
fn every_library_crates_lib_rs_is_a_table_of_contents() {
    let mut long: Vec<String> = fs::read_dir(root().join("crates"))
        .expect("crates/")
        .map(|entry| entry.expect("crates/").path().join("src/lib.rs"))
        .filter(|lib| lib.is_file())
        .filter_map(|lib| {
            let lines = fs::read_to_string(&lib).expect("lib.rs").lines().count();
            let shown = lib
                .strip_prefix(root())
                .unwrap_or(&lib)
                .display()
                .to_string();
            (lines > LIB_RS_MAX_LINES).then(|| format!("{shown}: {lines} lines"))
        })
        .collect();
    long.sort();
    assert!(
        long.is_empty(),
        "a library's lib.rs declares its modules and re-exports, in at most \
         {LIB_RS_MAX_LINES} lines; move the rest into modules:\n{}",
        long.join("\n")
    );
}

/// The kinds of public item [`public_types`] reads, as a line declares them.
const TYPE_ITEMS: [&str; 6] = [
    "struct ",
    "enum ",
    "union ",
    "type ",
    "trait ",
    "unsafe trait ",
];

/// The public types `source` declares, with their lines (from 1): the `NAME` of each
/// line that begins, after its indent, `pub struct NAME` (or `enum`, `union`, `type`,
/// `trait`). `pub(crate)` and the like are not public; nor is a line in a comment.
fn public_types(source: &str) -> Vec<(usize, &str)> {
    source
        .lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let item = line.trim_start().strip_prefix("pub ")?;
            let rest = TYPE_ITEMS.iter().find_map(|kind| item.strip_prefix(kind))?;
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            (end > 0).then(|| (i + 1, &rest[..end]))
        })
        .collect()
}

/// The `.rs` files under `dir`, at any depth.
fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a folder's entry").path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
}

#[test]
fn no_two_crates_declare_a_public_type_of_the_same_name() {
    // Each name, with the crates (by folder) that declare it and where, first place first.
    let mut declared: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for entry in fs::read_dir(root().join("crates")).expect("crates/") {
        let folder = entry.expect("crates/").path();
        let src = folder.join("src");
        if !src.is_dir() {
            continue;
        }
        let krate = folder
            .file_name()
            .expect("a crate's folder")
            .to_string_lossy();
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        files.sort();
        for file in files {
            let text = fs::read_to_string(&file).expect("a source file");
            let shown = file
                .strip_prefix(root())
                .unwrap_or(&file)
                .display()
                .to_string();
            for (line, name) in public_types(&text) {
                declared
                    .entry(name.to_string())
                    .or_default()
                    .entry(krate.to_string())
                    .or_default()
                    .push(format!("{shown}:{line}"));
            }
        }
    }
    assert!(
        declared.len() > 100,
        "the scan found {} public type names in crates/*/src: it reads too little",
        declared.len()
    );
    let shared: Vec<String> = declared
        .iter()
        .filter(|(_, crates)| crates.len() > 1)
        .map(|(name, crates)| {
            let places: Vec<&str> = crates.values().flatten().map(String::as_str).collect();
            format!("{name}: {}", places.join(", "))
        })
        .collect();
    assert!(
        shared.is_empty(),
        "public types of different crates share a name; rename one of each to say its \
         role in its crate (a name twice within one crate is fine):\n{}",
        shared.join("\n")
    );
}

#[test]
fn the_type_scan_reads_public_declarations_only() {
    let source = r#"
pub struct Board {
    pub cells: Vec<u8>,
}
pub enum Phase { A }
    pub type Result<T> = std::result::Result<T, Error>;
pub trait Scorer: Send {}
pub unsafe trait Raw {}
pub(crate) struct Hidden;
struct Private;
/// pub struct InAComment;
pub fn not_a_type() {}
pub struct Tuple2(u8);
pub struct Generic<'l, T>(&'l T);
"#;
    let names: Vec<&str> = public_types(source)
        .into_iter()
        .map(|(_, name)| name)
        .collect();
    let want = [
        "Board", "Phase", "Result", "Scorer", "Raw", "Tuple2", "Generic",
    ];
    assert_eq!(names, want);
    assert_eq!(public_types(source)[0], (2, "Board"));
}

#[test]
fn the_manifest_reader_knows_every_way_to_name_a_dependency() {
    let manifest = parse_manifest(
        r#"
[package]
name = "a"

[workspace.dependencies]
w = { path = "w" }

[dependencies]
b.workspace = true
c = { workspace = true, features = ["x", "y"], optional = true }
renamed = { package = "d", path = "../d" }

[target.'cfg(unix)'.dependencies]
e = "1"

[dependencies.f]
path = "../f"
optional = true

[dev-dependencies]
g = { path = "../g" }

[target.'cfg(unix)'.dev-dependencies.h]
path = "../h"

[[bench]]
name = "not-a-dependency"
"#,
        "an example",
    );
    assert_eq!(manifest.name, "a");
    let normal = [
        ("b", false),
        ("c", true),
        ("d", false),
        ("e", false),
        ("f", true),
    ];
    let normal: BTreeSet<Dep> = normal.map(|(n, o)| (n.to_string(), o)).into();
    assert_eq!(manifest.normal, normal);
    assert_eq!(manifest.dev, ["g", "h"].map(String::from).into());
}

#[test]
fn the_cycle_search_names_the_crates_of_a_cycle() {
    let graph = |edges: &[(&'static str, &'static str)]| {
        let mut graph = Graph::new();
        for &(from, to) in edges {
            graph.entry(from).or_default().insert(to);
        }
        graph
    };
    assert_eq!(cycle(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])), None);
    let found = cycle(&graph(&[("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]));
    assert_eq!(found, Some(vec!["a", "b", "c", "a"]));
}
