extension Predicate {
  /// Parses the `--where` argument of a command, turning a syntax error into a usage error
  /// (exit status 64) that quotes the predicate: `--where 'count >=': expected a value after
  /// '>=' at column 9`.
  static func parsingArgument(_ text: String, option: String = "--where") throws -> Predicate {
    do {
      return try Predicate(parsing: text)
    } catch {
      throw RKDebugError("\(option) \(InputLimits.quoted(text)): \(error)", exitCode: 64)
    }
  }
}
