/// One token of a path or predicate.
struct PathToken: Equatable {
  /// What the token is.
  enum Kind: Equatable {
    /// A name: a property, or one of the words `contains`, `true`, `false`, `nil`.
    case identifier(String)
    /// A number literal.
    case number(Double)
    /// A string literal, unescaped.
    case string(String)
    /// An operator or punctuation: `.`, `[`, `]`, `(`, `)`, `==`, `!=`, `<`, `<=`, `>`, `>=`,
    /// `&&`, `||`, `!`.
    case symbol(String)
    /// The end of the text.
    case end
  }

  /// What the token is.
  var kind: Kind
  /// The token as written.
  var text: String
  /// The 1-based column of its first character.
  var column: Int

  /// The token as error messages quote it: `'=='`, `'title'`, or `the end`.
  var quoted: String {
    kind == .end ? "the end" : "'\(text)'"
  }

  /// Whether the token is the symbol `symbol`.
  func isSymbol(_ symbol: String) -> Bool {
    kind == .symbol(symbol)
  }
}
