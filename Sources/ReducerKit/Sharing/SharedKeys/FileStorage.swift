import Dependencies
import Foundation
import Synchronization

/// The file system ``FileStorageKey`` reads and writes: the real one in an app, one in memory
/// in tests (the `defaultFileStorage` dependency), so tests never touch the disk.
public struct FileStorage: Sendable {
  /// What makes two file storages the same, for the identity of keys.
  let id: ObjectIdentifier
  let load: @Sendable (URL) throws -> Data
  let save: @Sendable (Data, URL) throws -> Void
  /// Runs work after a delay: the throttle of writes.
  let schedule: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void
  /// Calls the handler when the file at the URL may have changed, until cancelled.
  let watch: @Sendable (URL, @escaping @Sendable () -> Void) -> SharedSubscription

  /// The data of the file at `url`.
  public func load(from url: URL) throws -> Data { try load(url) }

  /// Writes `data` to the file at `url`, as another process would: shared values stored there
  /// hear of the change.
  public func save(_ data: Data, to url: URL) throws { try save(data, url) }

  /// The real file system: writes go to disk (creating the folder), and changes made to a file
  /// by another process are seen within a quarter of a second.
  public static let fileSystem = FileStorage(
    id: ObjectIdentifier(FileSystemIdentity.shared),
    load: { url in try Data(contentsOf: url) },
    save: { data, url in
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true
      )
      try data.write(to: url, options: .atomic)
    },
    schedule: { delay, work in
      DispatchQueue.global().asyncAfter(
        deadline: .now() + .nanoseconds(Int(delay.components.seconds * 1_000_000_000
          + delay.components.attoseconds / 1_000_000_000)),
        execute: work
      )
    },
    watch: { url, handler in FilePoller.watch(url, every: .milliseconds(250), handler) }
  )

  /// A new, empty file system in memory: writes are immediate and stay in the process.
  public static var inMemory: FileStorage { inMemory(fileSystem: InMemoryFileSystem()) }

  /// A file system in memory holding `fileSystem`'s files.
  public static func inMemory(fileSystem: InMemoryFileSystem) -> FileStorage {
    FileStorage(
      id: ObjectIdentifier(fileSystem),
      load: { url in try fileSystem.data(at: url) },
      save: { data, url in fileSystem.write(data, to: url) },
      schedule: { _, work in work() },
      watch: { url, handler in fileSystem.watch(url, handler) }
    )
  }
}

/// The files of ``FileStorage/inMemory``: a dictionary of URLs to data that tells watchers of
/// each write.
public final class InMemoryFileSystem: Sendable {
  private struct State {
    var files: [URL: Data] = [:]
    var watchers: [Int: (url: URL, handler: @Sendable () -> Void)] = [:]
    var nextWatcher = 0
  }

  private let state = Mutex(State())

  /// A file system holding `files`.
  public init(_ files: [URL: Data] = [:]) {
    state.withLock { $0.files = Dictionary(uniqueKeysWithValues: files.map { ($0.standardizedFileURL, $1) }) }
  }

  /// The files, by URL.
  public var files: [URL: Data] { state.withLock { $0.files } }

  func data(at url: URL) throws -> Data {
    guard let data = state.withLock({ $0.files[url.standardizedFileURL] }) else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
    }
    return data
  }

  func write(_ data: Data, to url: URL) {
    let url = url.standardizedFileURL
    let handlers = state.withLock { state in
      state.files[url] = data
      return state.watchers.values.filter { $0.url == url }.map(\.handler)
    }
    for handler in handlers { handler() }
  }

  /// Removes the file at `url`, telling its watchers.
  public func removeFile(at url: URL) {
    let url = url.standardizedFileURL
    let handlers = state.withLock { state in
      state.files[url] = nil
      return state.watchers.values.filter { $0.url == url }.map(\.handler)
    }
    for handler in handlers { handler() }
  }

  func watch(_ url: URL, _ handler: @escaping @Sendable () -> Void) -> SharedSubscription {
    let token = state.withLock { state in
      defer { state.nextWatcher += 1 }
      state.watchers[state.nextWatcher] = (url.standardizedFileURL, handler)
      return state.nextWatcher
    }
    return SharedSubscription { [weak self] in
      self?.state.withLock { _ = $0.watchers.removeValue(forKey: token) }
    }
  }
}

/// The identity of the real file system.
private final class FileSystemIdentity: Sendable {
  static let shared = FileSystemIdentity()
}

/// Watches a file on disk by its modification time, size and inode, on a timer.
///
/// Polling rather than inotify: Foundation on Linux has no file-system event source, and a
/// stat every quarter second per shared file costs nothing an app would notice.
enum FilePoller {
  struct Stamp: Equatable {
    var modified: Date?
    var size: Int?
    var inode: Int?
  }

  static func stamp(of url: URL) -> Stamp? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else {
      return nil
    }
    return Stamp(
      modified: attributes[.modificationDate] as? Date,
      size: (attributes[.size] as? NSNumber)?.intValue,
      inode: (attributes[.systemFileNumber] as? NSNumber)?.intValue
    )
  }

  static func watch(
    _ url: URL, every interval: DispatchTimeInterval, _ handler: @escaping @Sendable () -> Void
  ) -> SharedSubscription {
    let last = Mutex(stamp(of: url))
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
    timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
    timer.setEventHandler {
      let now = stamp(of: url)
      let changed = last.withLock { last in
        defer { last = now }
        return last != now
      }
      if changed { handler() }
    }
    timer.resume()
    let source = UncheckedSendable(timer)
    return SharedSubscription { source.value.cancel() }
  }
}

private enum FileStorageDependencyKey: DependencyKey {
  static let liveValue = FileStorage.fileSystem
  static var testValue: FileStorage { .inMemory }
}

extension DependencyValues {
  /// The file system ``FileStorageKey`` uses: the real one live, a new one in memory in tests.
  public var defaultFileStorage: FileStorage {
    get { self[FileStorageDependencyKey.self] }
    set { self[FileStorageDependencyKey.self] = newValue }
  }
}
