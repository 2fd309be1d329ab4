#if TRACE_RESOURCES
import CRxHeapGraph

/// The loaded image (the executable or a shared library) holding an address: the file its
/// symbols and debug information are read from, and where it is loaded.
struct LoadedImage {
    let path: String
    let base: UInt

    /// Nil when no loaded image holds `address`. The loader names the executable itself with an
    /// empty or relative path: its file is then this process's executable.
    init?(containing address: UInt) {
        let base = rxheap_image_base(address)
        guard base != 0, let cPath = rxheap_image_path(address) else { return nil }
        let path = String(cString: cPath)
        self.path = path.hasPrefix("/") ? path : ProcessImage.executable.path
        self.base = base
    }
}
#endif
