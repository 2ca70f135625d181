//! The README's parameter tables are generated from the parameter specs
//! (`lab params`); this test fails when the two drift apart.

use consistency_lab::params::all_params_markdown;

#[test]
fn readme_contains_the_generated_parameter_tables() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md");
    let generated = all_params_markdown();
    assert!(
        readme.contains(&generated),
        "README.md's `## Parameters` tables are out of date: replace them with the output of `lab params`"
    );
    assert!(readme.contains("## The lab CLI") && readme.contains("## Parameters"));
}
