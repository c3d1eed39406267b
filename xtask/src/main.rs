//! Project tasks, run with `cargo xtask <task>`.

fn main() -> anyhow::Result<()> {
    anyhow::bail!("no xtask tasks yet")
}
