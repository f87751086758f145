// Span blending: the only place where paint meets pixels. Called once per row span with a run of
// coverage values; fast paths first (coverage 0 skipped, full coverage with an opaque source
// stored directly), then the general blend.
import WidgetModel

enum Blit {
    /// Blends one colour over `count` pixels at `dst`, each scaled by its coverage.
    @inline(__always)
    static func solid(
        _ color: UInt32, coverage: UnsafePointer<UInt8>, count: Int,
        into dst: UnsafeMutablePointer<UInt32>, mode: BlendMode
    ) {
        if mode == .sourceOver {
            let opaque = color >> 24 == 255
            // Four coverages at a time: all full (an opaque colour is stored) or all empty (a
            // shape's inside and outside) skip the per-pixel tests; the pixels are the loop's.
            var i = 0
            let cov4 = UnsafeRawPointer(coverage)
            while i &+ 4 <= count {
                let c4 = cov4.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                if c4 == 0 {
                    i &+= 4
                    continue
                }
                if c4 == 0xFFFF_FFFF && opaque {
                    (dst + i).update(repeating: color, count: 4)
                    i &+= 4
                    continue
                }
                for k in i..<(i &+ 4) {
                    let c = UInt32(coverage[k])
                    if c == 0 { continue }
                    if c == 255 {
                        dst[k] = opaque ? color : sourceOver(color, dst[k])
                    } else {
                        dst[k] = sourceOver(scalePixel(color, c), dst[k])
                    }
                }
                i &+= 4
            }
            for i in i..<count {
                let c = UInt32(coverage[i])
                if c == 0 { continue }
                if c == 255 {
                    dst[i] = opaque ? color : sourceOver(color, dst[i])
                } else {
                    dst[i] = sourceOver(scalePixel(color, c), dst[i])
                }
            }
            return
        }
        for i in 0..<count {
            let c = UInt32(coverage[i])
            if c == 0 { continue }
            dst[i] = blendPixel(color, dst[i], coverage: c, mode)
        }
    }

    /// Blends `count` source pixels over `dst`, each scaled by its coverage.
    @inline(__always)
    static func shaded(
        _ src: UnsafePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int,
        into dst: UnsafeMutablePointer<UInt32>, mode: BlendMode
    ) {
        if mode == .sourceOver {
            // Four at a time where the four coverages are full and the four sources opaque (a
            // gradient filling a shape's inside: stored) or the coverages empty (skipped); any
            // other group goes pixel by pixel. The pixels are the per-pixel loop's.
            let cov4 = UnsafeRawPointer(coverage)
            let src4 = UnsafeRawPointer(src)
            var i = 0
            while i &+ 4 <= count {
                let c4 = cov4.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                if c4 == 0 {
                    i &+= 4
                    continue
                }
                let s4 = src4.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                if c4 == 0xFFFF_FFFF && (s4[0] & s4[1] & s4[2] & s4[3]) >> 24 == 255 {
                    UnsafeMutableRawPointer(dst).storeBytes(of: s4, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    i &+= 4
                    continue
                }
                for k in i..<(i &+ 4) {
                    let c = UInt32(coverage[k])
                    if c == 0 { continue }
                    let s = c == 255 ? src[k] : scalePixel(src[k], c)
                    let a = s >> 24
                    dst[k] = a == 255 ? s : (a == 0 ? dst[k] : sourceOver(s, dst[k]))
                }
                i &+= 4
            }
            for i in i..<count {
                let c = UInt32(coverage[i])
                if c == 0 { continue }
                let s = c == 255 ? src[i] : scalePixel(src[i], c)
                let a = s >> 24
                dst[i] = a == 255 ? s : (a == 0 ? dst[i] : sourceOver(s, dst[i]))
            }
            return
        }
        for i in 0..<count {
            let c = UInt32(coverage[i])
            if c == 0 { continue }
            dst[i] = blendPixel(src[i], dst[i], coverage: c, mode)
        }
    }

    /// Blends one colour over a run of `count` pixels that share one coverage value.
    @inline(__always)
    static func solidRun(
        _ color: UInt32, coverage c: UInt32, count: Int,
        into dst: UnsafeMutablePointer<UInt32>, mode: BlendMode
    ) {
        if mode == .sourceOver {
            let s = c == 255 ? color : scalePixel(color, c)
            if s >> 24 == 255 {
                dst.update(repeating: s, count: count)
                return
            }
            if s == 0 { return }
            sourceOverConstant(s, count: count, into: dst)
            return
        }
        for i in 0..<count { dst[i] = blendPixel(color, dst[i], coverage: c, mode) }
    }

    /// Source-over of one translucent premultiplied colour onto `count` pixels, four at a time:
    /// each SIMD lane holds one packed pixel, so the scalar two-channel trick runs unchanged.
    @inline(__always)
    static func sourceOverConstant(_ s: UInt32, count: Int, into dst: UnsafeMutablePointer<UInt32>) {
        let ia = SIMD4<UInt32>(repeating: 255 &- (s >> 24))
        let src = SIMD4<UInt32>(repeating: s)
        let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF)
        let half = SIMD4<UInt32>(repeating: 0x0080_0080)
        var i = 0
        let raw = UnsafeMutableRawPointer(dst)
        while i + 4 <= count {
            let d = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
            var rb = (d & mask) &* ia &+ half
            rb = ((rb &+ ((rb &>> 8) & mask)) &>> 8) & mask
            var ga = ((d &>> 8) & mask) &* ia &+ half
            ga = (ga &+ ((ga &>> 8) & mask)) & ~mask
            raw.storeBytes(of: src &+ (rb | ga), toByteOffset: i * 4, as: SIMD4<UInt32>.self)
            i += 4
        }
        while i < count {
            dst[i] = sourceOver(s, dst[i])
            i += 1
        }
    }

    /// Blends shaded source pixels over a run that shares one coverage value.
    @inline(__always)
    static func shadedRun(
        _ src: UnsafePointer<UInt32>, coverage c: UInt32, count: Int,
        into dst: UnsafeMutablePointer<UInt32>, mode: BlendMode
    ) {
        row(src, count: count, alpha: c, into: dst, mode: mode)
    }

    /// Blends a whole row of source pixels with a uniform coverage (layer compositing).
    static func row(
        _ src: UnsafePointer<UInt32>, count: Int, alpha: UInt32,
        into dst: UnsafeMutablePointer<UInt32>, mode: BlendMode
    ) {
        if mode == .sourceOver {
            if alpha == 255 {
                // Four opaque sources at a time are stored, four clear ones skipped; the rest
                // pixel by pixel (the same pixels).
                let src4 = UnsafeRawPointer(src)
                var i = 0
                while i &+ 4 <= count {
                    let s4 = src4.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    let all = (s4[0] & s4[1] & s4[2] & s4[3]) >> 24
                    let any = (s4[0] | s4[1] | s4[2] | s4[3]) >> 24
                    if all == 255 {
                        UnsafeMutableRawPointer(dst).storeBytes(of: s4, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    } else if any != 0 {
                        // Translucent sources (a wallpaper's gradient blobs): source-over in four
                        // lanes, a clear source leaving its pixel as it is — the scalar results.
                        let raw = UnsafeMutableRawPointer(dst)
                        let d4 = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                        let blended = Blit.sourceOver4(s4, d4)
                        let clear = (s4 &>> 24) .== SIMD4<UInt32>(repeating: 0)
                        raw.storeBytes(of: blended.replacing(with: d4, where: clear), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    }
                    i &+= 4
                }
                for i in i..<count {
                    let s = src[i]
                    let a = s >> 24
                    if a == 0 { continue }
                    dst[i] = a == 255 ? s : sourceOver(s, dst[i])
                }
            } else {
                // Four at a time: scaled by alpha, then source-over (a clear source scales to 0,
                // which leaves the pixel as it is, as the scalar loop's skip does).
                let src4 = UnsafeRawPointer(src)
                let raw = UnsafeMutableRawPointer(dst)
                let a4 = SIMD4<UInt32>(repeating: alpha)
                var i = 0
                while i &+ 4 <= count {
                    let s4 = src4.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    let d4 = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    raw.storeBytes(of: Blit.sourceOver4(Blit.scale4(s4, a4), d4), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    i &+= 4
                }
                for i in i..<count {
                    let s = src[i]
                    if s == 0 { continue }
                    dst[i] = sourceOver(scalePixel(s, alpha), dst[i])
                }
            }
            return
        }
        for i in 0..<count {
            dst[i] = blendPixel(src[i], dst[i], coverage: alpha, mode)
        }
    }

    /// `scalePixel` in four lanes: each channel of `v` times `a`/255, rounded (mulDiv255Pair).
    @inline(__always)
    static func scale4(_ v: SIMD4<UInt32>, _ a: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF)
        let half = SIMD4<UInt32>(repeating: 0x0080_0080)
        var rb = (v & mask) &* a &+ half
        rb = ((rb &+ ((rb &>> 8) & mask)) &>> 8) & mask
        var ga = ((v &>> 8) & mask) &* a &+ half
        ga = ((ga &+ ((ga &>> 8) & mask)) &>> 8) & mask
        return rb | (ga &<< 8)
    }

    /// `sourceOver` in four lanes: s + d·(255 − αs)/255.
    @inline(__always)
    static func sourceOver4(_ s: SIMD4<UInt32>, _ d: SIMD4<UInt32>) -> SIMD4<UInt32> {
        s &+ scale4(d, SIMD4<UInt32>(repeating: 255) &- (s &>> 24))
    }
}
