fn main() {
    let n: i32 = "not an int";
    println!("{}", n);
}
