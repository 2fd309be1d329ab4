import RxTrace
