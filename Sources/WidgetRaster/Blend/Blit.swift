// Span blending: the only place where paint meets pixels. Called once per row span with a run of
// coverage values; fast paths first (coverage 0 skipped, full coverage with an opaque source
// stored directly), then the general blend.

enum Blit {
    /// Blends one colour over `count` pixels at `dst`, each scaled by its coverage.
    @inline(__always)
    static func solid(_ color: UInt32, coverage: UnsafePointer<UInt8>, count: Int,
                      into dst: UnsafeMutablePointer<UInt32>, mode: BlendMode) {
        if mode == .sourceOver {
            let opaque = color >> 24 == 255
            for i in 0..<count {
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
    static func shaded(_ src: UnsafePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int,
                       into dst: UnsafeMutablePointer<UInt32>, mode: BlendMode) {
        if mode == .sourceOver {
            for i in 0..<count {
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

    /// Blends a whole row of source pixels with a uniform coverage (layer compositing).
    static func row(_ src: UnsafePointer<UInt32>, count: Int, alpha: UInt32,
                    into dst: UnsafeMutablePointer<UInt32>, mode: BlendMode) {
        if mode == .sourceOver {
            if alpha == 255 {
                for i in 0..<count {
                    let s = src[i], a = s >> 24
                    if a == 0 { continue }
                    dst[i] = a == 255 ? s : sourceOver(s, dst[i])
                }
            } else {
                for i in 0..<count {
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
}
