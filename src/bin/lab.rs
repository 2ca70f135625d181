//! `lab`: the native command line of Consistency Lab.
fn main() {
    eprintln!("lab: not implemented yet");
    std::process::exit(2);
}
