//! A code's rules in words, digit by digit: what taking (or adding) so many tokens may
//! leave, equal digits said once, the repeating tail said as a rule for every larger take.

use super::digit::{Constraint, Digit};
use super::TbCode;

/// What a digit lets a move leave: "nothing, one heap or two heaps (pairwise different)".
fn leaves(d: &Digit, j: i64) -> String {
    let count = |i: u64| match i {
        0 if j > 0 => "nothing (when the heap has exactly that many)".to_string(),
        0 => "nothing".to_string(),
        1 => "one heap".to_string(),
        2 => "two heaps".to_string(),
        3 => "three heaps".to_string(),
        i => format!("{i} heaps"),
    };
    let mark = |c: Constraint| match c {
        Constraint::Any => "",
        Constraint::SomeUnequal => " (not all the same size)",
        Constraint::Unequal => " (all of different sizes)",
        Constraint::Equal => " (all the same size)",
    };
    let listed: Vec<(u64, Constraint)> = d.listed().collect();
    let last = listed.len().saturating_sub(1);
    let parts: Vec<String> = listed
        .iter()
        .enumerate()
        .map(|(at, &(i, c))| {
            let more = if at == last && d.more() { " or more" } else { "" };
            let m = if i >= 2 || (at == last && d.more()) { mark(c) } else { "" };
            format!("{}{more}{m}", count(i))
        })
        .collect();
    match parts.as_slice() {
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
        [] => String::new(),
    }
}

fn or_list(items: &[String]) -> String {
    match items {
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
        [] => String::new(),
    }
}

impl TbCode {
    /// The rules written out from the digits ("Take 1 or 2 stones from one heap, leaving
    /// nothing (when the heap has exactly that many) or one heap.").
    pub fn rules_in_words(&self) -> String {
        let mut sentences = Vec::new();
        for (at, d) in self.additive.iter().enumerate().rev() {
            if !d.is_zero() {
                let k = at + 1;
                let noun = if k == 1 { "stone" } else { "stones" };
                sentences.push(format!("Add {k} {noun} to one heap and leave {}.", leaves(d, -(k as i64))));
            }
        }
        if !self.digits[0].is_zero() {
            sentences.push(format!("Split one heap into {} without taking any stones.", leaves(&self.digits[0], 0)));
        }
        let pre = self.preperiod();
        let mut j = 1;
        while j < pre {
            let d = &self.digits[j];
            let mut end = j;
            while end + 1 < pre && self.digits[end + 1] == *d {
                end += 1;
            }
            if !d.is_zero() {
                let takes: Vec<String> = (j..=end).map(|t| t.to_string()).collect();
                let noun = if end == 1 { "stone" } else { "stones" };
                sentences.push(format!(
                    "Take {} {noun} from one heap, leaving {}.",
                    or_list(&takes),
                    leaves(d, j as i64)
                ));
            }
            j = end + 1;
        }
        let tail = &self.digits[pre..];
        if let [d] = tail {
            sentences.push(format!(
                "Take any number of stones from {} on from one heap, leaving {}.",
                pre.max(1),
                leaves(d, pre.max(1) as i64)
            ));
        } else {
            for (r, d) in tail.iter().enumerate().filter(|(_, d)| !d.is_zero()) {
                let first = pre + r;
                sentences.push(format!(
                    "Take {first}, {}, {} ... stones ({first} and every {} more) from one heap, leaving {}.",
                    first + tail.len(),
                    first + 2 * tail.len(),
                    tail.len(),
                    leaves(d, first as i64)
                ));
            }
        }
        sentences.join(" ")
    }
}
