import RxCore
import RxTrace
