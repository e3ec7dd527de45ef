import CustomDump
import Synchronization

/// The names custom-dump prints for types (`Counter.State`, `[Int]`), made once per type.
///
/// custom-dump prints a metatype as its cleaned-up name followed by `.self`, so the name is
/// taken from that dump: the same function makes it, and it is cached here.
enum CustomDumpTypeName {
  private static let names = Mutex<[ObjectIdentifier: String]>([:])

  /// The name custom-dump prints for `type`.
  static func of(_ type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let name = names.withLock({ $0[key] }) { return name }
    let name = String(String(customDumping: type).dropLast(".self".count))
    names.withLock { $0[key] = name }
    return name
  }
}
