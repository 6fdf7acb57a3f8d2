import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { shortDay, shortMonth } from './day-format.ts';

export interface BarSeries {
  label: string;
  data: number[];
  /** Series with the same stack id are drawn on top of each other. */
  stack?: string;
}

export interface BarsChartProps {
  /** One per bar group, oldest first: UTC days `YYYY-MM-DD`, weeks (their Monday), months `YYYY-MM`, or plain text. */
  labels: string[];
  labelKind?: 'day' | 'week' | 'month' | 'text';
  series: BarSeries[];
  /** Drawn as a dashed line across the chart, labelled, when given. */
  limit?: { value: number; label: string };
  /** Values are amounts of money (two decimals) rather than counts. */
  money?: boolean;
  height?: number;
}

const formatters = {
  day: shortDay,
  week: (week: string) => `Week of ${shortDay(week)}`,
  month: shortMonth,
  text: (text: string) => text,
};

/**
 * Bars over time (MUI X Charts), for the customer's delivery charts and the admin's business
 * charts. The picture's numbers are also offered as a table and a CSV by every panel that draws
 * one (chart-data.tsx). Loaded on demand (lazy-chart.tsx): the library stays out of other screens.
 */
export default function BarsChart({ labels, labelKind = 'day', series, limit, money = false, height = 260 }: BarsChartProps) {
  const format = (value: number | null) =>
    (value ?? 0).toLocaleString('en-US', money ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : {});
  const peak = Math.max(limit?.value ?? 0, ...labels.map((_, i) => series.reduce((sum, s) => sum + Math.max(s.data[i] ?? 0, 0), 0)), 1);
  const top = Math.ceil(peak * 1.1);
  // Wide enough for the longest tick label (about 7 px a character at the axis' font size).
  const axisWidth = Math.max(40, format(top).length * 7 + 16);
  return (
    <BarChart
      height={height}
      xAxis={[{ scaleType: 'band', data: labels, valueFormatter: (label: string) => formatters[labelKind](label), tickLabelMinGap: 8 }]}
      yAxis={[{ max: top, valueFormatter: format, width: axisWidth }]}
      series={series.map((s) => ({ label: s.label, data: s.data, valueFormatter: format, ...(s.stack ? { stack: s.stack } : {}) }))}
      hideLegend={series.length < 2}
      margin={{ left: 4, right: 12, top: 12, bottom: 4 }}
      grid={{ horizontal: true }}
    >
      {limit && (
        <ChartsReferenceLine
          y={limit.value}
          label={limit.label}
          labelAlign="end"
          lineStyle={{ strokeDasharray: '6 4' }}
          labelStyle={{ fontSize: 12 }}
        />
      )}
    </BarChart>
  );
}
