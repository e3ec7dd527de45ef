import RKDebugCLI
import ReducerKitSamples

await RKDebug.main(features: SampleFeatures.all)
