@_exported import ReducerKit
@_exported import ReducerKitDebug
