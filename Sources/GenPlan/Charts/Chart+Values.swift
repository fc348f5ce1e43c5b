import MustacheEngine

// A chart's values, given directly: monthly and statistics pages draw several charts each, every coordinate
// a property, which the generic encoder walked one by one.

extension Chart: TemplateValue {
    var templateValue: MustacheValue {
        [
            "chartKind": .text(chartKind), "chartId": .text(chartId), "chartTitle": .text(chartTitle), "summary": .text(summary),
            "isEmpty": .bool(isEmpty), "hasLegend": .bool(hasLegend), "legend": MustacheValue(legend), "scale": scale.templateValue,
            "layouts": MustacheValue(layouts), "table": table.templateValue
        ]
    }
}

extension ChartLegendItem: TemplateValue {
    var templateValue: MustacheValue { ["seriesName": .text(seriesName), "seriesClass": .text(seriesClass)] }
}

extension ChartScale: TemplateValue {
    var templateValue: MustacheValue {
        ["max": .double(max), "step": .double(step), "ticks": .list(ticks.map(MustacheValue.double)), "decimals": .int(decimals)]
    }
}

extension ChartTable: TemplateValue {
    var templateValue: MustacheValue {
        [
            "tableCaption": .text(tableCaption), "labelHeader": .text(labelHeader), "valueHeaders": MustacheValue(texts: valueHeaders),
            "rows": MustacheValue(rows)
        ]
    }
}

extension ChartTableRow: TemplateValue {
    var templateValue: MustacheValue { ["rowLabel": .text(rowLabel), "cells": MustacheValue(texts: cells)] }
}

extension ChartLayout: TemplateValue {
    var templateValue: MustacheValue {
        [
            "layoutName": .text(layoutName), "titleId": .text(titleId), "descId": .text(descId), "viewWidth": .text(viewWidth),
            "viewHeight": .text(viewHeight), "fontSize": .text(fontSize), "axisTitle": .text(axisTitle),
            "axisTitleX": .text(axisTitleX), "axisTitleY": .text(axisTitleY), "gridlines": MustacheValue(gridlines),
            "baseY": .text(baseY), "plotX1": .text(plotX1), "plotX2": .text(plotX2), "bars": MustacheValue(bars),
            "valueLabels": MustacheValue(valueLabels), "xLabels": MustacheValue(xLabels), "hasLine": .bool(hasLine),
            "linePoints": .text(linePoints), "areaPath": .text(areaPath), "markers": MustacheValue(markers),
            "noDataX": .text(noDataX), "noDataY": .text(noDataY)
        ]
    }
}

extension ChartGridline: TemplateValue {
    var templateValue: MustacheValue {
        [
            "gridY": .text(gridY), "gridX1": .text(gridX1), "gridX2": .text(gridX2), "tickText": .text(tickText), "tickX": .text(tickX),
            "gridClass": .text(gridClass)
        ]
    }
}

extension ChartBar: TemplateValue {
    var templateValue: MustacheValue {
        [
            "barX": .text(barX), "barY": .text(barY), "barWidth": .text(barWidth), "barHeight": .text(barHeight),
            "seriesClass": .text(seriesClass), "barTitle": .text(barTitle)
        ]
    }
}

extension ChartValueLabel: TemplateValue {
    var templateValue: MustacheValue { ["valueX": .text(valueX), "valueY": .text(valueY), "valueText": .text(valueText)] }
}

extension ChartAxisLabel: TemplateValue {
    var templateValue: MustacheValue {
        [
            "labelX": .text(labelX), "labelY": .text(labelY), "labelText": .text(labelText), "lines": MustacheValue(lines),
            "fullText": .text(fullText), "isTruncated": .bool(isTruncated), "rotated": .bool(rotated)
        ]
    }
}

extension ChartLabelLine: TemplateValue {
    var templateValue: MustacheValue { ["lineText": .text(lineText), "lineDy": .text(lineDy)] }
}

extension ChartMarker: TemplateValue {
    var templateValue: MustacheValue {
        [
            "markerX": .text(markerX), "markerY": .text(markerY), "markerRadius": .text(markerRadius),
            "markerTitle": .text(markerTitle)
        ]
    }
}
