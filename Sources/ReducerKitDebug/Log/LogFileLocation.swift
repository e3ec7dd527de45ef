import Foundation

/// How the log at a path is handed to SQLite: always as a file, never as a URI or a special
/// name, and read-only logs without writing a byte next to them.
struct LogFileLocation {
  /// The path as the user gave it, for messages.
  let path: String

  /// The name SQLite opens for writing, or for reading a log that may change while it is read.
  ///
  /// SQLite takes a name starting with `file:` as a URI (its library is built with URIs on),
  /// `:memory:` as an in-memory database and an empty name as a temporary one: a relative
  /// path gets a leading `./`, so each of those is the file it names.
  var literalName: String {
    path.hasPrefix("/") ? path : "./" + path
  }

  /// The name SQLite opens to read the log when nothing can write it: an `immutable=1` URI,
  /// so SQLite neither locks the file nor creates its `-wal` and `-shm` companions (which a
  /// read-only folder or mount cannot hold). `nil` when the file or its folder is writable,
  /// or when a `-wal` file holds committed frames, which an immutable open would not read.
  var immutableName: String? {
    guard !isWritable, (Self.size(of: path + "-wal") ?? 0) == 0 else { return nil }
    let absolute =
      path.hasPrefix("/")
      ? path : FileManager.default.currentDirectoryPath + "/" + path
    // Everything but unreserved characters and `/` is escaped, `%`, `?` and `#` included.
    let escaped = absolute.addingPercentEncoding(withAllowedCharacters: Self.unescaped) ?? absolute
    return "file:\(escaped)?immutable=1"
  }

  /// The characters of a path written as they are in a URI.
  private static let unescaped = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._~")

  /// Whether a writer could change the log: the file and its folder both allow writing, by
  /// their permission bits and for this process (root passes `access(2)` on a `0444` file,
  /// so a file or folder with no write bit at all counts as read-only too).
  private var isWritable: Bool {
    let folder = (URL(fileURLWithPath: path).deletingLastPathComponent().path)
    return [path, folder].allSatisfy { item in
      var status = stat()
      guard stat(item, &status) == 0 else { return false }
      return status.st_mode & 0o222 != 0 && access(item, W_OK) == 0
    }
  }

  /// The size of the file at `path`, or `nil` when there is none.
  private static func size(of path: String) -> Int64? {
    var status = stat()
    return stat(path, &status) == 0 ? Int64(status.st_size) : nil
  }

  /// What the path names when it is not a regular file (following symbolic links): `"a
  /// directory"`, `"a FIFO (named pipe)"`, a device or a socket; `nil` for a regular file or
  /// when nothing is there. Opening a FIFO would wait for a writer forever.
  var nonFileKind: String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    default: return "not a regular file"
    }
  }
}
