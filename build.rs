// Generates Unicode tables from data/ (OWNER: unicode helper).
fn main() {}
