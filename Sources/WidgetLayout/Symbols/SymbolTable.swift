// SF Symbols are Apple's and cannot ship. `Image(systemName:)` maps common symbol names onto
// Material Design Icons (Debian fonts-materialdesignicons-webfont, Apache 2.0), drawn as glyph
// outlines through the same rasterizer as text. The table maps SF Symbol names to MDI code
// points; an unknown name draws a visible placeholder and `check` reports it.
import RasterCore
import WidgetModel

public enum SymbolTable {
    /// SF Symbol name → Material Design Icons code point (MDI 1.6).
    public static let codePoints: [String: UInt32] = [
        // Weather
        "sun.max": 0xF599, "sun.max.fill": 0xF599, "cloud.sun": 0xF595, "cloud.sun.fill": 0xF595,
        "cloud": 0xF590, "cloud.fill": 0xF590, "cloud.rain": 0xF597, "cloud.rain.fill": 0xF597,
        "cloud.heavyrain": 0xF596, "cloud.heavyrain.fill": 0xF596, "cloud.snow": 0xF598, "cloud.snow.fill": 0xF598,
        "cloud.bolt": 0xF593, "cloud.bolt.fill": 0xF593, "cloud.fog": 0xF591, "cloud.fog.fill": 0xF591,
        "wind": 0xF59D, "moon": 0xF594, "moon.fill": 0xF594, "moon.stars": 0xF594, "moon.stars.fill": 0xF594,
        "sunset": 0xF59A, "sunset.fill": 0xF59A, "thermometer": 0xF50F, "thermometer.medium": 0xF50F,
        "umbrella": 0xF54A, "umbrella.fill": 0xF54A, "drop": 0xF58C, "drop.fill": 0xF58C,
        // Fitness and health
        "heart": 0xF2D1, "heart.fill": 0xF2D1, "waveform.path.ecg": 0xF5F6, "figure.run": 0xF46E, "figure.walk": 0xF583,
        "flame": 0xF238, "flame.fill": 0xF238, "bicycle": 0xF0A3, "dumbbell": 0xF1E6, "dumbbell.fill": 0xF1E6,
        "figure.pool.swim": 0xF4E3, "bed.double": 0xF2E3, "bed.double.fill": 0xF2E3, "pills": 0xF402, "pills.fill": 0xF402,
        "figure.stand": 0xF2E6, "trophy": 0xF538, "trophy.fill": 0xF538, "speedometer": 0xF4C5,
        // Calendar and time
        "calendar": 0xF0ED, "calendar.badge.clock": 0xF0F0, "clock": 0xF150, "clock.fill": 0xF150, "alarm": 0xF020,
        "alarm.fill": 0xF020, "timer": 0xF51B, "stopwatch": 0xF51B, "zzz": 0xF4B2,
        // Battery and devices
        "battery.100": 0xF079, "battery.50": 0xF07E, "battery.100.bolt": 0xF084, "bolt": 0xF241, "bolt.fill": 0xF241,
        "iphone": 0xF11C, "laptopcomputer": 0xF322, "applewatch": 0xF589, "headphones": 0xF2CB, "airplane": 0xF01D,
        "wifi": 0xF5A9, "power": 0xF425,
        // Music and media
        "music.note": 0xF387, "play": 0xF40A, "play.fill": 0xF40A, "pause": 0xF3E4, "pause.fill": 0xF3E4,
        "forward.fill": 0xF4AD, "backward.fill": 0xF4AE, "speaker.wave.3": 0xF57E, "speaker.wave.3.fill": 0xF57E,
        "camera": 0xF100, "camera.fill": 0xF100, "photo": 0xF2E9, "photo.fill": 0xF2E9,
        // Messages and communication
        "message": 0xF361, "message.fill": 0xF361, "bubble.left": 0xF369, "bubble.left.fill": 0xF369,
        "phone": 0xF3F2, "phone.fill": 0xF3F2, "envelope": 0xF1EE, "envelope.fill": 0xF1EE, "bell": 0xF09A, "bell.fill": 0xF09A,
        "person": 0xF004, "person.fill": 0xF004,
        // Home
        "house": 0xF2DC, "house.fill": 0xF2DC, "lightbulb": 0xF335, "lightbulb.fill": 0xF335, "lock": 0xF33E, "lock.fill": 0xF33E,
        "fan": 0xF210, "fan.fill": 0xF210, "car": 0xF10B, "car.fill": 0xF10B,
        // Navigation, finance, general
        "location": 0xF390, "location.fill": 0xF390, "mappin": 0xF34E, "mappin.circle.fill": 0xF34E, "map": 0xF34D,
        "globe": 0xF1E7, "chart.line.uptrend.xyaxis": 0xF12A, "chart.xyaxis.line": 0xF12A,
        "arrow.up.right": 0xF535, "arrow.down.right": 0xF533, "arrow.up": 0xF05D, "arrow.down": 0xF045,
        "star": 0xF4CE, "star.fill": 0xF4CE, "checkmark": 0xF12C, "checkmark.circle.fill": 0xF133, "xmark": 0xF156,
        "plus": 0xF415, "minus": 0xF374, "chevron.right": 0xF142, "magnifyingglass": 0xF349, "gearshape": 0xF493,
        "gearshape.fill": 0xF493, "cart": 0xF110, "cart.fill": 0xF110, "bookmark": 0xF0C0, "bookmark.fill": 0xF0C0,
        "leaf": 0xF32A, "leaf.fill": 0xF32A, "eye": 0xF208, "gift": 0xF2A1, "gift.fill": 0xF2A1, "cup.and.saucer": 0xF176,
        "cup.and.saucer.fill": 0xF176, "fork.knife": 0xF25A, "tram": 0xF52C, "bus": 0xF0E7, "exclamationmark.triangle": 0xF026,
        "exclamationmark.triangle.fill": 0xF026, "info.circle": 0xF2FC, "questionmark.circle": 0xF2D7, "ellipsis": 0xF1D8,
        "arrow.clockwise": 0xF450, "arrow.triangle.2.circlepath": 0xF4E6, "hand.thumbsup": 0xF513, "hand.thumbsup.fill": 0xF513,
    ]

    /// The family name of the icon font.
    public static let fontFamily = "Material Design Icons"

    /// The icon font's face, if installed.
    public static func face(in library: FontLibrary) -> FontFace? {
        library.allFaces.first { $0.familyName.lowercased().contains("material") }
    }

    /// The glyph outline for an SF Symbol name, in font units (y up), with the face's units per
    /// em, or nil when the name is not mapped or the font is missing.
    public static func outline(for name: String, library: FontLibrary) -> (path: Path, unitsPerEm: Double)? {
        guard let code = codePoints[name], let scalar = Unicode.Scalar(code), let face = face(in: library) else { return nil }
        let g = face.glyphIndex(for: scalar)
        guard g != 0 else { return nil }
        return (face.outline(glyph: g), face.unitsPerEm)
    }
}
