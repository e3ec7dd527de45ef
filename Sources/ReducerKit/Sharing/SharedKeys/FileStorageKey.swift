import Dependencies
import Foundation
import Synchronization

extension SharedReaderKey {
  /// A value stored as JSON in the file at `url`: `@Shared(.fileStorage(url)) var items = []`.
  ///
  /// It is read when first used; each change is written at once, or, within a second of the
  /// last write, once that second has passed (the latest value); a change another process makes
  /// to the file is read back. Tests write to the `defaultFileStorage` dependency's file system,
  /// in memory.
  public static func fileStorage<Value: Codable>(
    _ url: URL, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, decoder: decoder, encoder: encoder)
  }
}

/// A ``SharedKey`` that stores its value as JSON in a file of the `defaultFileStorage`
/// dependency's file system.
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey {
  private let url: URL
  private let storage: FileStorage
  private let decode: @Sendable (Data) throws -> Value
  private let encode: @Sendable (Value) throws -> Data
  private let writer: FileWriter

  init(url: URL, decoder: JSONDecoder, encoder: JSONEncoder) {
    @Dependency(\.defaultFileStorage) var storage
    self.url = url
    self.storage = storage
    let decoder = UncheckedSendable(decoder)
    let encoder = UncheckedSendable(encoder)
    self.decode = { try decoder.value.decode(Value.self, from: $0) }
    self.encode = { try encoder.value.encode($0) }
    self.writer = FileWriter(url: url, storage: storage)
  }

  /// The file and the file system: the same path in two tests' file systems is two values.
  public var id: FileStorageKeyID {
    FileStorageKeyID(url: url.standardizedFileURL, storage: storage.id)
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    guard let data = try? storage.load(url) else {
      continuation.resumeReturningInitialValue()
      return
    }
    continuation.resume(with: Result { try decode(data) })
  }

  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    let writer = self.writer
    let decode = self.decode
    let storage = self.storage
    let url = self.url
    return storage.watch(url) {
      guard let data = try? storage.load(url) else {
        subscriber.yieldReturningInitialValue()
        return
      }
      // A change this key wrote itself is not news.
      guard !writer.wrote(data) else { return }
      if let value = try? decode(data) { subscriber.yield(value) }
    }
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    do {
      writer.write(try encode(value), immediately: context == .userInitiated)
      continuation.resume()
    } catch {
      continuation.resume(throwing: error)
    }
  }
}

extension FileStorageKey: CustomStringConvertible {
  public var description: String { ".fileStorage(\(String(reflecting: url.path)))" }
}

/// The identity of a ``FileStorageKey``: its file in one file system.
public struct FileStorageKeyID: Hashable, Sendable {
  let url: URL
  let storage: ObjectIdentifier
}

/// Writes one file at most once a second, the latest data last, and remembers what it wrote
/// so that the watcher can tell its own writes from another process's.
final class FileWriter: Sendable {
  private struct State {
    var lastWrite: ContinuousClock.Instant?
    var pending: Data?
    var written: Data?
  }

  private let url: URL
  private let storage: FileStorage
  private let state = Mutex(State())
  private static let interval = Duration.seconds(1)

  init(url: URL, storage: FileStorage) {
    self.url = url
    self.storage = storage
  }

  /// Whether `data` is what this writer last wrote.
  func wrote(_ data: Data) -> Bool {
    state.withLock { $0.written == data }
  }

  func write(_ data: Data, immediately: Bool) {
    let now = ContinuousClock.now
    enum Step { case write, schedule(Duration), wait }
    let step = state.withLock { state -> Step in
      if immediately || state.pending == nil
        && (state.lastWrite.map { now - $0 >= Self.interval } ?? true)
      {
        state.pending = nil
        state.lastWrite = now
        state.written = data
        return .write
      }
      let isScheduled = state.pending != nil
      state.pending = data
      if isScheduled { return .wait }
      let elapsed = state.lastWrite.map { now - $0 } ?? Self.interval
      return .schedule(max(.zero, Self.interval - elapsed))
    }
    switch step {
    case .write:
      try? storage.save(data, url)
    case let .schedule(delay):
      storage.schedule(delay) { [self] in flush() }
    case .wait:
      break
    }
  }

  private func flush() {
    let data = state.withLock { state -> Data? in
      guard let data = state.pending else { return nil }
      state.pending = nil
      state.lastWrite = .now
      state.written = data
      return data
    }
    if let data { try? storage.save(data, url) }
  }
}
