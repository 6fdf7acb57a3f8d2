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
  /**
   * Days, weeks and months run along the bottom, their labels thinned where they would overlap (each
   * one still at its own bar). Text labels are categories: the bars lie horizontally, one row each,
   * every category named in full beside its bar.
   */
  labelKind?: 'day' | 'week' | 'month' | 'text';
  series: BarSeries[];
  /** Drawn as a dashed line across the chart, labelled, when given. */
  limit?: { value: number; label: string };
  /** Values are amounts of money in this currency (two decimals, the value axis says the currency) rather than counts. */
  currency?: string;
  /** Height of a chart over time; a chart of categories is as tall as its rows need. */
  height?: number;
}

const tickFormatters = {
  day: shortDay,
  // The axis is titled "Week of" (below), so each tick is the Monday alone and fits its bar.
  week: shortDay,
  month: shortMonth,
  text: (text: string) => text,
};
const tooltipFormatters = { ...tickFormatters, week: (week: string) => `Week of ${shortDay(week)}` };

/** Pixels per category row of a horizontal chart, and around them (legend, value axis). */
const ROW = 34;
const FRAME = 72;
/** About 7 px a character at the axis' font size, for the width the longest label needs. */
const textWidth = (text: string) => text.length * 7 + 16;

/**
 * Bars (MUI X Charts), for the customer's delivery charts and the admin's business charts. The
 * picture's numbers are also offered as a table and a CSV by every panel that draws one
 * (chart-data.tsx). Counts have whole-number ticks only; money says its currency on the axis. Loaded
 * on demand (lazy-chart.tsx): the library stays out of other screens.
 */
export default function BarsChart({ labels, labelKind = 'day', series, limit, currency, height = 260 }: BarsChartProps) {
  const money = currency !== undefined;
  const format = (value: number | null) =>
    (value ?? 0).toLocaleString('en-US', money ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 0 });
  // Ticks are whole units, of money too (the tooltips and the table keep the cents), so a label stays short.
  const tickFormat = (value: number | null) => (value ?? 0).toLocaleString('en-US', { maximumFractionDigits: 0 });
  const peak = Math.max(limit?.value ?? 0, ...labels.map((_, i) => series.reduce((sum, s) => sum + Math.max(s.data[i] ?? 0, 0), 0)), 1);
  const top = Math.ceil(peak * 1.1);
  const valueAxis = {
    max: top,
    valueFormatter: (value: number | null, context: { location: string }) =>
      context.location === 'tick' ? tickFormat(value) : format(value),
    // Whole numbers only: no tick between two counts (a 0.5 subscription does not exist), none at a cent.
    tickMinStep: 1,
    ...(money ? { label: currency } : {}),
  };
  const categoryFormatter = (label: string, context: { location: string }) =>
    (context.location === 'tick' ? tickFormatters : tooltipFormatters)[labelKind](label);
  const chartSeries = series.map((s) => ({ label: s.label, data: s.data, valueFormatter: format, ...(s.stack ? { stack: s.stack } : {}) }));
  const reference = limit && (
    <ChartsReferenceLine
      y={limit.value}
      label={limit.label}
      labelAlign="end"
      lineStyle={{ strokeDasharray: '6 4' }}
      labelStyle={{ fontSize: 12 }}
    />
  );

  if (labelKind === 'text') {
    const labelWidth = Math.max(48, ...labels.map(textWidth));
    return (
      <BarChart
        layout="horizontal"
        height={labels.length * ROW + FRAME}
        yAxis={[
          {
            scaleType: 'band',
            data: labels,
            valueFormatter: categoryFormatter,
            width: labelWidth,
            // Every category is named: one row per bar leaves room for each label.
            tickLabelInterval: () => true,
          },
        ]}
        xAxis={[valueAxis]}
        series={chartSeries}
        hideLegend={series.length < 2}
        margin={{ left: 4, right: 16, top: 12, bottom: 4 }}
        grid={{ vertical: true }}
      />
    );
  }

  const axisWidth = Math.max(40, textWidth(tickFormat(top))) + (money ? 20 : 0);
  return (
    <BarChart
      height={height}
      xAxis={[
        {
          scaleType: 'band',
          data: labels,
          valueFormatter: categoryFormatter,
          tickLabelMinGap: 8,
          ...(labelKind === 'week' ? { label: 'Week of' } : {}),
        },
      ]}
      yAxis={[{ ...valueAxis, width: axisWidth }]}
      series={chartSeries}
      hideLegend={series.length < 2}
      // Room at the right for half of the last bar's label, so it is never cut to "N…".
      margin={{ left: 4, right: 24, top: 12, bottom: 4 }}
      grid={{ horizontal: true }}
    >
      {reference}
    </BarChart>
  );
}
