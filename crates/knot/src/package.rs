//! Loading a Cargo package whole: `knot query DIR` (DIR holds a `Cargo.toml`; or the manifest's
//! own path). Cargo resolves the dependencies (`cargo metadata --format-version 1`, offline when
//! their sources are on this machine, after `cargo fetch` otherwise); each crate's module tree is
//! read from its root file with `#[cfg]` evaluated for the host and its enabled features
//! (`syntax::rust::parse_crate_tree`), and cached by package id and features for later loads in
//! the same process (a `Session`, the REPL). The package's own crate is the program; every
//! dependency is a crate of its own, upstream of it (`resolve::Package`).

use crate::error::{Error, Result};
use knot_rust::resolve::{DepCrate, Package};
use knot_rust::syntax::rust::{parse_crate_tree, CrateCfg, RawCrate};
use rustc_hash::FxHashMap;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

/// Which package of a manifest to read, and with which features (Cargo's flags).
#[derive(Clone, Debug, Default)]
pub struct PackageOptions {
    /// `-p NAME`: the workspace member to read (default: the manifest's own package, or the
    /// workspace's first member).
    pub package: Option<String>,
    /// `--features`.
    pub features: Vec<String>,
    /// `--all-features`.
    pub all_features: bool,
    /// `--no-default-features`.
    pub no_default_features: bool,
}

/// The manifest a path names when it is a package: `DIR` holding a `Cargo.toml`, or the
/// `Cargo.toml` itself; `None` for any other path.
pub fn manifest_of(path: &str) -> Option<PathBuf> {
    let p = Path::new(path);
    if p.is_dir() {
        let m = p.join("Cargo.toml");
        return m.is_file().then_some(m);
    }
    (p.file_name().is_some_and(|n| n == "Cargo.toml") && p.is_file()).then(|| p.to_path_buf())
}

/// A package read for loading: its own crate, the dependency crates, the root file's name.
pub(crate) struct ReadPackage {
    pub(crate) user: RawCrate,
    pub(crate) package: Package,
    pub(crate) file: Arc<str>,
}

fn io(path: &Path, message: impl Into<String>) -> Error {
    Error::Io {
        path: path.display().to_string(),
        message: message.into(),
    }
}

/// `cargo metadata` for a manifest: offline first; when that fails (sources missing), `cargo fetch`
/// and offline again; the last error Cargo gave otherwise (it names the crate it could not get).
fn metadata(manifest: &Path, opts: &PackageOptions) -> Result<Value> {
    // Absolute: cargo runs in the manifest's directory.
    let abs = std::fs::canonicalize(manifest).unwrap_or_else(|_| manifest.to_path_buf());
    let manifest = abs.as_path();
    let dir = manifest
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let config = dir.join(".cargo").join("config.toml");
    let base = |sub: &str| {
        let mut c = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
        c.arg(sub)
            .arg("--manifest-path")
            .arg(manifest)
            .current_dir(dir);
        if config.is_file() {
            // Cargo finds `.cargo/config.toml` from its working directory, and from the
            // manifest's only as that: said explicitly, it holds wherever knot runs.
            c.arg("--config").arg(&config);
        }
        c
    };
    let run_metadata = || -> std::result::Result<Value, String> {
        let mut c = base("metadata");
        c.args(["--format-version", "1", "--offline"]);
        if opts.all_features {
            c.arg("--all-features");
        }
        if opts.no_default_features {
            c.arg("--no-default-features");
        }
        if !opts.features.is_empty() {
            c.arg("--features").arg(opts.features.join(","));
        }
        let out = c.output().map_err(|e| format!("cannot run cargo: {e}"))?;
        if !out.status.success() {
            return Err(cargo_error(&out.stderr));
        }
        serde_json::from_slice(&out.stdout).map_err(|e| format!("cargo metadata: {e}"))
    };
    match run_metadata() {
        Ok(v) => Ok(v),
        Err(first) => {
            let fetched = base("fetch").output();
            match fetched {
                Ok(o) if o.status.success() => run_metadata().map_err(|e| io(manifest, e)),
                Ok(o) => Err(io(manifest, cargo_error(&o.stderr))),
                Err(_) => Err(io(manifest, first)),
            }
        }
    }
}

/// Cargo's error message (its `error:` lines and what follows them), on one line.
fn cargo_error(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let from = text.find("error").unwrap_or(0);
    let msg: Vec<&str> = text[from..]
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    format!("cargo: {}", msg.join(" "))
}

/// A parsed crate, kept for the process by package id and features.
type Cache = Mutex<FxHashMap<(String, Vec<String>), Arc<RawCrate>>>;

fn cache() -> &'static Cache {
    static C: OnceLock<Cache> = OnceLock::new();
    C.get_or_init(Default::default)
}

/// Read a crate's module tree (from the cache when it was read with these features before).
fn read_crate(id: &str, root: &Path, features: &[String], cached: bool) -> Result<RawCrate> {
    let key = (id.to_string(), features.to_vec());
    if cached {
        if let Some(c) = cache().lock().ok().and_then(|c| c.get(&key).cloned()) {
            return Ok((*c).clone());
        }
    }
    let cfg = CrateCfg::host(features.iter().cloned());
    let c = parse_crate_tree(root, &cfg)?;
    if cached {
        if let Ok(mut m) = cache().lock() {
            m.insert(key, Arc::new(c.clone()));
        }
    }
    Ok(c)
}

fn str_of<'v>(v: &'v Value, k: &str) -> &'v str {
    v.get(k).and_then(Value::as_str).unwrap_or("")
}

/// The library target's root file of a package (`src/lib.rs`), or its first binary's.
fn lib_root(pkg: &Value) -> Option<(PathBuf, bool)> {
    let targets = pkg.get("targets")?.as_array()?;
    let kind_is = |t: &Value, k: &str| {
        t.get("kind")
            .and_then(Value::as_array)
            .is_some_and(|ks| ks.iter().any(|x| x.as_str() == Some(k)))
    };
    let lib = targets.iter().find(|t| {
        ["lib", "rlib", "dylib", "proc-macro"]
            .iter()
            .any(|k| kind_is(t, k))
    });
    let t = lib.or_else(|| targets.iter().find(|t| kind_is(t, "bin")))?;
    Some((
        PathBuf::from(str_of(t, "src_path")),
        kind_is(t, "proc-macro"),
    ))
}

/// Read the package at `manifest`: Cargo's resolution, then each crate's module tree.
pub(crate) fn read_package(manifest: &Path, opts: &PackageOptions) -> Result<ReadPackage> {
    let meta = metadata(manifest, opts)?;
    let packages: FxHashMap<&str, &Value> = meta["packages"]
        .as_array()
        .map(|ps| ps.iter().map(|p| (str_of(p, "id"), p)).collect())
        .unwrap_or_default();
    let nodes: FxHashMap<&str, &Value> = meta["resolve"]["nodes"]
        .as_array()
        .map(|ns| ns.iter().map(|n| (str_of(n, "id"), n)).collect())
        .unwrap_or_default();
    // The package read: `-p NAME`, else the manifest's own, else the first workspace member.
    let members: Vec<&str> = meta["workspace_members"]
        .as_array()
        .map(|m| m.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let canon = std::fs::canonicalize(manifest).unwrap_or_else(|_| manifest.to_path_buf());
    let root_id: String = match &opts.package {
        Some(name) => members
            .iter()
            .find(|id| packages.get(*id).is_some_and(|p| str_of(p, "name") == name))
            .map(|s| s.to_string())
            .ok_or_else(|| {
                io(
                    manifest,
                    format!("no package `{name}` in the workspace (members: {})", {
                        let names: Vec<&str> = members
                            .iter()
                            .filter_map(|id| packages.get(id).map(|p| str_of(p, "name")))
                            .collect();
                        names.join(", ")
                    }),
                )
            })?,
        None => meta["resolve"]["root"]
            .as_str()
            .map(str::to_string)
            .or_else(|| {
                members
                    .iter()
                    .find(|id| {
                        packages.get(*id).is_some_and(|p| {
                            std::fs::canonicalize(str_of(p, "manifest_path")).ok()
                                == Some(canon.clone())
                        })
                    })
                    .or(members.first())
                    .map(|s| s.to_string())
            })
            .ok_or_else(|| io(manifest, "a virtual workspace: name a package with -p NAME"))?,
    };
    let host = CrateCfg::host(Vec::new());
    // The dependency graph from the root, normal dependencies only (a platform's when the host
    // is that platform); proc-macro crates are not read (their derives are knot's table).
    let normal_deps = |id: &str| -> Vec<(String, String)> {
        let Some(n) = nodes.get(id) else {
            return Vec::new();
        };
        n["deps"]
            .as_array()
            .map(|ds| {
                ds.iter()
                    .filter(|d| {
                        d["dep_kinds"].as_array().is_some_and(|ks| {
                            ks.iter().any(|k| {
                                k["kind"].is_null()
                                    && match k["target"].as_str() {
                                        None => true,
                                        Some(t) => host.eval_target(t),
                                    }
                            })
                        })
                    })
                    .map(|d| (str_of(d, "name").to_string(), str_of(d, "pkg").to_string()))
                    .collect()
            })
            .unwrap_or_default()
    };
    let features_of = |id: &str| -> Vec<String> {
        let mut f: Vec<String> = nodes
            .get(id)
            .and_then(|n| n["features"].as_array())
            .map(|fs| {
                fs.iter()
                    .filter_map(Value::as_str)
                    .map(String::from)
                    .collect()
            })
            .unwrap_or_default();
        f.sort();
        f
    };
    // Dependencies in an order where each comes after those it depends on.
    let mut order: Vec<String> = Vec::new();
    let mut index: FxHashMap<String, usize> = FxHashMap::default();
    let mut stack: Vec<(String, bool)> = normal_deps(&root_id)
        .into_iter()
        .map(|(_, p)| (p, false))
        .collect();
    while let Some((id, done)) = stack.pop() {
        if index.contains_key(&id) {
            continue;
        }
        let proc_macro = packages
            .get(id.as_str())
            .and_then(|p| lib_root(p))
            .map_or(true, |(_, pm)| pm);
        if done {
            index.insert(id.clone(), order.len());
            order.push(id);
            continue;
        }
        stack.push((id.clone(), true));
        if !proc_macro {
            for (_, d) in normal_deps(&id) {
                if !index.contains_key(&d) {
                    stack.push((d, false));
                }
            }
        }
    }
    let cached = std::env::var_os("KNOT_PACKAGE_CACHE").map_or(true, |v| v != "off");
    let externs_of = |id: &str, index: &FxHashMap<String, usize>| -> Vec<(String, usize)> {
        normal_deps(id)
            .into_iter()
            .filter_map(|(name, p)| index.get(&p).map(|&i| (name, i)))
            .collect()
    };
    let mut deps = Vec::new();
    let mut kept: FxHashMap<String, usize> = FxHashMap::default();
    for id in &order {
        let Some(pkg) = packages.get(id.as_str()) else {
            continue;
        };
        let Some((root, proc_macro)) = lib_root(pkg) else {
            continue;
        };
        if proc_macro {
            continue;
        }
        // Its items are named from its crate name (`bytes::Bytes`); a second version of a crate
        // gets its major version too.
        let mut name = str_of(pkg, "name").replace('-', "_");
        if deps.iter().any(|d: &DepCrate| d.name == name) {
            name = format!("{name}_{}", str_of(pkg, "version").replace('.', "_"));
        }
        let krate = read_crate(id, &root, &features_of(id), cached)?;
        kept.insert(id.clone(), deps.len());
        deps.push(DepCrate {
            name,
            krate,
            externs: externs_of(id, &kept),
        });
    }
    let pkg = packages.get(root_id.as_str()).ok_or_else(|| {
        io(
            manifest,
            format!("cargo metadata does not list `{root_id}`"),
        )
    })?;
    let (root, _) =
        lib_root(pkg).ok_or_else(|| io(manifest, "the package has no library or binary target"))?;
    // The package's own crate is read afresh on each load (it is the one being edited).
    let user = read_crate(&root_id, &root, &features_of(&root_id), false)?;
    let externs = externs_of(&root_id, &kept);
    Ok(ReadPackage {
        user,
        package: Package {
            deps,
            externs,
            whole: true,
        },
        file: root.display().to_string().into(),
    })
}
