import { formatPrice } from '@b-deals/core';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PricePoint } from './price-history';

const monthDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Recharts step line of the daily lowest price (cents); gaps where no offer was observed. Loaded lazily (see price-history.tsx). */
export default function PriceChartImpl({ points }: { points: PricePoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#e7e5e4" vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={monthDay}
          minTickGap={40}
          tick={{ fontSize: 12, fill: '#57534e' }}
          tickLine={false}
          axisLine={{ stroke: '#d6d3d1' }}
        />
        <YAxis
          tickFormatter={(v: number) => formatPrice(v)}
          width={64}
          domain={['auto', 'auto']}
          tick={{ fontSize: 12, fill: '#57534e' }}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          formatter={(v) => [formatPrice(Number(v)), 'Lowest price']}
          labelFormatter={(d) => monthDay(String(d))}
          contentStyle={{ borderRadius: 8, borderColor: '#d6d3d1', fontSize: 13 }}
        />
        <Line type="stepAfter" dataKey="price" stroke="oklch(0.5 0.2 265)" strokeWidth={2} dot={false} connectNulls={false} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
