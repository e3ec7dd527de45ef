import RKDebugCLI
import RKDebugCollector
import ReducerKitSamples

await RKDebug.main(features: SampleFeatures.all, team: .collector)
