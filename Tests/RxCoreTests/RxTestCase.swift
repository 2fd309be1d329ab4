import RxCore
import TestSupport

/// Shared base for RxCore tests: `ResourceCheckedTestCase` checks, in traced builds, that every
/// test leaves `Resources.total` where it found it.
class RxTestCase: ResourceCheckedTestCase {}
