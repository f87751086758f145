// The spec format as a JSON Schema (draft 2020-12), made from the decoder's own tables
// (`SpecSchema`), so an editor completes keys and flags unknown ones as the decoder would. Values
// are typed loosely where a `{{placeholder}}` string may stand for a number, a colour or a flag.
import Foundation

extension SpecSchema {
    /// The JSON Schema document, as sorted, indented JSON.
    public static func jsonSchema() -> String {
        let families = WidgetFamily.allCases.map(\.rawValue)
        let numberOrPlaceholder: [String: Any] = ["type": ["number", "string"]]
        let flag: [String: Any] = ["type": ["boolean", "string"]]
        let view: [String: Any] = ["$ref": "#/$defs/view"]
        // Per node type: its keys (with a few typed), "type" and "modifiers", nothing else.
        var typeRules: [[String: Any]] = []
        for (type, keys) in nodeKeys.sorted(by: { $0.key < $1.key }) {
            var properties: [String: Any] = ["type": ["const": type], "modifiers": ["$ref": "#/$defs/modifiers"]]
            for key in keys {
                switch key {
                case "children": properties[key] = ["type": "array", "items": view]
                case "content", "then", "else", "default": properties[key] = view
                case "cases": properties[key] = ["type": "object", "additionalProperties": view]
                case "spacing", "minLength", "cornerRadius", "value", "min", "max", "total", "limit", "startRadius", "endRadius",
                    "startAngle", "endAngle":
                    properties[key] = numberOrPlaceholder
                case "resizable", "fit": properties[key] = flag
                default: properties[key] = [String: Any]()
                }
            }
            typeRules.append([
                "if": ["properties": ["type": ["const": type]], "required": ["type"]],
                "then": ["properties": properties, "additionalProperties": false],
            ])
        }
        let root: [String: Any] = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://widgetctl.dev/widget.schema.json",
            "title": "widgetctl widget spec (*.widget.json)",
            "description": "A widget: its configuration, timeline and body. Reference: docs/SPEC.md.",
            "type": "object",
            "required": ["kind", "body"],
            "additionalProperties": false,
            "properties": [
                "$schema": ["type": "string"],
                "kind": ["type": "string", "minLength": 1],
                "displayName": ["type": "string"],
                "description": ["type": "string"],
                "supportedFamilies": ["type": "array", "items": ["enum": families]],
                "containerBackgroundRemovable": ["type": "boolean"],
                "contentMarginsDisabled": ["type": "boolean"],
                "widgetTexture": ["enum": WidgetTexture.allCases.map(\.rawValue)],
                "supportedMountingStyles": [
                    "type": "array", "minItems": 1, "maxItems": 2, "items": ["enum": WidgetMountingStyle.allCases.map(\.rawValue)],
                ],
                "timeZone": ["type": "string"],
                "locale": ["type": "string"],
                "assets": ["type": "object", "additionalProperties": ["type": "string"]],
                "timeline": [
                    "type": "object", "additionalProperties": false,
                    "properties": [
                        "policy": ["enum": ["atEnd", "never", "after"]],
                        "after": ["type": "string"],
                        "entries": [
                            "type": "array",
                            "items": [
                                "type": "object", "required": ["date"], "additionalProperties": false,
                                "properties": [
                                    "date": ["type": "string"], "relevance": ["type": ["number", "object"]], "data": ["type": "object"],
                                ],
                            ],
                        ],
                    ],
                ],
                "body": view,
            ] as [String: Any],
            "$defs": [
                "view": [
                    "type": "object", "required": ["type"],
                    "properties": ["type": ["enum": nodeTypes]],
                    "allOf": typeRules,
                ] as [String: Any],
                "modifiers": [
                    "type": "array",
                    "items": [
                        "type": "object", "minProperties": 1, "maxProperties": 1,
                        "propertyNames": ["enum": modifiers],
                    ] as [String: Any],
                ] as [String: Any],
            ] as [String: Any],
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
