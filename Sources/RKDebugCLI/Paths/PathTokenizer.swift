import Foundation

/// Splits a path or predicate into ``PathToken``s.
///
/// Names are letters, digits, `_` and `$`, not starting with a digit; numbers are written as in
/// Swift (`3`, `-2`, `0.5`, `1e3`); strings are in double or single quotes with the escapes
/// `\"`, `\'`, `\\`, `\n`, `\t`, `\r` and `\u{…}`.
struct PathTokenizer {
  private let characters: [Character]
  private var position = 0

  /// A tokenizer over `text`.
  init(_ text: String) {
    characters = Array(text)
  }

  /// Every token of the text, ending with a ``PathToken/Kind/end`` token.
  ///
  /// - Throws: ``PathSyntaxError`` for a text longer than ``InputLimits/maximumLength``
  ///   bytes, or one that does not tokenize.
  static func tokens(of text: String) throws(PathSyntaxError) -> [PathToken] {
    if let column = InputLimits.columnPastMaximumLength(of: text) {
      throw PathSyntaxError(
        "too long: \(text.utf8.count) bytes; paths and predicates are limited to "
          + "\(InputLimits.maximumLength) bytes (64 KiB)",
        column: column
      )
    }
    var tokenizer = PathTokenizer(text)
    var tokens: [PathToken] = []
    while true {
      let token = try tokenizer.next()
      tokens.append(token)
      if token.kind == .end { return tokens }
    }
  }

  private static let twoCharacterSymbols: Set<String> = ["==", "!=", "<=", ">=", "&&", "||"]
  private static let oneCharacterSymbols: Set<Character> = [
    ".", "[", "]", "(", ")", "<", ">", "!", ":",
  ]

  /// The next token.
  mutating func next() throws(PathSyntaxError) -> PathToken {
    while position < characters.count, characters[position].isWhitespace {
      position += 1
    }
    let start = position
    let column = start + 1
    guard position < characters.count else {
      return PathToken(kind: .end, text: "", column: column)
    }
    let character = characters[position]

    if character.isNameStart {
      while position < characters.count, characters[position].isNameContinuation {
        position += 1
      }
      let name = String(characters[start..<position])
      return PathToken(kind: .identifier(name), text: name, column: column)
    }
    if character.isASCIIDigit
      || (character == "-" && position + 1 < characters.count
        && characters[position + 1].isASCIIDigit)
    {
      return try number(from: start)
    }
    if character == "\"" || character == "'" {
      return try string(from: start, quote: character)
    }
    if position + 1 < characters.count {
      let pair = String(characters[position...position + 1])
      if Self.twoCharacterSymbols.contains(pair) {
        position += 2
        return PathToken(kind: .symbol(pair), text: pair, column: column)
      }
    }
    if Self.oneCharacterSymbols.contains(character) {
      position += 1
      return PathToken(kind: .symbol(String(character)), text: String(character), column: column)
    }
    if character == "=" {
      throw PathSyntaxError("unexpected '='; compare with '=='", column: column)
    }
    if character == "&" || character == "|" {
      throw PathSyntaxError(
        "unexpected '\(character)'; write '\(character)\(character)'", column: column
      )
    }
    throw PathSyntaxError("unexpected character '\(character)'", column: column)
  }

  private mutating func number(from start: Int) throws(PathSyntaxError) -> PathToken {
    if characters[position] == "-" { position += 1 }
    func digits() {
      while position < characters.count,
        characters[position].isASCIIDigit || characters[position] == "_"
      {
        position += 1
      }
    }
    digits()
    if position + 1 < characters.count, characters[position] == ".",
      characters[position + 1].isASCIIDigit
    {
      position += 1
      digits()
    }
    if position < characters.count, characters[position] == "e" || characters[position] == "E" {
      var lookahead = position + 1
      if lookahead < characters.count,
        characters[lookahead] == "+" || characters[lookahead] == "-"
      {
        lookahead += 1
      }
      if lookahead < characters.count, characters[lookahead].isASCIIDigit {
        position = lookahead
        digits()
      }
    }
    let text = String(characters[start..<position])
    if position < characters.count, characters[position].isNameContinuation {
      throw PathSyntaxError(
        "unexpected '\(characters[position])' after the number '\(text)'",
        column: position + 1
      )
    }
    guard let value = Double(text.replacingOccurrences(of: "_", with: "")) else {
      throw PathSyntaxError("'\(text)' is not a number", column: start + 1)
    }
    return PathToken(kind: .number(value), text: text, column: start + 1)
  }

  private mutating func string(
    from start: Int, quote: Character
  ) throws(PathSyntaxError) -> PathToken {
    position += 1
    var value = ""
    while position < characters.count {
      let character = characters[position]
      position += 1
      if character == quote {
        let text = String(characters[start..<position])
        return PathToken(kind: .string(value), text: text, column: start + 1)
      }
      guard character == "\\" else {
        value.append(character)
        continue
      }
      guard position < characters.count else { break }
      let escape = characters[position]
      position += 1
      switch escape {
      case "\"", "'", "\\": value.append(escape)
      case "n": value.append("\n")
      case "t": value.append("\t")
      case "r": value.append("\r")
      case "0": value.append("\0")
      case "u": value.unicodeScalars.append(try unicodeEscape(at: position - 2))
      default:
        throw PathSyntaxError("unknown escape '\\\(escape)' in a string", column: position - 1)
      }
    }
    throw PathSyntaxError("unterminated string starting", column: start + 1)
  }

  /// Reads `{XXXX}` after `\u`; `column0` is the 0-based position of the backslash.
  private mutating func unicodeEscape(at column0: Int) throws(PathSyntaxError) -> Unicode.Scalar {
    let error = PathSyntaxError(
      "expected '\\u{…}' with 1 to 8 hexadecimal digits", column: column0 + 1
    )
    guard position < characters.count, characters[position] == "{" else { throw error }
    position += 1
    let digitsStart = position
    while position < characters.count, characters[position].isHexDigit {
      position += 1
    }
    let digits = String(characters[digitsStart..<position])
    guard position < characters.count, characters[position] == "}", (1...8).contains(digits.count),
      let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code)
    else { throw error }
    position += 1
    return scalar
  }
}

extension Character {
  /// Whether a name may start with this character.
  fileprivate var isNameStart: Bool {
    isLetter || self == "_" || self == "$"
  }

  /// Whether a name may continue with this character.
  fileprivate var isNameContinuation: Bool {
    isNameStart || isASCIIDigit
  }

  /// `0` to `9`.
  fileprivate var isASCIIDigit: Bool {
    isASCII && isNumber
  }
}
