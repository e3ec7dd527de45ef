import ReducerKitDebug

/// The short title the navigation view gives a screen or a presented feature: the first string
/// member named `title` or `name` in its JSON, breadth first, at most three levels down (a
/// book's screen is titled by `book.title`, not by the title of the form it presents).
enum NavigationTitle {
  static func of(_ json: JSONValue) -> String? {
    var level = [json]
    for _ in 0..<3 {
      var next: [JSONValue] = []
      for value in level {
        guard case .object(let members) = value else { continue }
        for key in ["title", "name"] {
          if case .string(let text) = members[key] { return text }
        }
        for key in members.keys.sorted() where members[key]?.objectValue != nil {
          next.append(members[key]!)
        }
      }
      level = next
    }
    return nil
  }
}
