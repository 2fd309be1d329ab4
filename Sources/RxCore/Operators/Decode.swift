import Foundation

extension ObservableType where Element == Data {
    /// Decodes each emitted `Data` into `type` with `decoder`; a decoding failure ends the
    /// sequence with the decoder's error.
    public func decode<Item: Decodable, Decoder: DataDecoder>(type: Item.Type, decoder: Decoder) -> Observable<Item> {
        map { try decoder.decode(type, from: $0) }
    }
}

/// Something that can decode raw `Data` into a `Decodable` type (`JSONDecoder`,
/// `PropertyListDecoder`, or your own decoder).
public protocol DataDecoder {
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}
