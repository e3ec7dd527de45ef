import Foundation

/// A `UUID` made from a value's custom dump: equal values get equal ids, in every process.
///
/// The `id` of ``AlertState``, ``ConfirmationDialogState`` and ``ButtonState``. swift-navigation
/// draws a random `UUID` for each, but a random id would differ between a live run and the same
/// states decoded from a log, and custom-dump pairs `Identifiable` elements by id when it diffs an
/// array, so `rkdebug changes` could print another diff than the live `_printChanges()`.
enum ContentID {
  /// The id of `value`: two 64-bit FNV-1a hashes of its dump, as a version 8 (custom) UUID.
  static func of(_ value: Any) -> UUID {
    let text = CustomDumpText.dump(value)
    var high: UInt64 = 0xcbf2_9ce4_8422_2325
    var low: UInt64 = 0x6c62_272e_07bb_0142
    for byte in text.utf8 {
      high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      low = low &+ (low >> 29)
    }
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 {
      bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(index)))
      bytes[index + 8] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(index)))
    }
    bytes[6] = (bytes[6] & 0x0f) | 0x80
    bytes[8] = (bytes[8] & 0x3f) | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      )
    )
  }
}
