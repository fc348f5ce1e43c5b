import CDeflate
import Foundation

/// The zip container (PKWARE's APPNOTE 6.3, without ZIP64) around entries deflated by libdeflate: a local
/// header and the deflated bytes per entry, then the central directory and its end record. Every field that
/// could vary is fixed by the caller (`ReproducibleZip`) or here.
enum ZipWriter {
    /// Unix (3) in the high byte, zip 2.1 in the low one: what ZIPFoundation and Info-ZIP write on Unix.
    static let versionMadeBy: UInt16 = 3 << 8 | 21
    /// 2.0: deflate.
    static let versionNeeded: UInt16 = 20
    /// Bit 11: names are UTF-8.
    static let flags: UInt16 = 1 << 11
    static let deflateMethod: UInt16 = 8
    /// A regular file, rw-r--r--, in the high 16 bits (Unix mode, as `unzip` reads it).
    static let externalAttributes: UInt32 = (UInt32(S_IFREG) | 0o644) << 16
    /// zlib's default level: archives as small as ZIPFoundation's were.
    static let level: Int32 = 6

    /// A zip this writer cannot make (too many files, 4 GiB or more) or libdeflate without memory.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func write(_ entries: [(path: String, data: Data)], date: UInt16, time: UInt16) throws -> Data {
        guard entries.count < Int(UInt16.max) else { throw Failure(description: "more than 65,534 files in one zip") }
        guard let compressor = libdeflate_alloc_compressor(level) else { throw Failure(description: "libdeflate: out of memory") }
        defer { libdeflate_free_compressor(compressor) }
        var zip = Data(), directory = Data()
        for entry in entries {
            let name = Data(entry.path.utf8)
            let (crc, deflated) = entry.data.withUnsafeBytes { source in
                let bound = libdeflate_deflate_compress_bound(compressor, source.count)
                var out = Data(count: bound)
                let size = out.withUnsafeMutableBytes { target in
                    libdeflate_deflate_compress(compressor, source.baseAddress, source.count, target.baseAddress, bound)
                }
                out.count = size
                return (libdeflate_crc32(0, source.baseAddress, source.count), out)
            }
            let offset = zip.count
            guard entry.data.count < Int(UInt32.max), offset + 30 + name.count + deflated.count < Int(UInt32.max) else {
                throw Failure(description: "\(entry.path): a zip over 4 GiB")
            }
            // The local header.
            zip.append(UInt32(0x0403_4B50))
            for field in [versionNeeded, flags, deflateMethod, time, date] { zip.append(field) }
            for field in [crc, UInt32(deflated.count), UInt32(entry.data.count)] { zip.append(field) }
            zip.append(UInt16(name.count))
            zip.append(UInt16(0))  // no extra field
            zip.append(name)
            zip.append(deflated)
            // Its central directory record.
            directory.append(UInt32(0x0201_4B50))
            for field in [versionMadeBy, versionNeeded, flags, deflateMethod, time, date] { directory.append(field) }
            for field in [crc, UInt32(deflated.count), UInt32(entry.data.count)] { directory.append(field) }
            // The name's length; no extra field, comment, disk number or internal attributes.
            for field in [UInt16(name.count), 0, 0, 0, 0] { directory.append(field) }
            directory.append(externalAttributes)
            directory.append(UInt32(offset))
            directory.append(name)
        }
        let directoryOffset = zip.count
        guard directoryOffset + directory.count < Int(UInt32.max) else { throw Failure(description: "a zip over 4 GiB") }
        zip.append(directory)
        // The end of the central directory: one disk, no comment.
        zip.append(UInt32(0x0605_4B50))
        for field in [0, 0, UInt16(entries.count), UInt16(entries.count)] as [UInt16] { zip.append(field) }
        zip.append(UInt32(directory.count))
        zip.append(UInt32(directoryOffset))
        zip.append(UInt16(0))
        return zip
    }
}

extension Data {
    /// A field of a zip header: little-endian.
    fileprivate mutating func append<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
