import Foundation
import ReducerKit
import Testing

/// `Shared` and `SharedReader` as swift-sharing's: one value held in several places, changed
/// only through `withLock`, derived shares of parts, and the in-memory, file and defaults keys
/// with their test stand-ins.
@Suite struct SharedTests {
  struct Holder: Equatable, Codable {
    @Shared var count: Int
  }

  struct Item: Equatable, Codable, Identifiable, Sendable {
    var id: Int
    var title: String
  }

  @Test func everyHolderSeesAChangeMadeThroughAnother() {
    let count = Shared(value: 1)
    let first = Holder(count: count)
    let second = Holder(count: count)
    first.$count.withLock { $0 += 1 }
    #expect(second.count == 2)
    #expect(count.wrappedValue == 2)
    #expect(first == second)
  }

  @Test func withLockReturnsWhatItsBodyReturns() {
    let count = Shared(value: 3)
    let doubled = count.withLock { value -> Int in
      value += 1
      return value * 2
    }
    #expect(doubled == 8)
  }

  @Test func aDerivedShareChangesItsPartOfTheValue() {
    let item = Shared(value: Item(id: 1, title: "A"))
    let title = item.title
    title.withLock { $0 = "B" }
    #expect(item.wrappedValue.title == "B")
    item.withLock { $0.title = "C" }
    #expect(title.wrappedValue == "C")
  }

  @Test func anElementOfAnIdentifiedArrayIsSharedByItsID() throws {
    let items = Shared(value: IdentifiedArrayOf<Item>([Item(id: 1, title: "A"), Item(id: 2, title: "B")]))
    let second = try #require(Shared(items[id: 2]))
    second.withLock { $0.title = "Two" }
    #expect(items.wrappedValue[id: 2]?.title == "Two")
    #expect(Shared(items[id: 3]) == nil)
    // Once the element is gone, the share keeps the last value it saw.
    items.withLock { _ = $0.remove(id: 2) }
    #expect(second.wrappedValue.title == "Two")
  }

  /// SyncUps' detail deletes its sync-up with `$syncUps.withLock { $0.remove(id: state.syncUp.id) }`,
  /// reading a share derived from the value it is changing.
  @Test func aReadInsideWithLockSeesTheValueBeforeTheChange() throws {
    let items = Shared(value: IdentifiedArrayOf<Item>([Item(id: 1, title: "A"), Item(id: 2, title: "B")]))
    let first = try #require(Shared(items[id: 1]))
    let countInside = items.withLock { value -> Int in
      value.remove(id: first.wrappedValue.id)
      return items.wrappedValue.count
    }
    #expect(countInside == 2)
    #expect(items.wrappedValue.ids == [2])
  }

  @Test func aReaderSeesChangesButCannotMakeThem() {
    let count = Shared(value: 0)
    let reader = SharedReader(count)
    count.withLock { $0 = 5 }
    #expect(reader.wrappedValue == 5)
    #expect(SharedReader.constant(7).wrappedValue == 7)
  }

  @Test func itEncodesAsItsValueAndDecodesToAValueOfItsOwn() throws {
    let holder = Holder(count: Shared(value: 4))
    let data = try JSONEncoder().encode(holder)
    #expect(String(decoding: data, as: UTF8.self) == #"{"count":4}"#)
    let decoded = try JSONDecoder().decode(Holder.self, from: data)
    #expect(decoded.count == 4)
    decoded.$count.withLock { $0 = 9 }
    #expect(holder.count == 4)
  }

  @Test func itDumpsAsItsValue() {
    var text = ""
    customDump(Shared(value: Item(id: 1, title: "A")), to: &text)
    #expect(text.contains(#"title: "A""#))
  }

  @Test func inMemoryKeysOfTheSameNameAreOneValue() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("count")) var first = 1
      @Shared(.inMemory("count")) var second = 100
      #expect(second == 1)
      $first.withLock { $0 = 10 }
      #expect(second == 10)
    }
  }

  @Test func inMemoryValuesOutliveTheirShares() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      do {
        @Shared(.inMemory("name")) var name = "first"
        $name.withLock { $0 = "changed" }
      }
      @Shared(.inMemory("name")) var again = "second"
      #expect(again == "changed")
    }
  }

  @Test func fileStorageLoadsSavesAndHearsTheFileChange() throws {
    let url = URL(fileURLWithPath: "/tmp/shared-tests/items.json")
    let fileSystem = InMemoryFileSystem([url: Data(#"[{"id":1,"title":"A"}]"#.utf8)])
    try withDependencies {
      $0.defaultFileStorage = .inMemory(fileSystem: fileSystem)
    } operation: {
      @Shared(.fileStorage(url)) var items: [Item] = []
      #expect(items == [Item(id: 1, title: "A")])

      $items.withLock { $0.append(Item(id: 2, title: "B")) }
      let saved = try JSONDecoder().decode([Item].self, from: #require(fileSystem.files[url]))
      #expect(saved == items)

      // Another process writes the file: the shared value follows.
      @Dependency(\.defaultFileStorage) var storage
      try storage.save(Data(#"[{"id":3,"title":"C"}]"#.utf8), to: url)
      #expect(items == [Item(id: 3, title: "C")])

      fileSystem.removeFile(at: url)
      #expect(items == [])
    }
  }

  @Test func fileStorageOnDiskSeesAnotherWriter() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shared-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("count.json")
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 1 }
      #expect(try Data(contentsOf: url) == Data("1".utf8))
      try Data("41".utf8).write(to: url)
      for _ in 0..<100 where count != 41 {
        try await Task.sleep(for: .milliseconds(50))
      }
      #expect(count == 41)
    }
  }

  @Test func appStorageReadsAndWritesItsDefaultsKey() {
    let defaults = UserDefaults(suiteName: "reducerkit.tests.\(UUID().uuidString)")!
    defaults.set(true, forKey: "isOn")
    withDependencies {
      $0.defaultAppStorage = defaults
    } operation: {
      @Shared(.appStorage("isOn")) var isOn = false
      @Shared(.appStorage("name")) var name: String? = nil
      #expect(isOn)
      $isOn.withLock { $0 = false }
      #expect(defaults.bool(forKey: "isOn") == false)
      $name.withLock { $0 = "Blob" }
      #expect(defaults.string(forKey: "name") == "Blob")
      $name.withLock { $0 = nil }
      #expect(defaults.object(forKey: "name") == nil)
    }
  }

  @Test func aKeyWithADefaultNeedsNoInitialValue() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.counter) var count
      #expect(count == 42)
    }
  }
}

extension SharedReaderKey where Self == InMemoryKey<Int>.Default {
  fileprivate static var counter: Self { Self[.inMemory("counter"), default: 42] }
}
