//! `cargo xtask ci`: every CI step, in order. `.ci/run` calls this task, so CI and a person
//! at a terminal run the same steps (one definition); it needs the package registries and
//! installs Chromium and Slurm with apt-get when they are missing (CI runs as root), and
//! schemathesis with pip in a virtual environment under target/.

use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::util;

/// One step: a title and what it runs.
struct Step {
    title: &'static str,
    run: fn() -> Result<()>,
}

/// The steps, in the order they run.
const STEPS: &[Step] = &[
    Step { title: "formatting", run: formatting },
    Step { title: "architecture rules (cargo xtask tidy)", run: || crate::tidy_task() },
    Step {
        title: "lints (cargo clippy, warnings denied)",
        run: || cargo(&["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]),
    },
    Step { title: "documentation (cargo doc, warnings denied)", run: docs },
    Step { title: "tests (the README's test command)", run: || cargo(&["test", "--workspace"]) },
    Step {
        title: "heavy rows of the octal-game tables (release; about four minutes)",
        // All ignored tests but the full rogalski run to 2^24 for all five games (about 14
        // minutes; its times are in runs/games/).
        run: || {
            cargo(&[
                "test",
                "--release",
                "-p",
                "grundy-core",
                "--test",
                "games",
                "--",
                "--ignored",
                "--skip",
                "rogalski_frequencies_all_rows",
            ])
        },
    },
    Step {
        title: "the cost models within 2x of the clock (five games of different growth, two sizes each)",
        run: || cargo(&["test", "--release", "-p", "grundy-core", "--test", "cost", "--", "--ignored", "--nocapture"]),
    },
    Step {
        title: "the Python package: pip install ./crates/python, pytest, mypy --strict, stubtest, the examples",
        run: python,
    },
    Step { title: "every claim against the committed summary", run: || cargo(&["xtask", "verify"]) },
    Step {
        title: "a fresh sweep to 2^22 agrees with the committed 2^26 summary below 2^22",
        run: || {
            cargo(&[
                "xtask",
                "compute",
                "--to",
                "2^22",
                "--out",
                "target/ci-sweep-2p22",
                "--check-against",
                "runs/sweep/67108864/summary.json",
            ])
        },
    },
    Step { title: "the play page in headless Chromium", run: browser },
    Step {
        title: "the play server under load, at a fifth of issue 38's (p99 of cheap requests under 100 ms, idle and memory after, SIGTERM)",
        run: || {
            cargo(&["build", "-p", "grundy-cli"])?;
            crate::load::run(crate::load::Args::small())
        },
    },
    Step { title: "the API fuzzed from its OpenAPI document by schemathesis", run: api_fuzz },
    Step { title: "a census as a Slurm job array on a single-node cluster", run: slurm },
];

/// Runs every step, stopping at the first that fails.
pub fn run() -> Result<()> {
    for step in STEPS {
        println!("== {}", step.title);
        (step.run)().with_context(|| format!("ci step failed: {}", step.title))?;
    }
    println!("== ci: every step passed");
    Ok(())
}

/// `cargo fmt --check`; a machine without rustfmt fails the step (it cannot check).
fn formatting() -> Result<()> {
    let has_rustfmt = Command::new("cargo").args(["fmt", "--version"]).output().is_ok_and(|o| o.status.success());
    if !has_rustfmt {
        bail!("rustfmt is not installed, so formatting cannot be checked (rustup component add rustfmt)");
    }
    cargo(&["fmt", "--all", "--check"])
}

/// `cargo doc` of the workspace's own crates with every rustdoc warning an error.
fn docs() -> Result<()> {
    let shown = "RUSTDOCFLAGS=-D warnings cargo doc --workspace --no-deps";
    let program = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(program)
        .args(["doc", "--workspace", "--no-deps"])
        .env("RUSTDOCFLAGS", "-D warnings")
        .current_dir(util::root())
        .status()
        .with_context(|| format!("starting {shown}"))?;
    if !status.success() {
        bail!("{shown} exited with {status}");
    }
    Ok(())
}

/// The virtual environment the Python step installs into (inside `target/`, so nothing
/// outside the clone changes).
const VENV: &str = "target/python-ci";

/// The examples of `examples/python/`, each run as a researcher would (they check their own
/// numbers against the README and fail otherwise).
const PYTHON_EXAMPLES: &[&str] = &[
    "examples/python/periods.py",
    "examples/python/grundys_game_plot.py target/python-ci/grundys-game-values.png",
    "examples/python/misere_tame_0ddd.py",
    "examples/python/cycles_and_cgsuite.py",
];

/// Installs the package with its test tools from the package registry into a fresh virtual
/// environment (Debian's python3-venv with apt-get when `venv` is missing), then runs its
/// tests, the type checks of the tests, the package and the examples, the stubs against the
/// built module, and the examples.
fn python() -> Result<()> {
    let venv = format!("python3 -m venv --clear {VENV}");
    if sh(&venv).is_err() {
        sh("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null")?;
        sh(&venv)?;
    }
    let py = format!("{VENV}/bin/python");
    sh(&format!("{py} -m pip install --quiet --disable-pip-version-check './crates/python[test]'"))?;
    sh(&format!("cd crates/python && ../../{py} -m pytest -q"))?;
    sh(&format!(
        "{py} -m mypy --strict crates/python/tests crates/python/bench crates/python/python/grundy examples/python"
    ))?;
    sh(&format!("{py} -m mypy.stubtest grundy"))?;
    for example in PYTHON_EXAMPLES {
        sh(&format!("{py} {example}"))?;
    }
    Ok(())
}

fn browser() -> Result<()> {
    let has_chromium =
        Command::new("sh").args(["-c", "command -v chromium"]).output().is_ok_and(|o| o.status.success());
    if !has_chromium {
        sh("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null")?;
    }
    sh("cd crates/web/e2e && npm ci --no-audit --no-fund --loglevel=error")?;
    cargo(&["build", "-p", "grundy-cli"])?;
    status(Command::new("node").arg("crates/web/e2e/play.test.mjs"))
}

/// schemathesis, the version pinned here, from the Python package registry.
const SCHEMATHESIS: &str = "schemathesis==4.32.5";

/// Examples schemathesis draws for each operation, in each of its phases.
const FUZZ_EXAMPLES: &str = "100";

/// schemathesis (in a virtual environment under target/) against `grundy serve` on
/// loopback: every operation of `/api/openapi.json` and every method, with every check but
/// `positive_data_acceptance` (a game's name is any text to the document and the server
/// refuses names the CLI does not know, with 400), so: no 5xx, no answer that breaks the
/// document (status, content type, headers, schema), none slower than 25 s, and schema-
/// invalid requests refused. Then the server is stopped with SIGTERM and must exit 0.
fn api_fuzz() -> Result<()> {
    let venv = util::root().join("target/schemathesis");
    let st = venv.join("bin/st");
    if !st.exists() {
        status(Command::new("python3").arg("-m").arg("venv").arg(&venv))?;
        status(Command::new(venv.join("bin/pip")).args(["install", "--quiet", SCHEMATHESIS]))?;
    }
    cargo(&["build", "-p", "grundy-cli"])?;
    let (mut server, addr) = crate::load::start(&util::root().join("target/debug/grundy"))?;
    let fuzzed = status(Command::new(&st).args([
        "run",
        &format!("http://{addr}/api/openapi.json"),
        "--checks",
        "all",
        "--exclude-checks",
        "positive_data_acceptance",
        "--max-examples",
        FUZZ_EXAMPLES,
        "--request-timeout",
        "30",
        "--max-response-time",
        "25",
        "--workers",
        "1",
        "--seed",
        "38",
    ]));
    let _ = Command::new("kill").args(["-TERM", &server.id().to_string()]).status();
    let exit = server.wait()?;
    fuzzed?;
    if !exit.success() {
        bail!("grundy serve exited with {exit} on SIGTERM");
    }
    Ok(())
}

/// Starts a single-node Slurm (installing Debian's slurmctld, slurmd and munge when
/// missing), submits the census of a small family through deploy/slurm/submit.sh, kills
/// two of its tasks, recovers with the same command, and checks the merged table against
/// the one-process census, byte for byte; then stops what the start script started.
fn slurm() -> Result<()> {
    cargo(&["build", "-p", "grundy-cli"])?;
    sh("deploy/slurm/start-local-cluster.sh")?;
    let test = sh("deploy/slurm/test-local.sh target/debug/grundy");
    let stop = sh("deploy/slurm/stop-local-cluster.sh");
    test.and(stop)
}

fn cargo(args: &[&str]) -> Result<()> {
    status(Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())).args(args))
}

fn sh(script: &str) -> Result<()> {
    status(Command::new("sh").args(["-c", script]))
}

/// Runs `command` in the workspace root with this terminal's output.
fn status(command: &mut Command) -> Result<()> {
    let shown = format!("{command:?}");
    let status = command.current_dir(util::root()).status().with_context(|| format!("starting {shown}"))?;
    if !status.success() {
        bail!("{shown} exited with {status}");
    }
    Ok(())
}
