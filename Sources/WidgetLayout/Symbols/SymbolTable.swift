// SF Symbols are Apple's and cannot ship. `Image(systemName:)` maps common symbol names onto
// Material Design Icons (Debian fonts-materialdesignicons-webfont, Apache 2.0), drawn as glyph
// outlines through the same rasterizer as text. The table maps SF Symbol names to MDI code
// points; an unknown name draws a visible placeholder and `check` reports it.
import RasterCore
import WidgetModel

public enum SymbolTable {
    /// SF Symbol name → Material Design Icons code point (MDI 1.6): the core table, then the
    /// wider one (outline and fill pairs, devices, finance, media, health …) over it.
    public static let codePoints: [String: UInt32] = core.merging(wider) { _, wider in wider }

    /// The symbol names widgets use most, each with a stand-in.
    public static var names: [String] { codePoints.keys.sorted() }

    static let core: [String: UInt32] = [
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

    /// Outline and filled variants drawn differently ("heart" an outline, "heart.fill" filled), and
    /// the names seen in public widget code that the core table lacked. Code points from the MDI
    /// stylesheet Debian ships with the font.
    static let wider: [String: UInt32] = [
        "heart": 0xF2D5, "heart.fill": 0xF2D1, "star": 0xF4D2, "star.fill": 0xF4CE, "star.leadinghalf.filled": 0xF4D0,
        "bell": 0xF09C, "bell.fill": 0xF09A, "bookmark": 0xF0C3, "bookmark.fill": 0xF0C0, "lock": 0xF341, "lock.fill": 0xF33E,
        "lock.open": 0xF340, "lock.open.fill": 0xF33F, "cart": 0xF111, "cart.fill": 0xF110, "house.fill": 0xF2DC,
        "person": 0xF013, "person.fill": 0xF004, "person.circle": 0xF009, "person.circle.fill": 0xF009, "person.2": 0xF00F,
        "person.2.fill": 0xF00E, "person.3.fill": 0xF00E, "flag": 0xF23D, "flag.fill": 0xF23B, "note.text": 0xF39E,
        "note": 0xF39B, "checkmark.circle": 0xF134, "checkmark.circle.fill": 0xF133, "circle": 0xF130, "circle.fill": 0xF12F,
        "square": 0xF131, "square.fill": 0xF12E, "checkmark.square": 0xF135, "checkmark.square.fill": 0xF132, "book": 0xF0BD,
        "book.fill": 0xF0BA, "book.closed": 0xF0BA, "book.closed.fill": 0xF0BA, "airpods": 0xF2CB, "airpodspro": 0xF2CB,
        "airpods.gen3": 0xF2CB, "headphones": 0xF2CB, "beats.headphones": 0xF2CB, "arrow.clockwise.circle": 0xF450,
        "arrow.clockwise.circle.fill": 0xF450, "clock.arrow.circlepath": 0xF2DA,
        "arrow.trianglehead.2.clockwise.rotate.90": 0xF4E6, "arrow.triangle.2.circlepath": 0xF4E6, "arrow.2.circlepath": 0xF4E6,
        "location.slash": 0xF1A3, "location.slash.circle": 0xF1A3, "location.circle": 0xF1A4, "location.circle.fill": 0xF1A4,
        "location.north.fill": 0xF390, "battery.25": 0xF07B, "battery.0": 0xF08E, "battery.75": 0xF081,
        "minus.plus.batteryblock.fill": 0xF10C, "minus.plus.batteryblock": 0xF10C, "bolt.horizontal": 0xF241,
        "plus.circle": 0xF419, "plus.circle.fill": 0xF417, "minus.circle": 0xF377, "minus.circle.fill": 0xF376,
        "xmark.circle": 0xF15A, "xmark.circle.fill": 0xF159, "exclamationmark.circle": 0xF5D6,
        "exclamationmark.circle.fill": 0xF028, "info.circle.fill": 0xF2FC, "questionmark.circle.fill": 0xF2D7,
        "chevron.left": 0xF141, "chevron.down": 0xF140, "chevron.up": 0xF143, "arrow.right": 0xF054, "arrow.left": 0xF04D,
        "arrow.up.circle.fill": 0xF05F, "arrow.down.circle.fill": 0xF047, "arrow.right.circle.fill": 0xF056,
        "calendar.badge.checkmark": 0xF0EF, "calendar.badge.plus": 0xF0F3, "calendar.circle": 0xF0ED,
        "calendar.circle.fill": 0xF0ED, "mic": 0xF36E, "mic.fill": 0xF36C, "video": 0xF567, "video.fill": 0xF567,
        "photo.on.rectangle": 0xF2F9, "doc": 0xF224, "doc.fill": 0xF214, "doc.text": 0xF219, "doc.text.fill": 0xF219,
        "folder": 0xF256, "folder.fill": 0xF24B, "link": 0xF337, "square.and.arrow.up": 0xF496, "paperplane": 0xF48A,
        "paperplane.fill": 0xF48A, "envelope.open": 0xF5EF, "text.bubble": 0xF369, "text.bubble.fill": 0xF369,
        "ellipsis.message": 0xF366, "tram.fill": 0xF52C, "train.side.front.car": 0xF52C, "bus.fill": 0xF0E7, "car.side": 0xF10B,
        "bicycle": 0xF0A3, "figure.outdoor.cycle": 0xF0A3, "bag": 0xF49A, "bag.fill": 0xF49A, "briefcase.fill": 0xF0D6,
        "graduationcap": 0xF474, "graduationcap.fill": 0xF474, "newspaper": 0xF395, "newspaper.fill": 0xF395,
        "chart.bar": 0xF128, "chart.bar.fill": 0xF128, "chart.pie": 0xF12B, "chart.pie.fill": 0xF12B,
        "chart.line.downtrend.xyaxis": 0xF12A, "dollarsign.circle": 0xF1B3, "dollarsign.circle.fill": 0xF1B3,
        "dollarsign": 0xF1B3, "eurosign.circle": 0xF1AD, "banknote": 0xF114, "banknote.fill": 0xF114, "creditcard": 0xF19B,
        "creditcard.circle": 0xF19B, "creditcard.circle.fill": 0xF19B,
        "rublesign": 0xF1B1, "rublesign.circle": 0xF1B1, "rublesign.circle.fill": 0xF1B1, "xmark.icloud": 0xF164,
        "xmark.icloud.fill": 0xF164, "icloud.slash": 0xF164,
        "creditcard.fill": 0xF19B, "wallet.pass": 0xF584, "gamecontroller": 0xF297, "gamecontroller.fill": 0xF297, "tv": 0xF502,
        "tv.fill": 0xF502, "desktopcomputer": 0xF1C4, "ipad": 0xF4F8, "ipad.landscape": 0xF4F8, "iphone.gen3": 0xF120,
        "macbook": 0xF322, "hourglass": 0xF51F, "hourglass.bottomhalf.filled": 0xF51F, "moon.zzz": 0xF4B2,
        "moon.zzz.fill": 0xF4B2, "bed.double.circle": 0xF2E3, "snowflake": 0xF598, "sun.min": 0xF599, "sun.min.fill": 0xF599,
        "sunrise": 0xF59C, "sunrise.fill": 0xF59C, "sunset.fill": 0xF59B, "cloud.moon": 0xF594, "cloud.moon.fill": 0xF594,
        "tornado": 0xF59D, "humidity": 0xF58E, "humidity.fill": 0xF58E, "drop.circle": 0xF58C, "aqi.medium": 0xF0B5,
        "wind.snow": 0xF598, "pawprint": 0xF3E9, "pawprint.fill": 0xF3E9, "face.smiling": 0xF1F5, "face.smiling.fill": 0xF1F5,
        "face.dashed": 0xF1F6, "pill": 0xF402, "pill.fill": 0xF402, "stethoscope": 0xF4D9, "heart.text.square": 0xF5F6,
        "heart.text.square.fill": 0xF5F6, "waveform.path.ecg.rectangle": 0xF5F6, "hand.thumbsup": 0xF514,
        "hand.thumbsdown": 0xF512, "hand.thumbsdown.fill": 0xF511, "gauge": 0xF29A, "gauge.medium": 0xF29A,
        "gauge.with.dots.needle.33percent": 0xF29A, "tag": 0xF4FC, "tag.fill": 0xF4F9, "key": 0xF306, "key.fill": 0xF306,
        "shield": 0xF499, "shield.fill": 0xF498, "wifi.slash": 0xF5AA, "antenna.radiowaves.left.and.right": 0xF002,
        "dot.radiowaves.left.and.right": 0xF002, "birthday.cake": 0xF0EB, "birthday.cake.fill": 0xF0EB, "ticket": 0xF516,
        "ticket.fill": 0xF516, "pencil": 0xF3EB, "square.and.pencil": 0xF3ED, "trash": 0xF1C0, "trash.fill": 0xF1C0,
        "list.bullet": 0xF279, "list.number": 0xF27B, "square.grid.2x2": 0xF570, "square.grid.2x2.fill": 0xF570,
        "rectangle.grid.1x2": 0xF56A, "sparkles": 0xF068, "wand.and.stars": 0xF068, "paintbrush": 0xF0E3,
        "paintbrush.fill": 0xF0E3, "paintpalette": 0xF3D8, "paintpalette.fill": 0xF3D8, "music.mic": 0xF370,
        "headphones.circle": 0xF2CB, "radio": 0xF439, "radio.fill": 0xF439, "airplane.departure": 0xF5D5,
        "airplane.arrival": 0xF5D4, "ferry": 0xF213, "fuelpump": 0xF298, "fuelpump.fill": 0xF298, "building.2": 0xF1D7,
        "building.2.fill": 0xF1D7, "storefront": 0xF4DC, "cup.and.saucer": 0xF176, "cup.and.saucer.fill": 0xF176, "mug": 0xF1AA,
        "mug.fill": 0xF1AA, "carrot": 0xF25B, "apple.logo": 0xF035, "football": 0xF25D, "soccerball": 0xF4B8,
        "tennisball": 0xF507, "figure.hiking": 0xF583, "figure.yoga": 0xF64C, "figure.strengthtraining.traditional": 0xF1E6,
        "figure.mind.and.body": 0xF64C, "scalemass": 0xF473, "scalemass.fill": 0xF473, "ruler": 0xF46D, "cube": 0xF1A7,
        "cube.fill": 0xF1A6, "shippingbox": 0xF3D6, "shippingbox.fill": 0xF3D6, "archivebox": 0xF03C, "archivebox.fill": 0xF03C,
        "printer": 0xF42A, "printer.fill": 0xF42A, "keyboard": 0xF30C, "bolt.slash": 0xF243, "bolt.slash.fill": 0xF243,
        "eye.slash": 0xF209, "eye.fill": 0xF208, "globe.americas": 0xF1E7, "globe.europe.africa": 0xF1E7, "map.fill": 0xF34D,
        "mappin.and.ellipse": 0xF352, "location.fill.viewfinder": 0xF1A4, "thermometer.sun": 0xF50F,
        "thermometer.snowflake": 0xF50F, "thermometer.high": 0xF50F, "thermometer.low": 0xF50F, "arrow.up.arrow.down": 0xF4E2,
        "arrow.left.arrow.right": 0xF4E1, "arrow.up.forward": 0xF05C, "arrow.down.forward": 0xF043, "plus.square.fill": 0xF416,
        "xmark.square": 0xF158, "play.circle": 0xF40D, "play.circle.fill": 0xF40C, "pause.circle": 0xF3E6,
        "pause.circle.fill": 0xF3E5, "stop.fill": 0xF4DB, "stop.circle.fill": 0xF666, "shuffle": 0xF49D, "repeat": 0xF456,
        "speaker.slash.fill": 0xF581, "speaker.fill": 0xF57E, "bell.slash": 0xF09B, "bell.slash.fill": 0xF09B,
        "bell.badge": 0xF09E, "bell.badge.fill": 0xF09E, "alarm.waves.left.and.right": 0xF020,
    ]

    /// The symbol drawn for `name` in a layout direction. Directional symbols named `forward` or
    /// `backward` (after the first part, as in `chevron.forward`, `arrow.up.forward`) point the way
    /// reading goes and flip in right-to-left layouts (Apple, SF Symbols: "Directional symbols";
    /// docs/WIDGETKIT-FACTS.md §8); symbols named `left`/`right` never flip. The stand-in draws the
    /// forward symbol as its `right` form, backward as `left`, swapped right to left.
    public static func directional(_ name: String, layoutDirection: LayoutDirection) -> String {
        guard name.contains("forward") || name.contains("backward") else { return name }
        let rtl = layoutDirection == .rightToLeft
        var parts = name.split(separator: ".").map(String.init)
        guard parts.count > 1 else { return name }
        var changed = false
        for i in 1..<parts.count {
            if parts[i] == "forward" {
                parts[i] = rtl ? "left" : "right"
                changed = true
            } else if parts[i] == "backward" {
                parts[i] = rtl ? "right" : "left"
                changed = true
            }
        }
        guard changed else { return name }
        let mapped = parts.joined(separator: ".")
        return codePoints[mapped] != nil || codePoints[name] == nil ? mapped : name
    }

    /// Whether a name draws a stand-in glyph (directional names through their left/right forms).
    public static func hasStandIn(_ name: String) -> Bool {
        codePoints[name] != nil || codePoints[directional(name, layoutDirection: .leftToRight)] != nil
    }

    /// Whether a symbol name points left or right and does not flip for right-to-left layouts.
    public static func isFixedDirection(_ name: String) -> Bool {
        name.split(separator: ".").dropFirst().contains { $0 == "left" || $0 == "right" }
            && !name.contains("left.and.right") && !name.contains("arrow.left.arrow.right")
    }

    /// The family name of the icon font.
    public static let fontFamily = "Material Design Icons"

    /// The icon font's face, if installed.
    public static func face(in library: FontLibrary) -> FontFace? {
        library.firstFace(familyContaining: "material")
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
