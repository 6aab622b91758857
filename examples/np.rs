fn main() {
    for a in std::env::args().skip(1) {
        let c = char::from_u32(u32::from_str_radix(&a, 16).unwrap()).unwrap();
        let s = format!("a{c}b");
        let mut m = String::new();
        urlprism::unicode::stringprep::map(&s, &mut m);
        let v = urlprism::profile::this().nameprep.nfkc;
        println!("{a}: map={:?} unassigned={} nfkc={:?} np={:?}", m.chars().map(|c| format!("{:X}", c as u32)).collect::<Vec<_>>(), urlprism::unicode::stringprep::is_unassigned(c), urlprism::unicode::nfkc::nfkc(&s, &v).chars().map(|c| format!("{:X}", c as u32)).collect::<Vec<_>>(), urlprism::host::nameprep(&s, urlprism::profile::this(), false).map(|s| s.chars().map(|c| format!("{:X}", c as u32)).collect::<Vec<_>>()));
    }
}
