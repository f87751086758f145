import CHarfBuzz
// HarfBuzz shaping of one run (one face, one direction) inside a paragraph. The whole paragraph
// is given to HarfBuzz as context, so joining and kerning see their neighbours; clusters are
// indices into the paragraph's Unicode scalars.
import RasterCore
import WidgetModel

/// One glyph out of the shaper, in points.
struct ShapedGlyph {
    var glyph: UInt32
    /// Index of the first Unicode scalar of the cluster this glyph belongs to.
    var cluster: Int
    var advance: Double
    var xOffset: Double
    var yOffset: Double
}

enum Shaper {
    /// Shapes scalars[range] with `face` at `size` points. Glyphs come back in *logical* order
    /// (for a right-to-left run HarfBuzz's visual order is reversed), so line breaking can walk
    /// them with the text.
    static func shape(
        _ scalars: [UInt32], range: Range<Int>, face: FontFace, size: Double,
        rightToLeft: Bool, features: [String]
    ) -> [ShapedGlyph] {
        guard !range.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        scalars.withUnsafeBufferPointer { p in
            hb_buffer_add_utf32(buffer, p.baseAddress, Int32(p.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_guess_segment_properties(buffer)
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        var feats: [hb_feature_t] = features.compactMap { name in
            var f = hb_feature_t()
            return hb_feature_from_string(name, Int32(name.utf8.count), &f) != 0 ? f : nil
        }
        feats.withUnsafeMutableBufferPointer { f in
            hb_shape(face.hbFont, buffer, f.baseAddress, UInt32(f.count))
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        let k = size / face.unitsPerEm
        var out: [ShapedGlyph] = []
        out.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            out.append(
                ShapedGlyph(
                    glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                    advance: Double(positions[i].x_advance) * k,
                    xOffset: Double(positions[i].x_offset) * k,
                    yOffset: Double(positions[i].y_offset) * k))
        }
        if rightToLeft { out.reverse() }
        return out
    }
}
