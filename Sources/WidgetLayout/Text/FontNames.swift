import Foundation

// The names and style of a font file's face, read from its OpenType tables (table directory,
// `name`, `OS/2`, `head`) with a few small reads, so that scanning the font folders does not
// open every face with FreeType (that was a fifth of a one-variant render, mostly page faults
// while FreeType parsed each file). The values follow FreeType's own rules, so matching picks
// the same faces:
//
//  • family: name ID 16 (typographic family) when present, else ID 1; style: ID 17, else ID 2;
//  • of a name's records, the last Windows one in English (platform 3; encoding 0, 1 or 10;
//    language & 0x3FF = 9), its UTF-16 read as ASCII with any other character as "?" and
//    ending at a NUL;
//  • italic: OS/2 fsSelection bit 9 (oblique) or bit 0; weight: OS/2 usWeightClass.
//
// Anything outside that simple case — a collection (.ttc), no English Windows name, WWS names
// (IDs 21/22), a record or table out of bounds, an OS/2 table too short — returns nil, and the
// file is scanned with FreeType as before. A test compares both on every installed font.

/// What matching needs of one face, before the face is loaded.
struct FaceInfo: Hashable, Sendable {
    let path: String
    let index: Int
    let familyName: String
    let styleName: String
    let weight: Int
    let isItalic: Bool
}

enum FontNames {
    /// Budgets: a directory of a real font has a few dozen tables; a `name` table is a few KiB.
    static let maxTables = 256
    static let maxNameTableBytes = 1 << 20
    static let maxNameRecords = 4096

    /// The single face of a plain TrueType/OpenType file, or nil when the file needs FreeType.
    static func read(path: String) -> FaceInfo? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(st.st_size)
        func bytes(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard offset >= 0, count >= 0, count <= size, offset <= size - count else { return nil }
            var out = [UInt8](repeating: 0, count: count)
            let got = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return got == count ? out : nil
        }
        guard let header = bytes(0, 12) else { return nil }
        let version = be32(header, 0)
        // TrueType outlines (0x00010000, 'true') or CFF ('OTTO'); collections and others: FreeType.
        guard version == 0x0001_0000 || version == 0x7472_7565 || version == 0x4F54_544F else { return nil }
        let numTables = Int(be16(header, 4))
        guard numTables > 0, numTables <= maxTables, let directory = bytes(12, numTables * 16) else { return nil }
        var tables: [UInt32: (offset: Int, length: Int)] = [:]
        for i in 0..<numTables {
            let tag = be32(directory, i * 16)
            tables[tag] = (Int(be32(directory, i * 16 + 8)), Int(be32(directory, i * 16 + 12)))
        }
        let nameTag: UInt32 = 0x6E61_6D65  // 'name'
        let os2Tag: UInt32 = 0x4F53_2F32  // 'OS/2'
        let headTag: UInt32 = 0x6865_6164  // 'head'
        guard let nameRef = tables[nameTag], nameRef.length >= 6, nameRef.length <= maxNameTableBytes,
            let name = bytes(nameRef.offset, nameRef.length),
            let os2Ref = tables[os2Tag], os2Ref.length >= 78, let os2 = bytes(os2Ref.offset, 78),
            tables[headTag] != nil
        else { return nil }
        guard let names = englishWindowsNames(name) else { return nil }
        // WWS names change FreeType's choice of names: leave those fonts to FreeType.
        guard names[21] == nil, names[22] == nil else { return nil }
        guard let family = names[16] ?? names[1], let style = names[17] ?? names[2], !family.isEmpty, !style.isEmpty
        else { return nil }
        // FreeType takes an OS/2 version of 0xFFFF for "no OS/2 table".
        guard be16(os2, 0) != 0xFFFF else { return nil }
        let weight = Int(be16(os2, 4))
        let fsSelection = be16(os2, 62)
        let italic = fsSelection & 0x200 != 0 || fsSelection & 1 != 0
        return FaceInfo(path: path, index: 0, familyName: family, styleName: style, weight: weight, isItalic: italic)
    }

    /// For name IDs 1, 2, 16, 17, 21 and 22: the string FreeType would take when the name has
    /// an English Windows record. nil when the table is malformed or a name present in it has no
    /// English Windows record (FreeType would then look at other platforms).
    static func englishWindowsNames(_ t: [UInt8]) -> [Int: String]? {
        // Format 0 only (format 1 adds language-tag records before the strings).
        guard be16(t, 0) == 0 else { return nil }
        let count = Int(be16(t, 2))
        let storage = Int(be16(t, 4))
        guard count <= maxNameRecords, 6 + count * 12 <= storage, storage <= t.count else { return nil }
        let wanted: Set<Int> = [1, 2, 16, 17, 21, 22]
        var chosen: [Int: (offset: Int, length: Int)] = [:]
        var englishFound: [Int: Bool] = [:]
        var anyRecord = Set<Int>()
        for r in 0..<count {
            let at = 6 + r * 12
            let platform = be16(t, at)
            let encoding = be16(t, at + 2)
            let language = be16(t, at + 4)
            let id = Int(be16(t, at + 6))
            let length = Int(be16(t, at + 8))
            let offset = Int(be16(t, at + 10))
            guard wanted.contains(id), length > 0 else { continue }
            // FreeType drops records whose string lies outside the table.
            guard storage + offset + length <= t.count else { continue }
            anyRecord.insert(id)
            guard platform == 3, [0, 1, 10].contains(encoding) else { continue }
            let english = language & 0x3FF == 0x009
            // FreeType keeps the first Windows record, replaced by each English one after it.
            if chosen[id] == nil || english {
                chosen[id] = (storage + offset, length)
                englishFound[id] = english
            }
        }
        var out: [Int: String] = [:]
        for id in anyRecord {
            guard let rec = chosen[id], englishFound[id] == true else { return nil }
            out[id] = asciiFromUTF16(t, rec.offset, rec.length)
        }
        return out
    }

    /// FreeType's reading of a UTF-16BE name: code units 32...127 as ASCII, any other as "?",
    /// stopping at a NUL.
    static func asciiFromUTF16(_ t: [UInt8], _ offset: Int, _ length: Int) -> String {
        var s = ""
        var i = 0
        while i + 1 < length {
            let code = UInt16(t[offset + i]) << 8 | UInt16(t[offset + i + 1])
            if code == 0 { break }
            s.append(code < 32 || code > 127 ? "?" : Character(Unicode.Scalar(UInt8(code))))
            i += 2
        }
        return s
    }

    @inline(__always) static func be16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) << 8 | UInt16(b[i + 1]) }
    @inline(__always) static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
}
