//! `urlprism profiles`: list the built-in profiles and engines, print a
//! profile as TOML to start a profile file of one's own, or the plan a
//! profile compiles to.

use super::width::{display_width, pad};
use super::{profile_by_name, UsageError};
use clap::Args;
use std::process::ExitCode;
use urlprism::compare::Engine;
use urlprism::engines::registry;
use urlprism::profile::host_steps::{Origin, Step, CANONICALIZE_HOST_STEPS, NAMEPREP_STEPS};
use urlprism::profile::plan::Plan;
use urlprism::profile::BUILTIN_PROFILE_FILES;

#[derive(Debug, Args)]
pub struct ProfilesArgs {
    /// Print this built-in profile's TOML file (copy it, edit it, load it
    /// with --profile-file); with --profile-file and no NAME, the complete
    /// file of that profile (a file that extends a built-in one, resolved).
    #[arg(
        long,
        value_name = "NAME",
        num_args = 0..=1,
        default_missing_value = "",
        conflicts_with = "plan"
    )]
    show: Option<String>,
    /// Print the plan this built-in profile (or, with --profile-file and
    /// no NAME, the profile of that file) compiles to: every step of
    /// CanonicalizeHost and Nameprep, its marks, and whether the profile
    /// runs it (and where step 1 sends the hosts that are not domain names).
    #[arg(long, value_name = "NAME", num_args = 0..=1, default_missing_value = "")]
    plan: Option<String>,
    /// With --show or --plan: the profile described in this TOML file.
    #[arg(long, value_name = "PATH")]
    profile_file: Option<std::path::PathBuf>,
}

/// The profile that `name` names, or the one the profile file describes.
fn named_or_file(
    name: &str,
    file: Option<&std::path::Path>,
) -> Result<urlprism::ProfileSpec, UsageError> {
    match (name, file) {
        ("", Some(path)) => {
            let e = super::engine_from_file(path)?;
            let p = e.as_profile().ok_or_else(|| {
                UsageError(format!(
                    "{}: not a profile of marked steps (it has no plan or file to show)",
                    path.display()
                ))
            })?;
            Ok(urlprism::ProfileSpec {
                name: p.name().to_string(),
                description: p.description().to_string(),
                nameprep: p.nameprep().clone(),
                canonicalize_host: p.host().clone(),
                url: p.url().clone(),
                display: p.display().clone(),
            })
        }
        ("", None) => Err(UsageError(
            "name a built-in profile, or give --profile-file PATH".into(),
        )),
        (_, Some(_)) => Err(UsageError(
            "give a built-in profile's name or --profile-file PATH, not both".into(),
        )),
        (name, None) => profile_by_name(name).cloned(),
    }
}

pub fn run(args: ProfilesArgs) -> Result<ExitCode, UsageError> {
    if args.plan.is_none() && args.show.is_none() && args.profile_file.is_some() {
        return Err(UsageError(
            "--profile-file goes with --show or --plan".into(),
        ));
    }
    let file = args.profile_file.as_deref();
    if let Some(name) = &args.plan {
        let profile = named_or_file(name, file)?;
        print!("{}", plan_text(&Plan::new(&profile)));
        return Ok(ExitCode::SUCCESS);
    }
    match args.show {
        Some(name) if name.is_empty() => {
            let p = named_or_file(&name, file)?;
            let text = toml::to_string(&p)
                .map_err(|e| UsageError(format!("cannot write the profile as TOML: {e}")))?;
            print!("{text}");
        }
        Some(name) => {
            named_or_file(&name, file)?;
            let p = profile_by_name(&name)?;
            let text = BUILTIN_PROFILE_FILES
                .iter()
                .find(|(n, _)| *n == p.name)
                .map(|(_, t)| *t)
                .ok_or_else(|| UsageError(format!("no file for profile {name:?}")))?;
            print!("{text}");
        }
        None => {
            // Every registered name: the built-in profiles, then the
            // engines written in code (`whatwg`...).
            let registry = registry();
            let width = registry
                .iter()
                .map(|r| display_width(r.name()))
                .max()
                .unwrap_or(0);
            for r in registry {
                println!("{}  {}", pad(r.name(), width), r.description());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The plan as a table: per pipeline, each registered step with its marks
/// (`observed:` for a step beyond the specification), whether the plan runs
/// it, and its title; step 1's other plan and the steps it runs apart.
fn plan_text(plan: &Plan) -> String {
    let mut out = format!("plan of profile {}\n", plan.name());
    let table = |out: &mut String, plan: &Plan, pipeline: &str, steps: &[Step]| {
        out.push_str(&format!("\n{pipeline}\n"));
        out.push_str(&format!(
            "  {:<10} {:<22} {:<5} {}\n",
            "step", "marks", "runs", "title"
        ));
        for s in steps {
            let marks = match (s.origin, s.label) {
                (Origin::Specification, "") => "-",
                (_, label) => label,
            };
            let runs = if plan.runs(s) { "yes" } else { "no" };
            out.push_str(&format!(
                "  {:<10} {:<22} {:<5} {}\n",
                s.number, marks, runs, s.title
            ));
        }
    };
    table(&mut out, plan, "CanonicalizeHost", CANONICALIZE_HOST_STEPS);
    table(&mut out, plan, "Nameprep", NAMEPREP_STEPS);
    if let Some((other, classes)) = plan.other_hosts() {
        // As a profile file names them (`ip-literal`).
        let classes: Vec<String> = classes
            .iter()
            .map(|c| match serde_json::to_value(c) {
                Ok(serde_json::Value::String(s)) => s,
                _ => format!("{c:?}"),
            })
            .collect();
        out.push_str(&format!(
            "\nstep 1: hosts of the classes {} follow profile {}, whose plan runs:\n",
            classes.join(", "),
            other.name()
        ));
        table(&mut out, other, "CanonicalizeHost", CANONICALIZE_HOST_STEPS);
        table(&mut out, other, "Nameprep", NAMEPREP_STEPS);
    }
    out
}
