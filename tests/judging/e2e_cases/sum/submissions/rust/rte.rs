use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    // SIGABRT: a Runtime Error (a panic would be exit code 101, an Invalid Exit Value).
    std::process::abort();
}
