import ReducerKit
import Testing

@testable import ReducerKitDebug

/// ``PatchTextCache``: the operations a walk read of a patch text, given back for the same
/// bytes and never for others, whichever texts share a slot.
@Suite struct PatchTextCacheTests {
  /// Parses `text` as the reader does, counting the parses.
  private static func read(_ text: [UInt8], counting reads: inout Int) throws
    -> [JSONPatchOperation]
  {
    reads += 1
    var pointers = JSONPointerCache()
    return try text.withUnsafeBufferPointer {
      try [JSONPatchOperation](compactText: $0, pointers: &pointers)
    }
  }

  @Test func aTextMetAgainIsNotReadAgain() throws {
    var cache = PatchTextCache()
    var reads = 0
    let text = Array(#"[["=","/count",1,0]]"#.utf8)
    for _ in 0..<3 {
      let operations = try text.withUnsafeBufferPointer { buffer in
        try cache.operations(of: buffer) { try Self.read(text, counting: &reads) }
      }
      #expect(operations == [.replace(JSONPointer(tokens: ["count"]), value: 1, oldValue: 0)])
    }
    #expect(reads == 1)
  }

  /// 20,000 lookups of 6,000 texts, more than the slots: every answer is the text's own.
  @Test func everyAnswerIsTheTextsOwn() throws {
    var cache = PatchTextCache()
    var generator = SplitMix64(seed: 7)
    var reads = 0
    // Same lengths and prefixes, so that only the bytes tell them apart.
    let texts = (0..<6_000).map { Array(#"[["=","/n",\#($0 + 10_000),0]]"#.utf8) }
    for _ in 0..<20_000 {
      let text = texts[Int(generator.next() % UInt64(texts.count))]
      let operations = try text.withUnsafeBufferPointer { buffer in
        try cache.operations(of: buffer) { try Self.read(text, counting: &reads) }
      }
      var uncounted = 0
      #expect(operations == (try Self.read(text, counting: &uncounted)))
    }
    #expect(reads < 20_000)
  }

  @Test func aLongTextOrAFailedReadIsReadEachTime() throws {
    var cache = PatchTextCache()
    var reads = 0
    let long = Array("[[\"=\",\"/s\",\"\(String(repeating: "x", count: 600))\",0]]".utf8)
    let bad = Array(#"[["=","/count",1"#.utf8)
    for _ in 0..<2 {
      _ = try long.withUnsafeBufferPointer { buffer in
        try cache.operations(of: buffer) { try Self.read(long, counting: &reads) }
      }
      #expect(throws: (any Error).self) {
        try bad.withUnsafeBufferPointer { buffer in
          try cache.operations(of: buffer) { try Self.read(bad, counting: &reads) }
        }
      }
    }
    #expect(reads == 4)
  }
}
