import { Box } from '@mui/material';
import type { TBusinessStatistics } from '@signet/shared/activity/activity.schema';
import { THEME_COLOURS } from '@signet/shared/ui/ui.constants';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** A quality's colour from the theme (spec section 9); a quality it does not name gets one too. */
const EXTRA = ['#6b7a90', '#b86e00', '#0058b8', '#e50040'];
function colourOf(quality: string, index: number): string {
  const known = (THEME_COLOURS as Record<string, string>)[quality.toLowerCase()];
  return known ?? EXTRA[index % EXTRA.length] ?? THEME_COLOURS.primary;
}

/**
 * Signatures per month, stacked by quality, as the server counted them. Qualities are read from
 * the data, so a new one (AES, QES, seals…) appears without a change here.
 */
export default function StatisticsChart({
  statistics,
  monthLabel,
}: {
  statistics: TBusinessStatistics;
  monthLabel: (month: string) => string;
}) {
  const qualities = [...new Set(statistics.signaturesByMonth.map((m) => m.quality))].sort();
  const months = new Map<string, Record<string, number | string>>();
  for (const m of statistics.signaturesByMonth) {
    const row = months.get(m.month) ?? { month: monthLabel(m.month) };
    row[m.quality] = m.count;
    months.set(m.month, row);
  }
  const data = [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row);
  return (
    <Box sx={{ width: '100%', height: 300 }} data-testid="signatures-chart">
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
          <Tooltip />
          <Legend />
          {qualities.map((q, i) => (
            <Bar
              key={q}
              dataKey={q}
              name={q}
              stackId="q"
              fill={colourOf(q, i)}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
