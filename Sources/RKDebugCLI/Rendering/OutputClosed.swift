/// Standard output was closed by its reader (`rkdebug log | head`): writing failed with
/// `EPIPE`.
///
/// Not a failure: the reader has all it wants. ``RKDebug`` stops the command quietly with
/// status 0 (the process ignores `SIGPIPE`, so the write fails instead of killing it).
struct OutputClosed: Error {}
