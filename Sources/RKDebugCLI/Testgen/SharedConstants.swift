import ReducerKit

/// The shares a generated test's initial state holds at several places (a list and the detail
/// that shares its value): each is declared once, `let syncUps = Shared(value: […])`, and the
/// places are written with its name, so the test's state holds one value there as the app's did.
final class SharedConstants {
  /// The constant's name of each share held at several places, by its storage.
  let names: [ObjectIdentifier: String]
  /// The constants, in the order the state's literal first met them.
  var declarations: [(name: String, value: SwiftLiteral)] = []

  /// The constants of the shares `state` holds at two places or more, named after the first
  /// place's property (`syncUps`, then `syncUps2`), never `store` or `clock`.
  init(for state: some Encodable) {
    var taken: Set<String> = ["store", "clock"]
    var names: [ObjectIdentifier: String] = [:]
    for holdings in SharedLocator.holdingsByStorage(in: state) where holdings.count > 1 {
      let property = holdings[0].path.last { Int($0) == nil } ?? "shared"
      var base = property.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      if base.isEmpty || base.first!.isNumber || SwiftIdentifier.reservedWords.contains(base) {
        base = "shared" + base
      }
      var name = base
      var suffix = 2
      while taken.contains(name) {
        name = base + String(suffix)
        suffix += 1
      }
      taken.insert(name)
      names[holdings[0].storageID] = name
    }
    self.names = names
  }

  /// The declarations, one line each (or more when long), indented by `indent` spaces.
  func lines(indent: Int) -> [String] {
    declarations.map { declaration in
      let prefix = String(repeating: " ", count: indent) + "let \(declaration.name) = "
      return prefix + declaration.value.text(indent: indent, used: prefix.count)
    }
  }
}
