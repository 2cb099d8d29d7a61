//! Splitting an engine command line into words, as a POSIX shell would for the simple cases:
//! words separated by white space, `'...'` taken literally, `"..."` with `\"` and `\\`, and a
//! backslash outside quotes escaping the next character. No variables, globs or pipes.

/// Splits `line` into words; an unclosed quote or a trailing backslash is an error.
pub fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err(format!("unclosed ' in {line}")),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => w.push(c),
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => return Err(format!("unclosed \" in {line}")),
                        },
                        Some(c) => w.push(c),
                        None => return Err(format!("unclosed \" in {line}")),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err(format!("a backslash ends {line}")),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::split_words;

    #[test]
    fn splits_like_a_shell() {
        assert_eq!(
            split_words(r#"python3  'my engine.py' --name "a \"b\"" c\ d ''"#).unwrap(),
            ["python3", "my engine.py", "--name", "a \"b\"", "c d", ""]
        );
        assert!(split_words("node 'x").is_err());
        assert!(split_words("a\\").is_err());
        assert!(split_words("  ").unwrap().is_empty());
    }
}
