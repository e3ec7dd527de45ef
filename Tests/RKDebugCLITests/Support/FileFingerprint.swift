import Foundation

/// The bytes and modification date of a file, and the bytes of its `-wal` companion (empty
/// when there is none).
///
/// A read-only SQLite connection to a WAL-mode database may create empty `-wal` and `-shm`
/// files next to it (it cannot create the shared memory otherwise); it never writes the
/// database or WAL frames, which is what this compares.
struct FileFingerprint: Equatable {
  var bytes: Data
  var modified: Date?
  var walBytes: Data

  /// The fingerprint of the file at `path`.
  init(path: String) throws {
    bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    modified =
      try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    walBytes = FileManager.default.contents(atPath: path + "-wal") ?? Data()
  }
}
