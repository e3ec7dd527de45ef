import Testing

@testable import ReducerKitDebug

/// The compact patch reader that skips the `JSONValue` tree gives what parsing the text and
/// reading it with `init(compactJSON:)` gives: the same operations, or the same error.
@Suite struct CompactPatchTextTests {
  enum Outcome: Equatable {
    case operations([JSONPatchOperation])
    case error(String)
  }

  func read(_ text: String) -> Outcome {
    var pointers = JSONPointerCache()
    var text = text
    return text.withUTF8 { utf8 in
      do {
        return .operations(try [JSONPatchOperation](compactText: utf8, pointers: &pointers))
      } catch {
        return .error("\(error)")
      }
    }
  }

  func readThroughJSONValue(_ text: String) -> Outcome {
    do {
      return .operations(try [JSONPatchOperation](compactJSON: JSONValue(parsing: text)))
    } catch {
      return .error("\(error)")
    }
  }

  @Test(arguments: [
    "[]", " [ ] ", #"[["=","/count",1,0]]"#, #"[ [ "=" , "/count" , 1 , 0 ] ]"#,
    #"[["+","/todos/-",{"id":"a","title":"Milk \"2%\"","done":false}],["-","/x~1y/0",[1,[2]]]]"#,
    #"[["=","",{"n":1},{"n":0}]]"#, #"[{"op":"move","from":"/a","path":"/b"}]"#,
    #"[["=","/count",1,0],{"op":"copy","from":"/a","path":"/b"}]"#,
  ])
  func readsEveryFormAsTheParsedTextReads(_ text: String) {
    let fast = read(text)
    guard case .operations = fast else {
      Issue.record("'\(text)' was not read: \(fast)")
      return
    }
    #expect(fast == readThroughJSONValue(text))
  }

  @Test(arguments: [
    "", "[", "[[]]", #"[["=","/count",1]]"#, #"[["*","/count",1,0]]"#, #"[["=","count",1,0]]"#,
    #"[["=","/count",1,0],]"#, #"[["=","/count",1,0]] x"#, #"[["+","/a",01]]"#, "{}",
  ])
  func reportsWhatTheParsedTextReports(_ text: String) {
    let fast = read(text)
    guard case .error = fast else {
      Issue.record("'\(text)' was read")
      return
    }
    #expect(fast == readThroughJSONValue(text))
  }

  @Test func repeatedPathsAreParsedOnce() throws {
    var pointers = JSONPointerCache()
    let first = try pointers.pointer(parsing: "/todos/0/title")
    #expect(try pointers.pointer(parsing: "/todos/0/title") == first)
    #expect(first.tokens == ["todos", "0", "title"])
    #expect(throws: JSONPointerError.self) { try pointers.pointer(parsing: "todos") }
  }
}
