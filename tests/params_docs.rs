//! The parameter tables of `docs/cli.md` are generated from the parameter
//! specs (`lab params`); this test fails when the two drift apart.

use lab_words::params::all_params_markdown;
use lab_words::{Lang, Words};

#[test]
fn the_cli_reference_contains_the_generated_parameter_tables() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md")).expect("docs/cli.md");
    // docs/cli.md's meanings carry the Korean labels after the English text.
    let generated = all_params_markdown(Words::of(Lang::Ko));
    assert!(
        doc.contains(&generated),
        "docs/cli.md's `## Parameters` tables are out of date: replace them with the output of `lab params`"
    );
    assert!(doc.contains("## Commands") && doc.contains("## Parameters"));
}
