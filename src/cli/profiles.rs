//! `urlprism profiles`: list the built-in profiles, or print one as TOML to
//! start a profile file of one's own.

use super::{profile_by_name, UsageError};
use clap::Args;
use std::process::ExitCode;
use urlprism::profile::{builtin_profiles, BUILTIN_PROFILE_FILES};

#[derive(Debug, Args)]
pub struct ProfilesArgs {
    /// Print this built-in profile's TOML file (copy it, edit it, load it
    /// with --profile-file).
    #[arg(long, value_name = "NAME")]
    show: Option<String>,
}

pub fn run(args: ProfilesArgs) -> Result<ExitCode, UsageError> {
    match args.show {
        Some(name) => {
            let p = profile_by_name(&name)?;
            let text = BUILTIN_PROFILE_FILES
                .iter()
                .find(|(n, _)| *n == p.name)
                .map(|(_, t)| *t)
                .ok_or_else(|| UsageError(format!("no file for profile {name:?}")))?;
            print!("{text}");
        }
        None => {
            let width = builtin_profiles()
                .iter()
                .map(|p| p.name.len())
                .max()
                .unwrap_or(0);
            for p in builtin_profiles() {
                println!("{:<width$}  {}", p.name, p.description);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
